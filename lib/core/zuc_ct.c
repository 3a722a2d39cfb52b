/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_ct.c — "ct": one ZUC stream in constant time in portable C, for any
 * CPU (the fallback where no vector path of lib/x86_64/ct or lib/aarch64/ct
 * runs). F computes its S-boxes in general registers; no load, store or
 * branch depends on secret data. Shifts by a secret count (S0's 4-bit boxes
 * below) are constant time on the CPUs libzuc targets (x86-64, ARMv7-A and
 * ARMv8-A barrel shifters); every one is a 32-bit shift, which no compiler
 * turns into a branch or a library call.
 *
 * S1 (3GPP Doc 2 §3.4.2) is M x^-1 ^ 0x55 in GF(2^8) = GF(2)[x] / (x^8 +
 * x^7 + x^3 + x + 1), 0^-1 = 0, with M a linear map of bytes: computed on
 * the four S1 bytes of u and v at once (one 32-bit word, byte-wise
 * arithmetic, no carries between bytes), x^-1 = x^254 by four
 * multiplications and seven squarings (a linear map, like M).
 * S0 is lib/core/zuc_sbox_maps.h's network of 4-bit boxes, each box a 64-bit
 * constant of sixteen nibbles read by a shift. Slower than the vector paths
 * (figures: docs/security.md), but constant time everywhere. */
#include <stdint.h>

#include "zuc_impl.h"
#include "zuc_sbox_maps.h"

#define CT_IMPL zuc_impl_ct
#define CT_IMPL_NAME "ct"

static int ct_usable(void)
{
    return 1;
}

typedef struct {
    uint32_t r1, r2;
} ct_vec;

/* 0xFF in every byte whose bit k is set, else 0x00. */
static inline uint32_t ct_bytes_mask(uint32_t x, unsigned k)
{
    uint32_t b = (x >> k) & 0x01010101u;
    return (b << 8) - b;
}

/* The linear map of bytes whose column k (image of bit k) is cols[k]. */
static inline uint32_t ct_linear(uint32_t x, const uint8_t cols[8])
{
    uint32_t y = 0;
    for (unsigned k = 0; k < 8; k++)
        y ^= ct_bytes_mask(x, k) & (cols[k] * 0x01010101u);
    return y;
}

/* x * 2 in each byte, reduced by x^8 = x^7 + x^3 + x + 1 (0x8B). */
static inline uint32_t ct_xtime(uint32_t a)
{
    return ((a & 0x7F7F7F7Fu) << 1) ^ (ct_bytes_mask(a, 7) & 0x8B8B8B8Bu);
}

static inline uint32_t ct_gmul(uint32_t a, uint32_t b)
{
    uint32_t r = 0;
    for (unsigned k = 0; k < 8; k++) {
        r ^= a & ct_bytes_mask(b, k);
        a = ct_xtime(a);
    }
    return r;
}

/* Squaring is linear: bit k goes to x^2k mod the field polynomial. */
static const uint8_t square_cols[8] = { 0x01, 0x04, 0x10, 0x40, 0x8B, 0xB1, 0x59, 0xEF };
/* S1's M, column k the image of bit k (derived from S1's table; the tests
 * check every byte). */
static const uint8_t s1_cols[8] = { 0x97, 0x3E, 0x6D, 0xCB, 0xEE, 0xDD, 0xBB, 0x77 };

/* S1 on the four bytes of x. */
static uint32_t ct_s1x4(uint32_t x)
{
    uint32_t x2 = ct_linear(x, square_cols);
    uint32_t x3 = ct_gmul(x2, x);
    uint32_t x12 = ct_linear(ct_linear(x3, square_cols), square_cols);
    uint32_t x15 = ct_gmul(x12, x3);
    uint32_t x240 = x15;
    for (unsigned k = 0; k < 4; k++)
        x240 = ct_linear(x240, square_cols);
    uint32_t inv = ct_gmul(ct_gmul(x240, x12), x2); /* x^254 */
    return ct_linear(inv, s1_cols) ^ 0x55555555u;
}

/* Sixteen nibbles packed in two 32-bit words (entry 0 lowest). */
#define CT_NIB8(a0, a1, a2, a3, a4, a5, a6, a7)                                          \
    ((uint32_t)(a0) | (uint32_t)(a1) << 4 | (uint32_t)(a2) << 8 | (uint32_t)(a3) << 12 | \
     (uint32_t)(a4) << 16 | (uint32_t)(a5) << 20 | (uint32_t)(a6) << 24 | (uint32_t)(a7) << 28)
#define CT_NIB16(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15)         \
    {                                                                                          \
        CT_NIB8(a0, a1, a2, a3, a4, a5, a6, a7), CT_NIB8(a8, a9, a10, a11, a12, a13, a14, a15) \
    }
#define CT_BYTE4(a0, a1, a2, a3) \
    ((uint32_t)(a0) | (uint32_t)(a1) << 8 | (uint32_t)(a2) << 16 | (uint32_t)(a3) << 24)
#define CT_BYTE16(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) \
    {                                                                                   \
        CT_BYTE4(a0, a1, a2, a3), CT_BYTE4(a4, a5, a6, a7), CT_BYTE4(a8, a9, a10, a11), \
            CT_BYTE4(a12, a13, a14, a15)                                                \
    }
#define CT_APPLY(f, list) f(list)

static const uint32_t s0_p1[2] = CT_APPLY(CT_NIB16, ZUC_S0_P1);
static const uint32_t s0_p2[2] = CT_APPLY(CT_NIB16, ZUC_S0_P2);
static const uint32_t s0_r[4] = CT_APPLY(CT_BYTE16, ZUC_S0_R);

/* a where m is all ones, b where it is 0. */
static inline uint32_t ct_select(uint32_t m, uint32_t a, uint32_t b)
{
    return (a & m) | (b & ~m);
}

/* Entry n (< 16) of a 4-bit box: both words read, one kept by a mask. */
static inline uint32_t ct_nibble(const uint32_t t[2], uint32_t n)
{
    uint32_t w = ct_select(0u - (n >> 3), t[1], t[0]);
    return (w >> (4 * (n & 7))) & 0xF;
}

static inline uint32_t ct_byte_of16(const uint32_t t[4], uint32_t n)
{
    uint32_t hi = 0u - (n >> 3), mid = 0u - ((n >> 2) & 1);
    uint32_t w = ct_select(hi, ct_select(mid, t[3], t[2]), ct_select(mid, t[1], t[0]));
    return (w >> (8 * (n & 3))) & 0xFF;
}

/* S0 (zuc_sbox_maps.h): t1 = x1 ^ P1[x2], t2 = x2 ^ P2[t1], 2 t1 ^ R[t2]. */
static inline uint32_t ct_s0(uint32_t x)
{
    uint32_t x2 = x & 0xF, t1 = (x >> 4) ^ ct_nibble(s0_p1, x2);
    uint32_t t2 = x2 ^ ct_nibble(s0_p2, t1);
    return (t1 << 1) ^ ct_byte_of16(s0_r, t2);
}

static uint32_t ct_s0x4(uint32_t x)
{
    return ct_s0(x & 0xFF) | ct_s0((x >> 8) & 0xFF) << 8 | ct_s0((x >> 16) & 0xFF) << 16 |
           ct_s0(x >> 24) << 24;
}

static inline uint32_t ct_rotl(uint32_t x, unsigned k)
{
    return (x << k) | (x >> (32 - k));
}

static inline ct_vec ct_fsm_set(uint32_t r1, uint32_t r2)
{
    return (ct_vec){ r1, r2 };
}

static inline void ct_fsm_get(ct_vec v, uint32_t r[2])
{
    r[0] = v.r1;
    r[1] = v.r2;
}

static inline void ct_fsm_prep(uint32_t p[4], uint32_t x1, uint32_t x2)
{
    p[0] = x1;
    p[1] = x2;
}

/* F's update (3GPP Doc 2 §3.4): S0 takes bytes 3 and 1 of u and v, S1 bytes
 * 2 and 0; each box runs once on its four bytes. */
static ct_vec ct_fsm_next(ct_vec f, const uint32_t x[2])
{
    uint32_t w1 = f.r1 + x[0], w2 = f.r2 ^ x[1];
    uint32_t u = (w1 << 16) | (w2 >> 16), v = (w2 << 16) | (w1 >> 16);
    u ^= ct_rotl(u, 2) ^ ct_rotl(u, 10) ^ ct_rotl(u, 18) ^ ct_rotl(u, 24);
    v ^= ct_rotl(v, 8) ^ ct_rotl(v, 14) ^ ct_rotl(v, 22) ^ ct_rotl(v, 30);
    uint32_t s1 = ct_s1x4((u & 0x00FF00FFu) | ((v & 0x00FF00FFu) << 8));
    uint32_t s0 = ct_s0x4(((u >> 8) & 0x00FF00FFu) | (v & 0xFF00FF00u));
    return (ct_vec){ (s1 & 0x00FF00FFu) | ((s0 & 0x00FF00FFu) << 8),
                     ((s1 >> 8) & 0x00FF00FFu) | (s0 & 0xFF00FF00u) };
}

static inline ct_vec ct_fsm_next_regs(ct_vec f, uint32_t x1, uint32_t x2)
{
    const uint32_t x[2] = { x1, x2 };
    return ct_fsm_next(f, x);
}

#include "zuc_ct_body.h"
