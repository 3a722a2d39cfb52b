/* SPDX-License-Identifier: Apache-2.0 */
#include "support/testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hex.h"
#include "random.h"
#include "zuc.h"

uint8_t *hex_decode(const char *hex, size_t *len)
{
    uint8_t *out = hex_to_new_bytes(hex, len);
    if (!out) {
        fprintf(stderr, "bad hex (an odd number of digits, or not a digit): %s\n", hex);
        exit(2);
    }
    return out;
}

static uint64_t rng_s[4] = { 1, 2, 3, 4 };

static uint64_t rotl64(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void rng_seed(uint64_t seed)
{
    for (int i = 0; i < 4; i++) /* xoshiro's state from splitmix64 */
        rng_s[i] = splitmix64_next(&seed);
}

uint64_t rng_next(void)
{
    uint64_t result = rotl64(rng_s[1] * 5, 7) * 9, t = rng_s[1] << 17;
    rng_s[2] ^= rng_s[0];
    rng_s[3] ^= rng_s[1];
    rng_s[1] ^= rng_s[2];
    rng_s[0] ^= rng_s[3];
    rng_s[2] ^= t;
    rng_s[3] = rotl64(rng_s[3], 45);
    return result;
}

uint64_t rng_below(uint64_t n)
{
    return n ? rng_next() % n : 0;
}

void rng_fill(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)rng_next();
}

void rng_seed_from_args(int argc, char **argv, const char *program, uint64_t fallback)
{
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : fallback;
    rng_seed(seed);
    printf("seed %llu (rerun with: %s %llu)\n", (unsigned long long)seed, program,
           (unsigned long long)seed);
}

void rng_key_iv(uint8_t key[32], uint8_t iv[25])
{
    rng_fill(key, 32);
    rng_fill(iv, 25);
    for (int i = 17; i < 25; i++)
        iv[i] &= 0x3F;
}

void rng_link_params(uint32_t *count, uint8_t *bearer, uint8_t *direction)
{
    *count = (uint32_t)rng_next();
    *bearer = (uint8_t)rng_below(32);
    *direction = (uint8_t)rng_below(2);
}

size_t rng_len_bytes(size_t max)
{
    return rng_below(4) ? 1 + rng_below(600) : 1 + rng_below(max);
}

void use_impl(const char *name)
{
    if (zuc_force_impl(name) != 0) {
        fprintf(stderr, "cannot select %s\n", name);
        exit(2);
    }
}

int impl_to_test(const char *name, int width)
{
    if (strcmp(name, "ref") == 0)
        return 0;
    if (!zuc_impl_usable(name)) {
        printf("%-*s %-10s UNAVAILABLE\n", width, "*", name);
        return 0;
    }
    return 1;
}

const char *vectors_dir(void)
{
    const char *env = getenv("ZUC_VECTORS");
    return env ? env : ZUC_VECTORS_DIR;
}

json *vectors_load(const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", vectors_dir(), name);
    return json_load_file(path);
}

size_t keystream_last_index(const json *keystream)
{
    size_t last = 0;
    for (size_t i = 0; i < keystream->count; i++) {
        size_t index = (size_t)json_num(&keystream->items[i], "index", 0);
        last = index > last ? index : last;
    }
    return last;
}

int keystream_matches(const json *keystream, const uint32_t *z)
{
    for (size_t i = 0; i < keystream->count; i++) {
        size_t index = (size_t)json_num(&keystream->items[i], "index", 0);
        uint32_t want = (uint32_t)strtoul(json_str(&keystream->items[i], "word"), NULL, 16);
        if (index == 0 || z[index - 1] != want)
            return 0;
    }
    return 1;
}

int keystream_words_match(const json *words, const uint32_t *z)
{
    for (size_t i = 0; i < words->count; i++)
        if (z[i] != (uint32_t)strtoul(words->items[i].string, NULL, 16))
            return 0;
    return 1;
}

long check_rc_cases(const rc_case *cases, size_t n)
{
    long wrong = 0;
    for (size_t i = 0; i < n; i++) {
        int ok = cases[i].rc == cases[i].want;
        if (!ok)
            printf("  %s: got %d, want %d\n", cases[i].what, cases[i].rc, cases[i].want);
        wrong += !ok;
        check_count(ok);
    }
    return wrong;
}

static long passed, failed;

void check_count(int ok)
{
    if (ok)
        passed++;
    else
        failed++;
}

size_t check_items(const json *file, int (*check)(const json *item, const void *arg),
                   const void *arg, const char *label, const char *who)
{
    size_t good = 0;
    for (size_t i = 0; i < file->count; i++) {
        int ok = check(&file->items[i], arg);
        if (!ok)
            printf("FAIL %s %s %s\n", label, who, json_str(&file->items[i], "id"));
        check_count(ok);
        good += (size_t)ok;
    }
    return good;
}

int check_report(const char *suite)
{
    printf("%s: %ld passed, %ld failed\n", suite, passed, failed);
    return failed ? 1 : 0;
}

guarded guarded_new(size_t len)
{
    guarded g = { malloc(len + 2 * CANARY), NULL, len, { 0 } };
    if (!g.base) {
        perror("guarded_new");
        exit(1);
    }
    g.data = g.base + CANARY;
    rng_fill(g.base, len + 2 * CANARY);
    memcpy(g.guard, g.base, CANARY);
    memcpy(g.guard + CANARY, g.data + len, CANARY);
    return g;
}

int canaries_intact(const guarded *g)
{
    return memcmp(g->guard, g->base, CANARY) == 0 &&
           memcmp(g->guard + CANARY, g->data + g->len, CANARY) == 0;
}

void guarded_free(guarded *g)
{
    free(g->base);
}
