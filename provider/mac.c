/* SPDX-License-Identifier: Apache-2.0 */
/* mac.c — the MACs: ZUC-128-EIA3 (16-byte key; 5-byte IV or count,
 * bearer, direction; 4-byte tag), ZUC-256-MAC (32-byte key; 25-byte IV, or
 * 16 bytes for versions 2021 and 2023; 4-, 8- or 16-byte tag) and ZUC-NIA6
 * (32-byte key; 16-byte IV or count, bearer, direction; 4- to 16-byte tag).
 * The context keeps the message and final hands it to libzuc's one-message
 * call, which tags exactly length-bits bits when that is set. */
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include <stdlib.h>

#include "buffer.h"
#include "zuc.h"
#include "zucprov.h"

enum { ZP_EIA3, ZP_ZUC256_MAC, ZP_NIA6 };

typedef struct {
    int family;
    const char *name;
    size_t key_bytes;
    size_t iv_bytes; /* ZUC-256-MAC: of version 2018, the default */
    size_t default_tag;
    uint64_t max_bits;
} zp_mac_kind;

static const zp_mac_kind kind_eia3 = { ZP_EIA3, "ZUC-128-EIA3", 16, 5, 4, ZUC_EIA3_MAX_BITS };
static const zp_mac_kind kind_zuc256_mac = {
    ZP_ZUC256_MAC, "ZUC-256-MAC", 32, 25, 16, (uint64_t)ZUC256_MAX_BYTES * 8
};
static const zp_mac_kind kind_nia6 = { ZP_NIA6, "ZUC-NIA6", 32,
                                       16,      16,         (uint64_t)ZUC_NXA6_MAX_BYTES * 8 };

typedef struct {
    const zp_provctx *prov;
    const zp_mac_kind *kind;
    uint8_t key[32];
    uint8_t iv[25];
    int key_set, iv_set;
    int iv_from_link; /* NIA6: made at final, with the tag size */
    zp_link link;
    int version; /* ZUC-256-MAC */
    size_t tag_bytes;
    uint64_t length_bits;
    int length_bits_set;
    zp_buf msg;
} zp_mac_ctx;

static int takes_link(const zp_mac_kind *kind)
{
    return kind->family != ZP_ZUC256_MAC;
}

static size_t iv_bytes(const zp_mac_ctx *c)
{
    return c->kind->family == ZP_ZUC256_MAC ? zuc256v_iv_bytes(c->version) : c->kind->iv_bytes;
}

static void *mac_new(void *provctx, const zp_mac_kind *kind)
{
    zp_mac_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        zp_error(provctx, ZP_R_OUT_OF_MEMORY, "%s context", kind->name);
        return NULL;
    }
    c->prov = provctx;
    c->kind = kind;
    c->version = ZUC256_V2018;
    c->tag_bytes = kind->default_tag;
    return c;
}

static void mac_free(void *vctx)
{
    zp_mac_ctx *c = vctx;
    if (!c)
        return;
    zp_buf_free(&c->msg);
    OPENSSL_cleanse(c, sizeof *c);
    free(c);
}

static void *mac_dup(void *vctx)
{
    const zp_mac_ctx *c = vctx;
    zp_mac_ctx *d = malloc(sizeof *d);
    if (d) {
        *d = *c;
        if (zp_buf_dup(&d->msg, &c->msg))
            return d;
        free(d);
    }
    zp_error(c->prov, ZP_R_OUT_OF_MEMORY, "%s context", c->kind->name);
    return NULL;
}

static int set_key(zp_mac_ctx *c, const uint8_t *key, size_t keylen)
{
    if (!zp_copy_sized(c->prov, ZP_R_BAD_KEY_LENGTH, c->kind->name, "key", c->key, key, keylen,
                       c->kind->key_bytes))
        return 0;
    c->key_set = 1;
    return 1;
}

static int set_iv(zp_mac_ctx *c, const uint8_t *iv, size_t ivlen)
{
    if (!zp_copy_sized(c->prov, ZP_R_BAD_IV_LENGTH, c->kind->name, "IV", c->iv, iv, ivlen,
                       iv_bytes(c)))
        return 0;
    if (c->kind->family == ZP_EIA3 && !zp_link_from_iv5(c->prov, &c->link, c->iv))
        return 0;
    c->iv_set = 1;
    c->iv_from_link = 0;
    return 1;
}

static int tag_size_ok(const zp_mac_ctx *c, size_t n)
{
    switch (c->kind->family) {
    case ZP_EIA3: return n == 4;
    case ZP_ZUC256_MAC: return n == 4 || n == 8 || n == 16;
    default: return n >= ZUC_NXA6_TAG_MIN && n <= ZUC_NXA6_TAG_MAX;
    }
}

static int set_octets(zp_mac_ctx *c, const OSSL_PARAM params[], const char *key,
                      int (*set)(zp_mac_ctx *, const uint8_t *, size_t))
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, key);
    const void *data;
    size_t n;
    if (!p)
        return 1;
    if (!OSSL_PARAM_get_octet_string_ptr(p, &data, &n)) {
        zp_error(c->prov, ZP_R_BAD_PARAMETER, "%s: %s must be an octet string", c->kind->name, key);
        return 0;
    }
    return set(c, data, n);
}

static int set_version_and_size(zp_mac_ctx *c, const OSSL_PARAM params[])
{
    const OSSL_PARAM *p;
    int v = c->version;
    size_t n;
    if (c->kind->family == ZP_ZUC256_MAC && !zp_version_param(c->prov, params, &v))
        return 0;
    if (v != c->version)
        c->iv_set = 0; /* its IV length changed: a new IV must follow */
    c->version = v;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_SIZE)) != NULL) {
        if (!OSSL_PARAM_get_size_t(p, &n) || !tag_size_ok(c, n)) {
            zp_error(c->prov, ZP_R_BAD_TAG_LENGTH, "%s: size %s", c->kind->name,
                     c->kind->family == ZP_EIA3         ? "must be 4"
                     : c->kind->family == ZP_ZUC256_MAC ? "must be 4, 8 or 16"
                                                        : "must be 4 to 16");
            return 0;
        }
        c->tag_bytes = n;
    }
    return 1;
}

static int set_link(zp_mac_ctx *c, const OSSL_PARAM params[])
{
    zp_link link = c->link;
    int changed = 0;
    uint64_t bits = c->length_bits;
    int bits_set = c->length_bits_set;
    if (takes_link(c->kind) && !zp_link_set(c->prov, &link, &changed, params))
        return 0;
    if (!zp_length_bits_set(c->prov, &bits, &bits_set, c->kind->max_bits, params))
        return 0;
    if (bits_set && c->kind->family == ZP_NIA6 && bits % 8) {
        zp_error(c->prov, ZP_R_BAD_PARAMETER,
                 "ZUC-NIA6: length-bits must be whole bytes "
                 "(libzuc's ZUC-NIA6 tags whole bytes)");
        return 0;
    }
    if (changed) {
        c->link = link;
        c->iv_set = 1;
        c->iv_from_link = 1;
    }
    c->length_bits = bits;
    c->length_bits_set = bits_set;
    return 1;
}

/* Unknown keys are ignored. */
static int mac_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    zp_mac_ctx *c = vctx;
    if (!params)
        return 1;
    return set_version_and_size(c, params) && set_octets(c, params, OSSL_MAC_PARAM_KEY, set_key) &&
           set_octets(c, params, OSSL_MAC_PARAM_IV, set_iv) && set_link(c, params);
}

/* A new message (key, IV and parameters kept unless given again). */
static int mac_init(void *vctx, const unsigned char *key, size_t keylen, const OSSL_PARAM params[])
{
    zp_mac_ctx *c = vctx;
    zp_buf_clear(&c->msg);
    if (!mac_set_ctx_params(c, params))
        return 0;
    if (key && !set_key(c, key, keylen))
        return 0;
    if (!c->key_set) {
        zp_error(c->prov, ZP_R_NO_KEY, "%s: no key set", c->kind->name);
        return 0;
    }
    return 1;
}

static int mac_update(void *vctx, const unsigned char *data, size_t datalen)
{
    zp_mac_ctx *c = vctx;
    if (datalen && !data) {
        zp_error(c->prov, ZP_R_BAD_PARAMETER, "%s: no input", c->kind->name);
        return 0;
    }
    if (!zp_buf_append(&c->msg, data, datalen, (size_t)((c->kind->max_bits + 7) / 8))) {
        zp_error(c->prov, ZP_R_TOO_LONG, "%s: message over %llu bits or out of memory",
                 c->kind->name, (unsigned long long)c->kind->max_bits);
        return 0;
    }
    return 1;
}

static int compute(zp_mac_ctx *c, size_t bits, uint8_t *out)
{
    uint32_t mac;
    int rc;
    const zp_link *l = &c->link;
    switch (c->kind->family) {
    case ZP_EIA3:
        rc = zuc_eia3(c->key, l->count, l->bearer, l->direction, c->msg.data, bits, &mac);
        if (rc == ZUC_OK)
            for (int i = 0; i < 4; i++)
                out[i] = (uint8_t)(mac >> (24 - 8 * i));
        return rc;
    case ZP_ZUC256_MAC:
        return zuc256v_mac(c->version, c->key, c->iv, c->msg.data, bits, out, c->tag_bytes);
    default:
        if (c->iv_from_link)
            return zuc_nia6(c->key, l->count, l->bearer, l->direction, c->msg.data, bits / 8, out,
                            c->tag_bytes);
        return zuc_nia6_iv(c->key, c->iv, c->msg.data, bits / 8, out, c->tag_bytes);
    }
}

static int mac_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    zp_mac_ctx *c = vctx;
    uint64_t bits = c->length_bits_set ? c->length_bits : 8 * (uint64_t)c->msg.len;
    if (!zp_key_iv_set(c->prov, c->kind->name, c->key_set, c->iv_set,
                       "IV (or count, bearer, direction)"))
        return 0;
    if ((bits + 7) / 8 != c->msg.len) {
        zp_error(c->prov, ZP_R_LENGTH_BITS, "%s: length-bits is %llu, the message had %zu bytes",
                 c->kind->name, (unsigned long long)bits, c->msg.len);
        return 0;
    }
    if (!out || outsize < c->tag_bytes) {
        zp_error(c->prov, ZP_R_BAD_PARAMETER, "%s: output buffer missing or under %zu bytes",
                 c->kind->name, c->tag_bytes);
        return 0;
    }
    int rc = compute(c, (size_t)bits, out);
    zp_buf_clear(&c->msg);
    if (rc != ZUC_OK) {
        zp_error(c->prov, ZP_R_LIBZUC, "%s: %s", c->kind->name, zuc_strerror(rc));
        return 0;
    }
    *outl = c->tag_bytes;
    return 1;
}

static int mac_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    zp_mac_ctx *c = vctx;
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_SIZE)) != NULL &&
        !OSSL_PARAM_set_size_t(p, c->tag_bytes))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_BLOCK_SIZE)) != NULL &&
        !OSSL_PARAM_set_size_t(p, 1))
        return 0;
    if (c->kind->family == ZP_ZUC256_MAC && (p = OSSL_PARAM_locate(params, ZP_PARAM_VERSION)) &&
        !OSSL_PARAM_set_int(p, c->version))
        return 0;
    if (takes_link(c->kind) && !zp_link_get(&c->link, params))
        return 0;
    if ((p = OSSL_PARAM_locate(params, ZP_PARAM_LENGTH_BITS)) != NULL &&
        !OSSL_PARAM_set_uint64(p, c->length_bits_set ? c->length_bits : 8 * (uint64_t)c->msg.len))
        return 0;
    return 1;
}

#define ZP_MAC_GETTABLE                                     \
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, NULL),           \
        OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, NULL), \
        OSSL_PARAM_uint64(ZP_PARAM_LENGTH_BITS, NULL)
#define ZP_MAC_SETTABLE                                      \
    OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0),    \
        OSSL_PARAM_octet_string(OSSL_MAC_PARAM_IV, NULL, 0), \
        OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, NULL),        \
        OSSL_PARAM_uint64(ZP_PARAM_LENGTH_BITS, NULL)

static const OSSL_PARAM gettable_link[] = { ZP_MAC_GETTABLE, ZP_LINK_PARAM_TYPES, OSSL_PARAM_END };
static const OSSL_PARAM settable_link[] = { ZP_MAC_SETTABLE, ZP_LINK_PARAM_TYPES, OSSL_PARAM_END };
static const OSSL_PARAM gettable_zuc256[] = { ZP_MAC_GETTABLE,
                                              OSSL_PARAM_int(ZP_PARAM_VERSION, NULL),
                                              OSSL_PARAM_END };
static const OSSL_PARAM settable_zuc256[] = { ZP_MAC_SETTABLE,
                                              OSSL_PARAM_int(ZP_PARAM_VERSION, NULL),
                                              OSSL_PARAM_END };

ZP_LIST_FN(gettable_ctx_link, gettable_link)
ZP_LIST_FN(settable_ctx_link, settable_link)
ZP_LIST_FN(gettable_ctx_zuc256, gettable_zuc256)
ZP_LIST_FN(settable_ctx_zuc256, settable_zuc256)

/* An algorithm's table, and its new function, which knows its kind. */
#define ZP_MAC_TABLE(prefix, gettable_ctx, settable_ctx)         \
    static void *prefix##_new(void *provctx)                     \
    {                                                            \
        return mac_new(provctx, &kind_##prefix);                 \
    }                                                            \
    const OSSL_DISPATCH zp_##prefix##_functions[] = {            \
        ZP_FN(OSSL_FUNC_MAC_NEWCTX, prefix##_new),               \
        ZP_FN(OSSL_FUNC_MAC_DUPCTX, mac_dup),                    \
        ZP_FN(OSSL_FUNC_MAC_FREECTX, mac_free),                  \
        ZP_FN(OSSL_FUNC_MAC_INIT, mac_init),                     \
        ZP_FN(OSSL_FUNC_MAC_UPDATE, mac_update),                 \
        ZP_FN(OSSL_FUNC_MAC_FINAL, mac_final),                   \
        ZP_FN(OSSL_FUNC_MAC_GET_CTX_PARAMS, mac_get_ctx_params), \
        ZP_FN(OSSL_FUNC_MAC_SET_CTX_PARAMS, mac_set_ctx_params), \
        ZP_FN(OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS, gettable_ctx),  \
        ZP_FN(OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS, settable_ctx),  \
        { 0, NULL },                                             \
    }

ZP_MAC_TABLE(eia3, gettable_ctx_link, settable_ctx_link);
ZP_MAC_TABLE(zuc256_mac, gettable_ctx_zuc256, settable_ctx_zuc256);
ZP_MAC_TABLE(nia6, gettable_ctx_link, settable_ctx_link);
