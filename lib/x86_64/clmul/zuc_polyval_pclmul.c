/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_polyval_pclmul.c — POLYVAL (RFC 8452) with PCLMULQDQ, for the tags of
 * ZUC-NIA6 / NCA6 (x86, built with -mpclmul -msse4.1 on this file only).
 *
 * A block is a 128-bit little-endian number, so a plain load gives the
 * field element. dot(a, b) = a * b * x^-128: the 256-bit carry-less product
 * (three multiplications, Karatsuba), then the x^-128 as Montgomery
 * reduction in two 64-bit folds. The polynomial is x^128 + x^127 + x^126 +
 * x^121 + 1 = x^128 + Q with Q = 1 mod x^64, so the fold that clears the low
 * word t of the product adds t * x^128 and t * (x^127 + x^126 + x^121),
 * which is the carry-less product of t with 0xC200000000000000 moved up 64
 * bits. Up to eight blocks share one reduction (key powers H_1..H_8, made as
 * far as the message needs them).
 * Constant time: no table lookups, no data-dependent branches. */
#include <immintrin.h>

#include "zuc_polyval.h"

/* A 256-bit carry-less product in Karatsuba's three parts: products of
 * several blocks are summed this way and reduced once. */
typedef struct {
    __m128i lo, mid, hi;
} wide;

/* w += a * b; b_fold is b's two halves XORed (b ^ b >> 64), the middle
 * factor, computed once per key power. */
static inline void mul_add(wide *w, __m128i a, __m128i b, __m128i b_fold)
{
    w->lo = _mm_xor_si128(w->lo, _mm_clmulepi64_si128(a, b, 0x00));
    w->hi = _mm_xor_si128(w->hi, _mm_clmulepi64_si128(a, b, 0x11));
    w->mid = _mm_xor_si128(
        w->mid, _mm_clmulepi64_si128(_mm_xor_si128(a, _mm_srli_si128(a, 8)), b_fold, 0x00));
}

/* The sum times x^-128, reduced: hi + fold(mid + fold(lo)), fold(a) = a *
 * x^-64 (the halves exchanged, the low one's multiple of the polynomial
 * added), so that mid is never split across lo and hi. */
static __m128i reduce(wide w)
{
    const __m128i poly = _mm_set_epi64x(0, (long long)0xC200000000000000u);
    __m128i mid = _mm_xor_si128(w.mid, _mm_xor_si128(w.lo, w.hi)); /* Karatsuba's */
    __m128i t = _mm_xor_si128(_mm_xor_si128(mid, _mm_shuffle_epi32(w.lo, 0x4E)),
                              _mm_clmulepi64_si128(w.lo, poly, 0x00));
    return _mm_xor_si128(_mm_xor_si128(w.hi, _mm_shuffle_epi32(t, 0x4E)),
                         _mm_clmulepi64_si128(t, poly, 0x00));
}

static __m128i fold_halves(__m128i b)
{
    return _mm_xor_si128(b, _mm_srli_si128(b, 8));
}

static __m128i dot(__m128i a, __m128i b)
{
    wide w = { _mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128() };
    mul_add(&w, a, b, fold_halves(b));
    return reduce(w);
}

/* Blocks taken per reduction. */
#define AGGREGATE 8

static __m128i power(const zuc_polyval *p, unsigned k)
{
    return _mm_load_si128((const __m128i *)p->pow[ZUC_POLYVAL_POWERS - k]);
}

static void set_power(zuc_polyval *p, unsigned k, __m128i v)
{
    _mm_store_si128((__m128i *)p->pow[ZUC_POLYVAL_POWERS - k], v);
}

/* H_1..H_n, n = min(8, nblocks): each from two below it, four at most
 * in a row on the chain. */
static void start_pclmul(zuc_polyval *p, const uint64_t h[2], size_t nblocks)
{
    unsigned n = nblocks < AGGREGATE ? (unsigned)nblocks : AGGREGATE;
    n = n ? n : 1;
    __m128i h1 = _mm_set_epi64x((long long)h[1], (long long)h[0]);
    set_power(p, 1, h1);
    if (n >= 2) {
        __m128i h2 = dot(h1, h1);
        set_power(p, 2, h2);
        for (unsigned k = 3; k <= n; k++)
            set_power(p, k, dot(power(p, k / 2), power(p, k - k / 2)));
    }
    p->npow = n;
    p->acc[0] = p->acc[1] = 0;
}

/* s = dot(s ^ X_1, H_n) ^ ... ^ dot(X_n, H_1), one reduction, over n <=
 * npow blocks: X_1..X_(n-1) at x, X_n at last (x + 16 (n - 1) or a padded
 * copy). */
static __m128i blocks(const zuc_polyval *p, __m128i s, const uint8_t *x, const uint8_t *last,
                      unsigned n)
{
    wide w = { _mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128() };
    for (unsigned i = 0; i < n; i++) {
        __m128i k = power(p, n - i);
        __m128i b = _mm_loadu_si128((const __m128i *)(i + 1 < n ? x + 16 * i : last));
        mul_add(&w, i ? b : _mm_xor_si128(s, b), k, fold_halves(k));
    }
    return reduce(w);
}

static void absorb_pclmul(zuc_polyval *p, const uint8_t *data, size_t nbytes)
{
    __m128i s = _mm_loadu_si128((const __m128i *)p->acc);
    size_t n = zuc_polyval_blocks(nbytes);
    for (; n > p->npow; n -= p->npow, data += 16 * p->npow)
        s = blocks(p, s, data, data + 16 * (p->npow - 1), p->npow);
    if (n) {
        uint8_t padded[16] = { 0 };
        const uint8_t *last = data + 16 * (n - 1);
        size_t rest = nbytes % 16;
        if (rest) {
            for (size_t i = 0; i < rest; i++)
                padded[i] = last[i];
            last = padded;
        }
        s = blocks(p, s, data, last, (unsigned)n);
        zuc_wipe(padded, sizeof padded);
    }
    _mm_storeu_si128((__m128i *)p->acc, s);
}

void zuc_polyval_dot_pclmul(uint64_t r[2], const uint64_t a[2], const uint64_t b[2])
{
    __m128i x = _mm_loadu_si128((const __m128i *)a), y = _mm_loadu_si128((const __m128i *)b);
    _mm_storeu_si128((__m128i *)r, dot(x, y));
}

static int usable_pclmul(void)
{
    return zuc_cpu_has_pclmul();
}

const zuc_polyval_impl zuc_polyval_pclmul = {
    .name = "pclmul",
    .usable = usable_pclmul,
    .start = start_pclmul,
    .absorb = absorb_pclmul,
    .dot = zuc_polyval_dot_pclmul,
};
