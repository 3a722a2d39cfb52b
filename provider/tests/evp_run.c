/* SPDX-License-Identifier: Apache-2.0 */
/* evp_run.c — loading zucprov as a program does, and running a cipher or
 * a MAC over a message in pieces (evp_run.h). */
#include "evp_run.h"

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/provider.h>
#include <stdio.h>
#include <string.h>

#define PROPS "provider=zucprov"

static EVP_CIPHER *fetch_cipher(OSSL_LIB_CTX *libctx, const char *names)
{
    char buf[128];
    EVP_CIPHER *first = NULL;
    snprintf(buf, sizeof buf, "%s", names);
    for (char *name = strtok(buf, ":"); name; name = strtok(NULL, ":")) {
        EVP_CIPHER *c = EVP_CIPHER_fetch(libctx, name, PROPS);
        if (!c || (first && EVP_CIPHER_get0_provider(c) != EVP_CIPHER_get0_provider(first))) {
            fprintf(stderr, "evp_vectors: cannot fetch cipher %s from zucprov\n", name);
            ERR_print_errors_fp(stderr);
            EVP_CIPHER_free(c);
            EVP_CIPHER_free(first);
            return NULL;
        }
        if (first)
            EVP_CIPHER_free(c);
        else
            first = c;
    }
    return first;
}

static EVP_MAC *fetch_mac(OSSL_LIB_CTX *libctx, const char *names)
{
    char buf[128];
    EVP_MAC *first = NULL;
    snprintf(buf, sizeof buf, "%s", names);
    for (char *name = strtok(buf, ":"); name; name = strtok(NULL, ":")) {
        EVP_MAC *m = EVP_MAC_fetch(libctx, name, PROPS);
        if (!m) {
            fprintf(stderr, "evp_vectors: cannot fetch MAC %s from zucprov\n", name);
            ERR_print_errors_fp(stderr);
            EVP_MAC_free(first);
            return NULL;
        }
        if (first)
            EVP_MAC_free(m);
        else
            first = m;
    }
    return first;
}

int zp_load(zp_algs *a, const char *module_dir)
{
    memset(a, 0, sizeof *a);
    a->libctx = OSSL_LIB_CTX_new();
    if (!a->libctx || !OSSL_PROVIDER_set_default_search_path(a->libctx, module_dir) ||
        !(a->prov = OSSL_PROVIDER_load(a->libctx, "zucprov"))) {
        fprintf(stderr, "evp_vectors: cannot load zucprov from %s\n", module_dir);
        ERR_print_errors_fp(stderr);
        return 0;
    }
    a->eea3 = fetch_cipher(a->libctx, "ZUC-128-EEA3:EEA3:NEA3");
    a->zuc128 = fetch_cipher(a->libctx, "ZUC-128");
    a->zuc256 = fetch_cipher(a->libctx, "ZUC-256");
    a->nea6 = fetch_cipher(a->libctx, "ZUC-NEA6:NEA6");
    a->nca6 = fetch_cipher(a->libctx, "ZUC-NCA6:NCA6");
    a->eia3 = fetch_mac(a->libctx, "ZUC-128-EIA3:EIA3:NIA3");
    a->zuc256_mac = fetch_mac(a->libctx, "ZUC-256-MAC");
    a->nia6 = fetch_mac(a->libctx, "ZUC-NIA6:NIA6");
    return a->eea3 && a->zuc128 && a->zuc256 && a->nea6 && a->nca6 && a->eia3 && a->zuc256_mac &&
           a->nia6;
}

void zp_unload(zp_algs *a)
{
    EVP_CIPHER_free(a->eea3);
    EVP_CIPHER_free(a->zuc128);
    EVP_CIPHER_free(a->zuc256);
    EVP_CIPHER_free(a->nea6);
    EVP_CIPHER_free(a->nca6);
    EVP_MAC_free(a->eia3);
    EVP_MAC_free(a->zuc256_mac);
    EVP_MAC_free(a->nia6);
    OSSL_PROVIDER_unload(a->prov);
    OSSL_LIB_CTX_free(a->libctx);
}

static size_t piece_of(size_t piece, size_t left)
{
    return piece == 0 || piece > left ? left : piece;
}

int zp_run_cipher(const zp_cipher_run *r, const uint8_t *in, uint8_t *out, size_t n)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int ok = ctx && EVP_CipherInit_ex2(ctx, r->cipher, NULL, NULL, r->enc, r->params) &&
             EVP_CipherInit_ex2(ctx, NULL, r->key, r->iv, r->enc, NULL);
    int len;
    if (ok && r->tag_len)
        ok = EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)r->tag_len,
                                 r->enc ? NULL : r->tag) > 0;
    for (size_t done = 0; ok && done < r->aad_len;) {
        size_t k = piece_of(r->piece, r->aad_len - done);
        ok = EVP_CipherUpdate(ctx, NULL, &len, r->aad + done, (int)k);
        done += k;
    }
    for (size_t done = 0; ok && done < n;) {
        size_t k = piece_of(r->piece, n - done);
        ok = EVP_CipherUpdate(ctx, out + done, &len, in + done, (int)k) && len == (int)k;
        done += k;
    }
    if (ok && r->tag_after && !r->enc)
        ok = EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)r->tag_len,
                                 (void *)r->tag_after) > 0;
    ok = ok && EVP_CipherFinal_ex(ctx, out + n, &len) && len == 0;
    if (ok && r->tag_len && r->enc)
        ok = EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, (int)r->tag_len, r->tag) > 0;
    EVP_CIPHER_CTX_free(ctx);
    return ok;
}

int zp_run_mac(const zp_mac_run *r, const uint8_t *msg, size_t n, uint8_t *tag, size_t *len)
{
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(r->mac);
    int ok = ctx && EVP_MAC_init(ctx, r->key, r->key_len, r->params);
    for (size_t done = 0; ok && done < n;) {
        size_t k = piece_of(r->piece, n - done);
        ok = EVP_MAC_update(ctx, msg + done, k);
        done += k;
    }
    ok = ok && EVP_MAC_final(ctx, tag, len, 16);
    EVP_MAC_CTX_free(ctx);
    return ok;
}
