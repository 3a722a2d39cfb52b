/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_head_store.h — a lane's first keystream words (its head: NIA6/NCA6's
 * H, Q, P, a short 128-EIA3's keystream) from a vector to memory, for the
 * AVX2 and AVX-512 lanes. The head is copied out soon after, and store
 * forwarding serves no load from a masked store: whole 256- and 128-bit
 * stores where whole vectors fit, a masked store only for a last one to
 * three words. Included after the intrinsics (native, or SIMDe's for the
 * emulated builds). */
#ifndef ZUC_HEAD_STORE_H
#define ZUC_HEAD_STORE_H

#include <stdint.h>

/* The first `left` (at least 1) of the eight words of r to dst. */
static inline __attribute__((always_inline)) void zuc_head_store8(uint32_t *dst, __m256i r,
                                                                  unsigned left)
{
    if (left >= 8) {
        _mm256_storeu_si256((__m256i *)dst, r);
        return;
    }
    __m128i part = _mm256_castsi256_si128(r);
    if (left >= 4) {
        _mm_storeu_si128((__m128i *)dst, part);
        part = _mm256_extracti128_si256(r, 1);
        dst += 4;
        left -= 4;
    }
    if (left) {
        __m128i keep = _mm_cmpgt_epi32(_mm_set1_epi32((int)left), _mm_setr_epi32(0, 1, 2, 3));
        _mm_maskstore_epi32((int *)dst, keep, part);
    }
}

#endif /* ZUC_HEAD_STORE_H */
