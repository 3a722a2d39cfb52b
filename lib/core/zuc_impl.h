/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_impl.h — what every implementation of libzuc provides, and the shared
 * pieces (key loading, IV derivation, the S-boxes) they are built from.
 * Internal: never installed. */
#ifndef ZUC_IMPL_H
#define ZUC_IMPL_H

#include <string.h>

#include "zuc.h"

#define ZUC_INTERNAL __attribute__((visibility("hidden")))

/* A ZUC-256 key/IV setup: the version (its key/IV loading and number of
 * initialisation rounds) and the constant set, one for encryption and one
 * per MAC tag size, four per version:
 *   2018 (paper): 184-bit IV, 32 rounds;
 *   2021 (addendum): 128-bit IV, 32 rounds;
 *   2023 (new initialisation, 3GPP ZUC-NEA6/NIA6/NCA6): 128-bit IV, 48 rounds. */
typedef enum {
    ZUC256_D_CRYPT,
    ZUC256_D_MAC32,
    ZUC256_D_MAC64,
    ZUC256_D_MAC128,
    ZUC256_D21_CRYPT,
    ZUC256_D21_MAC32,
    ZUC256_D21_MAC64,
    ZUC256_D21_MAC128,
    ZUC256_D23_CRYPT,
    ZUC256_D23_MAC32,
    ZUC256_D23_MAC64,
    ZUC256_D23_MAC128,
} zuc256_dset;

/* The constant set of a version (2018, 2021 or 2023, checked by the caller)
 * for encryption (tag_bytes 0) or a MAC of 4, 8 or 16 bytes. */
static inline zuc256_dset zuc256_dset_of(int version, size_t tag_bytes)
{
    unsigned v = version == 2023 ? 2u : version == 2021 ? 1u : 0u;
    unsigned t = tag_bytes == 4 ? 1u : tag_bytes == 8 ? 2u : tag_bytes == 16 ? 3u : 0u;
    return (zuc256_dset)(4 * v + t);
}

/* Initialisation rounds before the discarded working round. */
static inline unsigned zuc256_init_rounds(zuc256_dset d)
{
    return d >= ZUC256_D23_CRYPT ? 48 : 32;
}

/* Whether a set loads the 128-bit IV (16 bytes) rather than the 25-byte one. */
static inline int zuc256_dset_iv128(zuc256_dset d)
{
    return d >= ZUC256_D21_CRYPT;
}

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
    unsigned lanes;      /* independent streams processed at once */
    int constant_time;   /* 1 if no secret-dependent branch or address */
    int needs_avx512;    /* 1 if it runs AVX-512 (F, BW, VL) instructions:
                               * never usable under ZUC_NO_AVX512 */
    int (*usable)(void); /* CPU and OS support; 1 = can run here */

    void (*init128)(zuc_state *st, const uint8_t key[16], const uint8_t iv[16]);
    void (*init256)(zuc_state *st, const uint8_t key[32], const uint8_t *iv, zuc256_dset d);
    void (*keystream)(zuc_state *st, uint32_t *words, size_t nwords);
    /* out = in XOR keystream, nbytes bytes; when nbytes is not a multiple of 4
     * the last word's unused bytes are consumed (the stream cannot go on). */
    void (*xor_keystream)(zuc_state *st, const uint8_t *in, uint8_t *out, size_t nbytes);

    void (*eea3)(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                 const uint8_t *in, uint8_t *out, size_t length_bits);
    uint32_t (*eia3)(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                     const uint8_t *msg, size_t length_bits);
    /* ZUC-256 of any version: d is the encryption set of the version, or
     * the version (2018, 2021, 2023) for the MAC; iv holds 25 or 16 bytes. */
    void (*zuc256_crypt)(zuc256_dset d, const uint8_t key[32], const uint8_t *iv, const uint8_t *in,
                         uint8_t *out, size_t length_bytes);
    void (*zuc256_mac)(int version, const uint8_t key[32], const uint8_t *iv, const uint8_t *msg,
                       size_t length_bits, uint8_t *tag, size_t tag_bytes);
    /* Optional: ZUC-NEA6 / NIA6 / NCA6 on one message, as zuc_nxa6_modes
     * (below) defines it; NULL: zuc_nxa6_modes over this path's keystream.
     * The reference sets its own, with its own GF(2^128) arithmetic. */
    int (*nxa6)(const uint8_t key[32], const uint8_t iv[16], const uint8_t *aad, size_t aad_bytes,
                const uint8_t *in, uint8_t *out, size_t length_bytes, int op, uint8_t *tag,
                size_t tag_bytes);

    /* Multi-lane primitives, set when lanes > 1 (zuc_lanes.c schedules
     * messages over them). A block is block_words keystream words per lane.
     * lanes_init loads and initialises (`rounds` initialisation rounds, 32
     * or 48, then the discarded working round) the lanes of `mask` from
     * cells[l][0..15], the LFSR after key loading; cells is read for every
     * lane, and the other lanes keep their streams. The first head_words
     * (<= 16) keystream words of each lane of the mask then go to
     * head[l][0..head_words) (head is NULL when head_words is 0), and the
     * lane's stream goes on after them (st NULL: only the head words are
     * wanted, no stream is kept). lanes_keystream writes
     * nblocks blocks of each lane l to out[l] (skipped when NULL);
     * lanes_xor writes out[l] = in[l] XOR keystream bytes (big-endian
     * words) for nblocks blocks, lanes whose in[l] is NULL only advance. */
    unsigned block_words;
    void (*lanes_init)(zuc_lanes *st, unsigned mask, const uint32_t (*cells)[16], unsigned rounds,
                       unsigned head_words, uint32_t (*head)[16]);
    void (*lanes_keystream)(zuc_lanes *st, uint32_t *const *out, size_t nblocks);
    void (*lanes_xor)(zuc_lanes *st, const uint8_t *const *in, uint8_t *const *out, size_t nblocks);
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
extern const zuc_impl zuc_impl_ct;
#if defined(ZUC_HAVE_CT_NEON)
extern const zuc_impl zuc_impl_ct_neon;
#endif
#if defined(__x86_64__)
extern const zuc_impl zuc_impl_ct_gfni;
extern const zuc_impl zuc_impl_ct_aesni;
extern const zuc_impl zuc_impl_scalar_v3;
extern const zuc_impl zuc_impl_avx2;
extern const zuc_impl zuc_impl_avx2_vaes;
#if !defined(ZUC_NO_AVX512)
extern const zuc_impl zuc_impl_avx512_gfni;
extern const zuc_impl zuc_impl_avx512_aesni;
extern const zuc_impl zuc_impl_ct_avx512;
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

/* Key loading (3GPP Doc 2 §3.6.1; ZUC-256 paper §2.2, addendum §2): fills
 * s[0..15] with 31-bit words. iv: 25 bytes for the 2018 sets, else 16. */
ZUC_INTERNAL void zuc128_load(uint32_t s[16], const uint8_t key[16], const uint8_t iv[16]);
ZUC_INTERNAL void zuc256_load(uint32_t s[16], const uint8_t key[32], const uint8_t *iv,
                              zuc256_dset d);
/* zuc256_load for the fast paths: the 128-bit IV's cells four at a time
 * with SSE2 (zuc256_load, as the specifications state it, stays ref's). */
ZUC_INTERNAL void zuc256_load_fast(uint32_t s[16], const uint8_t key[32], const uint8_t *iv,
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
                                 uint8_t bearer, uint8_t direction, const uint8_t *in, uint8_t *out,
                                 size_t length_bits);
ZUC_INTERNAL uint32_t zuc_modes_eia3(const zuc_impl *im, const uint8_t key[16], uint32_t count,
                                     uint8_t bearer, uint8_t direction, const uint8_t *msg,
                                     size_t length_bits);
ZUC_INTERNAL void zuc_modes_zuc256_crypt(const zuc_impl *im, zuc256_dset d, const uint8_t key[32],
                                         const uint8_t *iv, const uint8_t *in, uint8_t *out,
                                         size_t length_bytes);
ZUC_INTERNAL void zuc_modes_zuc256_mac(const zuc_impl *im, int version, const uint8_t key[32],
                                       const uint8_t *iv, const uint8_t *msg, size_t length_bits,
                                       uint8_t *tag, size_t tag_bytes);

/* ---- ZUC-NEA6 / NIA6 / NCA6 (zuc_nxa6.c) ------------------------------------
 * With the ZUC-256 2023 keystream z_0, z_1, ... of key/iv (encryption
 * constants, 48 rounds): H = z_0..z_3, Q = z_4..z_7, P = z_8..z_11 as bytes
 * (big-endian words), read as POLYVAL field elements (little-endian, RFC 8452);
 * the message is XORed with z_12, z_13, ...; the tag is
 *   POLYVAL_H(A || pad || C || pad) XOR LE64(8 |C|) || LE64(8 |A|),
 * multiplied (POLYVAL's dot) by Q, XOR P, its first tag_bytes bytes; A is the
 * associated data, C the ciphertext (NIA6: A = the message, C empty). */
enum {
    ZUC_NXA6_NEA, /* out = in ^ keystream; no tag */
    ZUC_NXA6_NIA, /* tag over aad (the message); in, out unused */
    ZUC_NXA6_ENC, /* out = in ^ keystream, then the tag over aad and out */
    ZUC_NXA6_DEC, /* the tag over aad and in is compared, in constant time, with
                     * tag[0..tag_bytes) (read); out = in ^ keystream only if equal */
};

/* op on one message over any one-lane path's keystream primitives. Returns
 * ZUC_OK, or ZUC_EAUTH from ZUC_NXA6_DEC when the tag does not verify. */
ZUC_INTERNAL int zuc_nxa6_modes(const zuc_impl *im, const uint8_t key[32], const uint8_t iv[16],
                                const uint8_t *aad, size_t aad_bytes, const uint8_t *in,
                                uint8_t *out, size_t length_bytes, int op, uint8_t *tag,
                                size_t tag_bytes);

/* Many messages over an implementation's lanes (zuc_lanes.c): each lane
 * takes the next message as soon as its own ends. The jobs are valid
 * (checked by zuc_api.c). */
ZUC_INTERNAL void zuc_lanes_eea3(const zuc_impl *im, const zuc_eea3_job *jobs, size_t n);
ZUC_INTERNAL void zuc_lanes_eia3(const zuc_impl *im, const zuc_eia3_job *jobs, size_t n);
ZUC_INTERNAL void zuc_lanes_zuc256_crypt(const zuc_impl *im, int version,
                                         const zuc256_crypt_job *jobs, size_t n);
ZUC_INTERNAL void zuc_lanes_zuc256_mac(const zuc_impl *im, int version, const zuc256_mac_job *jobs,
                                       size_t n);
ZUC_INTERNAL void zuc_lanes_nea6(const zuc_impl *im, const zuc_nea6_job *jobs, size_t n);
ZUC_INTERNAL void zuc_lanes_nia6(const zuc_impl *im, const zuc_nia6_job *jobs, size_t n);
/* pv: a POLYVAL version (zuc_polyval.h; zuc_polyval_active() in the
 * library, others in the tests) that makes the tags beside the lanes where
 * it and im can; otherwise they are made after the lanes, with
 * zuc_polyval_active(). */
struct zuc_polyval_impl;
ZUC_INTERNAL void zuc_lanes_nca6_encrypt(const zuc_impl *im, const struct zuc_polyval_impl *pv,
                                         const zuc_nca6_job *jobs, size_t n);
/* Sets ok[i] to 1 for the jobs whose tag verifies, and decrypts those only. */
ZUC_INTERNAL void zuc_lanes_nca6_decrypt(const zuc_impl *im, const zuc_nca6_job *jobs, size_t n,
                                         uint8_t *ok);
/* The 16-byte IV of a job: its own, or the 3GPP one from count, bearer,
 * direction (alg: 0 NEA6, 1 NIA6, 2 NCA6), made in buf (zuc_load.c). */
ZUC_INTERNAL void zuc_nxa6_make_iv(uint8_t iv[16], int alg, size_t tag_bytes, uint32_t count,
                                   uint8_t bearer, uint8_t direction);
ZUC_INTERNAL const uint8_t *zuc_nxa6_job_iv(uint8_t buf[16], const uint8_t *iv, int alg,
                                            size_t tag_bytes, uint32_t count, uint8_t bearer,
                                            uint8_t direction);

/* The MACs' pieces (zuc_modes.c), for the modes, the lanes and the
 * one-stream paths:
 * the 32-bit keystream window that starts at bit `bit` of z; */
ZUC_INTERNAL uint32_t zuc_mac_window32(const uint32_t *z, size_t bit);
/* acc[j] ^= the fold of nchunks 64-bit chunks of msg against the windows
 * from z + j, for every tag word j < tag_words (4 at most): by the path's
 * own fold (mac_fold) where it has one, else zuc_mac_fold; */
ZUC_INTERNAL void zuc_mac_fold_tags(const zuc_impl *im, uint32_t acc[4], unsigned tag_words,
                                    const uint8_t *msg, size_t nchunks, const uint32_t *z);
/* the same for a last, partial chunk: its tail_bits (1..63) bits at msg,
 * zero-padded; */
ZUC_INTERNAL void zuc_mac_fold_last(const zuc_impl *im, uint32_t acc[4], unsigned tag_words,
                                    const uint8_t *msg, size_t tail_bits, const uint32_t *z);
/* the 128-EIA3 MAC of a message of length_bits from all the keystream it
 * reads: z[0 .. 2 ceil(length_bits / 64) + 3], the words past
 * ceil((length_bits + 64) / 32) zero or any (they meet only zero bits). */
ZUC_INTERNAL uint32_t zuc_eia3_of_keystream(const zuc_impl *im, const uint8_t *msg,
                                            size_t length_bits, const uint32_t *z);

/* XOR, over the 64 * nchunks message bits i with m_i = 1, of the 32-bit
 * keystream window starting at bit i of z (bits numbered from the most
 * significant of z[0]). Reads z[0 .. 2 * nchunks + 1]. zuc_mac_fold.c picks
 * carry-less multiplication when the CPU has it. */
ZUC_INTERNAL uint32_t zuc_mac_fold(const uint8_t *msg, size_t nchunks, const uint32_t *z);
#if defined(__x86_64__)
ZUC_INTERNAL uint32_t zuc_mac_fold_pclmul(const uint8_t *msg, size_t nchunks, const uint32_t *z);
ZUC_INTERNAL uint32_t zuc_mac_fold_vpclmul(const uint8_t *msg, size_t nchunks, const uint32_t *z);
#endif

#if defined(ZUC_HAVE_PMULL)
/* 1 where the kernel reports PMULL (HWCAP_PMULL). */
ZUC_INTERNAL int zuc_cpu_has_pmull(void);
#endif

/* CPU features (zuc_dispatch.c): PCLMULQDQ (with SSSE3, SSE4.1); AVX2 with
 * YMM state enabled by the OS; that and 256-bit VPCLMULQDQ; AVX-512. */
ZUC_INTERNAL int zuc_cpu_has_pclmul(void);
ZUC_INTERNAL int zuc_cpu_has_avx2(void);
ZUC_INTERNAL int zuc_cpu_has_vpclmul(void);
/* AVX-512 F, BW and VL with opmask and ZMM state enabled by the OS; always 0
 * when libzuc is built with ZUC_NO_AVX512 (the feature bits are masked). */
ZUC_INTERNAL int zuc_cpu_has_avx512(void);

/* Overwrite secret memory in a way the compiler may not drop: memset, then
 * a compiler barrier that claims to read the memory, so the stores cannot
 * be dropped as dead. Inline, so that a small wipe of known size is a
 * store or two rather than a call. */
static inline void zuc_wipe(void *p, size_t n)
{
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
}

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
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* One 8-byte store: GCC made a byte loop's bytes in a register, stored
 * them in two halves and loaded the 16 bytes of a tag back whole, a load
 * that store forwarding cannot serve. */
static inline void zuc_store_le64(uint8_t *p, uint64_t v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    __builtin_memcpy(p, &v, 8);
}

#endif /* ZUC_IMPL_H */
