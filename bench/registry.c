#include "registry.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ENTRIES 256

static bench_entry entries[MAX_ENTRIES];
static size_t n_entries;

void bench_register(const bench_entry *e)
{
    if (n_entries < MAX_ENTRIES)
        entries[n_entries++] = *e;
}

const bench_entry *bench_registry(size_t *count)
{
    if (n_entries == 0) {
        bench_register_libzuc();
        bench_register_ipsecmb();
    }
    *count = n_entries;
    return entries;
}

static size_t out_stride_of(bench_output_kind kind, size_t len_bytes)
{
    switch (kind) {
    case OUT_TAG4:  return 4;
    case OUT_TAG8:  return 8;
    case OUT_TAG16: return 16;
    default:        return len_bytes;
    }
}

/* splitmix64: a small reproducible generator for workloads (not for keys
 * that protect anything). */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void fill_random(uint8_t *p, size_t n, uint64_t *state)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)next_random(state);
}

bench_batch *bench_batch_new(size_t n, size_t len_bytes, bench_output_kind kind, uint64_t seed)
{
    bench_batch *b = calloc(1, sizeof *b);
    b->n = n;
    b->len_bytes = len_bytes;
    b->out_stride = out_stride_of(kind, len_bytes);
    b->keys = malloc(n * 32);
    b->ivs = malloc(n * 25);
    b->counts = malloc(n * sizeof *b->counts);
    b->bearers = malloc(n);
    b->directions = malloc(n);
    b->in = malloc(n * len_bytes + 1);
    b->out = calloc(n * b->out_stride + 1, 1);
    fill_random(b->keys, n * 32, &seed);
    fill_random(b->ivs, n * 25, &seed);
    fill_random(b->in, n * len_bytes, &seed);
    for (size_t i = 0; i < n; i++) {
        for (int j = 17; j < 25; j++)
            b->ivs[i * 25 + j] &= 0x3F;          /* IV17..IV24 are 6-bit */
        b->counts[i] = (uint32_t)next_random(&seed);
        b->bearers[i] = (uint8_t)(next_random(&seed) & 31);
        b->directions[i] = (uint8_t)(next_random(&seed) & 1);
    }
    return b;
}

void bench_batch_free(bench_batch *b)
{
    if (!b)
        return;
    free(b->keys); free(b->ivs); free(b->counts); free(b->bearers); free(b->directions);
    free(b->in); free(b->out);
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
