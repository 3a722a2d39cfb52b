/* SPDX-License-Identifier: Apache-2.0 */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int nibble(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

uint8_t *hex_decode(const char *hex, size_t *len)
{
    size_t n = strlen(hex);
    if (n % 2) {
        fprintf(stderr, "odd-length hex: %s\n", hex);
        exit(2);
    }
    uint8_t *out = malloc(n / 2 + 1);
    for (size_t i = 0; i < n / 2; i++) {
        int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            fprintf(stderr, "bad hex: %s\n", hex);
            exit(2);
        }
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    *len = n / 2;
    return out;
}

void hex_encode(const uint8_t *in, size_t n, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[in[i] >> 4];
        out[2 * i + 1] = digits[in[i] & 15];
    }
    out[2 * n] = 0;
}

static uint64_t rng_s[4] = { 1, 2, 3, 4 };

static uint64_t rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

void rng_seed(uint64_t seed)
{
    for (int i = 0; i < 4; i++) {            /* splitmix64 */
        uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        rng_s[i] = z ^ (z >> 31);
    }
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
