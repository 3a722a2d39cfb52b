/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_polyval_pmull.c — POLYVAL (RFC 8452) with the ARMv8 Cryptographic
 * Extension's PMULL, for the tags of ZUC-NIA6 / NCA6 on 64-bit ARM (built
 * with -march=armv8-a+crypto on this file only; chosen at run time where the
 * kernel reports PMULL).
 *
 * The arithmetic is zuc_polyval_pclmul.c's: a block is a 128-bit
 * little-endian number, dot(a, b) = a * b * x^-128 as a Karatsuba product
 * and two Montgomery folds by 0xC200000000000000, and from 128 bytes on
 * eight blocks share one reduction (key powers H_1..H_8). Constant time: no
 * table lookups, no data-dependent branches. Each call makes the key powers
 * it needs from H_1 (this version is not yet tuned for the NCA6 lanes, which
 * no ARM path has). */
#include <arm_neon.h>

#include "zuc_polyval.h"

typedef uint64x2_t u128; /* lane 0: bits 0..63 */

static inline u128 clmul_lo(u128 a, u128 b) /* low halves */
{
    return vreinterpretq_u64_p128(
        vmull_p64((poly64_t)vgetq_lane_u64(a, 0), (poly64_t)vgetq_lane_u64(b, 0)));
}

static inline u128 clmul_hi(u128 a, u128 b) /* high halves */
{
    return vreinterpretq_u64_p128(
        vmull_high_p64(vreinterpretq_p64_u64(a), vreinterpretq_p64_u64(b)));
}

static inline u128 swap_halves(u128 a)
{
    return vextq_u64(a, a, 1);
}

/* Each half XORed with the other: Karatsuba's middle factor (lane 0). */
static inline u128 fold_halves(u128 a)
{
    return veorq_u64(a, swap_halves(a));
}

typedef struct {
    u128 lo, mid, hi;
} wide;

static inline void mul_add(wide *w, u128 a, u128 b, u128 b_fold)
{
    w->lo = veorq_u64(w->lo, clmul_lo(a, b));
    w->hi = veorq_u64(w->hi, clmul_hi(a, b));
    w->mid = veorq_u64(w->mid, clmul_lo(fold_halves(a), b_fold));
}

static u128 reduce(wide w)
{
    const u128 poly = vcombine_u64(vcreate_u64(0xC200000000000000u), vcreate_u64(0));
    u128 mid = veorq_u64(w.mid, veorq_u64(w.lo, w.hi));
    u128 t = veorq_u64(veorq_u64(mid, swap_halves(w.lo)), clmul_lo(w.lo, poly));
    return veorq_u64(veorq_u64(w.hi, swap_halves(t)), clmul_lo(t, poly));
}

static u128 dot(u128 a, u128 b)
{
    const u128 zero = vdupq_n_u64(0);
    wide w = { zero, zero, zero };
    mul_add(&w, a, b, fold_halves(b));
    return reduce(w);
}

#define AGGREGATE 8

static u128 aggregated(u128 s, u128 key, const uint8_t **data, size_t *nbytes)
{
    u128 k[AGGREGATE], fold[AGGREGATE];
    k[0] = key;
    k[1] = dot(key, key);
    k[2] = dot(k[1], key);
    k[3] = dot(k[1], k[1]);
    k[4] = dot(k[3], key);
    k[5] = dot(k[3], k[1]);
    k[6] = dot(k[3], k[2]);
    k[7] = dot(k[3], k[3]);
    for (int i = 0; i < AGGREGATE; i++)
        fold[i] = fold_halves(k[i]);
    for (; *nbytes >= 16 * AGGREGATE; *nbytes -= 16 * AGGREGATE, *data += 16 * AGGREGATE) {
        const uint8_t *x = *data;
        const u128 zero = vdupq_n_u64(0);
        wide w = { zero, zero, zero };
        mul_add(&w, veorq_u64(s, vreinterpretq_u64_u8(vld1q_u8(x))), k[AGGREGATE - 1],
                fold[AGGREGATE - 1]);
        for (int i = 1; i < AGGREGATE; i++)
            mul_add(&w, vreinterpretq_u64_u8(vld1q_u8(x + 16 * i)), k[AGGREGATE - 1 - i],
                    fold[AGGREGATE - 1 - i]);
        s = reduce(w);
    }
    zuc_wipe(k, sizeof k);
    zuc_wipe(fold, sizeof fold);
    return s;
}

static void polyval(uint64_t acc[2], const uint64_t h[2], const uint8_t *data, size_t nbytes)
{
    u128 s = vld1q_u64(acc), key = vld1q_u64(h);
    if (nbytes >= 16 * AGGREGATE)
        s = aggregated(s, key, &data, &nbytes);
    for (; nbytes >= 16; nbytes -= 16, data += 16)
        s = dot(veorq_u64(s, vreinterpretq_u64_u8(vld1q_u8(data))), key);
    if (nbytes) {
        uint8_t last[16] = { 0 };
        for (size_t i = 0; i < nbytes; i++)
            last[i] = data[i];
        s = dot(veorq_u64(s, vreinterpretq_u64_u8(vld1q_u8(last))), key);
        zuc_wipe(last, sizeof last);
    }
    vst1q_u64(acc, s);
}

static void absorb_pmull(zuc_polyval *p, const uint8_t *data, size_t nbytes)
{
    polyval(p->acc, p->pow[ZUC_POLYVAL_POWERS - 1], data, nbytes);
}

static void dot_pmull(uint64_t r[2], const uint64_t a[2], const uint64_t b[2])
{
    vst1q_u64(r, dot(vld1q_u64(a), vld1q_u64(b)));
}

const zuc_polyval_impl zuc_polyval_pmull = {
    .name = "pmull",
    .usable = zuc_cpu_has_pmull,
    .start = zuc_polyval_start_h1, /* it makes its powers per call */
    .absorb = absorb_pmull,
    .dot = dot_pmull,
};
