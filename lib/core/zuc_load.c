/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_load.c — key loading and IV derivation, shared by every implementation,
 * written as the specifications state them. */
#include <string.h>

#include "zuc_impl.h"

/* ZUC-128 (3GPP Doc 2 §3.6.1): s_i = k_i || d_i || iv_i, 8 + 15 + 8 bits. */
static const uint32_t ek_d[16] = {
    0x44D7, 0x26BC, 0x626B, 0x135E, 0x5789, 0x35E2, 0x7135, 0x09AF,
    0x4D78, 0x2F13, 0x6BC4, 0x1AF1, 0x5E26, 0x3C4D, 0x789A, 0x47AC,
};

void zuc128_load(uint32_t s[16], const uint8_t key[16], const uint8_t iv[16])
{
    for (int i = 0; i < 16; i++)
        s[i] = ((uint32_t)key[i] << 23) | (ek_d[i] << 8) | iv[i];
}

/* The same for the IVs of 128-EEA3 / 128-EIA3 (Doc 1 §3.3, §4.3), the IV
 * bytes made in registers: IV0..3 = COUNT, IV4 = byte4, IV5..7 = 0, IV8..15 =
 * IV0..7, then IV8 and IV14 XOR flip. Storing the IV bytes one by one and
 * reading them back as a vector stalls store forwarding, which costs more
 * than all of key loading. With SSE2 the sixteen cells are made four at a
 * time (a third of the instructions: it runs once per message). */
#if defined(__SSE2__)
#include <emmintrin.h>

/* Bytes 0..15 of v widened to 32 bits, four at a time. */
static void widen_bytes(__m128i v, __m128i out[4])
{
    const __m128i zero = _mm_setzero_si128();
    __m128i lo = _mm_unpacklo_epi8(v, zero), hi = _mm_unpackhi_epi8(v, zero);
    out[0] = _mm_unpacklo_epi16(lo, zero);
    out[1] = _mm_unpackhi_epi16(lo, zero);
    out[2] = _mm_unpacklo_epi16(hi, zero);
    out[3] = _mm_unpackhi_epi16(hi, zero);
}

void zuc128_load_3gpp(uint32_t s[16], const uint8_t key[16], uint32_t count, uint8_t byte4,
                      uint8_t flip)
{
    /* IV0..7 as a little-endian 64-bit word: COUNT big-endian, then byte4 */
    uint64_t half = (uint64_t)__builtin_bswap32(count) | (uint64_t)byte4 << 32;
    uint64_t upper = half ^ ((uint64_t)flip | (uint64_t)flip << 48);
    __m128i k[4], v[4];
    widen_bytes(_mm_loadu_si128((const __m128i *)key), k);
    widen_bytes(_mm_set_epi64x((long long)upper, (long long)half), v);
    for (int q = 0; q < 4; q++) {
        __m128i d = _mm_slli_epi32(_mm_loadu_si128((const __m128i *)&ek_d[4 * q]), 8);
        __m128i cell = _mm_or_si128(_mm_or_si128(_mm_slli_epi32(k[q], 23), d), v[q]);
        _mm_storeu_si128((__m128i *)&s[4 * q], cell);
    }
}
#else
void zuc128_load_3gpp(uint32_t s[16], const uint8_t key[16], uint32_t count, uint8_t byte4,
                      uint8_t flip)
{
    for (int i = 0; i < 16; i++) {
        int k = i % 8;
        uint32_t v = k < 4 ? (count >> (24 - 8 * k)) & 0xFF : k == 4 ? byte4 : 0;
        if (i == 8 || i == 14)
            v ^= flip;
        s[i] = ((uint32_t)key[i] << 23) | (ek_d[i] << 8) | v;
    }
}
#endif

/* ZUC-256: the 7-bit constants d_0..d_15 of each version, one set for
 * encryption and one for each MAC tag size (they differ in d_0 and d_2).
 * 2018 paper §2.2; 2021 addendum §2, which the 2023 scheme keeps. */
#define D2018(d0, d2)                                                                              \
    {                                                                                              \
        d0, 0x2F, d2, 0x2A, 0x6D, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x52, 0x10, 0x30 \
    }
#define D2021(d0, d2)                                                                              \
    {                                                                                              \
        d0, 0x43, d2, 0x2A, 0x11, 0x05, 0x51, 0x42, 0x1A, 0x31, 0x18, 0x66, 0x14, 0x2E, 0x01, 0x5C \
    }
static const uint8_t d256[12][16] = {
    [ZUC256_D_CRYPT] = D2018(0x22, 0x24),   [ZUC256_D_MAC32] = D2018(0x22, 0x25),
    [ZUC256_D_MAC64] = D2018(0x23, 0x24),   [ZUC256_D_MAC128] = D2018(0x23, 0x25),
    [ZUC256_D21_CRYPT] = D2021(0x64, 0x7B), [ZUC256_D21_MAC32] = D2021(0x64, 0x7A),
    [ZUC256_D21_MAC64] = D2021(0x65, 0x7B), [ZUC256_D21_MAC128] = D2021(0x65, 0x7A),
    [ZUC256_D23_CRYPT] = D2021(0x64, 0x7B), [ZUC256_D23_MAC32] = D2021(0x64, 0x7A),
    [ZUC256_D23_MAC64] = D2021(0x65, 0x7B), [ZUC256_D23_MAC128] = D2021(0x65, 0x7A),
};

/* s_i = a (8 bits) || b (7 bits) || c (8 bits) || e (8 bits) */
static uint32_t u31(uint32_t a, uint32_t b, uint32_t c, uint32_t e)
{
    return (a << 23) | (b << 16) | (c << 8) | e;
}

/* 128-bit IV (addendum §2): s_i = K_i || d_i || K_{16+i} || K_{24+i}
 * (i = 0..6), s_i = K_i || d_i || IV_{i-7} || IV_{i+1} (i = 7..14),
 * s_15 = K_15 || d_15 || K_23 || K_31. */
static void load_iv128(uint32_t s[16], const uint8_t k[32], const uint8_t iv[16],
                       const uint8_t d[16])
{
    for (int i = 0; i < 7; i++)
        s[i] = u31(k[i], d[i], k[16 + i], k[24 + i]);
    for (int i = 7; i < 15; i++)
        s[i] = u31(k[i], d[i], iv[i - 7], iv[i + 1]);
    s[15] = u31(k[15], d[15], k[23], k[31]);
}

#if defined(__SSE2__)
/* load_iv128 four cells at a time: s_i = (K_i << 7 | d_i) << 16 | c_i << 8
 * | e_i, its two 16-bit halves made as vectors of bytes, then interleaved. */
static void load_iv128_sse2(uint32_t s[16], const uint8_t k[32], const uint8_t iv[16],
                            const uint8_t d[16])
{
    const __m128i zero = _mm_setzero_si128();
    const __m128i first7 = _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m128i last = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1);
    const __m128i middle = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, -1, 0);
    __m128i klo = _mm_loadu_si128((const __m128i *)k);
    __m128i khi = _mm_loadu_si128((const __m128i *)(k + 16));
    __m128i v = _mm_loadu_si128((const __m128i *)iv);
    __m128i dv = _mm_loadu_si128((const __m128i *)d);
    /* c: K16..K22, IV0..IV7, K23; e: K24..K30, IV8..IV15, K31 */
    __m128i c = _mm_or_si128(
        _mm_or_si128(_mm_and_si128(khi, first7), _mm_and_si128(_mm_slli_si128(khi, 8), last)),
        _mm_and_si128(_mm_slli_si128(v, 7), middle));
    __m128i e = _mm_or_si128(
        _mm_or_si128(_mm_and_si128(_mm_srli_si128(khi, 8), first7), _mm_and_si128(khi, last)),
        _mm_and_si128(_mm_srli_si128(v, 1), middle));
    __m128i lo[2] = { _mm_unpacklo_epi8(e, c), _mm_unpackhi_epi8(e, c) };
    __m128i hi[2] = {
        _mm_or_si128(_mm_slli_epi16(_mm_unpacklo_epi8(klo, zero), 7), _mm_unpacklo_epi8(dv, zero)),
        _mm_or_si128(_mm_slli_epi16(_mm_unpackhi_epi8(klo, zero), 7), _mm_unpackhi_epi8(dv, zero)),
    };
    for (int h = 0; h < 2; h++) {
        _mm_storeu_si128((__m128i *)&s[8 * h], _mm_unpacklo_epi16(lo[h], hi[h]));
        _mm_storeu_si128((__m128i *)&s[8 * h + 4], _mm_unpackhi_epi16(lo[h], hi[h]));
    }
}
#endif

void zuc256_load_fast(uint32_t s[16], const uint8_t k[32], const uint8_t *iv, zuc256_dset dset)
{
#if defined(__SSE2__)
    if (zuc256_dset_iv128(dset)) {
        load_iv128_sse2(s, k, iv, d256[dset]);
        return;
    }
#endif
    zuc256_load(s, k, iv, dset);
}

void zuc256_load(uint32_t s[16], const uint8_t k[32], const uint8_t *iv, zuc256_dset dset)
{
    const uint8_t *d = d256[dset];
    if (zuc256_dset_iv128(dset)) {
        load_iv128(s, k, iv, d);
        return;
    }
    uint8_t v6[8]; /* IV17..IV24: 6 bits each */
    for (int i = 0; i < 8; i++)
        v6[i] = iv[17 + i] & 0x3F;
    s[0] = u31(k[0], d[0], k[21], k[16]);
    s[1] = u31(k[1], d[1], k[22], k[17]);
    s[2] = u31(k[2], d[2], k[23], k[18]);
    s[3] = u31(k[3], d[3], k[24], k[19]);
    s[4] = u31(k[4], d[4], k[25], k[20]);
    s[5] = u31(iv[0], d[5] | v6[0], k[5], k[26]);
    s[6] = u31(iv[1], d[6] | v6[1], k[6], k[27]);
    s[7] = u31(iv[10], d[7] | v6[2], k[7], iv[2]);
    s[8] = u31(k[8], d[8] | v6[3], iv[3], iv[11]);
    s[9] = u31(k[9], d[9] | v6[4], iv[12], iv[4]);
    s[10] = u31(iv[5], d[10] | v6[5], k[10], k[28]);
    s[11] = u31(k[11], d[11] | v6[6], iv[6], iv[13]);
    s[12] = u31(k[12], d[12] | v6[7], iv[7], iv[14]);
    s[13] = u31(k[13], d[13], iv[15], iv[8]);
    s[14] = u31(k[14], d[14] | (k[31] >> 4), iv[16], iv[9]);
    s[15] = u31(k[15], d[15] | (k[31] & 0x0F), k[30], k[29]);
}

/* 128-EEA3 (Doc 1 §3.3): COUNT || BEARER || DIRECTION || 0..., twice. */
void zuc_iv_of_eea3(uint8_t iv[16], uint32_t count, uint8_t bearer, uint8_t direction)
{
    zuc_store_be32(iv, count);
    iv[4] = (uint8_t)((bearer << 3) | (direction << 2));
    iv[5] = iv[6] = iv[7] = 0;
    memcpy(iv + 8, iv, 8);
}

/* 128-EIA3 (Doc 1 §4.3): as EEA3 without DIRECTION in byte 4; DIRECTION
 * flips the top bits of bytes 8 and 14. */
void zuc_iv_of_eia3(uint8_t iv[16], uint32_t count, uint8_t bearer, uint8_t direction)
{
    zuc_store_be32(iv, count);
    iv[4] = (uint8_t)(bearer << 3);
    iv[5] = iv[6] = iv[7] = 0;
    memcpy(iv + 8, iv, 8);
    iv[8] ^= (uint8_t)(direction << 7);
    iv[14] ^= (uint8_t)(direction << 7);
}

/* ZUC-NEA6 / NIA6 / NCA6. The layout is inferred from the published test
 * vectors (see zuc.h): byte 0 the algorithm and tag size, byte 1 BEARER ||
 * DIRECTION, bytes 8..11 COUNT. */
void zuc_nxa6_make_iv(uint8_t iv[16], int alg, size_t tag_bytes, uint32_t count, uint8_t bearer,
                      uint8_t direction)
{
    uint8_t byte0 = alg == ZUC_NEA6 ? 0 : (uint8_t)(8 * tag_bytes + (alg == ZUC_NCA6 ? 4 : 0));
    uint8_t byte1 = (uint8_t)(bearer << 1 | direction);
#if defined(__SSE2__)
    /* one 16-byte store: the key loading reads the IV back whole, which
     * store forwarding cannot serve from narrower stores */
    uint64_t low = (uint64_t)byte0 | (uint64_t)byte1 << 8;
    uint64_t high = __builtin_bswap32(count); /* bytes 8..11: COUNT, big-endian */
    _mm_storeu_si128((__m128i *)iv, _mm_set_epi64x((long long)high, (long long)low));
#else
    memset(iv, 0, 16);
    iv[0] = byte0;
    iv[1] = byte1;
    zuc_store_be32(iv + 8, count);
#endif
}

const uint8_t *zuc_nxa6_job_iv(uint8_t buf[16], const uint8_t *iv, int alg, size_t tag_bytes,
                               uint32_t count, uint8_t bearer, uint8_t direction)
{
    if (iv)
        return iv;
    zuc_nxa6_make_iv(buf, alg, tag_bytes, count, bearer, direction);
    return buf;
}
