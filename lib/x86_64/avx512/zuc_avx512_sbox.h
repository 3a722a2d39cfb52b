/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_avx512_sbox.h — the S-box layer of F (3GPP Doc 2 §3.4.2) on sixteen
 * 32-bit words at once, without memory lookups indexed by data: constant
 * time. Included by zuc_avx512.c and by the exhaustive test
 * tests/sbox_avx512.c.
 *
 * S0 is a 256-byte table held in four registers: two VPERMT2B look up the
 * low and the high 128 entries by the index's low 7 bits, its bit 7 picks
 * one of them (a byte mask by GFNI, then a bitwise select). S1 is
 * affine-equivalent to field inversion (S1(0) = 0x55, not the AES S-box
 * itself): GF2P8AFFINEQB by a matrix A, then GF2P8AFFINEINVQB (inverse,
 * then an affine map h). F's two words share one pass of each box. The
 * matrices are lib/core/zuc_sbox_maps.h's. */
#ifndef ZUC_AVX512_SBOX_H
#define ZUC_AVX512_SBOX_H

#include "zuc_avx512_intrin.h"
#include "zuc_impl.h"
#include "zuc_sbox_maps.h" /* ZUC_GFNI_S1_A, _H, _C: S1's matrices */

#define ZUC_AVX512_INLINE static inline __attribute__((always_inline))
/* In each 32-bit word, bytes 0 and 2 go through S1, bytes 1 and 3 through S0. */
#define ZUC_S1_BYTES 0x5555555555555555ULL

typedef struct {
    __m512i q0, q1, q2, q3;
} zuc_sbox_regs;

/* S0's 256 bytes in four registers, loaded whole (no index depends on data). */
ZUC_AVX512_INLINE zuc_sbox_regs zuc_avx512_sbox_regs(void)
{
    zuc_sbox_regs t;
    t.q0 = _mm512_loadu_si512((const void *)(zuc_sbox0 + 0));
    t.q1 = _mm512_loadu_si512((const void *)(zuc_sbox0 + 64));
    t.q2 = _mm512_loadu_si512((const void *)(zuc_sbox0 + 128));
    t.q3 = _mm512_loadu_si512((const void *)(zuc_sbox0 + 192));
    return t;
}

/* Every byte 0xFF where its bit 7 is set, else 0 (GF2P8AFFINEQB: every
 * output bit is input bit 7). */
#define ZUC_GFNI_BIT7_EVERYWHERE 0x8080808080808080ULL
#define ZUC_MUX 0xCA /* VPTERNLOGD: a ? b : c, bitwise */

/* S0 on every byte: its table half picked with a byte mask made by GFNI
 * and a bitwise select, not with a k-mask (a vector-to-mask move costs
 * more than the lookup). */
ZUC_AVX512_INLINE __m512i zuc_avx512_s0_bytes(__m512i x, const zuc_sbox_regs *t)
{
    __m512i low_half = _mm512_permutex2var_epi8(t->q0, x, t->q1);
    __m512i high_half = _mm512_permutex2var_epi8(t->q2, x, t->q3);
    __m512i top =
        _mm512_gf2p8affine_epi64_epi8(x, _mm512_set1_epi64((long long)ZUC_GFNI_BIT7_EVERYWHERE), 0);
    return _mm512_ternarylogic_epi32(top, high_half, low_half, ZUC_MUX);
}

/* S1 on every byte. */
ZUC_AVX512_INLINE __m512i zuc_avx512_s1_bytes(__m512i x)
{
    __m512i y = _mm512_gf2p8affine_epi64_epi8(x, _mm512_set1_epi64((long long)ZUC_GFNI_S1_A), 0);
    return _mm512_gf2p8affineinv_epi64_epi8(y, _mm512_set1_epi64((long long)ZUC_GFNI_S1_H),
                                            ZUC_GFNI_S1_C);
}

/* The two bytes of every 16-bit half exchanged (VPSHUFB: the shift port
 * is the busier one). */
ZUC_AVX512_INLINE __m512i zuc_avx512_swap_bytes16(__m512i x)
{
    const __m512i order =
        _mm512_broadcast_i32x4(_mm_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14));
    return _mm512_shuffle_epi8(x, order);
}

/* S on the two words of F: *su = S(u), *sv = S(v), S0 on bytes 3 and 1 of
 * each word, S1 on bytes 2 and 0. The S0 bytes of u and v are gathered
 * into one register and their S1 bytes into another (v's bytes swapped in
 * pairs), so that each box runs once: the lanes are bound by their count
 * of shift and permute instructions, and VPERMT2B takes its port for two
 * cycles. */
ZUC_AVX512_INLINE void zuc_avx512_sbox_pair(__m512i u, __m512i v, __m512i *su, __m512i *sv,
                                            const zuc_sbox_regs *t)
{
    __m512i v_swapped = zuc_avx512_swap_bytes16(v);
    __m512i s0_in = _mm512_mask_blend_epi8(ZUC_S1_BYTES, u, v_swapped);
    __m512i s1_in = _mm512_mask_blend_epi8(ZUC_S1_BYTES, v_swapped, u);
    __m512i s0 = zuc_avx512_s0_bytes(s0_in, t), s1 = zuc_avx512_s1_bytes(s1_in);
    *su = _mm512_mask_blend_epi8(ZUC_S1_BYTES, s0, s1);
    *sv = zuc_avx512_swap_bytes16(_mm512_mask_blend_epi8(ZUC_S1_BYTES, s1, s0));
}

#endif /* ZUC_AVX512_SBOX_H */
