/* SPDX-License-Identifier: Apache-2.0 */
/* zuc.c — the `zuc` vector tool: published ZUC test vectors in, hex out.
 *
 *   zuc keystream   ZUC-128 / ZUC-256 keystream words
 *   zuc eea3        128-EEA3 encryption
 *   zuc eia3        128-EIA3 MAC
 *   zuc zuc256      ZUC-256 encryption
 *   zuc zuc256-mac  ZUC-256 MAC
 *   zuc nea6        3GPP ZUC-NEA6 encryption
 *   zuc nia6        3GPP ZUC-NIA6 tag, or its verification
 *   zuc nca6        3GPP ZUC-NCA6 authenticated encryption and decryption
 *
 * main: the help, --version, or the command named first; the rest of the
 * tool is in the files zuc_tool.h lists. --version before a command is the
 * tool's version; after one (keystream, zuc256, zuc256-mac) it is an option,
 * the ZUC-256 version. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cleanup.h"
#include "zuc_tool.h"

static int unknown_command(const char *name)
{
    if (name[0] == '-')
        return fail("unknown option '%s' (the subcommand comes first; see 'zuc --help')",
                    shown(name));
    return fail("unknown subcommand '%s' (expected keystream, eea3, eia3, zuc256, zuc256-mac, "
                "nea6, nia6 or nca6; see 'zuc --help')",
                shown(name));
}

static int run_command(const struct command *cmd, bool verbose, int argc, char **argv)
{
    if (asks_for_help(argc, argv)) {
        print_command_help(cmd);
        return finish_stdout();
    }
    struct args a = { .cmd = cmd, .verbose = verbose };
    int rc = parse_options(argc, argv, &a);
    return rc ? rc : cmd->run(&a);
}

static int run_help(int argc, char **argv)
{
    if (argc == 0) {
        print_main_help();
        return finish_stdout();
    }
    const struct command *cmd = find_command(argv[0]);
    if (!cmd)
        return unknown_command(argv[0]);
    if (argc > 1)
        return fail("help: unexpected argument '%s'", shown(argv[1]));
    print_command_help(cmd);
    return finish_stdout();
}

/* The ZUC-256 version is chosen after the command, never here. */
static int print_tool_version(int argc, char **argv)
{
    if (argc > 0)
        return fail("--version before a subcommand prints the tool's version and takes nothing "
                    "after it, got '%s' (the ZUC-256 version goes after the subcommand: "
                    "zuc zuc256 --version 2023 ...)",
                    shown(argv[0]));
    return print_version();
}

int main(int argc, char **argv)
{
    cleanup_on_signals();
    bool verbose = false;
    int first = 1;
    while (first < argc && is_verbose_flag(argv[first])) {
        verbose = true;
        first++;
    }
    if (first >= argc) {
        print_usage(stderr);
        fputs("Try 'zuc --help' for the details and examples.\n", stderr);
        return STATUS_FAIL;
    }
    const char *word = argv[first];
    if (is_help_flag(word)) {
        print_main_help();
        return finish_stdout();
    }
    if (strcmp(word, "--version") == 0)
        return print_tool_version(argc - first - 1, argv + first + 1);
    if (strcmp(word, "help") == 0)
        return run_help(argc - first - 1, argv + first + 1);
    const struct command *cmd = find_command(word);
    if (!cmd)
        return unknown_command(word);
    return run_command(cmd, verbose, argc - first - 1, argv + first + 1);
}
