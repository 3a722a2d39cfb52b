/* SPDX-License-Identifier: Apache-2.0 */
/* nca6.c — ZUC-NCA6 as an OpenSSL AEAD cipher: 32-byte key, 16-byte IV
 * (or count, bearer, direction, from which the IV is made with the tag
 * size), tags of 4 to 16 bytes (16 unless set) through the standard AEAD
 * tag parameters, associated data through update with no output buffer.
 *
 * The tag, a POLYVAL over the associated data and the ciphertext, covers
 * the whole message, and libzuc gives it only from its one-message calls
 * (include/zuc.h has no tag-only call, nor an NCA6 that takes a message in
 * pieces), so the context keeps the associated data and the message. The
 * first piece of a message goes through zuc_nca6_encrypt_iv, which writes
 * it and the tag as if it were the whole message, or, when decrypting with
 * the tag already set, zuc_nca6_decrypt_iv, which checks the tag in
 * constant time and writes the plaintext only if it verifies. A message in
 * one piece is then done in one keystream pass and final only reports. If
 * more pieces follow (or the tag is not yet set, or does not verify), the
 * keystream interface takes over at the message's position (words 13 on;
 * 1 to 12 key the tag), and final runs the one-message call again over
 * what the context kept, for the tag or the verdict. As with AES-GCM,
 * decryption hands out plaintext before the tag is checked: a caller must
 * discard it unless final succeeds. */
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <stdlib.h>
#include <string.h>

#include "buffer.h"
#include "stream.h"
#include "zuc.h"
#include "zucprov.h"

#define NCA6_NAME "ZUC-NCA6"
#define NCA6_DEFAULT_TAG 16

typedef struct {
    const zp_provctx *prov;
    uint8_t key[ZUC_NXA6_KEY_BYTES];
    uint8_t iv[ZUC_NXA6_IV_BYTES];
    int key_set, iv_set;
    int iv_from_link; /* the IV is made at the start, with the tag size */
    zp_link link;
    size_t tag_bytes;
    uint8_t tag[ZUC_NXA6_TAG_MAX]; /* computed (encryption) or expected (decryption) */
    int tag_set;                   /* decryption: the expected tag was given */
    int tag_ready;                 /* encryption: final computed it */
    int enc;
    int started;
    /* The message so far is one piece that libzuc's one-message call took:
     * the tag (encryption) or the verdict (decryption) over exactly it is
     * known, and final uses it instead of running the keystream again. */
    int one_call;
    int verdict;       /* decryption, one_call: ZUC_OK or ZUC_EAUTH */
    int stream_loaded; /* the keystream interface holds the message's position */
    zp_buf aad, msg;   /* msg: the plaintext (encryption) or the ciphertext */
    zp_stream stream;
} zp_nca6_ctx;

static void *nca6_new(void *provctx)
{
    zp_nca6_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        zp_error(provctx, ZP_R_OUT_OF_MEMORY, "ZUC-NCA6 context");
        return NULL;
    }
    c->prov = provctx;
    c->tag_bytes = NCA6_DEFAULT_TAG;
    return c;
}

static void nca6_free(void *vctx)
{
    zp_nca6_ctx *c = vctx;
    if (!c)
        return;
    zp_buf_free(&c->aad);
    zp_buf_free(&c->msg);
    OPENSSL_cleanse(c, sizeof *c);
    free(c);
}

static void *nca6_dup(void *vctx)
{
    const zp_nca6_ctx *c = vctx;
    zp_nca6_ctx *d = malloc(sizeof *d);
    if (!d) {
        zp_error(c->prov, ZP_R_OUT_OF_MEMORY, "ZUC-NCA6 context");
        return NULL;
    }
    *d = *c;
    if (!zp_buf_dup(&d->aad, &c->aad) || !zp_buf_dup(&d->msg, &c->msg)) {
        zp_buf_free(&d->aad);
        zp_buf_free(&d->msg);
        free(d);
        zp_error(c->prov, ZP_R_OUT_OF_MEMORY, "ZUC-NCA6 context");
        return NULL;
    }
    return d;
}

static int before_start(const zp_nca6_ctx *c, const char *what)
{
    return zp_before_start(c->prov, NCA6_NAME, c->started, what);
}

/* OSSL_CIPHER_PARAM_AEAD_TAG: its size sets the tag size (4..16); its data,
 * when decrypting, the tag to verify. */
static int set_tag(zp_nca6_ctx *c, const OSSL_PARAM *p)
{
    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size < ZUC_NXA6_TAG_MIN ||
        p->data_size > ZUC_NXA6_TAG_MAX) {
        zp_error(c->prov, ZP_R_BAD_TAG_LENGTH, "ZUC-NCA6: tags are 4 to 16 bytes, not %zu",
                 p->data_size);
        return 0;
    }
    if (p->data && c->enc) {
        zp_error(c->prov, ZP_R_WRONG_STATE, "ZUC-NCA6: a tag to verify is for decryption");
        return 0;
    }
    if (p->data_size != c->tag_bytes && !before_start(c, "the tag size"))
        return 0;
    c->tag_bytes = p->data_size;
    if (p->data) {
        memcpy(c->tag, p->data, p->data_size);
        c->tag_set = 1;
        c->one_call = 0; /* a verdict on an earlier tag says nothing of this one */
    }
    return 1;
}

static int nca6_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    zp_nca6_ctx *c = vctx;
    const OSSL_PARAM *p;
    if (!params)
        return 1;
    if (!zp_size_param_is(c->prov, ZP_R_BAD_KEY_LENGTH, NCA6_NAME, params, OSSL_CIPHER_PARAM_KEYLEN,
                          ZUC_NXA6_KEY_BYTES) ||
        !zp_size_param_is(c->prov, ZP_R_BAD_IV_LENGTH, NCA6_NAME, params,
                          OSSL_CIPHER_PARAM_AEAD_IVLEN, ZUC_NXA6_IV_BYTES))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG)) != NULL && !set_tag(c, p))
        return 0;
    zp_link link = c->link;
    int changed = 0;
    if (!zp_link_set(c->prov, &link, &changed, params))
        return 0;
    if (changed) {
        if (!before_start(c, "count, bearer and direction"))
            return 0;
        c->link = link;
        c->iv_from_link = 1;
        c->iv_set = 1;
    }
    return 1;
}

static int nca6_init(zp_nca6_ctx *c, int enc, const unsigned char *key, size_t keylen,
                     const unsigned char *iv, size_t ivlen, const OSSL_PARAM params[])
{
    c->enc = enc;
    c->started = 0;
    c->tag_ready = 0;
    c->tag_set = 0;
    c->one_call = 0;
    c->stream_loaded = 0;
    zp_buf_clear(&c->aad);
    zp_buf_clear(&c->msg);
    if (!nca6_set_ctx_params(c, params))
        return 0;
    if (key) {
        if (!zp_copy_sized(c->prov, ZP_R_BAD_KEY_LENGTH, NCA6_NAME, "key", c->key, key, keylen,
                           ZUC_NXA6_KEY_BYTES))
            return 0;
        c->key_set = 1;
    }
    if (iv) {
        if (!zp_copy_sized(c->prov, ZP_R_BAD_IV_LENGTH, NCA6_NAME, "IV", c->iv, iv, ivlen,
                           ZUC_NXA6_IV_BYTES))
            return 0;
        c->iv_set = 1;
        c->iv_from_link = 0;
    }
    return 1;
}

static int nca6_einit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,
                      size_t ivlen, const OSSL_PARAM params[])
{
    return nca6_init(vctx, 1, key, keylen, iv, ivlen, params);
}

static int nca6_dinit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,
                      size_t ivlen, const OSSL_PARAM params[])
{
    return nca6_init(vctx, 0, key, keylen, iv, ivlen, params);
}

/* Begins a message: key and IV must be set; the IV is made now where the
 * link parameters give it, as it holds the tag size. */
static int start(zp_nca6_ctx *c)
{
    if (!zp_key_iv_set(c->prov, NCA6_NAME, c->key_set, c->iv_set, "IV"))
        return 0;
    if (c->iv_from_link)
        zuc_nxa6_iv(c->iv, ZUC_NCA6, c->tag_bytes, c->link.count, c->link.bearer,
                    c->link.direction);
    c->started = 1;
    return 1;
}

/* Loads the keystream interface after the 12 words that key the tag and
 * the done_bytes of the message that the one-message call already took. */
static int load_stream(zp_nca6_ctx *c, size_t done_bytes)
{
    uint32_t tag_keys[12];
    int rc = zuc256v_keystream_init(&c->stream.st, ZUC256_V2023, c->key, c->iv);
    if (rc != ZUC_OK) {
        zp_error(c->prov, ZP_R_LIBZUC, "ZUC-NCA6: %s", zuc_strerror(rc));
        return 0;
    }
    zp_stream_skip(&c->stream, tag_keys, 12);
    OPENSSL_cleanse(tag_keys, sizeof tag_keys);
    zp_stream_skip_bytes(&c->stream, done_bytes);
    c->stream_loaded = 1;
    return 1;
}

/* The one-message call over aad and the whole message, in place over the
 * kept copy when out is it (only the tag or the verdict is used then). */
static int one_message(zp_nca6_ctx *c, const uint8_t *in, uint8_t *out, size_t n)
{
    if (c->enc)
        return zuc_nca6_encrypt_iv(c->key, c->iv, c->aad.data, c->aad.len, in, out, n, c->tag,
                                   c->tag_bytes);
    return zuc_nca6_decrypt_iv(c->key, c->iv, c->aad.data, c->aad.len, in, out, n, c->tag,
                               c->tag_bytes);
}

/* The first piece of a message through the one-message call, which gives
 * the tag (encryption) or the verdict (decryption, with the tag set) as if
 * it were the whole message; 0 where it wrote nothing (no tag yet, or one
 * that does not verify): the keystream interface then takes it. */
static int first_piece(zp_nca6_ctx *c, const uint8_t *in, uint8_t *out, size_t n, int *rc)
{
    *rc = ZUC_OK;
    if (!c->enc && !c->tag_set)
        return 0;
    *rc = one_message(c, in, out, n);
    c->one_call = *rc == ZUC_OK || *rc == ZUC_EAUTH;
    c->verdict = *rc;
    if (*rc == ZUC_EAUTH)
        *rc = ZUC_OK;
    return c->one_call && c->verdict == ZUC_OK;
}

static int nca6_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                       const unsigned char *in, size_t inl)
{
    zp_nca6_ctx *c = vctx;
    if (!c->started && !start(c))
        return 0;
    if (inl && !in) {
        zp_error(c->prov, ZP_R_BAD_PARAMETER, "ZUC-NCA6: no input");
        return 0;
    }
    if (!out) { /* associated data */
        if (c->msg.len) {
            zp_error(c->prov, ZP_R_WRONG_STATE, "ZUC-NCA6: associated data after the message");
            return 0;
        }
        if (!zp_buf_append(&c->aad, in, inl, ZUC_NXA6_MAX_BYTES)) {
            zp_error(c->prov, ZP_R_TOO_LONG,
                     "ZUC-NCA6: associated data over %zu bytes or "
                     "out of memory",
                     (size_t)ZUC_NXA6_MAX_BYTES);
            return 0;
        }
        *outl = inl;
        return 1;
    }
    if (outsize < inl) {
        zp_error(c->prov, ZP_R_BAD_PARAMETER, "ZUC-NCA6: output buffer too small");
        return 0;
    }
    size_t done = c->msg.len;
    /* kept before the call writes out, which may be in */
    if (!zp_buf_append(&c->msg, in, inl, ZUC_NXA6_MAX_BYTES)) {
        zp_error(c->prov, ZP_R_TOO_LONG, "ZUC-NCA6: message over %zu bytes or out of memory",
                 (size_t)ZUC_NXA6_MAX_BYTES);
        return 0;
    }
    if (inl) {
        int rc = ZUC_OK, taken = 0;
        if (done == 0)
            taken = first_piece(c, in, out, inl, &rc);
        else
            c->one_call = 0; /* more than one piece: final runs the call again */
        if (rc != ZUC_OK) {
            zp_error(c->prov, ZP_R_LIBZUC, "ZUC-NCA6: %s", zuc_strerror(rc));
            return 0;
        }
        if (!taken) {
            if (!c->stream_loaded && !load_stream(c, done))
                return 0;
            zp_stream_xor(&c->stream, in, out, inl);
        }
    }
    *outl = inl;
    return 1;
}

static int nca6_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    zp_nca6_ctx *c = vctx;
    (void)out;
    (void)outsize;
    int rc;
    if (!c->started && !start(c))
        return 0;
    if (!c->enc && !c->tag_set) {
        zp_error(c->prov, ZP_R_WRONG_STATE,
                 "ZUC-NCA6: decryption needs the tag (set it "
                 "before final)");
        return 0;
    }
    if (c->one_call)
        rc = c->enc ? ZUC_OK : c->verdict;
    else
        rc = one_message(c, c->msg.data, c->msg.data, c->msg.len);
    zp_buf_clear(&c->aad);
    zp_buf_clear(&c->msg);
    c->one_call = 0;
    if (rc == ZUC_EAUTH) {
        zp_error(c->prov, ZP_R_TAG_MISMATCH, "ZUC-NCA6: the tag does not verify");
        return 0;
    }
    if (rc != ZUC_OK) {
        zp_error(c->prov, ZP_R_LIBZUC, "ZUC-NCA6: %s", zuc_strerror(rc));
        return 0;
    }
    c->tag_ready = c->enc;
    *outl = 0;
    return 1;
}

static int nca6_oneshot(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                        const unsigned char *in, size_t inl)
{
    if (!in)
        return nca6_final(vctx, out, outl, outsize);
    return nca6_update(vctx, out, outl, outsize, in, inl);
}

static int nca6_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    zp_nca6_ctx *c = vctx;
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) != NULL &&
        !OSSL_PARAM_set_size_t(p, ZUC_NXA6_KEY_BYTES))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) != NULL &&
        !OSSL_PARAM_set_size_t(p, ZUC_NXA6_IV_BYTES))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN)) != NULL &&
        !OSSL_PARAM_set_size_t(p, c->tag_bytes))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IV)) != NULL &&
        !zp_octets_get(p, c->iv, sizeof c->iv))
        return 0;
    if (!zp_link_get(&c->link, params))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAG)) != NULL) {
        if (!c->tag_ready || p->data_size != c->tag_bytes) {
            zp_error(c->prov, c->tag_ready ? ZP_R_BAD_TAG_LENGTH : ZP_R_WRONG_STATE,
                     "ZUC-NCA6: the tag is read after encryption's final, at its size (%zu)",
                     c->tag_bytes);
            return 0;
        }
        if (!OSSL_PARAM_set_octet_string(p, c->tag, c->tag_bytes))
            return 0;
    }
    return 1;
}

static const OSSL_PARAM nca6_gettable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    ZP_LINK_PARAM_TYPES,
    OSSL_PARAM_END,
};

static const OSSL_PARAM nca6_settable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    ZP_LINK_PARAM_TYPES,
    OSSL_PARAM_END,
};

ZP_LIST_FN(nca6_gettable_ctx, nca6_gettable)
ZP_LIST_FN(nca6_settable_ctx, nca6_settable)

static int nca6_get_params(OSSL_PARAM params[])
{
    return zp_cipher_get_params(params, ZUC_NXA6_KEY_BYTES, ZUC_NXA6_IV_BYTES, 1);
}

const OSSL_DISPATCH zp_nca6_functions[] = {
    ZP_FN(OSSL_FUNC_CIPHER_NEWCTX, nca6_new),
    ZP_FN(OSSL_FUNC_CIPHER_FREECTX, nca6_free),
    ZP_FN(OSSL_FUNC_CIPHER_DUPCTX, nca6_dup),
    ZP_FN(OSSL_FUNC_CIPHER_ENCRYPT_INIT, nca6_einit),
    ZP_FN(OSSL_FUNC_CIPHER_DECRYPT_INIT, nca6_dinit),
    ZP_FN(OSSL_FUNC_CIPHER_UPDATE, nca6_update),
    ZP_FN(OSSL_FUNC_CIPHER_FINAL, nca6_final),
    ZP_FN(OSSL_FUNC_CIPHER_CIPHER, nca6_oneshot),
    ZP_FN(OSSL_FUNC_CIPHER_GET_PARAMS, nca6_get_params),
    ZP_FN(OSSL_FUNC_CIPHER_GETTABLE_PARAMS, zp_cipher_gettable_params),
    ZP_FN(OSSL_FUNC_CIPHER_GET_CTX_PARAMS, nca6_get_ctx_params),
    ZP_FN(OSSL_FUNC_CIPHER_SET_CTX_PARAMS, nca6_set_ctx_params),
    ZP_FN(OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, nca6_gettable_ctx),
    ZP_FN(OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, nca6_settable_ctx),
    { 0, NULL },
};
