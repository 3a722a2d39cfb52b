/* SPDX-License-Identifier: Apache-2.0 */
/* params.c — the parameter checks and answers that the ciphers, ZUC-NCA6
 * and the MACs share: sizes of keys and IVs, the ZUC-256 version, octet
 * strings given out, the state a parameter may change in, and the fixed
 * parameters of a keystream cipher. */
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <string.h>

#include "zuc.h"
#include "zucprov.h"

int zp_copy_sized(const zp_provctx *prov, int reason, const char *name, const char *what,
                  uint8_t *dst, const uint8_t *src, size_t n, size_t want)
{
    if (n != want) {
        zp_error(prov, reason, "%s takes a %zu-byte %s, not %zu", name, want, what, n);
        return 0;
    }
    memcpy(dst, src, n);
    return 1;
}

int zp_size_param_is(const zp_provctx *prov, int reason, const char *name,
                     const OSSL_PARAM params[], const char *key, size_t want)
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, key);
    size_t v;
    if (!p)
        return 1;
    if (!OSSL_PARAM_get_size_t(p, &v) || v != want) {
        zp_error(prov, reason, "%s: %s must be %zu", name, key, want);
        return 0;
    }
    return 1;
}

int zp_version_param(const zp_provctx *prov, const OSSL_PARAM params[], int *version)
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, ZP_PARAM_VERSION);
    int v;
    if (!p)
        return 1;
    if (!OSSL_PARAM_get_int(p, &v) || zuc256v_iv_bytes(v) == 0) {
        zp_error(prov, ZP_R_BAD_PARAMETER, "version: must be 2018, 2021 or 2023");
        return 0;
    }
    *version = v;
    return 1;
}

int zp_before_start(const zp_provctx *prov, const char *name, int started, const char *what)
{
    if (started) {
        zp_error(prov, ZP_R_WRONG_STATE, "%s: set %s before the first update", name, what);
        return 0;
    }
    return 1;
}

int zp_key_iv_set(const zp_provctx *prov, const char *name, int key_set, int iv_set,
                  const char *iv_what)
{
    if (!key_set || !iv_set) {
        zp_error(prov, key_set ? ZP_R_NO_IV : ZP_R_NO_KEY, "%s: no %s set", name,
                 key_set ? iv_what : "key");
        return 0;
    }
    return 1;
}

int zp_octets_get(OSSL_PARAM *p, const uint8_t *data, size_t n)
{
    return OSSL_PARAM_set_octet_string(p, data, n) || OSSL_PARAM_set_octet_ptr(p, data, n);
}

int zp_cipher_get_params(OSSL_PARAM params[], size_t key_bytes, size_t iv_bytes, int aead)
{
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_MODE)) != NULL &&
        !OSSL_PARAM_set_uint(p, EVP_CIPH_STREAM_CIPHER))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) != NULL &&
        !OSSL_PARAM_set_size_t(p, key_bytes))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) != NULL &&
        !OSSL_PARAM_set_size_t(p, iv_bytes))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_BLOCK_SIZE)) != NULL &&
        !OSSL_PARAM_set_size_t(p, 1))
        return 0;
    static const struct {
        const char *key;
        int is_aead; /* the flag is 1 for an AEAD cipher, else 0 */
    } flags[] = {
        { OSSL_CIPHER_PARAM_AEAD, 1 },         { OSSL_CIPHER_PARAM_CUSTOM_IV, 1 },
        { OSSL_CIPHER_PARAM_CTS, 0 },          { OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, 0 },
        { OSSL_CIPHER_PARAM_HAS_RAND_KEY, 0 },
    };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if ((p = OSSL_PARAM_locate(params, flags[i].key)) != NULL &&
            !OSSL_PARAM_set_int(p, aead && flags[i].is_aead))
            return 0;
    return 1;
}

static const OSSL_PARAM cipher_param_types[] = {
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_BLOCK_SIZE, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CUSTOM_IV, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CTS, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_HAS_RAND_KEY, NULL),
    OSSL_PARAM_END,
};

const OSSL_PARAM *zp_cipher_gettable_params(void *provctx)
{
    (void)provctx;
    return cipher_param_types;
}
