/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_mac_fold.c — the inner sum of 128-EIA3 and the ZUC-256 MACs, in
 * portable C, and the choice of a carry-less-multiply version (256-bit
 * VPCLMULQDQ, else PCLMULQDQ) where the CPU has one. */
#include <stdatomic.h>

#include "zuc_impl.h"

/* 32 message bits against the 64-bit window z_k || z_{k+1}: bit b of m
 * (most significant first) selects the window starting at bit b.
 * Branch-free, so the message bits do not steer the control flow. */
static uint32_t fold_word_portable(uint32_t m, uint64_t window)
{
    uint32_t t = 0;
    for (int b = 0; b < 32; b++) {
        uint32_t take = 0u - ((m >> (31 - b)) & 1);
        t ^= take & (uint32_t)(window >> (32 - b));
    }
    return t;
}

static uint32_t fold_portable(const uint8_t *msg, size_t nchunks, const uint32_t *z)
{
    uint32_t t = 0;
    for (size_t w = 0; w < 2 * nchunks; w++) {
        uint64_t window = ((uint64_t)z[w] << 32) | z[w + 1];
        t ^= fold_word_portable(zuc_load_be32(msg + 4 * w), window);
    }
    return t;
}

uint32_t zuc_mac_fold(const uint8_t *msg, size_t nchunks, const uint32_t *z)
{
#if defined(__x86_64__)
    static atomic_int use_clmul = -1; /* -1: not yet asked; 2: 256-bit */
    int use = atomic_load_explicit(&use_clmul, memory_order_relaxed);
    if (use < 0) {
        use = zuc_cpu_has_vpclmul() ? 2 : zuc_cpu_has_pclmul();
        atomic_store_explicit(&use_clmul, use, memory_order_relaxed);
    }
    if (use == 2 && nchunks >= 4)
        return zuc_mac_fold_vpclmul(msg, nchunks, z);
    if (use)
        return zuc_mac_fold_pclmul(msg, nchunks, z);
#endif
    return fold_portable(msg, nchunks, z);
}
