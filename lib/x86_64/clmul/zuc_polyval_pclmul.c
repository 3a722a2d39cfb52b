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
 * bits. Constant time: no table lookups, no data-dependent branches. */
#include <immintrin.h>

#include "zuc_impl.h"

static __m128i dot(__m128i a, __m128i b)
{
    const __m128i poly = _mm_set_epi64x(0, (long long)0xC200000000000000u);
    __m128i lo = _mm_clmulepi64_si128(a, b, 0x00);
    __m128i hi = _mm_clmulepi64_si128(a, b, 0x11);
    __m128i mid = _mm_clmulepi64_si128(_mm_xor_si128(a, _mm_srli_si128(a, 8)),
                                       _mm_xor_si128(b, _mm_srli_si128(b, 8)), 0x00);
    mid = _mm_xor_si128(mid, _mm_xor_si128(lo, hi));
    lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8)); /* [t0, t1] */
    hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8)); /* [t2, t3] */
    /* first fold: t1 ^= lo64(t0 C), t2 ^= hi64(t0 C) ^ t0 */
    __m128i t = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4E), _mm_clmulepi64_si128(lo, poly, 0x00));
    /* second fold, of the new t1: t2 ^= lo64(t1 C), t3 ^= hi64(t1 C) ^ t1 */
    t = _mm_xor_si128(_mm_shuffle_epi32(t, 0x4E), _mm_clmulepi64_si128(t, poly, 0x00));
    return _mm_xor_si128(hi, t);
}

void zuc_polyval_pclmul(uint64_t acc[2], const uint64_t h[2], const uint8_t *data, size_t nbytes)
{
    __m128i s = _mm_set_epi64x((long long)acc[1], (long long)acc[0]);
    __m128i key = _mm_set_epi64x((long long)h[1], (long long)h[0]);
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
