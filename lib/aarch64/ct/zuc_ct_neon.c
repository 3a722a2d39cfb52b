/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_ct_neon.c — "ct-neon": one ZUC stream in constant time on 64-bit ARM,
 * F on one 128-bit register with its S-boxes computed: S1 by the AES
 * instruction AESE between two affine maps, S0 by its network of 4-bit
 * boxes, each map a TBL of sixteen bytes (lib/core/zuc_sbox_maps.h), never a
 * load indexed by data. The same step as lib/x86_64/ct/zuc_ct_x86.h (see
 * there): F's registers [R1, R2, R1, R2]; AESE's ShiftRows, like
 * AESENCLAST's, leaves S1's bytes on a copy of their own column. Needs the
 * ARMv8 Cryptographic Extension's AES (Linux: HWCAP_AES). */
#include <arm_neon.h>
#include <asm/hwcap.h>
#include <sys/auxv.h>

#include "zuc_impl.h"
#include "zuc_sbox_maps.h"
#include "zuc_ct_x2_ahead.h" /* ct_fsm_prep */

#define CT_IMPL zuc_impl_ct_neon
#define CT_IMPL_NAME "ct-neon"

static int ct_usable(void)
{
    return (getauxval(AT_HWCAP) & HWCAP_AES) != 0;
}

typedef uint32x4_t ct_vec;

#define CT_V_INLINE static inline __attribute__((always_inline))

static const uint8_t ct_tables[][16] = {
    { ZUC_S1_A_LO },
    { ZUC_S1_A_HI },
    { ZUC_S1_B_LO },
    { ZUC_S1_B_HI },
    { ZUC_S0_P1 },
    { ZUC_S0_P2 },
    { ZUC_S0_R },
    /* [u, v, u, v] from [W1, R2, W1, R2]; the same rotated (P) */
    { 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5 },
    { 7, 0, 1, 6, 5, 2, 3, 4, 7, 0, 1, 6, 5, 2, 3, 4 },
};
enum { A_LO, A_HI, B_LO, B_HI, P1, P2, R, TO_UV, TO_PUV };

CT_V_INLINE uint8x16_t ct_table(int k)
{
    return vld1q_u8(ct_tables[k]);
}

CT_V_INLINE ct_vec ct_fsm_set(uint32_t r1, uint32_t r2)
{
    uint32_t r[4] = { r1, r2, r1, r2 };
    return vld1q_u32(r);
}

CT_V_INLINE void ct_fsm_get(ct_vec v, uint32_t r[2])
{
    r[0] = vgetq_lane_u32(v, 0);
    r[1] = vgetq_lane_u32(v, 1);
}

CT_V_INLINE uint32x4_t ct_load_pair2(const uint32_t *p)
{
    uint64_t pair;
    __builtin_memcpy(&pair, p, sizeof pair);
    return vreinterpretq_u32_u64(vdupq_n_u64(pair));
}

CT_V_INLINE uint8x16_t ct_nibble_map(uint8x16_t lo4, uint8x16_t hi4, uint8x16_t lo, uint8x16_t hi)
{
    return veorq_u8(vqtbl1q_u8(lo, lo4), vqtbl1q_u8(hi, hi4));
}

/* S on every 32-bit word: S0 on bytes 3 and 1, S1 on bytes 2 and 0. */
CT_V_INLINE uint8x16_t ct_sbox(uint8x16_t x)
{
    const uint8x16_t low4 = vdupq_n_u8(0x0F);
    uint8x16_t lo4 = vandq_u8(x, low4), hi4 = vshrq_n_u8(x, 4);
    uint8x16_t a = ct_nibble_map(lo4, hi4, ct_table(A_LO), ct_table(A_HI));
    uint8x16_t y = vaeseq_u8(a, vdupq_n_u8(0)); /* SubBytes, ShiftRows */
    uint8x16_t s1 =
        ct_nibble_map(vandq_u8(y, low4), vshrq_n_u8(y, 4), ct_table(B_LO), ct_table(B_HI));
    uint8x16_t t1 = veorq_u8(hi4, vqtbl1q_u8(ct_table(P1), lo4));
    uint8x16_t t2 = veorq_u8(lo4, vqtbl1q_u8(ct_table(P2), t1));
    uint8x16_t s0 = veorq_u8(vaddq_u8(t1, t1), vqtbl1q_u8(ct_table(R), t2));
    const uint8x16_t s0_bytes = vreinterpretq_u8_u16(vdupq_n_u16(0xFF00));
    return vbslq_u8(s0_bytes, s0, s1);
}

/* F's step from [W1, W2, W1, W2] (or [W1, R2, ...] with X2's part of L in
 * xlv, XORed in after L). */
CT_V_INLINE ct_vec ct_fsm_step_w(uint32x4_t w32, uint32x4_t xlv)
{
    uint8x16_t w = vreinterpretq_u8_u32(w32);
    uint32x4_t uv = vreinterpretq_u32_u8(vqtbl1q_u8(w, ct_table(TO_UV)));
    uint32x4_t pv = veorq_u32(vreinterpretq_u32_u8(vqtbl1q_u8(w, ct_table(TO_PUV))), xlv);
    /* rot_c for c = 2 (L1 lanes), 14 (L2 lanes), then c + 8, c + 16; a
     * negative count shifts right */
    static const int32_t counts[6][4] = {
        { 2, 14, 2, 14 },       { -30, -18, -30, -18 }, { 10, 22, 10, 22 },
        { -22, -10, -22, -10 }, { 18, 30, 18, 30 },     { -14, -2, -14, -2 },
    };
    uint32x4_t a =
        veorq_u32(vshlq_u32(uv, vld1q_s32(counts[0])), vshlq_u32(uv, vld1q_s32(counts[1])));
    uint32x4_t b =
        veorq_u32(vshlq_u32(uv, vld1q_s32(counts[2])), vshlq_u32(uv, vld1q_s32(counts[3])));
    uint32x4_t c =
        veorq_u32(vshlq_u32(uv, vld1q_s32(counts[4])), vshlq_u32(uv, vld1q_s32(counts[5])));
    uint32x4_t l = veorq_u32(veorq_u32(veorq_u32(uv, pv), a), veorq_u32(b, c));
    return vreinterpretq_u32_u8(ct_sbox(vreinterpretq_u8_u32(l)));
}

/* Working mode: X2's part of L made ahead (ct_fsm_prep), off F's chain. */
CT_V_INLINE ct_vec ct_fsm_next(ct_vec r, const uint32_t *p)
{
    return ct_fsm_step_w(vaddq_u32(r, ct_load_pair2(p)), ct_load_pair2(p + 2));
}

/* The initialisation and short runs: W2 = R2 ^ X2 on F's chain, where L of
 * X2 made apart costs about fourteen instructions more a round (as on x86,
 * zuc_ct_x86.h). Modelled by llvm-mca on the loop of 16 rounds: 75
 * instructions a round instead of 89, 1.04x fewer cycles on Cortex-A72 and
 * Neoverse N1, 1.09x on Cortex-A55. */
CT_V_INLINE ct_vec ct_fsm_next_regs(ct_vec r, uint32_t x1, uint32_t x2)
{
    uint32x4_t w = veorq_u32(vaddq_u32(r, vreinterpretq_u32_u64(vdupq_n_u64(x1))),
                             vreinterpretq_u32_u64(vdupq_n_u64((uint64_t)x2 << 32)));
    return ct_fsm_step_w(w, vdupq_n_u32(0));
}

#include "zuc_ct_body.h"
