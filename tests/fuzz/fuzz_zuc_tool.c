/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_zuc_tool.c — libFuzzer target: the `zuc` tool's argument, hex and
 * number parsing. The tool's sources (tools/zuc*.c) are compiled in with
 * -Dmain=zuc_tool_main, and its main is run on the argument list the input
 * makes (split at NUL bytes; the first is the subcommand), standard output
 * to /dev/null; its one-line errors go to stderr (run with
 * -close_fd_mask=3).
 *
 * It must not touch files: a list that names a file option (--in-file,
 * --out-file, or any abbreviation of them) or holds a '/' is skipped, so
 * the tool only decodes its arguments and runs the algorithms in memory;
 * --words is kept small, so no input prints megabytes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_report.h"

int zuc_tool_main(int argc, char **argv);

#define MAX_ARGS 24
#define MAX_WORDS 4096

/* The option name of an argument: up to '=' or its end. */
static size_t name_length(const char *arg)
{
    const char *eq = strchr(arg, '=');
    return eq ? (size_t)(eq - arg) : strlen(arg);
}

/* A prefix of `option` at least `shortest` long: what getopt_long-style
 * parsing would also take for it. */
static int abbreviates(const char *arg, size_t len, const char *option, size_t shortest)
{
    return len >= shortest && len <= strlen(option) && strncmp(arg, option, len) == 0;
}

static int touches_files(char **args, int n)
{
    for (int i = 0; i < n; i++) {
        const char *a = args[i];
        size_t len = name_length(a);
        if (strchr(a, '/') || strstr(a, "file") || abbreviates(a, len, "--out-file", 3) ||
            abbreviates(a, len, "--in-file", 5))
            return 1;
    }
    return 0;
}

static int prints_too_much(char **args, int n)
{
    for (int i = 0; i < n; i++) {
        const char *a = args[i];
        if (!abbreviates(a, name_length(a), "--words", 3))
            continue;
        const char *value = strchr(a, '=') ? strchr(a, '=') + 1 : i + 1 < n ? args[i + 1] : "";
        if (strtoull(value, NULL, 10) > MAX_WORDS || strlen(value) > 12)
            return 1;
    }
    return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (!freopen("/dev/null", "w", stdout))
        fuzz_fail("cannot send the tool's output to /dev/null");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), *args[MAX_ARGS + 2];
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    int n = 0;
    args[n++] = "zuc";
    for (char *p = text; n <= MAX_ARGS && p <= text + size; p += strlen(p) + 1)
        args[n++] = p;
    args[n] = NULL;
    int rc = -1; /* -1: not kept in the corpus */
    if (!touches_files(args + 1, n - 1) && !prints_too_much(args + 1, n - 1)) {
        int status = zuc_tool_main(n, args);
        if (status != 0 && status != 2)
            fuzz_fail("zuc exited %d; only 0 and 2 are documented", status);
        rc = 0;
    }
    free(text);
    return rc;
}
