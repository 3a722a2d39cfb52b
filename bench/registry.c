/* SPDX-License-Identifier: Apache-2.0 */
#include "registry.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "random.h"

#define MAX_ENTRIES 256

static unsigned in_flight = BENCH_IN_FLIGHT_DEFAULT;
static char label_n_buffer[24], label_n_jobs[24];

static void write_labels(void)
{
    if (in_flight == 1)
        snprintf(label_n_buffer, sizeof label_n_buffer, "n-buffer-1");
    else
        snprintf(label_n_buffer, sizeof label_n_buffer, "%u-buffer", in_flight);
    snprintf(label_n_jobs, sizeof label_n_jobs, "%u-jobs", in_flight);
}

void bench_set_in_flight(unsigned n)
{
    in_flight = n < 1 ? 1 : n > BENCH_IN_FLIGHT_MAX ? BENCH_IN_FLIGHT_MAX : n;
    write_labels();
}

unsigned bench_in_flight(void)
{
    return in_flight;
}

unsigned bench_entry_in_flight(const bench_entry *e)
{
    return e->uses_in_flight ? in_flight : 1;
}

const char *bench_label_n_buffer(void)
{
    if (!label_n_buffer[0])
        write_labels();
    return label_n_buffer;
}

const char *bench_label_n_jobs(void)
{
    if (!label_n_jobs[0])
        write_labels();
    return label_n_jobs;
}

static bench_entry entries[MAX_ENTRIES];
static size_t n_entries;

#define MAX_CONTEXT_FIELDS 16
static bench_context_field context_fields[MAX_CONTEXT_FIELDS];
static size_t n_context_fields;

void bench_register_context(const char *key, const char *(*value)(void))
{
    if (n_context_fields < MAX_CONTEXT_FIELDS)
        context_fields[n_context_fields++] = (bench_context_field){ key, value };
}

const bench_context_field *bench_context_fields(size_t *count)
{
    *count = n_context_fields;
    return context_fields;
}

int bench_prepare_nothing(const bench_entry *e)
{
    (void)e;
    return 0;
}

void bench_register(const bench_entry *e)
{
    if (n_entries < MAX_ENTRIES)
        entries[n_entries++] = *e;
}

void bench_registry_load(const bench_backend_registration *backends, size_t count)
{
    static int loaded;
    if (loaded++)
        return;
    for (size_t i = 0; i < count; i++)
        backends[i]();
}

const bench_entry *bench_registry(size_t *count)
{
    *count = n_entries;
    return entries;
}

static size_t tag_bytes_of(bench_output_kind kind)
{
    switch (kind) {
    case OUT_TAG4:
    case OUT_SEALED4: return 4;
    case OUT_TAG8:
    case OUT_SEALED8: return 8;
    case OUT_TAG16:
    case OUT_SEALED16: return 16;
    default: return 0;
    }
}

/* The bytes a message of len bytes makes: its ciphertext, its tag, or both. */
static size_t out_bytes(bench_output_kind kind, size_t len)
{
    if (kind == OUT_SEALED4 || kind == OUT_SEALED8 || kind == OUT_SEALED16)
        return len + tag_bytes_of(kind);
    return kind == OUT_CIPHERTEXT ? len : tag_bytes_of(kind);
}

const uint8_t bench_stream_key128[16] = { 0x17, 0x3d, 0x14, 0xba, 0x50, 0x03, 0x73, 0x1d,
                                          0x7a, 0x60, 0x04, 0x94, 0x70, 0xf0, 0x0a, 0x29 };
const uint8_t bench_stream_iv128[16] = { 0x66, 0x03, 0x54, 0x92, 0x78, 0, 0, 0,
                                         0x66, 0x03, 0x54, 0x92, 0x78, 0, 0, 0 };
const uint8_t bench_stream_key256[32] = { 1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11,
                                          12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
                                          23, 24, 25, 26, 27, 28, 29, 30, 31, 32 };

bench_batch *bench_batch_new_lens(size_t n, const size_t *lens, bench_output_kind kind,
                                  uint64_t seed)
{
    bench_batch *b = calloc(1, sizeof *b);
    b->n = n;
    b->tag_bytes = tag_bytes_of(kind);
    b->keys = malloc(n * 32);
    b->ivs = malloc(n * 25);
    b->aad = malloc(n * BENCH_AAD_BYTES);
    b->counts = malloc(n * sizeof *b->counts);
    b->bearers = malloc(n);
    b->directions = malloc(n);
    b->len = malloc(n * sizeof *b->len);
    b->msg = malloc(n * sizeof *b->msg);
    b->out = malloc(n * sizeof *b->out);
    for (size_t i = 0; i < n; i++) {
        b->len[i] = lens[i];
        b->total_bytes += lens[i];
        b->out_total += out_bytes(kind, lens[i]);
    }
    b->in_base = malloc(b->total_bytes + 1);
    b->out_base = calloc(b->out_total + 1, 1);
    for (size_t i = 0, in_at = 0, out_at = 0; i < n; i++) {
        b->msg[i] = b->in_base + in_at;
        b->out[i] = b->out_base + out_at;
        in_at += lens[i];
        out_at += out_bytes(kind, lens[i]);
    }
    splitmix64_fill(b->keys, n * 32, &seed);
    splitmix64_fill(b->ivs, n * 25, &seed);
    splitmix64_fill(b->in_base, b->total_bytes, &seed);
    for (size_t i = 0; i < n; i++) {
        for (int j = 17; j < 25; j++)
            b->ivs[i * 25 + j] &= 0x3F; /* IV17..IV24 are 6-bit */
        b->counts[i] = (uint32_t)splitmix64_next(&seed);
        b->bearers[i] = (uint8_t)(splitmix64_next(&seed) & 31);
        b->directions[i] = (uint8_t)(splitmix64_next(&seed) & 1);
    }
    splitmix64_fill(b->aad, n * BENCH_AAD_BYTES, &seed);
    return b;
}

bench_batch *bench_batch_new(size_t n, size_t len_bytes, bench_output_kind kind, uint64_t seed)
{
    size_t *lens = malloc(n * sizeof *lens);
    for (size_t i = 0; i < n; i++)
        lens[i] = len_bytes;
    bench_batch *b = bench_batch_new_lens(n, lens, kind, seed);
    free(lens);
    return b;
}

void bench_batch_free(bench_batch *b)
{
    if (!b)
        return;
    free(b->keys);
    free(b->ivs);
    free(b->aad);
    free(b->counts);
    free(b->bearers);
    free(b->directions);
    free(b->len);
    free(b->msg);
    free(b->out);
    free(b->in_base);
    free(b->out_base);
    free(b);
}

static const char *skip_separators(const char *p)
{
    while (*p == '-' || *p == '_' || *p == '.')
        p++;
    return p;
}

int bench_name_matches(const char *pattern, const char *name)
{
    const char *a = skip_separators(pattern), *b = skip_separators(name);
    while (*a && *b) {
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
        a = skip_separators(a + 1);
        b = skip_separators(b + 1);
    }
    return *a == 0 && *b == 0;
}
