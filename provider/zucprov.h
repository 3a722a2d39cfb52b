/* SPDX-License-Identifier: Apache-2.0 */
/* zucprov.h — what the files of the zucprov OpenSSL 3 provider share: the
 * provider context (the core's error functions: the module keeps no global
 * state), the error reasons, the dispatch tables of every algorithm and the
 * 3GPP link parameters (COUNT, BEARER, DIRECTION) that ciphers and MACs take. */
#ifndef ZUCPROV_H
#define ZUCPROV_H

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <stddef.h>
#include <stdint.h>

/* One per loaded provider instance; every algorithm context points to it. */
typedef struct {
    const OSSL_CORE_HANDLE *handle;
    OSSL_FUNC_core_new_error_fn *new_error;
    OSSL_FUNC_core_set_error_debug_fn *set_error_debug;
    OSSL_FUNC_core_vset_error_fn *vset_error;
} zp_provctx;

/* Error reasons (their strings: zucprov.c). */
enum {
    ZP_R_BAD_KEY_LENGTH = 100,
    ZP_R_BAD_IV_LENGTH,
    ZP_R_BAD_IV,
    ZP_R_BAD_TAG_LENGTH,
    ZP_R_BAD_PARAMETER,
    ZP_R_NO_KEY,
    ZP_R_NO_IV,
    ZP_R_TOO_LONG,
    ZP_R_LENGTH_BITS,
    ZP_R_TAG_MISMATCH,
    ZP_R_WRONG_STATE,
    ZP_R_OUT_OF_MEMORY,
    ZP_R_LIBZUC,
};

/* Raises reason with a printf-style message on OpenSSL's error queue. */
void zp_error_at(const zp_provctx *prov, const char *file, int line, const char *func, int reason,
                 const char *fmt, ...) __attribute__((format(printf, 6, 7)));
#define zp_error(prov, reason, ...) \
    zp_error_at((prov), __FILE__, __LINE__, __func__, (reason), __VA_ARGS__)

/* The 3GPP link parameters of EEA3, EIA3, NEA6, NIA6 and NCA6. */
#define ZP_PARAM_COUNT "count"             /* uint32 */
#define ZP_PARAM_BEARER "bearer"           /* unsigned int, 0..31 */
#define ZP_PARAM_DIRECTION "direction"     /* unsigned int, 0 or 1 */
#define ZP_PARAM_LENGTH_BITS "length-bits" /* uint64: the message's length in bits */
#define ZP_PARAM_VERSION "version"         /* int: ZUC-256 version 2018, 2021 or 2023 */

typedef struct {
    uint32_t count;
    uint8_t bearer, direction;
} zp_link;

/* Reads count, bearer and direction from params where present into *link
 * (*changed = 1 if any was); 0 with an error raised for a bad value. */
int zp_link_set(const zp_provctx *prov, zp_link *link, int *changed, const OSSL_PARAM params[]);
/* Writes count, bearer and direction into params where asked; 0 on failure. */
int zp_link_get(const zp_link *link, OSSL_PARAM params[]);
/* The Tongsuo-style 5-byte 128-EEA3/EIA3 IV: COUNT big-endian, then BEARER
 * << 3 | DIRECTION << 2; and back (0 with an error raised if its low two
 * bits are set). */
void zp_link_to_iv5(const zp_link *link, uint8_t iv5[5]);
int zp_link_from_iv5(const zp_provctx *prov, zp_link *link, const uint8_t iv5[5]);
/* The 16-byte ZUC-128 IV 128-EEA3 and 128-EIA3 load (3GPP Doc 1 §3.3, §4.3). */
void zp_link_zuc128_iv(const zp_link *link, uint8_t iv[16]);
/* Reads length-bits (uint64) when present: *set = 1 and *bits its value,
 * which must not exceed max_bits; 0 with an error raised otherwise. */
int zp_length_bits_set(const zp_provctx *prov, uint64_t *bits, int *set, uint64_t max_bits,
                       const OSSL_PARAM params[]);

/* Shared checks and answers (params.c); each raises an error with name,
 * the algorithm's, where it returns 0. Copies n bytes of src to dst when n
 * is want ("NAME takes a WANT-byte WHAT, not N" with reason otherwise). */
int zp_copy_sized(const zp_provctx *prov, int reason, const char *name, const char *what,
                  uint8_t *dst, const uint8_t *src, size_t n, size_t want);
/* 1 if params has no size_t key, or has it equal to want. */
int zp_size_param_is(const zp_provctx *prov, int reason, const char *name,
                     const OSSL_PARAM params[], const char *key, size_t want);
/* Reads version (2018, 2021 or 2023) into *version where present. */
int zp_version_param(const zp_provctx *prov, const OSSL_PARAM params[], int *version);
/* 1 if the message has not started (what may still be set). */
int zp_before_start(const zp_provctx *prov, const char *name, int started, const char *what);
/* 1 if key and IV are set (iv_what names the IV in the error). */
int zp_key_iv_set(const zp_provctx *prov, const char *name, int key_set, int iv_set,
                  const char *iv_what);
/* Answers p with n bytes of data: a copy, or a pointer where p asks for one. */
int zp_octets_get(OSSL_PARAM *p, const uint8_t *data, size_t n);
/* The fixed parameters of a keystream cipher (mode stream, block size 1),
 * as EVP_CIPHER_get_*() read them; aead: the AEAD and custom-IV flags. */
int zp_cipher_get_params(OSSL_PARAM params[], size_t key_bytes, size_t iv_bytes, int aead);
const OSSL_PARAM *zp_cipher_gettable_params(void *provctx);

/* The link parameters in a gettable or settable list. */
#define ZP_LINK_PARAM_TYPES                                                          \
    OSSL_PARAM_uint32(ZP_PARAM_COUNT, NULL), OSSL_PARAM_uint(ZP_PARAM_BEARER, NULL), \
        OSSL_PARAM_uint(ZP_PARAM_DIRECTION, NULL)
/* A gettable or settable function: the same list with a context or without. */
#define ZP_LIST_FN(name, list)                               \
    static const OSSL_PARAM *name(void *vctx, void *provctx) \
    {                                                        \
        (void)vctx;                                          \
        (void)provctx;                                       \
        return list;                                         \
    }
/* A dispatch table's entry. */
#define ZP_FN(id, fn)            \
    {                            \
        id, (void (*)(void))(fn) \
    }

/* Dispatch tables (cipher.c, nca6.c, mac.c). */
extern const OSSL_DISPATCH zp_eea3_functions[];
extern const OSSL_DISPATCH zp_zuc128_functions[];
extern const OSSL_DISPATCH zp_zuc256_functions[];
extern const OSSL_DISPATCH zp_nea6_functions[];
extern const OSSL_DISPATCH zp_nca6_functions[];
extern const OSSL_DISPATCH zp_eia3_functions[];
extern const OSSL_DISPATCH zp_zuc256_mac_functions[];
extern const OSSL_DISPATCH zp_nia6_functions[];

#endif
