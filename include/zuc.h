/* SPDX-License-Identifier: Apache-2.0 */
/*
 * zuc.h — libzuc: the ZUC stream-cipher family.
 *
 *   ZUC-128 keystream, 128-EEA3 (confidentiality) and 128-EIA3 (integrity),
 *   3GPP "Specification of the 3GPP Confidentiality and Integrity Algorithms
 *   128-EEA3 & 128-EIA3", Documents 1 and 2 (v1.6);
 *   ZUC-256 (the 2018 version: 184-bit IV, 32-bit / 64-bit / 128-bit MACs),
 *   ZUC Design Team, "The ZUC-256 Stream Cipher", 2018.
 *
 * Conventions
 *   - Bits are numbered most significant first, as in 3GPP: bit i of a message
 *     is bit 7 - (i mod 8) of byte i / 8.
 *   - Keystream words are 32-bit values; as bytes, each word is big-endian.
 *   - Every function that returns an int returns ZUC_OK (0) or a negative
 *     ZUC_E* code on invalid arguments; none aborts, and none writes anything
 *     when it returns an error. zuc_keystream returns nothing (it does nothing
 *     when st or words is NULL); zuc_strerror and the zuc_impl_* functions
 *     return names.
 *   - Length checks compare each length with a limit made of constants, so no
 *     length, however close to SIZE_MAX, can wrap past a check.
 *   - Timing: the one-message paths "ref", "scalar" and "scalar-v3" index
 *     S-box tables with secret data and are NOT constant time on CPUs with
 *     data caches. The many-message paths "avx2", "avx2-vaes" and
 *     "avx512-gfni" compute their S-boxes (or hold the table in registers)
 *     and are constant time: no branch or address depends on keys or data.
 *     zuc_impl_name() / zuc_impl_name_n() say which paths are in use.
 *   - Thread safety: all functions are reentrant; zuc_force_impl() changes a
 *     process-wide choice and should be called before other threads start.
 */
#ifndef ZUC_H
#define ZUC_H

#include <stddef.h>
#include <stdint.h>

/* libzuc's version: the one place it is written (CMake, zuc.pc and the
 * CMake package read it from here). */
#define ZUC_VERSION_MAJOR 0
#define ZUC_VERSION_MINOR 1
#define ZUC_VERSION_PATCH 0

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32) || defined(__CYGWIN__)
#define ZUC_API
#else
#define ZUC_API __attribute__((visibility("default")))
#endif

/* Return codes. */
#define ZUC_OK          0
#define ZUC_ENULL      -1  /* a NULL pointer where data is required */
#define ZUC_EPARAM     -2  /* bearer > 31 or direction > 1 */
#define ZUC_ELENGTH    -3  /* length beyond the algorithm's limit */
#define ZUC_ETAGSIZE   -4  /* ZUC-256 tag size other than 4, 8 or 16 bytes */
#define ZUC_EIMPL      -5  /* zuc_force_impl: unknown path, or not usable here */

/* Limits. 3GPP LENGTH is a 32-bit field; ZUC-256 allows up to 2^32 keystream
 * bits per key/IV (a MAC of t bits consumes L + 2t of them). */
#define ZUC_EEA3_MAX_BITS     0xFFFFFFFFu
#define ZUC_EIA3_MAX_BITS     0xFFFFFFFFu
#define ZUC256_MAX_BYTES      ((size_t)1 << 29)
#define ZUC256_KEY_BYTES      32
#define ZUC256_IV_BYTES       25
#define ZUC128_KEY_BYTES      16
#define ZUC128_IV_BYTES       16

/* Keystream generator state. Callers may declare it on the stack; the fields
 * are private and their layout may change between versions. */
typedef struct zuc_state {
    uint32_t lfsr_private[16];
    uint32_t r1_private, r2_private;
} zuc_state;

/* A short English description of a ZUC_E* code ("ok" for ZUC_OK). */
ZUC_API const char *zuc_strerror(int code);

/* 128-EEA3 (3GPP Doc 1 §3): out = in XOR keystream, over length_bits bits.
 * key: 16 bytes (CK). count: 32-bit COUNT. bearer: 5 bits (0..31).
 * direction: 0 or 1. in/out: ceil(length_bits / 8) bytes; in == out is
 * allowed (in-place), other overlaps are not. The bits of the last output
 * byte beyond length_bits are set to zero, as the specification's reference
 * code and the published test data have them. length_bits <= 2^32 - 1;
 * length_bits == 0 writes nothing and in/out may then be NULL. */
ZUC_API int zuc_eea3(const uint8_t key[16], uint32_t count, uint8_t bearer,
                     uint8_t direction, const uint8_t *in, uint8_t *out,
                     size_t length_bits);

/* 128-EIA3 (3GPP Doc 1 §4): the 32-bit MAC-I of the first length_bits bits
 * of msg. key: 16 bytes (IK); count, bearer, direction as for zuc_eea3.
 * Bits of msg beyond length_bits are ignored. *mac receives the MAC as a
 * number (its big-endian bytes are the published MAC-I). length_bits <= 2^32 - 1;
 * msg may be NULL when length_bits == 0. */
ZUC_API int zuc_eia3(const uint8_t key[16], uint32_t count, uint8_t bearer,
                     uint8_t direction, const uint8_t *msg, size_t length_bits,
                     uint32_t *mac);

/* ZUC-256 encryption (2018 version): out = in XOR keystream.
 * key: 32 bytes. iv: 25 bytes: IV0..IV16 as bytes, then IV17..IV24 as 6-bit
 * values in the low bits of one byte each (the upper two bits must be zero;
 * they are ignored). in == out allowed. length_bytes <= 2^29 (2^32 keystream
 * bits, the design limit per key/IV). */
ZUC_API int zuc256_crypt(const uint8_t key[32], const uint8_t iv[25],
                         const uint8_t *in, uint8_t *out, size_t length_bytes);

/* Converts the packed 23-byte ZUC-256 IV (IV0..IV16, then IV17..IV24 as
 * eight 6-bit values packed most significant first into 6 bytes; GmSSL's
 * form) into the 25-byte form the functions here take. */
ZUC_API int zuc256_iv_unpack(uint8_t iv25[25], const uint8_t iv23[23]);

/* ZUC-256 MAC (2018 version) over the first length_bits bits of msg, with a
 * 32-, 64- or 128-bit tag (tag_bytes 4, 8 or 16; each tag size has its own
 * initialisation constants). key/iv as for zuc256_crypt. tag receives
 * tag_bytes bytes, most significant first. length_bits + 16 * tag_bytes
 * must not exceed 2^32 (the keystream the MAC consumes). */
ZUC_API int zuc256_mac(const uint8_t key[32], const uint8_t iv[25],
                       const uint8_t *msg, size_t length_bits, uint8_t *tag,
                       size_t tag_bytes);

/* Keystream interface. zuc128_keystream_init loads a 16-byte key and a
 * 16-byte IV and runs the initialisation (32 rounds, then one round whose
 * output is discarded); zuc256_keystream_init does the same for ZUC-256
 * (2018, encryption constants). zuc_keystream writes the next nwords
 * keystream words (z1, z2, ... on the first call) and may be called
 * repeatedly to continue the stream. The caller owns st; wipe it when done
 * if the key is secret. Every exported name is chosen not to clash with
 * GmSSL's or Tongsuo's (GmSSL exports zuc256_init with another signature);
 * zuc128_init is the older name of zuc128_keystream_init. */
ZUC_API int zuc128_keystream_init(zuc_state *st, const uint8_t key[16], const uint8_t iv[16]);
ZUC_API int zuc256_keystream_init(zuc_state *st, const uint8_t key[32], const uint8_t iv[25]);
ZUC_API int zuc128_init(zuc_state *st, const uint8_t key[16], const uint8_t iv[16]);
ZUC_API void zuc_keystream(zuc_state *st, uint32_t *words, size_t nwords);

/* Many independent messages in one call. Each job is processed as by
 * zuc_eea3 / zuc_eia3 / zuc256_crypt / zuc256_mac (same arguments, same
 * limits, same results, in == out allowed within a job). The jobs are
 * checked first: if any job is invalid, nothing is written and the error of
 * the first invalid job is returned. Outputs of different jobs must not
 * overlap, nor the output of one job the input of another.
 * Where a multi-lane path runs here (zuc_impl_name_n()), the messages are
 * spread over its lanes (16 with AVX-512, 8 with AVX2): each lane takes the
 * next message as soon as its own ends, so messages of any mix of lengths
 * keep the lanes busy, and the lanes run even for n < 16. That path is
 * constant time (see zuc_impl_name_n); its running time depends only on n
 * and the lengths. */
typedef struct {
    const uint8_t *key;                       /* 16 bytes */
    uint32_t count; uint8_t bearer; uint8_t direction;
    const uint8_t *in; uint8_t *out; size_t length_bits;
} zuc_eea3_job;

typedef struct {
    const uint8_t *key;                       /* 16 bytes */
    uint32_t count; uint8_t bearer; uint8_t direction;
    const uint8_t *msg; size_t length_bits; uint32_t *mac;
} zuc_eia3_job;

typedef struct {
    const uint8_t *key;                       /* 32 bytes */
    const uint8_t *iv;                        /* 25 bytes */
    const uint8_t *in; uint8_t *out; size_t length_bytes;
} zuc256_crypt_job;

typedef struct {
    const uint8_t *key;                       /* 32 bytes */
    const uint8_t *iv;                        /* 25 bytes */
    const uint8_t *msg; size_t length_bits;
    uint8_t *tag; size_t tag_bytes;           /* 4, 8 or 16; may differ per job */
} zuc256_mac_job;

ZUC_API int zuc_eea3_n(const zuc_eea3_job *jobs, size_t n);
ZUC_API int zuc_eia3_n(const zuc_eia3_job *jobs, size_t n);
ZUC_API int zuc256_crypt_n(const zuc256_crypt_job *jobs, size_t n);
ZUC_API int zuc256_mac_n(const zuc256_mac_job *jobs, size_t n);

/* The version of the library linked in, "MAJOR.MINOR.PATCH"; it may differ
 * from the ZUC_VERSION_* of the header a program was compiled with. */
ZUC_API const char *zuc_version(void);

/* The implementation in use for one message per call: "scalar-v3" (x86-64
 * with AVX2, BMI1/2 and MOVBE), else "scalar" (portable C), unless "ref"
 * (spec-literal) or another one-lane path was forced. */
ZUC_API const char *zuc_impl_name(void);

/* The implementation the many-message calls (zuc_*_n) use: by default the
 * widest multi-lane path the CPU and OS run ("avx512-gfni": 16 lanes,
 * AVX-512 with GFNI; "avx2-vaes" / "avx2": 8 lanes, AVX2 with VAES or
 * AES-NI; all constant time), else the one-message choice. */
ZUC_API const char *zuc_impl_name_n(void);

/* Force an implementation by name ("auto" returns to automatic choice). A
 * one-lane path forced this way runs every call; a multi-lane path runs the
 * many-message calls, while one message per call keeps the best one-lane
 * path (a single message in one lane of many would be several times
 * slower). Returns ZUC_OK, ZUC_ENULL for a NULL name, or ZUC_EIMPL if the
 * name is unknown or the path cannot run on this CPU/OS (the choice is then
 * unchanged). */
ZUC_API int zuc_force_impl(const char *name);

/* The names of all implementations built into this library, widest first,
 * usable here or not; the list ends with NULL. zuc_impl_usable(name) tells
 * whether one can run on this CPU/OS. */
ZUC_API const char *const *zuc_impl_list(void);
ZUC_API int zuc_impl_usable(const char *name);

#ifdef __cplusplus
}
#endif
#endif /* ZUC_H */
