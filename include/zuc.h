/* SPDX-License-Identifier: Apache-2.0 */
/*
 * zuc.h — libzuc: the ZUC stream-cipher family.
 *
 *   ZUC-128 keystream, 128-EEA3 (confidentiality) and 128-EIA3 (integrity),
 *   3GPP "Specification of the 3GPP Confidentiality and Integrity Algorithms
 *   128-EEA3 & 128-EIA3", Documents 1 and 2 (v1.6);
 *   ZUC-256 in three versions (ZUC256_V2018, the default of the zuc256_*
 *   functions: ZUC Design Team, "The ZUC-256 Stream Cipher", 2018, 184-bit
 *   IV; ZUC256_V2021: "An Addendum to the ZUC-256 Stream Cipher", 2021,
 *   128-bit IV; ZUC256_V2023: "A New Initialization Scheme of the ZUC-256
 *   Stream Cipher", 2023, 128-bit IV, 48 rounds), each with 32-, 64- and
 *   128-bit MACs;
 *   ZUC-NEA6 (confidentiality), ZUC-NIA6 (integrity) and ZUC-NCA6
 *   (authenticated encryption), the 3GPP 256-bit algorithms built on
 *   ZUC-256 version 2023 (3GPP TS 33.501; see zuc_nea6 below).
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
 *   - Timing: by default every call is constant time: no branch or address
 *     depends on keys or data. One message per call runs "ct-avx512",
 *     "ct-gfni", "ct-aesni", "ct-neon" or the portable "ct", which compute their
 *     S-boxes; the many-message paths "avx512-gfni", "avx512-aesni",
 *     "avx2-vaes" and "avx2" compute them too (or hold the table in
 *     registers). The table paths "scalar-v3" and "scalar" (faster) and
 *     "ref" index S-box tables with secret data and are NOT constant time on
 *     CPUs with data caches: they run only when chosen (zuc_force_impl, the
 *     environment variable ZUC_IMPL, or a build with -DZUC_TABLES_DEFAULT=ON).
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
#define ZUC_OK 0
#define ZUC_ENULL -1    /* a NULL pointer where data is required */
#define ZUC_EPARAM -2   /* bearer > 31 or direction > 1 */
#define ZUC_ELENGTH -3  /* length beyond the algorithm's limit */
#define ZUC_ETAGSIZE -4 /* tag size: ZUC-256 MAC 4, 8 or 16 bytes; NIA6, NCA6 4..16 */
#define ZUC_EIMPL -5    /* zuc_force_impl: unknown path, or not usable here */
#define ZUC_EVERSION -6 /* ZUC-256 version other than 2018, 2021 or 2023 */
#define ZUC_EAUTH -7    /* ZUC-NCA6 decryption: the tag does not verify */

/* Limits. 3GPP LENGTH is a 32-bit field; ZUC-256 allows up to 2^32 keystream
 * bits per key/IV (a MAC of t bits consumes L + 2t of them). */
#define ZUC_EEA3_MAX_BITS 0xFFFFFFFFu
#define ZUC_EIA3_MAX_BITS 0xFFFFFFFFu
#define ZUC256_MAX_BYTES ((size_t)1 << 29)
#define ZUC256_KEY_BYTES 32
#define ZUC256_IV_BYTES 25
#define ZUC128_KEY_BYTES 16
#define ZUC128_IV_BYTES 16

/* ZUC-256 versions (see zuc256v_crypt). */
#define ZUC256_V2018 2018 /* 184-bit IV (25 bytes), 32 rounds: the default */
#define ZUC256_V2021 2021 /* 128-bit IV (16 bytes), 32 rounds */
#define ZUC256_V2023 2023 /* 128-bit IV (16 bytes), 48 rounds */
#define ZUC256_IV128_BYTES 16

/* ZUC-NEA6 / NIA6 / NCA6: 32-byte key, 16-byte IV, tags of 4 to 16 bytes;
 * messages and associated data of at most ZUC_NXA6_MAX_BYTES bytes (the
 * 3GPP 32-bit LENGTH, and at most 2^32 keystream bits per key/IV). */
#define ZUC_NXA6_KEY_BYTES 32
#define ZUC_NXA6_IV_BYTES 16
#define ZUC_NXA6_TAG_MIN 4
#define ZUC_NXA6_TAG_MAX 16
#define ZUC_NXA6_MAX_BYTES (((size_t)1 << 29) - 48)
#define ZUC_NEA6_MAX_BITS ((size_t)0xFFFFFFFFu)

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
ZUC_API int zuc_eea3(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                     const uint8_t *in, uint8_t *out, size_t length_bits);

/* 128-EIA3 (3GPP Doc 1 §4): the 32-bit MAC-I of the first length_bits bits
 * of msg. key: 16 bytes (IK); count, bearer, direction as for zuc_eea3.
 * Bits of msg beyond length_bits are ignored. *mac receives the MAC as a
 * number (its big-endian bytes are the published MAC-I). length_bits <= 2^32 - 1;
 * msg may be NULL when length_bits == 0. */
ZUC_API int zuc_eia3(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                     const uint8_t *msg, size_t length_bits, uint32_t *mac);

/* ZUC-256 encryption (2018 version): out = in XOR keystream.
 * key: 32 bytes. iv: 25 bytes: IV0..IV16 as bytes, then IV17..IV24 as 6-bit
 * values in the low bits of one byte each (the upper two bits must be zero;
 * they are ignored). in == out allowed. length_bytes <= 2^29 (2^32 keystream
 * bits, the design limit per key/IV). */
ZUC_API int zuc256_crypt(const uint8_t key[32], const uint8_t iv[25], const uint8_t *in,
                         uint8_t *out, size_t length_bytes);

/* Converts the packed 23-byte ZUC-256 IV (IV0..IV16, then IV17..IV24 as
 * eight 6-bit values packed most significant first into 6 bytes; GmSSL's
 * form) into the 25-byte form the functions here take. */
ZUC_API int zuc256_iv_unpack(uint8_t iv25[25], const uint8_t iv23[23]);

/* ZUC-256 MAC (2018 version) over the first length_bits bits of msg, with a
 * 32-, 64- or 128-bit tag (tag_bytes 4, 8 or 16; each tag size has its own
 * initialisation constants). key/iv as for zuc256_crypt. tag receives
 * tag_bytes bytes, most significant first. length_bits + 16 * tag_bytes
 * must not exceed 2^32 (the keystream the MAC consumes). */
ZUC_API int zuc256_mac(const uint8_t key[32], const uint8_t iv[25], const uint8_t *msg,
                       size_t length_bits, uint8_t *tag, size_t tag_bytes);

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

/* ZUC-256 of an explicit version: ZUC256_V2018 (as zuc256_crypt, zuc256_mac
 * and zuc256_keystream_init: iv of 25 bytes), ZUC256_V2021 or ZUC256_V2023
 * (iv of 16 bytes, IV0..IV15). The versions differ in key/IV loading, in
 * their constants d_0..d_15 (one set for encryption, one per MAC tag size)
 * and in the number of initialisation rounds (32, 32, 48); the keystream
 * generator and the MAC (2018 paper §3) are the same. Arguments, limits and
 * results otherwise as for zuc256_crypt / zuc256_mac / zuc256_keystream_init.
 * Return ZUC_EVERSION for any other version (nothing written). The 2021 and
 * 2023 MAC constants are those of the designers' addendum (d_0 = 0x65 for
 * 64- and 128-bit tags, d_2 = 0x7A for 32- and 128-bit tags). */
ZUC_API int zuc256v_crypt(int version, const uint8_t key[32], const uint8_t *iv, const uint8_t *in,
                          uint8_t *out, size_t length_bytes);
ZUC_API int zuc256v_mac(int version, const uint8_t key[32], const uint8_t *iv, const uint8_t *msg,
                        size_t length_bits, uint8_t *tag, size_t tag_bytes);
ZUC_API int zuc256v_keystream_init(zuc_state *st, int version, const uint8_t key[32],
                                   const uint8_t *iv);
/* The IV size of a version in bytes (25 or 16), 0 for an unknown version. */
ZUC_API size_t zuc256v_iv_bytes(int version);

/* ZUC-NEA6 (confidentiality, 3GPP 256-bit algorithm): out = in XOR the
 * ZUC-256 version 2023 keystream (encryption constants), over length_bits
 * bits.
 * key: 32 bytes. count: 32-bit COUNT; bearer: 5 bits (0..31); direction: 0
 * or 1. The IV they make (zuc_nxa6_iv): byte 0 = 0, byte 1 = BEARER << 1 |
 * DIRECTION, bytes 8..11 = COUNT (big-endian), all other bytes 0. NOTE: this
 * layout is inferred from the published test vectors (whose IVs have it:
 * byte 0 the algorithm and tag size, byte 1 six bits, bytes 12..15 zero),
 * not read in TS 33.501; bytes 2..7 of the vectors' IVs are not zero in
 * most vectors and their meaning is unknown here. zuc_nea6_iv takes the
 * 16-byte IV itself. in == out allowed; the bits of the last output byte
 * beyond length_bits are set to zero (as 128-EEA3 does); length_bits <=
 * ZUC_NEA6_MAX_BITS; length_bits == 0 writes nothing. */
ZUC_API int zuc_nea6(const uint8_t key[32], uint32_t count, uint8_t bearer, uint8_t direction,
                     const uint8_t *in, uint8_t *out, size_t length_bits);
ZUC_API int zuc_nea6_iv(const uint8_t key[32], const uint8_t iv[16], const uint8_t *in,
                        uint8_t *out, size_t length_bits);

/* ZUC-NIA6 (integrity): a tag of tag_bytes (4 to 16) bytes over the
 * length_bytes bytes of msg. The tag is a POLYVAL (RFC 8452) hash of the
 * message keyed with the first four keystream words, multiplied by the next
 * four and masked with the four after (see lib/core/zuc_impl.h); msg may be
 * NULL when length_bytes is 0. The 3GPP IV: byte 0 = 8 * tag_bytes (the tag
 * size in bits), byte 1 = BEARER << 1 | DIRECTION, bytes 8..11 = COUNT
 * (inferred as for zuc_nea6). Messages are whole bytes. */
ZUC_API int zuc_nia6(const uint8_t key[32], uint32_t count, uint8_t bearer, uint8_t direction,
                     const uint8_t *msg, size_t length_bytes, uint8_t *tag, size_t tag_bytes);
ZUC_API int zuc_nia6_iv(const uint8_t key[32], const uint8_t iv[16], const uint8_t *msg,
                        size_t length_bytes, uint8_t *tag, size_t tag_bytes);

/* ZUC-NCA6 (authenticated encryption with associated data): out = in XOR
 * the keystream from its 13th word on (whole bytes; words 1..12 key the
 * tag), and a tag as ZUC-NIA6's over the associated data
 * aad (aad_bytes, NULL allowed when 0) and the ciphertext. The 3GPP IV:
 * byte 0 = 8 * tag_bytes + 4, the rest as for zuc_nea6 (inferred).
 * zuc_nca6_encrypt writes out and tag (tag_bytes, 4 to 16). zuc_nca6_decrypt
 * reads the tag, compares it in constant time with the one computed over
 * aad and the ciphertext in, and only if they are equal writes the
 * plaintext to out; else it returns ZUC_EAUTH and writes nothing. in == out
 * allowed. length_bytes, aad_bytes <= ZUC_NXA6_MAX_BYTES. */
ZUC_API int zuc_nca6_encrypt(const uint8_t key[32], uint32_t count, uint8_t bearer,
                             uint8_t direction, const uint8_t *aad, size_t aad_bytes,
                             const uint8_t *in, uint8_t *out, size_t length_bytes, uint8_t *tag,
                             size_t tag_bytes);
ZUC_API int zuc_nca6_decrypt(const uint8_t key[32], uint32_t count, uint8_t bearer,
                             uint8_t direction, const uint8_t *aad, size_t aad_bytes,
                             const uint8_t *in, uint8_t *out, size_t length_bytes,
                             const uint8_t *tag, size_t tag_bytes);
ZUC_API int zuc_nca6_encrypt_iv(const uint8_t key[32], const uint8_t iv[16], const uint8_t *aad,
                                size_t aad_bytes, const uint8_t *in, uint8_t *out,
                                size_t length_bytes, uint8_t *tag, size_t tag_bytes);
ZUC_API int zuc_nca6_decrypt_iv(const uint8_t key[32], const uint8_t iv[16], const uint8_t *aad,
                                size_t aad_bytes, const uint8_t *in, uint8_t *out,
                                size_t length_bytes, const uint8_t *tag, size_t tag_bytes);

/* The 16-byte IV that zuc_nea6 / zuc_nia6 / zuc_nca6_* make from COUNT,
 * BEARER and DIRECTION for algorithm ZUC_NEA6, ZUC_NIA6 or ZUC_NCA6 (tag_bytes
 * 4 to 16 for the last two; ignored for ZUC_NEA6). */
#define ZUC_NEA6 0
#define ZUC_NIA6 1
#define ZUC_NCA6 2
ZUC_API int zuc_nxa6_iv(uint8_t iv[16], int algorithm, size_t tag_bytes, uint32_t count,
                        uint8_t bearer, uint8_t direction);

/* Many independent messages in one call. Each job is processed as by
 * zuc_eea3 / zuc_eia3 / zuc256v_crypt / zuc256v_mac / zuc_nea6 / zuc_nia6 /
 * zuc_nca6_* (same arguments, same
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
    const uint8_t *key; /* 16 bytes */
    uint32_t count;
    uint8_t bearer;
    uint8_t direction;
    const uint8_t *in;
    uint8_t *out;
    size_t length_bits;
} zuc_eea3_job;

typedef struct {
    const uint8_t *key; /* 16 bytes */
    uint32_t count;
    uint8_t bearer;
    uint8_t direction;
    const uint8_t *msg;
    size_t length_bits;
    uint32_t *mac;
} zuc_eia3_job;

typedef struct {
    const uint8_t *key; /* 32 bytes */
    const uint8_t *iv;  /* 25 bytes (16 for zuc256v_*_n 2021, 2023) */
    const uint8_t *in;
    uint8_t *out;
    size_t length_bytes;
} zuc256_crypt_job;

typedef struct {
    const uint8_t *key; /* 32 bytes */
    const uint8_t *iv;  /* 25 bytes (16 for zuc256v_*_n 2021, 2023) */
    const uint8_t *msg;
    size_t length_bits;
    uint8_t *tag;
    size_t tag_bytes; /* 4, 8 or 16; may differ per job */
} zuc256_mac_job;

/* ZUC-NEA6 / NIA6 / NCA6 jobs: iv NULL makes the 3GPP IV from count, bearer
 * and direction; else its 16 bytes are the IV (count, bearer, direction are
 * then ignored). Arguments and limits as for the one-message functions. */
typedef struct {
    const uint8_t *key; /* 32 bytes */
    uint32_t count;
    uint8_t bearer;
    uint8_t direction;
    const uint8_t *iv; /* NULL, or 16 bytes */
    const uint8_t *in;
    uint8_t *out;
    size_t length_bits;
} zuc_nea6_job;

typedef struct {
    const uint8_t *key; /* 32 bytes */
    uint32_t count;
    uint8_t bearer;
    uint8_t direction;
    const uint8_t *iv; /* NULL, or 16 bytes */
    const uint8_t *msg;
    size_t length_bytes;
    uint8_t *tag;
    size_t tag_bytes; /* 4..16; may differ per job */
} zuc_nia6_job;

typedef struct {
    const uint8_t *key; /* 32 bytes */
    uint32_t count;
    uint8_t bearer;
    uint8_t direction;
    const uint8_t *iv; /* NULL, or 16 bytes */
    const uint8_t *aad;
    size_t aad_bytes;
    const uint8_t *in;
    uint8_t *out;
    size_t length_bytes;
    uint8_t *tag;
    size_t tag_bytes; /* written (encrypt) or read (decrypt); 4..16 */
    int *verified;    /* decrypt: set to 1 if the tag verified and
                                               * out was written, else 0; may be NULL */
} zuc_nca6_job;

ZUC_API int zuc_eea3_n(const zuc_eea3_job *jobs, size_t n);
ZUC_API int zuc_eia3_n(const zuc_eia3_job *jobs, size_t n);
ZUC_API int zuc256_crypt_n(const zuc256_crypt_job *jobs, size_t n);
ZUC_API int zuc256_mac_n(const zuc256_mac_job *jobs, size_t n);
/* The same for every job of one ZUC-256 version (zuc256_crypt_n and
 * zuc256_mac_n are version ZUC256_V2018). */
ZUC_API int zuc256v_crypt_n(int version, const zuc256_crypt_job *jobs, size_t n);
ZUC_API int zuc256v_mac_n(int version, const zuc256_mac_job *jobs, size_t n);
ZUC_API int zuc_nea6_n(const zuc_nea6_job *jobs, size_t n);
ZUC_API int zuc_nia6_n(const zuc_nia6_job *jobs, size_t n);
ZUC_API int zuc_nca6_encrypt_n(const zuc_nca6_job *jobs, size_t n);
/* Decrypts the jobs whose tag verifies (their *verified = 1); writes nothing
 * for the others (*verified = 0). Returns ZUC_EAUTH if any tag failed. */
ZUC_API int zuc_nca6_decrypt_n(const zuc_nca6_job *jobs, size_t n);

/* The version of the library linked in, "MAJOR.MINOR.PATCH"; it may differ
 * from the ZUC_VERSION_* of the header a program was compiled with. */
ZUC_API const char *zuc_version(void);

/* The implementation in use for one message per call. By default a
 * constant-time one: "ct-avx512" (x86-64 with AVX-512 F/BW/VL, GFNI and
 * BMI2), "ct-gfni" (AVX2, BMI2 and GFNI),
 * "ct-aesni" (AVX2, BMI2 and AES-NI), "ct-neon" (64-bit ARM Linux with the
 * AES instructions), else "ct" (portable C). The table paths "scalar-v3"
 * (x86-64 with AVX2, BMI1/2 and MOVBE) and "scalar" (portable C), faster
 * but not constant time, and "ref" (spec-literal) run only when chosen: by
 * zuc_force_impl, by the environment variable ZUC_IMPL (a path's name, read
 * once, at the first call that needs the choice), or by default in a
 * library built with -DZUC_TABLES_DEFAULT=ON. */
ZUC_API const char *zuc_impl_name(void);

/* The implementation the many-message calls (zuc_*_n) use: by default the
 * widest multi-lane path the CPU and OS run ("avx512-gfni": 16 lanes,
 * AVX-512 with GFNI; "avx2-vaes" / "avx2": 8 lanes, AVX2 with VAES or
 * AES-NI; all constant time), else the one-message choice. */
ZUC_API const char *zuc_impl_name_n(void);

/* Force an implementation by name ("auto" returns to automatic choice;
 * "scalar-v3" or "scalar" chooses the table path for one message). A
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
