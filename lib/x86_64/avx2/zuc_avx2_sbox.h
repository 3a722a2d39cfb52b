/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_avx2_sbox.h — ZUC's S-boxes S0 and S1 (3GPP Doc 2 §3.4.2) computed on
 * 32 bytes at once, without table lookups indexed by data: constant time.
 * Included by zuc_avx2.c and by the exhaustive test tests/sbox_avx2.c; both
 * are compiled with -mavx2 -maes.
 *
 * S1 = B o AES o A: A and B are affine maps of bytes (two vpshufb each, one
 * per nibble), AES is SubBytes, done by AESENCLAST with a zero round key on
 * input bytes pre-permuted so that its ShiftRows puts them back.
 * S0 is a network of 4-bit boxes (one vpshufb each). The tables are
 * lib/core/zuc_sbox_maps.h's. */
#ifndef ZUC_AVX2_SBOX_H
#define ZUC_AVX2_SBOX_H

#include <immintrin.h>

#include "zuc_sbox_maps.h"

#define ZUC_AVX2_INLINE static inline __attribute__((always_inline))

/* A 16-byte table in both 128-bit halves, as vpshufb wants it. */
#define ZUC_NIBBLE_TABLE(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15)   \
    _mm256_setr_epi8((char)(a0), (char)(a1), (char)(a2), (char)(a3), (char)(a4), (char)(a5),     \
                     (char)(a6), (char)(a7), (char)(a8), (char)(a9), (char)(a10), (char)(a11),   \
                     (char)(a12), (char)(a13), (char)(a14), (char)(a15), (char)(a0), (char)(a1), \
                     (char)(a2), (char)(a3), (char)(a4), (char)(a5), (char)(a6), (char)(a7),     \
                     (char)(a8), (char)(a9), (char)(a10), (char)(a11), (char)(a12), (char)(a13), \
                     (char)(a14), (char)(a15))

/* The same from a list of zuc_sbox_maps.h (expanded into 16 arguments). */
#define ZUC_NIBBLE_TABLE_OF(list) ZUC_NIBBLE_TABLE(list)

/* f(x) = lo[x & 15] ^ hi[x >> 4] on every byte. */
ZUC_AVX2_INLINE __m256i zuc_avx2_nibble_map(__m256i x, __m256i lo, __m256i hi)
{
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    __m256i l = _mm256_and_si256(x, low4);
    __m256i h = _mm256_and_si256(_mm256_srli_epi16(x, 4), low4);
    return _mm256_xor_si256(_mm256_shuffle_epi8(lo, l), _mm256_shuffle_epi8(hi, h));
}

/* SubBytes of the AES on every byte: AESENCLAST = ShiftRows(SubBytes(x)) ^ 0
 * on each 128-bit half, so the input is first permuted by ShiftRows^-1. */
ZUC_AVX2_INLINE __m256i zuc_avx2_aes_subbytes(__m256i x)
{
    const __m256i inv_shift_rows =
        _mm256_setr_epi8(0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3, 0, 13, 10, 7, 4, 1,
                         14, 11, 8, 5, 2, 15, 12, 9, 6, 3);
    x = _mm256_shuffle_epi8(x, inv_shift_rows);
#if defined(__VAES__) || defined(ZUC_AVX2_VAES_EMULATED) /* the latter: zuc_avx2_vaes_emu.c */
    return _mm256_aesenclast_epi128(x, _mm256_setzero_si256());
#else
    __m128i lo = _mm_aesenclast_si128(_mm256_castsi256_si128(x), _mm_setzero_si128());
    __m128i hi = _mm_aesenclast_si128(_mm256_extracti128_si256(x, 1), _mm_setzero_si128());
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
#endif
}

/* S1 on every byte. */
ZUC_AVX2_INLINE __m256i zuc_avx2_s1(__m256i x)
{
    const __m256i a_lo = ZUC_NIBBLE_TABLE_OF(ZUC_S1_A_LO);
    const __m256i a_hi = ZUC_NIBBLE_TABLE_OF(ZUC_S1_A_HI);
    const __m256i b_lo = ZUC_NIBBLE_TABLE_OF(ZUC_S1_B_LO);
    const __m256i b_hi = ZUC_NIBBLE_TABLE_OF(ZUC_S1_B_HI);
    __m256i y = zuc_avx2_aes_subbytes(zuc_avx2_nibble_map(x, a_lo, a_hi));
    return zuc_avx2_nibble_map(y, b_lo, b_hi);
}

/* S0 on every byte: t1 = x1 ^ P1[x2], t2 = x2 ^ P2[t1], S0 = Q[t1] ^ R[t2]
 * where x1 || x2 are the nibbles of x and Q[t] = 2t. */
ZUC_AVX2_INLINE __m256i zuc_avx2_s0(__m256i x)
{
    const __m256i p1 = ZUC_NIBBLE_TABLE_OF(ZUC_S0_P1);
    const __m256i p2 = ZUC_NIBBLE_TABLE_OF(ZUC_S0_P2);
    const __m256i r = ZUC_NIBBLE_TABLE_OF(ZUC_S0_R);
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    __m256i x2 = _mm256_and_si256(x, low4);
    __m256i x1 = _mm256_and_si256(_mm256_srli_epi16(x, 4), low4);
    __m256i t1 = _mm256_xor_si256(x1, _mm256_shuffle_epi8(p1, x2));
    __m256i t2 = _mm256_xor_si256(x2, _mm256_shuffle_epi8(p2, t1));
    return _mm256_xor_si256(_mm256_add_epi8(t1, t1), _mm256_shuffle_epi8(r, t2));
}

/* The S-box layer of F on two words per lane: S(u) and S(v), where S applies
 * S0 to bytes 3 and 1 and S1 to bytes 2 and 0 of each 32-bit word. The bytes
 * bound for each box are gathered into one register first, so each box runs
 * once on 32 bytes. */
ZUC_AVX2_INLINE void zuc_avx2_sbox_pair(__m256i u, __m256i v, __m256i *su, __m256i *sv)
{
    const __m256i odd = _mm256_set1_epi16((short)0xFF00);
    __m256i in1 = _mm256_blendv_epi8(u, _mm256_slli_epi16(v, 8), odd); /* u0 v0 u2 v2 */
    __m256i in0 = _mm256_blendv_epi8(_mm256_srli_epi16(u, 8), v, odd); /* u1 v1 u3 v3 */
    __m256i out1 = zuc_avx2_s1(in1), out0 = zuc_avx2_s0(in0);
    *su = _mm256_blendv_epi8(out1, _mm256_slli_epi16(out0, 8), odd);
    *sv = _mm256_blendv_epi8(_mm256_srli_epi16(out1, 8), out0, odd);
}

#endif /* ZUC_AVX2_SBOX_H */
