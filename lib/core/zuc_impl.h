/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_impl.h — what every implementation of libzuc provides, and the shared
 * pieces (key loading, IV derivation, the S-boxes) they are built from.
 * Internal: never installed. */
#ifndef ZUC_IMPL_H
#define ZUC_IMPL_H

#include "zuc.h"

#define ZUC_INTERNAL __attribute__((visibility("hidden")))

/* The three ZUC-256 constant sets of the 2018 design that a caller can ask
 * for: encryption, and one per MAC tag size. */
typedef enum { ZUC256_D_CRYPT, ZUC256_D_MAC32, ZUC256_D_MAC64, ZUC256_D_MAC128 } zuc256_dset;

/* Up to ZUC_LANES_MAX independent streams side by side: row j holds cell s_j
 * of every lane, R1 and R2 likewise (an implementation with fewer lanes uses
 * the first entries of each row). Aligned for vector loads. */
#define ZUC_LANES_MAX 16
typedef struct {
    _Alignas(64) uint32_t s[16][ZUC_LANES_MAX];
    _Alignas(64) uint32_t r1[ZUC_LANES_MAX];
    _Alignas(64) uint32_t r2[ZUC_LANES_MAX];
} zuc_lanes;

/* One implementation: a name, its width, and its primitives. A one-lane
 * path (lanes == 1) has the keystream primitives (init128, init256,
 * keystream, xor_keystream); its mode functions are optional: NULL means
 * "use the word-wise modes of zuc_modes.c over this implementation's
 * keystream". The reference sets them to its spec-literal versions so that
 * it stays an independent oracle. A multi-lane path (lanes > 1) has only the
 * lanes primitives: one message per call always runs on a one-lane path
 * (zuc_dispatch.c), where it is fastest. */
typedef struct zuc_impl {
    const char *name;
    unsigned lanes;           /* independent streams processed at once */
    int constant_time;        /* 1 if no secret-dependent branch or address */
    int needs_avx512;         /* 1 if it runs AVX-512 (F, BW, VL) instructions:
                               * never usable under ZUC_NO_AVX512 */
    int (*usable)(void);      /* CPU and OS support; 1 = can run here */

    void (*init128)(zuc_state *st, const uint8_t key[16], const uint8_t iv[16]);
    void (*init256)(zuc_state *st, const uint8_t key[32], const uint8_t iv[25],
                    zuc256_dset d);
    void (*keystream)(zuc_state *st, uint32_t *words, size_t nwords);
    /* out = in XOR keystream, nbytes bytes; when nbytes is not a multiple of 4
     * the last word's unused bytes are consumed (the stream cannot go on). */
    void (*xor_keystream)(zuc_state *st, const uint8_t *in, uint8_t *out, size_t nbytes);

    void (*eea3)(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                 const uint8_t *in, uint8_t *out, size_t length_bits);
    uint32_t (*eia3)(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                     const uint8_t *msg, size_t length_bits);
    void (*zuc256_crypt)(const uint8_t key[32], const uint8_t iv[25],
                         const uint8_t *in, uint8_t *out, size_t length_bytes);
    void (*zuc256_mac)(const uint8_t key[32], const uint8_t iv[25], const uint8_t *msg,
                       size_t length_bits, uint8_t *tag, size_t tag_bytes);

    /* Multi-lane primitives, set when lanes > 1 (zuc_lanes.c schedules
     * messages over them). A block is block_words keystream words per lane.
     * lanes_init loads and initialises (33 rounds) the lanes of `mask` from
     * cells[l][0..15], the LFSR after key loading; cells is read for every
     * lane, and the other lanes keep their streams. lanes_keystream writes
     * nblocks blocks of each lane l to out[l] (skipped when NULL);
     * lanes_xor writes out[l] = in[l] XOR keystream bytes (big-endian
     * words) for nblocks blocks, lanes whose in[l] is NULL only advance. */
    unsigned block_words;
    void (*lanes_init)(zuc_lanes *st, unsigned mask, const uint32_t (*cells)[16]);
    void (*lanes_keystream)(zuc_lanes *st, uint32_t *const *out, size_t nblocks);
    void (*lanes_xor)(zuc_lanes *st, const uint8_t *const *in, uint8_t *const *out,
                      size_t nblocks);
    /* Optional: the last block of messages that end in it, in place: the
     * lanes advance nwords (<= block_words) steps and out[l] = in[l] XOR
     * keystream over nbytes[l] <= 4 nwords bytes (lanes whose in[l] is NULL
     * only advance); nothing beyond nbytes[l] is read or written. NULL:
     * lanes_xor through bounce buffers. */
    void (*lanes_xor_partial)(zuc_lanes *st, const uint8_t *const *in, uint8_t *const *out,
                              const size_t *nbytes, unsigned nwords);
    /* Optional, for the MACs of a multi-lane path: acc[j] ^= the fold of
     * nchunks 64-bit chunks of msg against the windows from z + j, for every
     * tag word j < ntags (zuc_mac_fold's sum, all tag words in one pass).
     * NULL: zuc_mac_fold once per tag word. */
    void (*mac_fold)(const uint8_t *msg, size_t nchunks, const uint32_t *z, unsigned ntags,
                     uint32_t acc[4]);
} zuc_impl;

extern const zuc_impl zuc_impl_ref;
extern const zuc_impl zuc_impl_scalar;
#if defined(__x86_64__)
extern const zuc_impl zuc_impl_scalar_v3;
extern const zuc_impl zuc_impl_avx2;
extern const zuc_impl zuc_impl_avx2_vaes;
#if !defined(ZUC_NO_AVX512)
extern const zuc_impl zuc_impl_avx512_gfni;
extern const zuc_impl zuc_impl_avx512_aesni;
#endif
#endif

/* Implementations that only the tests link in (the emulated builds of
 * tests/CMakeLists.txt), NULL-terminated; absent (NULL) in the library. They
 * are listed after the others and never chosen automatically. */
ZUC_INTERNAL extern const zuc_impl *const zuc_test_impls[] __attribute__((weak));

/* The implementations chosen by zuc_dispatch.c (never NULL): for one
 * message per call, and for many (zuc_*_n). */
ZUC_INTERNAL const zuc_impl *zuc_active_impl(void);
ZUC_INTERNAL const zuc_impl *zuc_active_impl_n(void);

/* The S-boxes S0 and S1 (3GPP Doc 2 §3.4.2). */
ZUC_INTERNAL extern const uint8_t zuc_sbox0[256];
ZUC_INTERNAL extern const uint8_t zuc_sbox1[256];

/* Key loading (3GPP Doc 2 §3.6.1; ZUC-256 paper §2.2): fills s[0..15] with
 * 31-bit words. Shared by the fast paths; the reference has its own. */
ZUC_INTERNAL void zuc128_load(uint32_t s[16], const uint8_t key[16], const uint8_t iv[16]);
ZUC_INTERNAL void zuc256_load(uint32_t s[16], const uint8_t key[32], const uint8_t iv[25],
                              zuc256_dset d);
/* zuc128_load with the IV of 128-EEA3 (byte4 = BEARER << 3 | DIRECTION << 2,
 * flip = 0) or 128-EIA3 (byte4 = BEARER << 3, flip = DIRECTION << 7). */
ZUC_INTERNAL void zuc128_load_3gpp(uint32_t s[16], const uint8_t key[16], uint32_t count,
                                   uint8_t byte4, uint8_t flip);

/* The ZUC-128 IVs of 128-EEA3 and 128-EIA3 (3GPP Doc 1 §3.3, §4.3). Named
 * so as not to collide with ipsec-mb's zuc_eea3_iv_gen / zuc_eia3_iv_gen. */
ZUC_INTERNAL void zuc_iv_of_eea3(uint8_t iv[16], uint32_t count, uint8_t bearer, uint8_t direction);
ZUC_INTERNAL void zuc_iv_of_eia3(uint8_t iv[16], uint32_t count, uint8_t bearer, uint8_t direction);

/* Word-wise modes over any implementation's keystream (zuc_modes.c). */
ZUC_INTERNAL void zuc_modes_eea3(const zuc_impl *im, const uint8_t key[16], uint32_t count,
                                 uint8_t bearer, uint8_t direction, const uint8_t *in,
                                 uint8_t *out, size_t length_bits);
ZUC_INTERNAL uint32_t zuc_modes_eia3(const zuc_impl *im, const uint8_t key[16], uint32_t count,
                                     uint8_t bearer, uint8_t direction, const uint8_t *msg,
                                     size_t length_bits);
ZUC_INTERNAL void zuc_modes_zuc256_crypt(const zuc_impl *im, const uint8_t key[32],
                                         const uint8_t iv[25], const uint8_t *in, uint8_t *out,
                                         size_t length_bytes);
ZUC_INTERNAL void zuc_modes_zuc256_mac(const zuc_impl *im, const uint8_t key[32],
                                       const uint8_t iv[25], const uint8_t *msg,
                                       size_t length_bits, uint8_t *tag, size_t tag_bytes);

/* Many messages over an implementation's lanes (zuc_lanes.c): each lane
 * takes the next message as soon as its own ends. The jobs are valid
 * (checked by zuc_api.c). */
ZUC_INTERNAL void zuc_lanes_eea3(const zuc_impl *im, const zuc_eea3_job *jobs, size_t n);
ZUC_INTERNAL void zuc_lanes_eia3(const zuc_impl *im, const zuc_eia3_job *jobs, size_t n);
ZUC_INTERNAL void zuc_lanes_zuc256_crypt(const zuc_impl *im, const zuc256_crypt_job *jobs,
                                         size_t n);
ZUC_INTERNAL void zuc_lanes_zuc256_mac(const zuc_impl *im, const zuc256_mac_job *jobs, size_t n);

/* XOR, over the 64 * nchunks message bits i with m_i = 1, of the 32-bit
 * keystream window starting at bit i of z (bits numbered from the most
 * significant of z[0]). Reads z[0 .. 2 * nchunks + 1]. zuc_mac_fold.c picks
 * carry-less multiplication when the CPU has it. */
ZUC_INTERNAL uint32_t zuc_mac_fold(const uint8_t *msg, size_t nchunks, const uint32_t *z);
#if defined(__x86_64__)
ZUC_INTERNAL uint32_t zuc_mac_fold_pclmul(const uint8_t *msg, size_t nchunks, const uint32_t *z);
ZUC_INTERNAL uint32_t zuc_mac_fold_vpclmul(const uint8_t *msg, size_t nchunks, const uint32_t *z);
#endif

/* CPU features (zuc_dispatch.c): PCLMULQDQ (with SSSE3, SSE4.1); AVX2 with
 * YMM state enabled by the OS; that and 256-bit VPCLMULQDQ; AVX-512. */
ZUC_INTERNAL int zuc_cpu_has_pclmul(void);
ZUC_INTERNAL int zuc_cpu_has_avx2(void);
ZUC_INTERNAL int zuc_cpu_has_vpclmul(void);
/* AVX-512 F, BW and VL with opmask and ZMM state enabled by the OS; always 0
 * when libzuc is built with ZUC_NO_AVX512 (the feature bits are masked). */
ZUC_INTERNAL int zuc_cpu_has_avx512(void);

/* Overwrite secret memory in a way the compiler may not drop. */
ZUC_INTERNAL void zuc_wipe(void *p, size_t n);

/* ceil(bits / 8) without bits + 7, which wraps for a 32-bit size_t near
 * the 3GPP limit of 2^32 - 1 bits. */
static inline size_t zuc_bytes_of_bits(size_t bits)
{
    return bits / 8 + (bits % 8 != 0);
}

static inline uint32_t zuc_load_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static inline void zuc_store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);  p[3] = (uint8_t)v;
}

#endif /* ZUC_IMPL_H */
