/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_mac_fold_vpclmul.c — the MAC fold four 64-bit chunks at a time with
 * 256-bit carry-less multiplication (VPCLMULQDQ; built with -mavx2
 * -mvpclmulqdq -mpclmul on this file only).
 *
 * The same sums as zuc_mac_fold_pclmul.c (see there), with two chunks in
 * each 128-bit half: chunks c, c+1 | c+2, c+3 of the message against the
 * windows K_c | K_{c+2} and K_{c+1} | K_{c+3}, each window built from 4
 * keystream words by one in-lane shuffle. Fewer than four chunks left go to
 * the 128-bit version. Constant time: no table lookups, no data-dependent
 * branches. */
#include <immintrin.h>

#include "zuc_impl.h"

/* Bit-reverse every byte of v. */
static __m256i reverse_bits_in_bytes(__m256i v)
{
    const __m256i rev_to_high =
        _mm256_setr_epi8(0x00, (char)0x80, 0x40, (char)0xC0, 0x20, (char)0xA0, 0x60, (char)0xE0,
                         0x10, (char)0x90, 0x50, (char)0xD0, 0x30, (char)0xB0, 0x70, (char)0xF0,
                         0x00, (char)0x80, 0x40, (char)0xC0, 0x20, (char)0xA0, 0x60, (char)0xE0,
                         0x10, (char)0x90, 0x50, (char)0xD0, 0x30, (char)0xB0, 0x70, (char)0xF0);
    const __m256i rev_to_low = _mm256_setr_epi8(
        0x0, 0x8, 0x4, 0xC, 0x2, 0xA, 0x6, 0xE, 0x1, 0x9, 0x5, 0xD, 0x3, 0xB, 0x7, 0xF, 0x0, 0x8,
        0x4, 0xC, 0x2, 0xA, 0x6, 0xE, 0x1, 0x9, 0x5, 0xD, 0x3, 0xB, 0x7, 0xF);
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    __m256i lo = _mm256_and_si256(v, nibble);
    __m256i hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble);
    return _mm256_or_si256(_mm256_shuffle_epi8(rev_to_high, lo),
                           _mm256_shuffle_epi8(rev_to_low, hi));
}

/* Windows of chunks k and k+2: in each half, qword 0 = z[1] << 32 | z[2]
 * and qword 1 = z[0] (z counted from that chunk's first word). Reads
 * z[0..7]. */
static __m256i windows_of(const uint32_t *z)
{
    __m256i k = _mm256_loadu_si256((const __m256i *)z);
    return _mm256_shuffle_epi32(k, _MM_SHUFFLE(0, 0, 1, 2));
}

uint32_t zuc_mac_fold_vpclmul(const uint8_t *msg, size_t nchunks, const uint32_t *z)
{
    __m256i acc_hi = _mm256_setzero_si256(); /* hi64(clmul(M', Klo)) in qword 1 */
    __m256i acc_lo = _mm256_setzero_si256(); /* lo64(clmul(M', Khi)) in qword 0 */
    size_t c = 0;
    for (; c + 4 <= nchunks; c += 4) {
        __m256i m = reverse_bits_in_bytes(_mm256_loadu_si256((const __m256i *)(msg + 8 * c)));
        __m256i k0 = windows_of(z + 2 * c), k1 = windows_of(z + 2 * c + 2);
        acc_hi = _mm256_xor_si256(acc_hi, _mm256_clmulepi64_epi128(m, k0, 0x00));
        acc_lo = _mm256_xor_si256(acc_lo, _mm256_clmulepi64_epi128(m, k0, 0x10));
        acc_hi = _mm256_xor_si256(acc_hi, _mm256_clmulepi64_epi128(m, k1, 0x01));
        acc_lo = _mm256_xor_si256(acc_lo, _mm256_clmulepi64_epi128(m, k1, 0x11));
    }
    __m128i hi = _mm_xor_si128(_mm256_castsi256_si128(acc_hi), _mm256_extracti128_si256(acc_hi, 1));
    __m128i lo = _mm_xor_si128(_mm256_castsi256_si128(acc_lo), _mm256_extracti128_si256(acc_lo, 1));
    uint32_t t = (uint32_t)((uint64_t)_mm_extract_epi64(hi, 1) ^ (uint64_t)_mm_cvtsi128_si64(lo));
    if (c < nchunks)
        t ^= zuc_mac_fold_pclmul(msg + 8 * c, nchunks - c, z + 2 * c);
    return t;
}
