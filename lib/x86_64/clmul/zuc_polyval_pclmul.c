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
 * bits. From 128 bytes on, eight blocks share one reduction (key_powers).
 * Constant time: no table lookups, no data-dependent branches. */
#include <immintrin.h>

#include "zuc_impl.h"

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

/* The sum times x^-128, reduced. */
static __m128i reduce(wide w)
{
    const __m128i poly = _mm_set_epi64x(0, (long long)0xC200000000000000u);
    __m128i mid = _mm_xor_si128(w.mid, _mm_xor_si128(w.lo, w.hi));
    __m128i lo = _mm_xor_si128(w.lo, _mm_slli_si128(mid, 8)); /* [t0, t1] */
    __m128i hi = _mm_xor_si128(w.hi, _mm_srli_si128(mid, 8)); /* [t2, t3] */
    /* first fold: t1 ^= lo64(t0 C), t2 ^= hi64(t0 C) ^ t0 */
    __m128i t = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4E), _mm_clmulepi64_si128(lo, poly, 0x00));
    /* second fold, of the new t1: t2 ^= lo64(t1 C), t3 ^= hi64(t1 C) ^ t1 */
    t = _mm_xor_si128(_mm_shuffle_epi32(t, 0x4E), _mm_clmulepi64_si128(t, poly, 0x00));
    return _mm_xor_si128(hi, t);
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

/* Blocks taken per reduction on long inputs. */
#define AGGREGATE 8

/* key powers k[i] = H_(i+1), where H_1 = H and dot(H_a, H_b) = H_(a+b): then
 * eight serial steps dot(acc ^ X_1, H), ..., dot(. ^ X_8, H) equal
 * dot(acc ^ X_1, H_8) ^ dot(X_2, H_7) ^ ... ^ dot(X_8, H_1), whose products
 * add before one reduction: the chain waits on one multiplication per eight
 * blocks instead of one per block. */
static void key_powers(__m128i k[AGGREGATE], __m128i fold[AGGREGATE], __m128i h)
{
    k[0] = h;
    k[1] = dot(h, h);
    k[2] = dot(k[1], h);
    k[3] = dot(k[1], k[1]);
    k[4] = dot(k[3], h);
    k[5] = dot(k[3], k[1]);
    k[6] = dot(k[3], k[2]);
    k[7] = dot(k[3], k[3]);
    for (int i = 0; i < AGGREGATE; i++)
        fold[i] = fold_halves(k[i]);
}

static __m128i aggregated(__m128i s, __m128i key, const uint8_t **data, size_t *nbytes)
{
    __m128i k[AGGREGATE], fold[AGGREGATE];
    key_powers(k, fold, key);
    for (; *nbytes >= 16 * AGGREGATE; *nbytes -= 16 * AGGREGATE, *data += 16 * AGGREGATE) {
        const __m128i *x = (const __m128i *)*data;
        wide w = { _mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128() };
        mul_add(&w, _mm_xor_si128(s, _mm_loadu_si128(x)), k[AGGREGATE - 1], fold[AGGREGATE - 1]);
        for (int i = 1; i < AGGREGATE; i++)
            mul_add(&w, _mm_loadu_si128(x + i), k[AGGREGATE - 1 - i], fold[AGGREGATE - 1 - i]);
        s = reduce(w);
    }
    zuc_wipe(k, sizeof k);
    zuc_wipe(fold, sizeof fold);
    return s;
}

void zuc_polyval_pclmul(uint64_t acc[2], const uint64_t h[2], const uint8_t *data, size_t nbytes)
{
    __m128i s = _mm_set_epi64x((long long)acc[1], (long long)acc[0]);
    __m128i key = _mm_set_epi64x((long long)h[1], (long long)h[0]);
    if (nbytes >= 16 * AGGREGATE)
        s = aggregated(s, key, &data, &nbytes);
    for (; nbytes >= 16; nbytes -= 16, data += 16)
        s = dot(_mm_xor_si128(s, _mm_loadu_si128((const __m128i *)data)), key);
    if (nbytes) {
        uint8_t last[16] = { 0 };
        for (size_t i = 0; i < nbytes; i++)
            last[i] = data[i];
        s = dot(_mm_xor_si128(s, _mm_loadu_si128((const __m128i *)last)), key);
        zuc_wipe(last, sizeof last);
    }
    _mm_storeu_si128((__m128i *)acc, s);
}
