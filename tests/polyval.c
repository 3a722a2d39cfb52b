/* SPDX-License-Identifier: Apache-2.0 */
/* polyval.c — the POLYVAL behind the ZUC-NIA6 / NCA6 tags: RFC 8452's
 * example, then the portable, (x86) PCLMULQDQ and (64-bit ARM) PMULL
 * versions against a bit-by-bit model of this file on random keys and
 * lengths 0..600 bytes (the carry-less versions take eight blocks at a time
 * from 128 bytes on).
 * Calls libzuc's internal functions: needs a static libzuc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/testutil.h"
#include "zuc_impl.h"

static uint64_t le64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* a * b * x^-128 mod x^128 + x^127 + x^126 + x^121 + 1, bit by bit:
 * 128 steps of "r = r * x, plus a if the bit of b is set" from b's top
 * bit, then 128 divisions by x. */
static void model_dot(uint64_t r[2], const uint64_t a[2], const uint64_t b[2])
{
    uint64_t lo = 0, hi = 0;
    for (int i = 127; i >= 0; i--) {
        uint64_t top = hi >> 63;
        hi = hi << 1 | lo >> 63;
        lo <<= 1;
        hi ^= top * 0xC200000000000000u;
        lo ^= top;
        uint64_t bit = (i >= 64 ? b[1] >> (i - 64) : b[0] >> i) & 1;
        lo ^= bit * a[0];
        hi ^= bit * a[1];
    }
    for (int i = 0; i < 128; i++) {
        uint64_t odd = lo & 1;
        hi ^= odd * 0xC200000000000000u;
        lo ^= odd;
        lo = lo >> 1 | hi << 63;
        hi = hi >> 1 | odd << 63;
    }
    r[0] = lo;
    r[1] = hi;
}

static void model_polyval(uint64_t acc[2], const uint64_t h[2], const uint8_t *data, size_t n)
{
    for (size_t i = 0; i < n; i += 16) {
        uint8_t block[16] = { 0 };
        memcpy(block, data + i, n - i < 16 ? n - i : 16);
        uint64_t x[2] = { acc[0] ^ le64(block), acc[1] ^ le64(block + 8) };
        model_dot(acc, x, h);
    }
}

typedef void (*polyval_fn)(uint64_t acc[2], const uint64_t h[2], const uint8_t *d, size_t n);

static void check_one(const char *name, polyval_fn f)
{
    /* RFC 8452, Appendix A: POLYVAL(H, X_1, X_2) */
    size_t n;
    uint8_t *hb = hex_decode("25629347589242761d31f826ba4b757b", &n);
    uint8_t *x = hex_decode("4f4f95668c83dfb6401762bb2d01a262d1a24ddd2721d006bbe45f20d3c9f362", &n);
    uint8_t *want = hex_decode("f7a3b47b846119fae5b7866cf5e5b77e", &n);
    uint64_t h[2] = { le64(hb), le64(hb + 8) }, acc[2] = { 0, 0 };
    f(acc, h, x, 32);
    int ok = acc[0] == le64(want) && acc[1] == le64(want + 8);
    if (!ok)
        printf("FAIL %s: RFC 8452 example\n", name);
    check_count(ok);
    free(hb);
    free(x);
    free(want);
    size_t good = 0, total = 0;
    for (int round = 0; round < 2000; round++) {
        uint8_t key[16], data[600];
        rng_fill(key, sizeof key);
        rng_fill(data, sizeof data);
        size_t len = (size_t)rng_below(sizeof data + 1);
        uint64_t hk[2] = { le64(key), le64(key + 8) };
        uint64_t a[2] = { rng_next(), rng_next() }, b[2] = { a[0], a[1] };
        f(a, hk, data, len);
        model_polyval(b, hk, data, len);
        good += a[0] == b[0] && a[1] == b[1];
        total++;
    }
    printf("polyval %-8s %zu/%zu ok\n", name, good, total);
    check_count(good == total);
}

int main(void)
{
    rng_seed(8452);
    check_one("portable", zuc_polyval_portable);
#if defined(__x86_64__)
    if (zuc_cpu_has_pclmul())
        check_one("pclmul", zuc_polyval_pclmul);
    else
        printf("polyval pclmul   UNAVAILABLE\n");
#endif
#if defined(ZUC_HAVE_PMULL)
    if (zuc_cpu_has_pmull())
        check_one("pmull", zuc_polyval_pmull);
    else
        printf("polyval pmull    UNAVAILABLE\n");
#endif
    return check_report("polyval");
}
