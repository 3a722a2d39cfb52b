/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_ct_x86.h — one ZUC stream in constant time on x86-64: F on a 128-bit
 * register, its S-boxes computed, never looked up by data.
 *
 * Built three times: with AES-NI as "ct-aesni" (zuc_ct_aesni.c: AVX2 and
 * AES-NI), with GFNI as "ct-gfni" (zuc_ct_gfni.c: AVX2 and GFNI), and with
 * AVX-512 as "ct-avx512" (zuc_ct_avx512.c: GFNI and AVX-512 F, BW, VL). F's registers
 * are one vector [R1, R2, R1, R2]. A step:
 *   W = [R1 + X1, R2, ...]                              (one add)
 *   [u, v, u, v] with u = W1L || W2H, v = W2L || W1H   (one byte shuffle; X2,
 *   linear in u and v, is XORed in after L from values made ahead; in the
 *   initialisation W2 = R2 ^ X2 instead, see ct_fsm_next_regs)
 *   L1 on the u lanes, L2 on the v lanes at once: both are x ^ P(x) ^ rot_c
 *   (x ^ (x <<< 8) ^ (x <<< 16)) with P a byte rotation (24 / 8) and c = 2 /
 *   14: byte shuffles and two per-lane variable shifts, no lane moves;
 *   S on all sixteen bytes: S1 by the AES S-box between two affine maps
 *   (nibble shuffles) or by GFNI, S0 by its network of 4-bit boxes (nibble
 *   shuffles), each byte then taken from the box it belongs to.
 * The AES trick needs no shuffle: AESENCLAST's ShiftRows moves byte r of
 * column c to column c - r, and with [u, v, u, v] the bytes S1 owns (rows 0
 * and 2) land on a copy of their own column. The tables are
 * lib/core/zuc_sbox_maps.h's.
 * With AVX-512 (and GFNI) the step is shorter: three-way XORs are one
 * VPTERNLOGD, rot_c one VPROLVD, and S0 and S1 are merged by a VPTERNLOGD
 * select (one cycle; VPBLENDVB takes three on recent Intel cores). Measured
 * on the step's chain alone (Xeon, Emerald Rapids), 1.28x shorter than
 * ct-gfni's; S-boxes read from registers by VPERMI2B (five cycles) or VPERMB
 * were not faster than GFNI there. */
#include <immintrin.h>
#if defined(ZUC_CT_EMULATED)
/* "ct-gfni-emu" and "ct-avx512-emu" (zuc_ct_gfni_emu.c, zuc_ct_avx512_emu.c,
 * tests only): the GFNI and AVX-512 intrinsics from SIMDe, the rest native. */
#define SIMDE_X86_GFNI_NO_NATIVE
#define SIMDE_X86_AVX512F_NO_NATIVE
#define SIMDE_X86_AVX512BW_NO_NATIVE
#define SIMDE_X86_AVX512VL_NO_NATIVE
#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>
#include <simde/x86/gfni.h>
#endif

#include "zuc_sbox_maps.h"
#include "zuc_ct_x2_ahead.h" /* ct_fsm_prep */

typedef __m128i ct_vec;

#define CT_V_INLINE static inline __attribute__((always_inline))

#define CT_BYTES16(list) _mm_setr_epi8(list)
#define CT_B(x) (char)(x)
#define CT_TABLE(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15)            \
    _mm_setr_epi8(CT_B(a0), CT_B(a1), CT_B(a2), CT_B(a3), CT_B(a4), CT_B(a5), CT_B(a6), CT_B(a7), \
                  CT_B(a8), CT_B(a9), CT_B(a10), CT_B(a11), CT_B(a12), CT_B(a13), CT_B(a14),      \
                  CT_B(a15))
#define CT_TABLE_OF(list) CT_TABLE(list)

#if defined(ZUC_CT_AVX512)
#define CT_MUX 0xCA  /* VPTERNLOGD: a ? b : c, bitwise */
#define CT_XOR3 0x96 /* VPTERNLOGD: a ^ b ^ c */
#endif

CT_V_INLINE ct_vec ct_fsm_set(uint32_t r1, uint32_t r2)
{
    return _mm_setr_epi32((int)r1, (int)r2, (int)r1, (int)r2);
}

CT_V_INLINE void ct_fsm_get(ct_vec v, uint32_t r[2])
{
    /* register moves: a store and reload would put store forwarding on
     * F's loop */
    r[0] = (uint32_t)_mm_cvtsi128_si32(v);
    r[1] = (uint32_t)_mm_extract_epi32(v, 1);
}

CT_V_INLINE __m128i ct_load_pair2(const uint32_t *p)
{
    return _mm_castpd_si128(_mm_loaddup_pd((const double *)(const void *)p));
}

/* f(x) = lo[x & 15] ^ hi[x >> 4] on every byte. */
CT_V_INLINE __m128i ct_nibble_map(__m128i lo4, __m128i hi4, __m128i lo, __m128i hi)
{
    return _mm_xor_si128(_mm_shuffle_epi8(lo, lo4), _mm_shuffle_epi8(hi, hi4));
}

/* S applied to every 32-bit word of [u, v, u, v]: S0 on bytes 3 and 1, S1 on
 * bytes 2 and 0. */
CT_V_INLINE __m128i ct_sbox(__m128i x)
{
    const __m128i low4 = _mm_set1_epi8(0x0F);
    __m128i lo4 = _mm_and_si128(x, low4);
    __m128i hi4 = _mm_and_si128(_mm_srli_epi16(x, 4), low4);
#if defined(ZUC_CT_GFNI)
    __m128i y = _mm_gf2p8affine_epi64_epi8(x, _mm_set1_epi64x((long long)ZUC_GFNI_S1_A), 0);
    __m128i s1 =
        _mm_gf2p8affineinv_epi64_epi8(y, _mm_set1_epi64x((long long)ZUC_GFNI_S1_H), ZUC_GFNI_S1_C);
#else
    __m128i a = ct_nibble_map(lo4, hi4, CT_TABLE_OF(ZUC_S1_A_LO), CT_TABLE_OF(ZUC_S1_A_HI));
    __m128i y = _mm_aesenclast_si128(a, _mm_setzero_si128()); /* ShiftRows: see above */
    __m128i s1 = ct_nibble_map(_mm_and_si128(y, low4), _mm_and_si128(_mm_srli_epi16(y, 4), low4),
                               CT_TABLE_OF(ZUC_S1_B_LO), CT_TABLE_OF(ZUC_S1_B_HI));
#endif
    /* S0: t1 = x1 ^ P1[x2], t2 = x2 ^ P2[t1], S0 = 2 t1 ^ R[t2] */
    __m128i t1 = _mm_xor_si128(hi4, _mm_shuffle_epi8(CT_TABLE_OF(ZUC_S0_P1), lo4));
    __m128i t2 = _mm_xor_si128(lo4, _mm_shuffle_epi8(CT_TABLE_OF(ZUC_S0_P2), t1));
    __m128i s0 = _mm_xor_si128(_mm_add_epi8(t1, t1), _mm_shuffle_epi8(CT_TABLE_OF(ZUC_S0_R), t2));
#if defined(ZUC_CT_AVX512)
    return _mm_ternarylogic_epi32(_mm_set1_epi16(0x00FF), s1, s0, CT_MUX);
#elif defined(ZUC_CT_GFNI)
    /* two masks and an OR: two cycles on F's chain where VPBLENDVB takes
     * three on recent Intel cores (ct-gfni on a Xeon, model 167: 128-EEA3,
     * 128-EIA3, ZUC-NEA6 and ZUC-NCA6 1.02-1.06x faster at 16 and 8188
     * bytes). On AMD it takes one: ct-aesni (Zen 3) keeps it; Zen 4, whose
     * ct-gfni this costs a cycle, was not measured. */
    return _mm_or_si128(_mm_and_si128(s1, _mm_set1_epi16(0x00FF)),
                        _mm_and_si128(s0, _mm_set1_epi16((short)0xFF00)));
#else
    return _mm_blendv_epi8(s1, s0, _mm_set1_epi16((short)0xFF00));
#endif
}

/* The four shuffles of W below wait for W together. On Zen 3 two pipes run
 * them (and the shifts and AESENCLAST), the oldest first: y's three are
 * written first and a's last, which is needed later, and an empty asm keeps
 * that order in the code. There F's chain alone is 1.08x shorter, and
 * 128-EEA3 and ZUC-256 at 1500-8188 bytes 1.03-1.04x faster. ct-aesni only:
 * the GFNI paths were not measured with it. */
#if defined(ZUC_CT_GFNI)
#define CT_KEEP_ORDER(x) ((void)0)
#else
#define CT_KEEP_ORDER(x) __asm__("" : "+x"(x))
#endif

/* F's step from w = [W1, W2, W1, W2] (or [W1, R2, ...] with X2's part of L
 * in xlv, which is XORed in after L). */
CT_V_INLINE ct_vec ct_fsm_step_w(__m128i w, __m128i xlv)
{
    /* x = [u, v, u, v] (but for xlv): u = W1 << 16 | W2 >> 16, v = W2 << 16 |
     * W1 >> 16; y = x ^ (x <<< 8) ^ (x <<< 16), its rotations also
     * shuffled from W; then rot_c(y) by two shifts (fewer ops on the
     * shuffle and shift pipes, which the step's latency waits for: 3% faster
     * here than six shifts of x) */
    const __m128i to_uv = _mm_setr_epi8(6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5);
    const __m128i to_uv8 = _mm_setr_epi8(1, 6, 7, 0, 5, 2, 3, 4, 1, 6, 7, 0, 5, 2, 3, 4);
    const __m128i to_uv16 = _mm_setr_epi8(0, 1, 6, 7, 4, 5, 2, 3, 0, 1, 6, 7, 4, 5, 2, 3);
    /* x, then u <<< 24 and v <<< 8 (P), in one shuffle */
    const __m128i to_puv = _mm_setr_epi8(7, 0, 1, 6, 5, 2, 3, 4, 7, 0, 1, 6, 5, 2, 3, 4);
    __m128i uv = _mm_shuffle_epi8(w, to_uv), uv8 = _mm_shuffle_epi8(w, to_uv8);
    CT_KEEP_ORDER(uv);
    CT_KEEP_ORDER(uv8);
    __m128i uv16 = _mm_shuffle_epi8(w, to_uv16);
    CT_KEEP_ORDER(uv16);
    __m128i p8 = _mm_xor_si128(_mm_shuffle_epi8(w, to_puv), xlv);
    const __m128i c = _mm_setr_epi32(2, 14, 2, 14);
#if defined(ZUC_CT_AVX512)
    __m128i y = _mm_ternarylogic_epi32(uv, uv8, uv16, CT_XOR3);
    __m128i l = _mm_xor_si128(_mm_xor_si128(uv, p8), _mm_rolv_epi32(y, c));
#else
    __m128i y = _mm_xor_si128(_mm_xor_si128(uv, uv8), uv16);
    const __m128i c_right = _mm_setr_epi32(30, 18, 30, 18);
    __m128i l = _mm_xor_si128(_mm_xor_si128(uv, p8),
                              _mm_xor_si128(_mm_sllv_epi32(y, c), _mm_srlv_epi32(y, c_right)));
#endif
    return ct_sbox(l);
}

/* Working mode: from [X1, 0, L1(X2H), L2(X2L << 16)] made ahead (ct_fsm_prep),
 * X2 off F's chain. */
CT_V_INLINE ct_vec ct_fsm_next(ct_vec r, const uint32_t *p)
{
    return ct_fsm_step_w(_mm_add_epi32(r, ct_load_pair2(p)), ct_load_pair2(p + 2));
}

/* Initialisation (and runs of up to 16 words): W2 = R2 ^ X2 on F's chain
 * (one XOR more), where L of X2 made apart would cost each round about
 * twenty instructions more: there the loop is bound by its instruction
 * count, not by F's chain. On Zen 3 (ct-aesni) the initialisation alone is
 * 1.19x faster, 128-EEA3, 128-EIA3 and ZUC-256 at 16 bytes 1.10-1.15x. */
CT_V_INLINE ct_vec ct_fsm_next_regs(ct_vec r, uint32_t x1, uint32_t x2)
{
    uint64_t x2_high = (uint64_t)x2 << 32; /* [0, X2] */
    __m128i w = _mm_xor_si128(_mm_add_epi32(r, _mm_set1_epi64x((long long)x1)),
                              _mm_set1_epi64x((long long)x2_high));
    return ct_fsm_step_w(w, _mm_setzero_si128());
}

/* ---- F's inputs eight words at a time (zuc_ct_body.h's ct_prepare8) ---- */
#define CT_HAVE_PREPARE8 1

/* Cells c[k .. k + 7]: loaded whole, no index from data. */
CT_V_INLINE __m256i ct_cells8(const uint32_t *c, int k)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)(c + k));
}

/* (c[lo] << 16) | (c[hi] >> 15) for eight consecutive words (ct_hl). */
CT_V_INLINE __m256i ct_hl8(const uint32_t *c, int lo, int hi)
{
    return _mm256_or_si256(_mm256_slli_epi32(ct_cells8(c, lo), 16),
                           _mm256_srli_epi32(ct_cells8(c, hi), 15));
}

#if defined(ZUC_CT_AVX512)
/* x ^ (x <<< a) ^ (x <<< b) ^ (x <<< c) ^ (x <<< d) on eight words, one
 * VPROLD a rotation (a macro: the rotations take constants). */
#define CT_ROL8(x, k) _mm256_rol_epi32((x), (k))
#define CT_L8(x, a, b, c, d)                                                                  \
    _mm256_xor_si256(_mm256_xor_si256((x), CT_ROL8((x), (a))),                                \
                     _mm256_xor_si256(_mm256_xor_si256(CT_ROL8((x), (b)), CT_ROL8((x), (c))), \
                                      CT_ROL8((x), (d))))
#else
/* [L1(a), L2(b), ...] of pairs [a, b, ...], as F computes L: x ^ P(x) ^
 * rot_c(x ^ (x <<< 8) ^ (x <<< 16)), P a byte rotation (24 / 8), c = 2 / 14.
 * Three byte shuffles and two shifts make both, where L1 and L2 apart took
 * sixteen shifts: on Zen 3 (ct-aesni) 128-EEA3 and ZUC-256 1.05-1.07x faster
 * at 1500-8188 bytes. (ct-avx512 keeps them apart, with VPROLD: not measured
 * with this.) */
CT_V_INLINE __m256i ct_l12_pairs(__m256i x)
{
#define CT_ROT_BYTES(k0, k1, k2, k3)                                                             \
    _mm256_setr_epi8(k0, k1, k2, k3, 4 + k0, 4 + k1, 4 + k2, 4 + k3, 8 + k0, 8 + k1, 8 + k2,     \
                     8 + k3, 12 + k0, 12 + k1, 12 + k2, 12 + k3, k0, k1, k2, k3, 4 + k0, 4 + k1, \
                     4 + k2, 4 + k3, 8 + k0, 8 + k1, 8 + k2, 8 + k3, 12 + k0, 12 + k1, 12 + k2,  \
                     12 + k3)
    const __m256i rot8 = CT_ROT_BYTES(3, 0, 1, 2), rot16 = CT_ROT_BYTES(2, 3, 0, 1);
    /* P: a's words <<< 24, b's <<< 8 */
    const __m256i p = _mm256_setr_epi8(1, 2, 3, 0, 7, 4, 5, 6, 9, 10, 11, 8, 15, 12, 13, 14, 1, 2,
                                       3, 0, 7, 4, 5, 6, 9, 10, 11, 8, 15, 12, 13, 14);
#undef CT_ROT_BYTES
    __m256i y = _mm256_xor_si256(_mm256_xor_si256(x, _mm256_shuffle_epi8(x, rot8)),
                                 _mm256_shuffle_epi8(x, rot16));
    __m256i yc =
        _mm256_xor_si256(_mm256_sllv_epi32(y, _mm256_setr_epi32(2, 14, 2, 14, 2, 14, 2, 14)),
                         _mm256_srlv_epi32(y, _mm256_setr_epi32(30, 18, 30, 18, 30, 18, 30, 18)));
    return _mm256_xor_si256(_mm256_xor_si256(x, _mm256_shuffle_epi8(x, p)), yc);
}
#endif

/* The eight words' inputs from cells c[0 .. 22] (word k's are c[k .. k + 15]):
 * X0 and X3, and [X1, 0, L1(X2H), L2(X2L << 16)] per word, as ct_prepare
 * and ct_fsm_prep make them one at a time. */
CT_V_INLINE void ct_prepare8(uint32_t xf[][4], uint32_t *x0, uint32_t *x3, const uint32_t *c)
{
    /* X0 = c15 << 1 high half || c14 low half */
    __m256i x0v =
        _mm256_blend_epi16(ct_cells8(c, 14), _mm256_slli_epi32(ct_cells8(c, 15), 1), 0xAA);
    _mm256_storeu_si256((__m256i *)(void *)x0, x0v);
    _mm256_storeu_si256((__m256i *)(void *)x3, ct_hl8(c, 2, 0));
    __m256i x1 = ct_hl8(c, 11, 9), x2 = ct_hl8(c, 7, 5);
    __m256i a = _mm256_srli_epi32(x2, 16), b = _mm256_slli_epi32(x2, 16);
    /* per 128-bit half: words 0, 1 | 4, 5 (lo) and 2, 3 | 6, 7 (hi) */
    __m256i x1_lo = _mm256_unpacklo_epi32(x1, _mm256_setzero_si256());
    __m256i x1_hi = _mm256_unpackhi_epi32(x1, _mm256_setzero_si256());
#if defined(ZUC_CT_AVX512)
    __m256i l1 = CT_L8(a, 2, 10, 18, 24), l2 = CT_L8(b, 8, 14, 22, 30);
    __m256i l_lo = _mm256_unpacklo_epi32(l1, l2), l_hi = _mm256_unpackhi_epi32(l1, l2);
#else
    __m256i l_lo = ct_l12_pairs(_mm256_unpacklo_epi32(a, b));
    __m256i l_hi = ct_l12_pairs(_mm256_unpackhi_epi32(a, b));
#endif
    __m256i w04 = _mm256_unpacklo_epi64(x1_lo, l_lo), w15 = _mm256_unpackhi_epi64(x1_lo, l_lo);
    __m256i w26 = _mm256_unpacklo_epi64(x1_hi, l_hi), w37 = _mm256_unpackhi_epi64(x1_hi, l_hi);
    _mm256_storeu_si256((__m256i *)(void *)xf[0], _mm256_permute2x128_si256(w04, w15, 0x20));
    _mm256_storeu_si256((__m256i *)(void *)xf[2], _mm256_permute2x128_si256(w26, w37, 0x20));
    _mm256_storeu_si256((__m256i *)(void *)xf[4], _mm256_permute2x128_si256(w04, w15, 0x31));
    _mm256_storeu_si256((__m256i *)(void *)xf[6], _mm256_permute2x128_si256(w26, w37, 0x31));
}

#include "zuc_ct_body.h"
