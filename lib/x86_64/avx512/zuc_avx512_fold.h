/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_avx512_fold.h — the MAC fold of the 16-lane path, eight 64-bit chunks
 * at a time with 512-bit carry-less multiplication (VPCLMULQDQ), the whole
 * tag of a ZUC-256 MAC in one product. Included by zuc_avx512.c.
 *
 * For a chunk with bits m_0..m_63 whose keystream starts at word k, and K
 * the keystream from there as one number (z_k most significant), the tag's
 * sum over m_n = 1 of the w-bit windows K[n .. n + w) is bits 64 .. 64 + w
 * of the carry-less product of K with the chunk bit-reversed (bit n of the
 * factor = m_n). With K cut into 64-bit pieces A || B || C (z_k || z_k+1,
 * ...), that is
 *   w = 64:  lo64(A x M') ^ hi64(B x M')
 *   w = 128: (B x M') ^ lo64(A x M') << 64 ^ hi64(C x M')
 * and a 32-bit tag is the top half of the 64-bit sum: two products a chunk
 * for 128-EIA3 and the 32- and 64-bit MACs, three for the 128-bit MAC. The
 * next chunk's pieces start two words later (its A is this chunk's B), so
 * two loads give the pieces of the two chunks of every 128-bit block. The
 * message is bit-reversed by one GF2P8AFFINEQB. The last round takes the
 * chunks left (fewer than eight: the short messages of a MAC) with masked
 * loads, zero beyond them. Constant time: no table lookups, no
 * data-dependent branches. */
#ifndef ZUC_AVX512_FOLD_H
#define ZUC_AVX512_FOLD_H

#include "zuc_avx512_intrin.h"
#include "zuc_impl.h"

#define ZUC_FOLD_INLINE static inline __attribute__((always_inline))
/* The matrix of GF2P8AFFINEQB that reverses the bits of every byte. */
#define ZUC_GFNI_BIT_REVERSE 0x8040201008040201ULL

/* The first nbytes (all if 64 or more) of the 64 at p, zeros after. */
ZUC_FOLD_INLINE __m512i zuc_avx512_load_first(const void *p, size_t nbytes)
{
    uint64_t k = nbytes >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << nbytes) - 1;
    return _mm512_maskz_loadu_epi8(k, p);
}

/* Per 128-bit block L: qword i = z[4L + 2i] << 32 | z[4L + 2i + 1], the
 * 64-bit pieces of K, from the first nwords of z[0..15] (zeros after). */
ZUC_FOLD_INLINE __m512i zuc_avx512_pieces(const uint32_t *z, size_t nwords)
{
    return _mm512_shuffle_epi32(zuc_avx512_load_first(z, 4 * nwords),
                                (_MM_PERM_ENUM)_MM_SHUFFLE(2, 3, 0, 1));
}

/* The XOR of the four 128-bit blocks of v. */
ZUC_FOLD_INLINE __m128i zuc_avx512_xor_blocks(__m512i v)
{
    __m256i a = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
}

ZUC_FOLD_INLINE uint64_t zuc_qword(__m128i v, int i)
{
    return (uint64_t)(i ? _mm_extract_epi64(v, 1) : _mm_cvtsi128_si64(v));
}

/* acc[j] ^= the fold of nchunks chunks of msg against the windows from
 * z + j, j < ntags (1, 2 or 4). Reads z[0 .. 2 nchunks + 3]. */
static void zuc_avx512_mac_fold(const uint8_t *msg, size_t nchunks, const uint32_t *z,
                                unsigned ntags, uint32_t acc[4])
{
    const __m512i reverse = _mm512_set1_epi64((long long)ZUC_GFNI_BIT_REVERSE);
    __m512i pa = _mm512_setzero_si512(), pb = pa, pc = pa; /* the A, B, C products */
    /* the last round's chunks past nchunks are zero (masked loads), and so
     * is the keystream past what the fold may read, z[2 nchunks + 3] */
    for (size_t c = 0; c < nchunks; c += 8) {
        size_t left = nchunks - c;
        __m512i m =
            _mm512_gf2p8affine_epi64_epi8(zuc_avx512_load_first(msg + 8 * c, 8 * left), reverse, 0);
        /* block L: k1 = A, B of chunk 2L (B = A of chunk 2L+1), k2 = its C, then D */
        __m512i k1 = zuc_avx512_pieces(z + 2 * c, 2 * left + 4);
        __m512i k2 = zuc_avx512_pieces(z + 2 * c + 4, 2 * left);
        pa = _mm512_ternarylogic_epi32(pa, _mm512_clmulepi64_epi128(m, k1, 0x00),
                                       _mm512_clmulepi64_epi128(m, k1, 0x11), 0x96);
        pb = _mm512_ternarylogic_epi32(pb, _mm512_clmulepi64_epi128(m, k1, 0x10),
                                       _mm512_clmulepi64_epi128(m, k2, 0x01), 0x96);
        if (ntags == 4)
            pc = _mm512_ternarylogic_epi32(pc, _mm512_clmulepi64_epi128(m, k2, 0x00),
                                           _mm512_clmulepi64_epi128(m, k2, 0x11), 0x96);
    }
    __m128i a = zuc_avx512_xor_blocks(pa), b = zuc_avx512_xor_blocks(pb);
    __m128i cc = zuc_avx512_xor_blocks(pc);
    uint64_t hi = zuc_qword(a, 0) ^ zuc_qword(b, 1);  /* tag bits 0..63 */
    uint64_t lo = zuc_qword(b, 0) ^ zuc_qword(cc, 1); /* tag bits 64..127 */
    uint32_t sum[4] = { (uint32_t)(hi >> 32), (uint32_t)hi, (uint32_t)(lo >> 32), (uint32_t)lo };
    for (unsigned j = 0; j < ntags; j++)
        acc[j] ^= sum[j];
}

#endif /* ZUC_AVX512_FOLD_H */
