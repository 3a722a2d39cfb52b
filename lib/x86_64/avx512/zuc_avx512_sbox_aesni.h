/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_avx512_sbox_aesni.h — the S-box layer of F (3GPP Doc 2 §3.4.2) on
 * sixteen lanes for AVX-512 CPUs without GFNI or VBMI (Skylake-SP, Cascade
 * Lake): the computed S-boxes of the AVX2 lanes (zuc_avx2_sbox.h) on 64
 * bytes, no memory lookup indexed by data: constant time. Included by
 * zuc_avx512.c when built as "avx512-aesni", and by the exhaustive test
 * tests/sbox_avx512.c.
 *
 * S1 = B o AES o A: the affine maps A and B by two VPSHUFB each (one per
 * nibble), AES SubBytes by AESENCLAST with a zero round key on four 128-bit
 * blocks (VAES is newer than these CPUs), on bytes pre-permuted so that its
 * ShiftRows puts them back. S0 is a network of 4-bit boxes, one VPSHUFB
 * each. The two words of F (R1's and R2's) share one pass: their S1 bytes
 * are gathered into one register and their S0 bytes into another. The
 * nibble tables are lib/core/zuc_sbox_maps.h's. */
#ifndef ZUC_AVX512_SBOX_AESNI_H
#define ZUC_AVX512_SBOX_AESNI_H

#include "zuc_avx512_intrin.h"
#include "zuc_sbox_maps.h"

#define ZUC_AVX512_INLINE static inline __attribute__((always_inline))

/* A 16-byte table in every 128-bit block, as VPSHUFB wants it, from a list
 * of zuc_sbox_maps.h (the indirection expands it into 16 arguments). */
#define ZUC_NIBBLE_TABLE_512(list) ZUC_NIBBLE_TABLE_512_OF(list)
#define ZUC_NIBBLE_TABLE_512_OF(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, \
                                a15)                                                             \
    _mm512_broadcast_i32x4(_mm_setr_epi8((char)(a0), (char)(a1), (char)(a2), (char)(a3),         \
                                         (char)(a4), (char)(a5), (char)(a6), (char)(a7),         \
                                         (char)(a8), (char)(a9), (char)(a10), (char)(a11),       \
                                         (char)(a12), (char)(a13), (char)(a14), (char)(a15)))
#define ZUC_AES_INV_SHIFT_ROWS 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3

/* The S-boxes' constants, made once and held in registers. */
typedef struct {
    __m512i a_lo, a_hi, b_lo, b_hi; /* S1's affine maps A and B, per nibble */
    __m512i p1, p2, r;              /* S0's 4-bit boxes */
    __m512i inv_shift_rows;         /* undoes AESENCLAST's ShiftRows */
} zuc_sbox_regs;

ZUC_AVX512_INLINE zuc_sbox_regs zuc_avx512_sbox_regs(void)
{
    zuc_sbox_regs t;
    t.a_lo = ZUC_NIBBLE_TABLE_512(ZUC_S1_A_LO);
    t.a_hi = ZUC_NIBBLE_TABLE_512(ZUC_S1_A_HI);
    t.b_lo = ZUC_NIBBLE_TABLE_512(ZUC_S1_B_LO);
    t.b_hi = ZUC_NIBBLE_TABLE_512(ZUC_S1_B_HI);
    t.p1 = ZUC_NIBBLE_TABLE_512(ZUC_S0_P1);
    t.p2 = ZUC_NIBBLE_TABLE_512(ZUC_S0_P2);
    t.r = ZUC_NIBBLE_TABLE_512(ZUC_S0_R);
    t.inv_shift_rows = ZUC_NIBBLE_TABLE_512(ZUC_AES_INV_SHIFT_ROWS);
    return t;
}

/* f(x) = lo[x & 15] ^ hi[x >> 4] on every byte. */
ZUC_AVX512_INLINE __m512i zuc_avx512_nibble_map(__m512i x, __m512i lo, __m512i hi)
{
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    __m512i l = _mm512_and_si512(x, low4);
    __m512i h = _mm512_and_si512(_mm512_srli_epi16(x, 4), low4);
    return _mm512_xor_si512(_mm512_shuffle_epi8(lo, l), _mm512_shuffle_epi8(hi, h));
}

/* AES SubBytes on every byte, one 128-bit block at a time. */
ZUC_AVX512_INLINE __m512i zuc_avx512_aes_subbytes(__m512i x, const zuc_sbox_regs *t)
{
    x = _mm512_shuffle_epi8(x, t->inv_shift_rows);
    const __m128i zero = _mm_setzero_si128();
    __m128i b0 = _mm_aesenclast_si128(_mm512_castsi512_si128(x), zero);
    __m128i b1 = _mm_aesenclast_si128(_mm512_extracti32x4_epi32(x, 1), zero);
    __m128i b2 = _mm_aesenclast_si128(_mm512_extracti32x4_epi32(x, 2), zero);
    __m128i b3 = _mm_aesenclast_si128(_mm512_extracti32x4_epi32(x, 3), zero);
    __m512i y = _mm512_castsi128_si512(b0);
    y = _mm512_inserti32x4(y, b1, 1);
    y = _mm512_inserti32x4(y, b2, 2);
    return _mm512_inserti32x4(y, b3, 3);
}

/* S1 on every byte. */
ZUC_AVX512_INLINE __m512i zuc_avx512_s1(__m512i x, const zuc_sbox_regs *t)
{
    __m512i y = zuc_avx512_aes_subbytes(zuc_avx512_nibble_map(x, t->a_lo, t->a_hi), t);
    return zuc_avx512_nibble_map(y, t->b_lo, t->b_hi);
}

/* S0 on every byte: t1 = x1 ^ P1[x2], t2 = x2 ^ P2[t1], S0 = Q[t1] ^ R[t2]
 * where x1 || x2 are the nibbles of x and Q[t] = 2t. */
ZUC_AVX512_INLINE __m512i zuc_avx512_s0(__m512i x, const zuc_sbox_regs *t)
{
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    __m512i x2 = _mm512_and_si512(x, low4);
    __m512i x1 = _mm512_and_si512(_mm512_srli_epi16(x, 4), low4);
    __m512i t1 = _mm512_xor_si512(x1, _mm512_shuffle_epi8(t->p1, x2));
    __m512i t2 = _mm512_xor_si512(x2, _mm512_shuffle_epi8(t->p2, t1));
    return _mm512_xor_si512(_mm512_add_epi8(t1, t1), _mm512_shuffle_epi8(t->r, t2));
}

/* In each 16-bit half of a word, the odd byte. */
#define ZUC_ODD_BYTES 0xAAAAAAAAAAAAAAAAULL

/* S on the two words of F: *su = S(u), *sv = S(v), where S applies S0 to
 * bytes 3 and 1 and S1 to bytes 2 and 0 of each 32-bit word. */
ZUC_AVX512_INLINE void zuc_avx512_sbox_pair(__m512i u, __m512i v, __m512i *su, __m512i *sv,
                                            const zuc_sbox_regs *t)
{
    __m512i in1 =
        _mm512_mask_blend_epi8(ZUC_ODD_BYTES, u, _mm512_slli_epi16(v, 8)); /* u0 v0 u2 v2 */
    __m512i in0 =
        _mm512_mask_blend_epi8(ZUC_ODD_BYTES, _mm512_srli_epi16(u, 8), v); /* u1 v1 u3 v3 */
    __m512i out1 = zuc_avx512_s1(in1, t), out0 = zuc_avx512_s0(in0, t);
    *su = _mm512_mask_blend_epi8(ZUC_ODD_BYTES, out1, _mm512_slli_epi16(out0, 8));
    *sv = _mm512_mask_blend_epi8(ZUC_ODD_BYTES, _mm512_srli_epi16(out1, 8), out0);
}

#endif /* ZUC_AVX512_SBOX_AESNI_H */
