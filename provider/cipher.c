/* SPDX-License-Identifier: Apache-2.0 */
/* cipher.c — the keystream ciphers: ZUC-128-EEA3 (5-byte IV or count,
 * bearer, direction; length-bits), ZUC-128 (16-byte IV), ZUC-256 (25-byte
 * IV, or 16 bytes for versions 2021 and 2023) and ZUC-NEA6 (16-byte IV or
 * count, bearer, direction; length-bits). Data may come in pieces of any
 * size; encryption and decryption are the same XOR.
 *
 * The first piece of a message goes through libzuc's one-message call
 * (zuc_eea3, zuc256v_crypt, zuc_nea6_iv), as fast as a direct call; the
 * keystream interface is loaded only if more pieces follow, and skips the
 * bytes that call used (so a message in many pieces pays its first piece's
 * keystream twice). ZUC-128, which has no one-message call with a free
 * IV, always streams. */
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <stdlib.h>
#include <string.h>

#include "stream.h"
#include "zuc.h"
#include "zucprov.h"

enum { ZP_EEA3, ZP_ZUC128, ZP_ZUC256, ZP_NEA6 };

typedef struct {
    int family;
    const char *name;
    size_t key_bytes;
    size_t iv_bytes;   /* ZUC-256: of version 2018, the default */
    uint64_t max_bits; /* per key and IV */
} zp_cipher_kind;

static const zp_cipher_kind kind_eea3 = { ZP_EEA3, "ZUC-128-EEA3", 16, 5, ZUC_EEA3_MAX_BITS };
static const zp_cipher_kind kind_zuc128 = { ZP_ZUC128, "ZUC-128", 16, 16, UINT64_MAX };
static const zp_cipher_kind kind_zuc256 = { ZP_ZUC256, "ZUC-256", 32, 25,
                                            (uint64_t)ZUC256_MAX_BYTES * 8 };
static const zp_cipher_kind kind_nea6 = { ZP_NEA6, "ZUC-NEA6", 32, 16, ZUC_NEA6_MAX_BITS };

typedef struct {
    const zp_provctx *prov;
    const zp_cipher_kind *kind;
    uint8_t key[32];
    uint8_t iv[25]; /* EEA3: as given, unused (the link parameters are its IV) */
    int key_set, iv_set;
    int version; /* ZUC-256 */
    zp_link link;
    uint64_t length_bits; /* when length_bits_set */
    int length_bits_set;
    int started;         /* the message has begun (key and IV checked) */
    int stream_loaded;   /* the keystream interface holds its position */
    uint64_t done_bytes; /* of this message */
    zp_stream stream;
} zp_cipher_ctx;

static int takes_link(const zp_cipher_kind *kind)
{
    return kind->family == ZP_EEA3 || kind->family == ZP_NEA6;
}

static size_t iv_bytes(const zp_cipher_ctx *c)
{
    return c->kind->family == ZP_ZUC256 ? zuc256v_iv_bytes(c->version) : c->kind->iv_bytes;
}

/* The most bytes this message may have. */
static uint64_t limit_bytes(const zp_cipher_ctx *c)
{
    if (c->length_bits_set)
        return (c->length_bits + 7) / 8;
    return c->kind->max_bits / 8;
}

static void *cipher_new(void *provctx, const zp_cipher_kind *kind)
{
    zp_cipher_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        zp_error(provctx, ZP_R_OUT_OF_MEMORY, "%s context", kind->name);
        return NULL;
    }
    c->prov = provctx;
    c->kind = kind;
    c->version = ZUC256_V2018;
    return c;
}

static void cipher_free(void *vctx)
{
    if (!vctx)
        return;
    OPENSSL_cleanse(vctx, sizeof(zp_cipher_ctx));
    free(vctx);
}

static void *cipher_dup(void *vctx)
{
    const zp_cipher_ctx *c = vctx;
    zp_cipher_ctx *d = malloc(sizeof *d);
    if (!d) {
        zp_error(c->prov, ZP_R_OUT_OF_MEMORY, "%s context", c->kind->name);
        return NULL;
    }
    *d = *c;
    return d;
}

/* The 16-byte NEA6 IV as zuc_nxa6_iv makes it from the link parameters. */
static void nea6_iv_from_link(zp_cipher_ctx *c)
{
    zuc_nxa6_iv(c->iv, ZUC_NEA6, 0, c->link.count, c->link.bearer, c->link.direction);
}

/* The link parameters as far as a NEA6 IV holds them (bytes 1 and 8..11). */
static void nea6_link_from_iv(zp_cipher_ctx *c)
{
    c->link.count =
        (uint32_t)c->iv[8] << 24 | (uint32_t)c->iv[9] << 16 | (uint32_t)c->iv[10] << 8 | c->iv[11];
    c->link.bearer = (c->iv[1] >> 1) & 31;
    c->link.direction = c->iv[1] & 1;
}

static int set_iv(zp_cipher_ctx *c, const uint8_t *iv, size_t ivlen)
{
    if (!zp_copy_sized(c->prov, ZP_R_BAD_IV_LENGTH, c->kind->name, "IV", c->iv, iv, ivlen,
                       iv_bytes(c)))
        return 0;
    if (c->kind->family == ZP_EEA3 && !zp_link_from_iv5(c->prov, &c->link, c->iv))
        return 0;
    if (c->kind->family == ZP_NEA6)
        nea6_link_from_iv(c);
    c->iv_set = 1;
    return 1;
}

static int not_started(const zp_cipher_ctx *c, const char *what)
{
    return zp_before_start(c->prov, c->kind->name, c->started, what);
}

static int set_version(zp_cipher_ctx *c, const OSSL_PARAM params[])
{
    int v = c->version;
    if (c->kind->family != ZP_ZUC256)
        return 1;
    if (!zp_version_param(c->prov, params, &v))
        return 0;
    if (v != c->version) {
        if (!not_started(c, "version"))
            return 0;
        c->version = v;
        c->iv_set = 0; /* its IV length changed: a new IV must follow */
    }
    return 1;
}

static int set_link(zp_cipher_ctx *c, const OSSL_PARAM params[])
{
    zp_link link = c->link;
    int changed = 0, bits_set = c->length_bits_set;
    uint64_t bits = c->length_bits;
    if (!takes_link(c->kind))
        return 1;
    if (!zp_link_set(c->prov, &link, &changed, params) ||
        !zp_length_bits_set(c->prov, &bits, &bits_set, c->kind->max_bits, params))
        return 0;
    if ((changed || bits_set != c->length_bits_set || bits != c->length_bits) &&
        !not_started(c, "count, bearer, direction and length-bits"))
        return 0;
    if (changed) {
        c->link = link;
        if (c->kind->family == ZP_NEA6)
            nea6_iv_from_link(c);
        c->iv_set = 1;
    }
    c->length_bits = bits;
    c->length_bits_set = bits_set;
    return 1;
}

/* Unknown keys are ignored, as OpenSSL's own ciphers do. */
static int cipher_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    zp_cipher_ctx *c = vctx;
    if (!params)
        return 1;
    return zp_size_param_is(c->prov, ZP_R_BAD_KEY_LENGTH, c->kind->name, params,
                            OSSL_CIPHER_PARAM_KEYLEN, c->kind->key_bytes) &&
           set_version(c, params) &&
           zp_size_param_is(c->prov, ZP_R_BAD_IV_LENGTH, c->kind->name, params,
                            OSSL_CIPHER_PARAM_IVLEN, iv_bytes(c)) &&
           set_link(c, params);
}

static int cipher_init(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,
                       size_t ivlen, const OSSL_PARAM params[])
{
    zp_cipher_ctx *c = vctx;
    c->started = 0; /* a new message: parameters may change again */
    c->done_bytes = 0;
    if (!cipher_set_ctx_params(c, params))
        return 0;
    if (key) {
        if (!zp_copy_sized(c->prov, ZP_R_BAD_KEY_LENGTH, c->kind->name, "key", c->key, key, keylen,
                           c->kind->key_bytes))
            return 0;
        c->key_set = 1;
    }
    if (iv && !set_iv(c, iv, ivlen))
        return 0;
    return 1;
}

/* Begins a message: key and IV must be set. */
static int start(zp_cipher_ctx *c)
{
    if (!zp_key_iv_set(c->prov, c->kind->name, c->key_set, c->iv_set, "IV"))
        return 0;
    c->started = 1;
    c->stream_loaded = 0;
    c->done_bytes = 0;
    return 1;
}

/* The first piece through libzuc's one-message call; 0 where there is none. */
static int first_piece(zp_cipher_ctx *c, const uint8_t *in, uint8_t *out, size_t n)
{
    switch (c->kind->family) {
    case ZP_EEA3:
        return zuc_eea3(c->key, c->link.count, c->link.bearer, c->link.direction, in, out, 8 * n) ==
               ZUC_OK;
    case ZP_ZUC256: return zuc256v_crypt(c->version, c->key, c->iv, in, out, n) == ZUC_OK;
    case ZP_NEA6: return zuc_nea6_iv(c->key, c->iv, in, out, 8 * n) == ZUC_OK;
    default: return 0;
    }
}

/* Loads the keystream interface at the message's position. */
static int load_stream(zp_cipher_ctx *c)
{
    uint8_t iv16[16];
    int rc;
    switch (c->kind->family) {
    case ZP_EEA3:
        zp_link_zuc128_iv(&c->link, iv16);
        rc = zuc128_keystream_init(&c->stream.st, c->key, iv16);
        OPENSSL_cleanse(iv16, sizeof iv16);
        break;
    case ZP_ZUC128: rc = zuc128_keystream_init(&c->stream.st, c->key, c->iv); break;
    case ZP_ZUC256: rc = zuc256v_keystream_init(&c->stream.st, c->version, c->key, c->iv); break;
    default: /* ZUC-NEA6: ZUC-256 version 2023 */
        rc = zuc256v_keystream_init(&c->stream.st, ZUC256_V2023, c->key, c->iv);
        break;
    }
    if (rc != ZUC_OK) {
        zp_error(c->prov, ZP_R_LIBZUC, "%s: %s", c->kind->name, zuc_strerror(rc));
        return 0;
    }
    c->stream.spare_n = 0;
    zp_stream_skip_bytes(&c->stream, c->done_bytes);
    c->stream_loaded = 1;
    return 1;
}

static int cipher_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                         const unsigned char *in, size_t inl)
{
    zp_cipher_ctx *c = vctx;
    if (!c->started && !start(c))
        return 0;
    if (inl == 0) {
        *outl = 0;
        return 1;
    }
    if (!out || !in || outsize < inl) {
        zp_error(c->prov, ZP_R_BAD_PARAMETER, "%s: output buffer missing or too small",
                 c->kind->name);
        return 0;
    }
    uint64_t limit = limit_bytes(c);
    if (inl > limit - c->done_bytes) {
        zp_error(c->prov, c->length_bits_set ? ZP_R_LENGTH_BITS : ZP_R_TOO_LONG,
                 "%s: more than %llu bytes for this key and IV", c->kind->name,
                 (unsigned long long)limit);
        return 0;
    }
    if (!(c->done_bytes == 0 && first_piece(c, in, out, inl))) {
        if (!c->stream_loaded && !load_stream(c))
            return 0;
        zp_stream_xor(&c->stream, in, out, inl);
    }
    c->done_bytes += inl;
    unsigned tail_bits = (unsigned)(c->length_bits % 8);
    if (c->length_bits_set && tail_bits && c->done_bytes == limit)
        out[inl - 1] &= (uint8_t)(0xFF00u >> tail_bits); /* 3GPP: the bits after LENGTH are 0 */
    *outl = inl;
    return 1;
}

static int cipher_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    zp_cipher_ctx *c = vctx;
    (void)out;
    (void)outsize;
    if (!c->started && !start(c))
        return 0;
    if (c->length_bits_set && c->done_bytes != limit_bytes(c)) {
        zp_error(c->prov, ZP_R_LENGTH_BITS,
                 "%s: length-bits is %llu (%llu bytes), the message "
                 "had %llu bytes",
                 c->kind->name, (unsigned long long)c->length_bits,
                 (unsigned long long)limit_bytes(c), (unsigned long long)c->done_bytes);
        return 0;
    }
    *outl = 0;
    return 1;
}

/* EVP_Cipher(): data, or the end of the message when in is NULL. */
static int cipher_oneshot(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                          const unsigned char *in, size_t inl)
{
    if (!in)
        return cipher_final(vctx, out, outl, outsize);
    return cipher_update(vctx, out, outl, outsize, in, inl);
}

/* EVP asks for one length at every init: answered without the full walk. */
static int get_one_length(const zp_cipher_ctx *c, OSSL_PARAM *p, int *answered)
{
    *answered = 1;
    if (strcmp(p->key, OSSL_CIPHER_PARAM_KEYLEN) == 0)
        return OSSL_PARAM_set_size_t(p, c->kind->key_bytes);
    if (strcmp(p->key, OSSL_CIPHER_PARAM_IVLEN) == 0)
        return OSSL_PARAM_set_size_t(p, iv_bytes(c));
    *answered = 0;
    return 1;
}

static int cipher_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    zp_cipher_ctx *c = vctx;
    OSSL_PARAM *p;
    int answered;
    if (params && params[0].key && !params[1].key) {
        int ok = get_one_length(c, &params[0], &answered);
        if (answered)
            return ok;
    }
    uint8_t iv5[5];
    const uint8_t *iv = c->iv;
    if (c->kind->family == ZP_EEA3) {
        zp_link_to_iv5(&c->link, iv5);
        iv = iv5;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) != NULL &&
        !OSSL_PARAM_set_size_t(p, c->kind->key_bytes))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) != NULL &&
        !OSSL_PARAM_set_size_t(p, iv_bytes(c)))
        return 0;
    /* The IV as set: a keystream cipher has no IV that moves. */
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IV)) != NULL &&
        !zp_octets_get(p, iv, iv_bytes(c)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_UPDATED_IV)) != NULL &&
        !zp_octets_get(p, iv, iv_bytes(c)))
        return 0;
    if (c->kind->family == ZP_ZUC256 && (p = OSSL_PARAM_locate(params, ZP_PARAM_VERSION)) != NULL &&
        !OSSL_PARAM_set_int(p, c->version))
        return 0;
    if (takes_link(c->kind)) {
        if (!zp_link_get(&c->link, params))
            return 0;
        if ((p = OSSL_PARAM_locate(params, ZP_PARAM_LENGTH_BITS)) != NULL &&
            !OSSL_PARAM_set_uint64(p, c->length_bits_set ? c->length_bits : 8 * c->done_bytes))
            return 0;
    }
    return 1;
}

#define ZP_COMMON_GETTABLE                                      \
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),          \
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),       \
        OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0), \
        OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0)
#define ZP_LINK_PARAMS ZP_LINK_PARAM_TYPES, OSSL_PARAM_uint64(ZP_PARAM_LENGTH_BITS, NULL)

static const OSSL_PARAM gettable_plain[] = { ZP_COMMON_GETTABLE, OSSL_PARAM_END };
static const OSSL_PARAM gettable_link[] = { ZP_COMMON_GETTABLE, ZP_LINK_PARAMS, OSSL_PARAM_END };
static const OSSL_PARAM gettable_zuc256[] = { ZP_COMMON_GETTABLE,
                                              OSSL_PARAM_int(ZP_PARAM_VERSION, NULL),
                                              OSSL_PARAM_END };
#define ZP_COMMON_SETTABLE                             \
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL), \
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL)
static const OSSL_PARAM settable_plain[] = { ZP_COMMON_SETTABLE, OSSL_PARAM_END };
static const OSSL_PARAM settable_link[] = { ZP_COMMON_SETTABLE, ZP_LINK_PARAMS, OSSL_PARAM_END };
static const OSSL_PARAM settable_zuc256[] = { ZP_COMMON_SETTABLE,
                                              OSSL_PARAM_int(ZP_PARAM_VERSION, NULL),
                                              OSSL_PARAM_END };

ZP_LIST_FN(gettable_ctx_link, gettable_link)
ZP_LIST_FN(settable_ctx_link, settable_link)
ZP_LIST_FN(gettable_ctx_plain, gettable_plain)
ZP_LIST_FN(settable_ctx_plain, settable_plain)
ZP_LIST_FN(gettable_ctx_zuc256, gettable_zuc256)
ZP_LIST_FN(settable_ctx_zuc256, settable_zuc256)

/* The algorithm's fixed parameters (the default IV size for ZUC-256). */
static int kind_get_params(const zp_cipher_kind *kind, OSSL_PARAM params[])
{
    return zp_cipher_get_params(params, kind->key_bytes, kind->iv_bytes, 0);
}

/* An algorithm's table, and its functions that know its kind. */
#define ZP_CIPHER_TABLE(prefix, gettable_ctx, settable_ctx)                 \
    static void *prefix##_new(void *provctx)                                \
    {                                                                       \
        return cipher_new(provctx, &kind_##prefix);                         \
    }                                                                       \
    static int prefix##_get_params(OSSL_PARAM params[])                     \
    {                                                                       \
        return kind_get_params(&kind_##prefix, params);                     \
    }                                                                       \
    const OSSL_DISPATCH zp_##prefix##_functions[] = {                       \
        ZP_FN(OSSL_FUNC_CIPHER_NEWCTX, prefix##_new),                       \
        ZP_FN(OSSL_FUNC_CIPHER_FREECTX, cipher_free),                       \
        ZP_FN(OSSL_FUNC_CIPHER_DUPCTX, cipher_dup),                         \
        ZP_FN(OSSL_FUNC_CIPHER_ENCRYPT_INIT, cipher_init),                  \
        ZP_FN(OSSL_FUNC_CIPHER_DECRYPT_INIT, cipher_init),                  \
        ZP_FN(OSSL_FUNC_CIPHER_UPDATE, cipher_update),                      \
        ZP_FN(OSSL_FUNC_CIPHER_FINAL, cipher_final),                        \
        ZP_FN(OSSL_FUNC_CIPHER_CIPHER, cipher_oneshot),                     \
        ZP_FN(OSSL_FUNC_CIPHER_GET_PARAMS, prefix##_get_params),            \
        ZP_FN(OSSL_FUNC_CIPHER_GETTABLE_PARAMS, zp_cipher_gettable_params), \
        ZP_FN(OSSL_FUNC_CIPHER_GET_CTX_PARAMS, cipher_get_ctx_params),      \
        ZP_FN(OSSL_FUNC_CIPHER_SET_CTX_PARAMS, cipher_set_ctx_params),      \
        ZP_FN(OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, gettable_ctx),          \
        ZP_FN(OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, settable_ctx),          \
        { 0, NULL },                                                        \
    }

ZP_CIPHER_TABLE(eea3, gettable_ctx_link, settable_ctx_link);
ZP_CIPHER_TABLE(zuc128, gettable_ctx_plain, settable_ctx_plain);
ZP_CIPHER_TABLE(zuc256, gettable_ctx_zuc256, settable_ctx_zuc256);
ZP_CIPHER_TABLE(nea6, gettable_ctx_link, settable_ctx_link);
