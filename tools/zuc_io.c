/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_io.c — the zuc tool's input (--in HEX, --in-file F or standard input;
 * NCA6's --aad HEX or --aad-file F) and output (one hex line on standard
 * output, or --out-file). */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hex.h"
#include "zuc_tool.h"

/* ---- input ----------------------------------------------------------------- */

void wipe(void *p, size_t n)
{
    volatile unsigned char *v = p;
    while (n--)
        *v++ = 0;
}

void free_buffer(struct buffer *b)
{
    if (b->data)
        wipe(b->data, b->len);
    free(b->data);
    b->data = NULL;
    b->len = 0;
}

/* The bytes of option id's hex text. */
static int input_from_hex(enum option_id id, const char *text, struct buffer *b)
{
    size_t n = 0;
    int rc = check_hex(id, text, &n);
    if (rc)
        return rc;
    b->data = malloc(n ? n : 1);
    if (!b->data)
        return fail("%s: out of memory for %zu bytes", option_name[id], n);
    hex_to_bytes(text, b->data, n);
    b->len = n;
    return STATUS_OK;
}

static int read_failure(const char *path)
{
    return fail("cannot read '%s': %s", shown(path), strerror(errno));
}

/* Reads at most `limit` bytes of the file of option id (or of stdin for
 * "-"): bytes beyond the length asked for are ignored anyway, and a huge file
 * costs nothing. */
static int input_from_file(enum option_id id, const char *path, uint64_t limit, struct buffer *b)
{
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f)
        return read_failure(path);
    size_t cap = limit < 65536 ? (size_t)limit : 65536;
    int rc = STATUS_OK;
    b->len = 0;
    b->data = malloc(cap ? cap : 1);
    if (!b->data)
        rc = fail("%s: out of memory", option_name[id]);
    while (!rc && b->len < limit) {
        if (b->len == cap) {
            size_t grown = (uint64_t)cap * 2 < limit ? cap * 2 : (size_t)limit;
            uint8_t *p = realloc(b->data, grown);
            if (!p) {
                rc = fail("%s: out of memory for %zu bytes", option_name[id], grown);
                break;
            }
            b->data = p;
            cap = grown;
        }
        size_t want = cap - b->len;
        size_t got = fread(b->data + b->len, 1, want, f);
        b->len += got;
        if (got < want)
            break; /* end of file, or an error reported below */
    }
    if (!rc && ferror(f))
        rc = read_failure(path);
    if (!is_stdin)
        fclose(f);
    if (rc)
        free_buffer(b);
    return rc;
}

int load_input(const struct args *a, uint64_t needed, struct buffer *b)
{
    if (a->value[OPT_IN])
        return input_from_hex(OPT_IN, a->value[OPT_IN], b);
    return input_from_file(OPT_IN_FILE, a->value[OPT_IN_FILE], needed, b);
}

/* A byte more than NCA6 takes is read, so that a longer file is refused
 * rather than cut. */
int load_aad(const struct args *a, struct buffer *b)
{
    const char *path = a->value[OPT_AAD_FILE];
    if (!path)
        return input_from_hex(OPT_AAD, a->value[OPT_AAD] ? a->value[OPT_AAD] : "", b);
    int rc = input_from_file(OPT_AAD_FILE, path, (uint64_t)ZUC_NXA6_MAX_BYTES + 1, b);
    if (!rc && b->len > ZUC_NXA6_MAX_BYTES)
        rc = fail("--aad-file: '%s' holds more than %zu bytes, NCA6's limit", shown(path),
                  (size_t)ZUC_NXA6_MAX_BYTES);
    return rc;
}

int require_bits(uint64_t bits, const struct buffer *b)
{
    if (bits > 8 * (uint64_t)b->len)
        return fail("--bits %" PRIu64 " exceeds the %" PRIu64 " bits given", bits,
                    8 * (uint64_t)b->len);
    return STATUS_OK;
}

int require_bytes(uint64_t bytes, const struct buffer *b)
{
    if (bytes > b->len)
        return fail("--bytes %" PRIu64 " exceeds the %zu bytes given", bytes, b->len);
    return STATUS_OK;
}

/* ---- output ---------------------------------------------------------------- */

void put_hex(const uint8_t *data, size_t n)
{
    char chunk[2 * 2048 + 1];
    for (size_t done = 0; done < n;) {
        size_t k = n - done < 2048 ? n - done : 2048;
        hex_from_bytes(data + done, k, chunk);
        fwrite(chunk, 1, 2 * k, stdout);
        done += k;
    }
}

int finish_stdout(void)
{
    if (fflush(stdout) != 0 || ferror(stdout))
        return fail("cannot write to standard output: %s", strerror(errno));
    return STATUS_OK;
}

static int print_hex_line(const struct output *o)
{
    put_hex(o->part[0], o->len[0]);
    put_hex(o->part[1], o->len[1]);
    putchar('\n');
    return finish_stdout();
}

static int write_failure(const char *path)
{
    return fail("cannot write '%s': %s", shown(path), strerror(errno));
}

/* --out-file is opened before the input is read: a path that cannot be
 * written is reported before a long run, and a signal during the run finds
 * the temporary file registered for removal. */
int open_out_file(const struct args *a, outfile *out)
{
    const char *path = a->value[OPT_OUT_FILE];
    if (path && outfile_open(out, path) != 0)
        return write_failure(path);
    return STATUS_OK;
}

int emit_output(const struct args *a, outfile *out, const struct output *o)
{
    const char *path = a->value[OPT_OUT_FILE];
    if (!path)
        return print_hex_line(o);
    bool failed = outfile_write(out, o->part[0], o->len[0]) != 0 ||
                  outfile_write(out, o->part[1], o->len[1]) != 0;
    if (outfile_finish(out, failed) != 0)
        return write_failure(path);
    note(a, "wrote %zu bytes to '%s'", o->len[0] + o->len[1], shown(path));
    return STATUS_OK;
}
