/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_polyval.c — POLYVAL's versions in order and the choice among them,
 * and the portable, constant-time version (integer multiplications only). */
#include "zuc_polyval.h"

#include <stdatomic.h>
#include <string.h>

/* Carry-less 32 x 32 -> 64 bits with integer multiplications: each operand
 * split into four with one bit in four kept, so that a product's terms for
 * one result bit (at most 8) sum without carrying into the next kept bit. */
static uint64_t clmul32(uint32_t a, uint32_t b)
{
    const uint64_t m0 = 0x1111111111111111u, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
    uint64_t a0 = a & m0, a1 = a & m1, a2 = a & m2, a3 = a & m3;
    uint64_t b0 = b & m0, b1 = b & m1, b2 = b & m2, b3 = b & m3;
    uint64_t r0 = (a0 * b0) ^ (a1 * b3) ^ (a2 * b2) ^ (a3 * b1);
    uint64_t r1 = (a0 * b1) ^ (a1 * b0) ^ (a2 * b3) ^ (a3 * b2);
    uint64_t r2 = (a0 * b2) ^ (a1 * b1) ^ (a2 * b0) ^ (a3 * b3);
    uint64_t r3 = (a0 * b3) ^ (a1 * b2) ^ (a2 * b1) ^ (a3 * b0);
    return (r0 & m0) | (r1 & m1) | (r2 & m2) | (r3 & m3);
}

/* Carry-less 64 x 64 -> 128 bits (Karatsuba over clmul32). */
static void clmul64(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    uint64_t l = clmul32(a0, b0), h = clmul32(a1, b1);
    uint64_t m = clmul32(a0 ^ a1, b0 ^ b1) ^ l ^ h;
    *lo = l ^ (m << 32);
    *hi = h ^ (m >> 32);
}

/* dot(a, b): the product, then two Montgomery folds (see
 * x86_64/clmul/zuc_polyval_pclmul.c); the multiplication of a word t by
 * x^63 + x^62 + x^57 is three shifts. */
static void dot_portable(uint64_t r[2], const uint64_t a[2], const uint64_t b[2])
{
    uint64_t l0, l1, h0, h1, m0, m1;
    clmul64(a[0], b[0], &l0, &l1);
    clmul64(a[1], b[1], &h0, &h1);
    clmul64(a[0] ^ a[1], b[0] ^ b[1], &m0, &m1);
    m0 ^= l0 ^ h0;
    m1 ^= l1 ^ h1;
    uint64_t t0 = l0, t1 = l1 ^ m0, t2 = h0 ^ m1, t3 = h1;
    t1 ^= (t0 << 63) ^ (t0 << 62) ^ (t0 << 57);
    t2 ^= (t0 >> 1) ^ (t0 >> 2) ^ (t0 >> 7) ^ t0;
    t2 ^= (t1 << 63) ^ (t1 << 62) ^ (t1 << 57);
    t3 ^= (t1 >> 1) ^ (t1 >> 2) ^ (t1 >> 7) ^ t1;
    r[0] = t2;
    r[1] = t3;
}

static uint64_t load_le64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

void zuc_polyval_start_h1(zuc_polyval *p, const uint64_t h[2], size_t nblocks)
{
    (void)nblocks;
    p->pow[ZUC_POLYVAL_POWERS - 1][0] = h[0];
    p->pow[ZUC_POLYVAL_POWERS - 1][1] = h[1];
    p->npow = 1;
    p->acc[0] = p->acc[1] = 0;
}

static void absorb_portable(zuc_polyval *p, const uint8_t *data, size_t nbytes)
{
    const uint64_t *h = p->pow[ZUC_POLYVAL_POWERS - 1];
    for (size_t i = 0; i < nbytes; i += 16) {
        uint8_t block[16] = { 0 };
        memcpy(block, data + i, nbytes - i < 16 ? nbytes - i : 16);
        uint64_t x[2] = { p->acc[0] ^ load_le64(block), p->acc[1] ^ load_le64(block + 8) };
        dot_portable(p->acc, x, h);
        zuc_wipe(block, sizeof block);
    }
}

static int always(void)
{
    return 1;
}

static const zuc_polyval_impl polyval_portable = {
    .name = "portable",
    .usable = always,
    .start = zuc_polyval_start_h1,
    .absorb = absorb_portable,
    .dot = dot_portable,
};

const zuc_polyval_impl *const zuc_polyval_impls[] = {
#if defined(__x86_64__)
#if !defined(ZUC_NO_AVX512)
    &zuc_polyval_vpclmul512,
#endif
    &zuc_polyval_vpclmul256, &zuc_polyval_pclmul,
#endif
#if defined(ZUC_HAVE_PMULL)
    &zuc_polyval_pmull,
#endif
    &polyval_portable,       NULL,
};

static const zuc_polyval_impl *first_usable(void)
{
    for (size_t i = 0;; i++)
        if (zuc_polyval_impls[i]->usable())
            return zuc_polyval_impls[i];
}

const zuc_polyval_impl *zuc_polyval_active(void)
{
    static _Atomic(const zuc_polyval_impl *) chosen;
    const zuc_polyval_impl *pv = atomic_load_explicit(&chosen, memory_order_relaxed);
    if (!pv) {
        pv = first_usable();
        atomic_store_explicit(&chosen, pv, memory_order_relaxed);
    }
    return pv;
}

void zuc_polyval_plan_group(zuc_polyval_plan *plan, const size_t nbytes[], int n)
{
    size_t most = 0;
    int partial = 0;
    for (int j = 0; j < n; j++)
        if (zuc_polyval_blocks(nbytes[j]) > most)
            most = zuc_polyval_blocks(nbytes[j]);
    plan->steps = (long)(most + 3) / 4;
    plan->first_whole = 0;
    plan->from = 3;
    plan->empty = 0;
    for (int j = 0; j < n; j++) {
        plan->lead[j] = 4 * plan->steps - (long)zuc_polyval_blocks(nbytes[j]);
        if (nbytes[j] == 0) {
            plan->empty |= 1u << j;
            plan->first_whole = plan->steps;
        } else {
            if (plan->lead[j] / 4 + 1 > plan->first_whole)
                plan->first_whole = plan->lead[j] / 4 + 1;
            if (plan->lead[j] < plan->from)
                plan->from = plan->lead[j];
        }
        partial |= nbytes[j] % 16 != 0;
    }
    plan->last_whole = plan->steps - partial;
}

void zuc_polyval_dots(const zuc_polyval_impl *pv, uint64_t r[][2], const uint64_t a[][2],
                      const uint64_t b[][2], size_t n)
{
    if (pv->dots) {
        pv->dots(r, a, b, n);
        return;
    }
    for (size_t i = 0; i < n; i++)
        pv->dot(r[i], a[i], b[i]);
}

void zuc_polyval_many_pairs(zuc_polyval_group pair, zuc_polyval_group one, unsigned width,
                            uint64_t acc[][2], const uint64_t h[][2], const uint8_t *const msg[],
                            const size_t nbytes[], size_t count)
{
    size_t paired = count % (2 * width) > width ? count : count - count % (2 * width);
    zuc_polyval_many_groups(pair, 2 * width, acc, h, msg, nbytes, paired);
    zuc_polyval_many_groups(one, width, acc + paired, h + paired, msg + paired, nbytes + paired,
                            count - paired);
}

void zuc_polyval_many_groups(zuc_polyval_group group, unsigned width, uint64_t acc[][2],
                             const uint64_t h[][2], const uint8_t *const msg[],
                             const size_t nbytes[], size_t count)
{
    size_t i = 0;
    for (; i + width <= count; i += width)
        group(acc + i, h + i, msg + i, nbytes + i);
    if (i == count)
        return;
    uint64_t hs[ZUC_POLYVAL_GROUP_MAX][2] = { { 0 } }, sums[ZUC_POLYVAL_GROUP_MAX][2] = { { 0 } };
    const uint8_t *ms[ZUC_POLYVAL_GROUP_MAX] = { NULL };
    size_t ns[ZUC_POLYVAL_GROUP_MAX] = { 0 };
    for (size_t j = 0; i + j < count; j++) {
        memcpy(hs[j], h[i + j], sizeof hs[j]);
        memcpy(sums[j], acc[i + j], sizeof sums[j]);
        ms[j] = msg[i + j];
        ns[j] = nbytes[i + j];
    }
    group(sums, (const uint64_t(*)[2])hs, ms, ns);
    for (size_t j = 0; i + j < count; j++)
        memcpy(acc[i + j], sums[j], sizeof sums[j]);
    zuc_wipe(hs, sizeof hs);
    zuc_wipe(sums, sizeof sums);
}

void zuc_polyval_wipe(zuc_polyval *p)
{
    unsigned n = p->npow <= ZUC_POLYVAL_POWERS ? p->npow : ZUC_POLYVAL_POWERS;
    zuc_wipe(p->pow[ZUC_POLYVAL_POWERS - n], n * sizeof p->pow[0]);
    zuc_wipe(p->acc, sizeof p->acc);
}
