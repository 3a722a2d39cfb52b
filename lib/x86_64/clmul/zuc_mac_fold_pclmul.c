/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_mac_fold_pclmul.c — the MAC fold with PCLMULQDQ (x86, built with
 * -mpclmul -msse4.1 on this file only).
 *
 * For a 64-bit message chunk with bits m_0..m_63 and the 96 keystream bits
 * K = z_k || z_{k+1} || z_{k+2}, the XOR of the windows W_j (bits j..j+31
 * of K) over m_j = 1 is bits 64..95 of the carry-less product of K with the
 * chunk bit-reversed (bit j of the factor = m_j). Split K = Khi (z_k) and
 * Klo (z_{k+1} || z_{k+2}): that is hi64(clmul(M', Klo)) ^ lo64(clmul(M', Khi)),
 * truncated to 32 bits. Message bytes are bit-reversed with two nibble
 * shuffles. Constant time: no table lookups, no data-dependent branches. */
#include <immintrin.h>

#include "zuc_impl.h"

/* Bit-reverse every byte of v. */
static __m128i reverse_bits_in_bytes(__m128i v)
{
    const __m128i rev_to_high =
        _mm_setr_epi8(0x00, 0x80, 0x40, 0xC0, 0x20, 0xA0, 0x60, (char)0xE0, 0x10, (char)0x90, 0x50,
                      (char)0xD0, 0x30, (char)0xB0, 0x70, (char)0xF0);
    const __m128i rev_to_low = _mm_setr_epi8(0x0, 0x8, 0x4, 0xC, 0x2, 0xA, 0x6, 0xE, 0x1, 0x9, 0x5,
                                             0xD, 0x3, 0xB, 0x7, 0xF);
    const __m128i nibble = _mm_set1_epi8(0x0F);
    __m128i lo = _mm_and_si128(v, nibble);
    __m128i hi = _mm_and_si128(_mm_srli_epi16(v, 4), nibble);
    return _mm_or_si128(_mm_shuffle_epi8(rev_to_high, lo), _mm_shuffle_epi8(rev_to_low, hi));
}

/* [Klo, Khi] for the chunk whose keystream starts at z: qword 0 =
 * z[1] << 32 | z[2], qword 1 = z[0] (with a copy of z[0] above it, which only
 * reaches product bits that are dropped). Reads z[0..3]. */
static __m128i window_of(const uint32_t *z)
{
    __m128i k = _mm_loadu_si128((const __m128i *)z);
    return _mm_shuffle_epi32(k, _MM_SHUFFLE(0, 0, 1, 2));
}

uint32_t zuc_mac_fold_pclmul(const uint8_t *msg, size_t nchunks, const uint32_t *z)
{
    __m128i acc_hi = _mm_setzero_si128(); /* collects hi64(clmul(M', Klo)) */
    __m128i acc_lo = _mm_setzero_si128(); /* collects lo64(clmul(M', Khi)) */
    size_t c = 0;
    for (; c + 2 <= nchunks; c += 2) {
        __m128i m = reverse_bits_in_bytes(_mm_loadu_si128((const __m128i *)(msg + 8 * c)));
        __m128i k0 = window_of(z + 2 * c), k1 = window_of(z + 2 * c + 2);
        acc_hi = _mm_xor_si128(acc_hi, _mm_clmulepi64_si128(m, k0, 0x00));
        acc_lo = _mm_xor_si128(acc_lo, _mm_clmulepi64_si128(m, k0, 0x10));
        acc_hi = _mm_xor_si128(acc_hi, _mm_clmulepi64_si128(m, k1, 0x01));
        acc_lo = _mm_xor_si128(acc_lo, _mm_clmulepi64_si128(m, k1, 0x11));
    }
    if (c < nchunks) {
        __m128i m = reverse_bits_in_bytes(_mm_loadl_epi64((const __m128i *)(msg + 8 * c)));
        __m128i k0 = window_of(z + 2 * c);
        acc_hi = _mm_xor_si128(acc_hi, _mm_clmulepi64_si128(m, k0, 0x00));
        acc_lo = _mm_xor_si128(acc_lo, _mm_clmulepi64_si128(m, k0, 0x10));
    }
    uint64_t hi = (uint64_t)_mm_extract_epi64(acc_hi, 1);
    uint64_t lo = (uint64_t)_mm_cvtsi128_si64(acc_lo);
    return (uint32_t)(hi ^ lo);
}
