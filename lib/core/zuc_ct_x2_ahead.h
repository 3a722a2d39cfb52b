/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_ct_x2_ahead.h — F's inputs for the vector constant-time paths
 * (ct-aesni, ct-gfni, ct-neon; zuc_ct_body.h calls it): W2 = R2 ^ X2 is
 * linear, and so are L1 and L2, so X2's share of the S-box inputs,
 * L1(X2H) and L2(X2L << 16), is made ahead in general registers and XORed
 * after L; F itself only adds X1. p = X1, 0, L1(X2H), L2(X2L << 16). */
#ifndef ZUC_CT_X2_AHEAD_H
#define ZUC_CT_X2_AHEAD_H

#include <stdint.h>
#include <string.h>

static inline uint32_t ct_rotl32(uint32_t x, unsigned k)
{
    return (x << k) | (x >> (32 - k));
}

/* The 64-bit word whose bytes in memory are those of `first`, then `second`. */
static inline uint64_t ct_words64(uint32_t first, uint32_t second)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return (uint64_t)second << 32 | first;
#else
    return (uint64_t)first << 32 | second;
#endif
}

static inline __attribute__((always_inline)) void ct_fsm_prep(uint32_t p[4], uint32_t x1,
                                                              uint32_t x2)
{
    uint32_t a = x2 >> 16, b = x2 << 16;
    uint32_t l1 = a ^ ct_rotl32(a, 2) ^ ct_rotl32(a, 10) ^ ct_rotl32(a, 18) ^ ct_rotl32(a, 24);
    uint32_t l2 = b ^ ct_rotl32(b, 8) ^ ct_rotl32(b, 14) ^ ct_rotl32(b, 22) ^ ct_rotl32(b, 30);
    /* two 8-byte stores, from which F's two 8-byte loads of p are forwarded
     * (not from four 4-byte ones: each load would wait for the cache) */
    uint64_t h[2] = { ct_words64(x1, 0), ct_words64(l1, l2) };
    memcpy(p, h, sizeof h);
}

#endif /* ZUC_CT_X2_AHEAD_H */
