/* SPDX-License-Identifier: Apache-2.0 */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hex.h"
#include "random.h"

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

static uint64_t rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

void rng_seed(uint64_t seed)
{
    for (int i = 0; i < 4; i++)              /* xoshiro's state from splitmix64 */
        rng_s[i] = splitmix64_next(&seed);
}

uint64_t rng_next(void)
{
    uint64_t result = rotl64(rng_s[1] * 5, 7) * 9, t = rng_s[1] << 17;
    rng_s[2] ^= rng_s[0]; rng_s[3] ^= rng_s[1]; rng_s[1] ^= rng_s[2]; rng_s[0] ^= rng_s[3];
    rng_s[2] ^= t; rng_s[3] = rotl64(rng_s[3], 45);
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

const char *vectors_dir(void)
{
    const char *env = getenv("ZUC_VECTORS");
    return env ? env : ZUC_VECTORS_DIR;
}

static long passed, failed;

void check_count(int ok)
{
    if (ok) passed++; else failed++;
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
