/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_ct_x2_ahead.h — F's inputs for the vector constant-time paths
 * (ct-aesni, ct-gfni, ct-neon; zuc_ct_body.h calls it): W2 = R2 ^ X2 is
 * linear, and so are L1 and L2, so X2's share of the S-box inputs,
 * L1(X2H) and L2(X2L << 16), is made ahead in general registers and XORed
 * after L; F itself only adds X1. p = X1, 0, L1(X2H), L2(X2L << 16). */
#ifndef ZUC_CT_X2_AHEAD_H
#define ZUC_CT_X2_AHEAD_H

#include <stdint.h>

static inline uint32_t ct_rotl32(uint32_t x, unsigned k)
{
    return (x << k) | (x >> (32 - k));
}

static inline __attribute__((always_inline)) void ct_fsm_prep(uint32_t p[4], uint32_t x1,
                                                              uint32_t x2)
{
    uint32_t a = x2 >> 16, b = x2 << 16;
    p[0] = x1;
    p[1] = 0;
    p[2] = a ^ ct_rotl32(a, 2) ^ ct_rotl32(a, 10) ^ ct_rotl32(a, 18) ^ ct_rotl32(a, 24);
    p[3] = b ^ ct_rotl32(b, 8) ^ ct_rotl32(b, 14) ^ ct_rotl32(b, 22) ^ ct_rotl32(b, 30);
}

#endif /* ZUC_CT_X2_AHEAD_H */
