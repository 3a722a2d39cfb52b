/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_json.c — libFuzzer target: the JSON reader (bench/json.c) and what
 * `zucbench compare` makes of two results files (bench/compare.c). The
 * input is one document, or two separated by a NUL byte (old, then new);
 * compare reads them as files, through memfds. Besides the sanitizers, the
 * tree must match the header and the reader's memory stay linear in the
 * text. Messages about bad input go to stderr (run with -close_fd_mask=3),
 * comparisons to stdout. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sanitizer/allocator_interface.h>
#include <sys/mman.h>
#include <unistd.h>

#include "compare.h"
#include "fuzz_report.h"
#include "json.h"

#define MAX_DEPTH 64 /* bench/json.c's nesting limit */

/* What the reader holds at once must grow linearly with the text: a
 * node per byte or two, and arrays that double (a "[]" costs 8 nodes). */
#define MEMORY_PER_BYTE 256
#define MEMORY_SLACK 65536

static int counting;
static size_t live, peak;

static void on_malloc(const volatile void *p, size_t n)
{
    (void)p;
    if (counting && (live += n) > peak)
        peak = live;
}

static void on_free(const volatile void *p)
{
    if (counting && p) {
        size_t n = __sanitizer_get_allocated_size((const void *)p);
        live = live > n ? live - n : 0;
    }
}

/* Every node as the header describes it, and the lookups agreeing with it. */
static void walk(const json *j, int depth)
{
    if (depth > MAX_DEPTH + 1)
        fuzz_fail("json: a tree %d levels deep; the reader allows %d", depth, MAX_DEPTH);
    if (j->type == JSON_STRING && !j->string)
        fuzz_fail("json: a string node without its string");
    if (j->type != JSON_ARRAY && j->type != JSON_OBJECT && j->count)
        fuzz_fail("json: a scalar with %zu children", j->count);
    for (size_t i = 0; i < j->count; i++) {
        const json *item = &j->items[i];
        if (j->type == JSON_OBJECT) {
            if (!item->key)
                fuzz_fail("json: an object member without a name");
            const json *found = json_get(j, item->key);
            if (!found || found > item || strcmp(found->key, item->key) != 0)
                fuzz_fail("json: json_get(\"%s\") misses the member", item->key);
            const char *s = json_str(j, item->key);
            if ((found->type == JSON_STRING) != (s != NULL))
                fuzz_fail("json: json_str disagrees with the member's type");
            double fallback = -12345.0, v = json_num(j, item->key, fallback);
            if ((found->type == JSON_NUMBER || found->type == JSON_BOOL) && v != found->number &&
                !(v != v && found->number != found->number))
                fuzz_fail("json: json_num disagrees with the member's value");
        }
        walk(item, depth + 1);
    }
}

static void parse_and_walk(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1); /* exactly: a read past the NUL is caught */
    if (!text)
        return;
    memcpy(text, data, size);
    text[size] = 0;
    live = peak = 0;
    counting = 1;
    json *doc = json_parse(text, size, "fuzz-input");
    counting = 0;
    if (peak > MEMORY_PER_BYTE * size + MEMORY_SLACK)
        fuzz_fail("json: %zu bytes of text held %zu bytes at once", size, peak);
    if (doc)
        walk(doc, 0);
    json_free(doc);
    free(text);
}

/* bytes as a file `compare` can open; -1 if memfds are not available */
static int as_file(const uint8_t *data, size_t size, char *path, size_t path_size)
{
    int fd = memfd_create("results.json", MFD_CLOEXEC);
    if (fd < 0)
        return -1;
    while (size > 0) {
        ssize_t w = write(fd, data, size);
        if (w <= 0) {
            close(fd);
            return -1;
        }
        data += w;
        size -= (size_t)w;
    }
    snprintf(path, path_size, "/proc/self/fd/%d", fd);
    return fd;
}

static void compare_files(const uint8_t *old_doc, size_t old_size, const uint8_t *new_doc,
                          size_t new_size)
{
    char old_path[64], new_path[64];
    int old_fd = as_file(old_doc, old_size, old_path, sizeof old_path);
    int new_fd = old_fd < 0 ? -1 : as_file(new_doc, new_size, new_path, sizeof new_path);
    if (new_fd >= 0) {
        int rc = compare_results(old_path, new_path, 10.0, 0.05); /* zucbench's defaults */
        if (rc < -1 || rc > 1)
            fuzz_fail("compare_results returned %d, not -1, 0 or 1", rc);
        fflush(stdout);
    }
    if (old_fd >= 0)
        close(old_fd);
    if (new_fd >= 0)
        close(new_fd);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (!freopen("/dev/null", "w", stdout))
        fuzz_fail("cannot send the comparisons to /dev/null");
    if (!__sanitizer_install_malloc_and_free_hooks(on_malloc, on_free))
        fuzz_fail("cannot watch the reader's allocations");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, 0, size);
    size_t old_size = nul ? (size_t)(nul - data) : size;
    const uint8_t *new_doc = nul ? nul + 1 : data;
    size_t new_size = nul ? size - old_size - 1 : size;
    parse_and_walk(data, old_size);
    if (nul)
        parse_and_walk(new_doc, new_size);
    compare_files(data, old_size, new_doc, new_size);
    return 0;
}
