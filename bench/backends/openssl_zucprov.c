/* SPDX-License-Identifier: Apache-2.0 */
/* openssl_zucprov.c — libzuc through OpenSSL's EVP interface, by way of the
 * zucprov provider module (provider/): 128-EEA3, 128-EIA3, ZUC-NEA6 and
 * ZUC-NCA6 as an EVP program calls them, one message at a time, so that a
 * row beside libzuc's shows what the EVP layer costs. The module is loaded
 * into a library context of its own (the other OpenSSL rows keep theirs),
 * from the build tree first, else from OPENSSL_MODULES or OpenSSL's
 * modules directory. Each thread keeps its EVP contexts; every message
 * sets its key and IV, as a program sealing packets would. */
#include <limits.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "backends/backends.h"
#include "be.h"
#include "registry.h"
#include "zuc.h"

/* Set by the build, except in a static one (a static program cannot load
 * a module reliably). */
#ifndef ZUCBENCH_ZUCPROV_DIR
#define ZUCBENCH_ZUCPROV_DIR NULL
#endif

static OSSL_LIB_CTX *libctx;
static EVP_CIPHER *eea3, *nea6, *nca6;
static EVP_MAC *eia3;
static _Thread_local EVP_CIPHER_CTX *eea3_ctx, *nea6_ctx, *nca6_ctx;
static _Thread_local EVP_MAC_CTX *eia3_ctx;

/* 1 if the module loaded (build tree, then OpenSSL's own search). */
static int load(const char *build_dir)
{
    if (!build_dir || !(libctx = OSSL_LIB_CTX_new()))
        return 0;
    OSSL_PROVIDER *p = NULL;
    if (OSSL_PROVIDER_set_default_search_path(libctx, build_dir))
        p = OSSL_PROVIDER_load(libctx, "zucprov");
    if (!p && OSSL_PROVIDER_set_default_search_path(libctx, NULL))
        p = OSSL_PROVIDER_load(libctx, "zucprov");
    if (!p)
        return 0;
    eea3 = EVP_CIPHER_fetch(libctx, "ZUC-128-EEA3", NULL);
    nea6 = EVP_CIPHER_fetch(libctx, "ZUC-NEA6", NULL);
    nca6 = EVP_CIPHER_fetch(libctx, "ZUC-NCA6", NULL);
    eia3 = EVP_MAC_fetch(libctx, "ZUC-128-EIA3", NULL);
    return eea3 && nea6 && nca6 && eia3;
}

/* The thread's context for cipher, with the cipher selected once. */
static EVP_CIPHER_CTX *ctx_for(EVP_CIPHER_CTX **ctx, EVP_CIPHER *cipher)
{
    if (!*ctx && (*ctx = EVP_CIPHER_CTX_new()) != NULL &&
        EVP_EncryptInit_ex2(*ctx, cipher, NULL, NULL, NULL) != 1) {
        EVP_CIPHER_CTX_free(*ctx);
        *ctx = NULL;
    }
    return *ctx;
}

/* Init with key and IV, one update, final: n bytes of in into out. */
static int crypt_one(EVP_CIPHER_CTX *ctx, const uint8_t *key, const uint8_t *iv, const uint8_t *in,
                     uint8_t *out, size_t n)
{
    int outl;
    return ctx && n <= INT_MAX && EVP_EncryptInit_ex2(ctx, NULL, key, iv, NULL) == 1 &&
                   EVP_EncryptUpdate(ctx, out, &outl, in, (int)n) == 1 &&
                   EVP_EncryptFinal_ex(ctx, out + n, &outl) == 1
               ? 0
               : -1;
}

static void iv5(const bench_batch *b, size_t i, uint8_t iv[5])
{
    store_be32(iv, b->counts[i]);
    iv[4] = (uint8_t)(b->bearers[i] << 3 | b->directions[i] << 2);
}

static int run_eea3(const bench_batch *b)
{
    EVP_CIPHER_CTX *ctx = ctx_for(&eea3_ctx, eea3);
    int rc = 0;
    for (size_t i = 0; i < b->n; i++) {
        uint8_t iv[5];
        iv5(b, i, iv);
        rc |= crypt_one(ctx, b->keys + 32 * i, iv, b->msg[i], b->out[i], b->len[i]);
    }
    return rc;
}

static int run_nea6(const bench_batch *b)
{
    EVP_CIPHER_CTX *ctx = ctx_for(&nea6_ctx, nea6);
    int rc = 0;
    for (size_t i = 0; i < b->n; i++) {
        uint8_t iv[16];
        rc |= zuc_nxa6_iv(iv, ZUC_NEA6, 0, b->counts[i], b->bearers[i], b->directions[i]);
        rc |= crypt_one(ctx, b->keys + 32 * i, iv, b->msg[i], b->out[i], b->len[i]);
    }
    return rc;
}

/* ZUC-NCA6: the associated data, the message, then its 16-byte tag. */
static int run_nca6(const bench_batch *b)
{
    EVP_CIPHER_CTX *ctx = ctx_for(&nca6_ctx, nca6);
    int rc = 0, outl;
    for (size_t i = 0; i < b->n; i++) {
        uint8_t iv[16], *out = b->out[i];
        size_t n = b->len[i];
        rc |= zuc_nxa6_iv(iv, ZUC_NCA6, 16, b->counts[i], b->bearers[i], b->directions[i]);
        rc |= ctx && n <= INT_MAX && EVP_EncryptInit_ex2(ctx, NULL, b->keys + 32 * i, iv, NULL) &&
                      EVP_EncryptUpdate(ctx, NULL, &outl, b->aad + BENCH_AAD_BYTES * i,
                                        BENCH_AAD_BYTES) &&
                      EVP_EncryptUpdate(ctx, out, &outl, b->msg[i], (int)n) &&
                      EVP_EncryptFinal_ex(ctx, out + n, &outl) &&
                      EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, out + n) == 1
                  ? 0
                  : -1;
    }
    return rc;
}

static int run_eia3(const bench_batch *b)
{
    if (!eia3_ctx && !(eia3_ctx = EVP_MAC_CTX_new(eia3)))
        return -1;
    int rc = 0;
    for (size_t i = 0; i < b->n; i++) {
        uint8_t iv[5];
        size_t len;
        iv5(b, i, iv);
        OSSL_PARAM params[] = { OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, iv, 5),
                                OSSL_PARAM_construct_end() };
        rc |= EVP_MAC_init(eia3_ctx, b->keys + 32 * i, 16, params) == 1 &&
                      EVP_MAC_update(eia3_ctx, b->msg[i], b->len[i]) == 1 &&
                      EVP_MAC_final(eia3_ctx, b->out[i], &len, 4) == 1
                  ? 0
                  : -1;
    }
    return rc;
}

void bench_register_openssl_zucprov(const char *version)
{
    static const struct {
        const char *algorithm, *variant;
        bench_output_kind output;
        int (*run)(const bench_batch *);
    } rows[] = {
        { "128-eea3", "evp", OUT_CIPHERTEXT, run_eea3 },
        { "128-eia3", "evp-mac", OUT_TAG4, run_eia3 },
        { "zuc-nea6", "evp", OUT_CIPHERTEXT, run_nea6 },
        { "zuc-nca6", "evp", OUT_SEALED16, run_nca6 },
    };
    const char *why = NULL;
    if (!ZUCBENCH_ZUCPROV_DIR)
        why = "not in a static build (the provider module is loaded at run time)";
    else if (!load(ZUCBENCH_ZUCPROV_DIR))
        why = "the zucprov module was not found (make builds it where libssl-dev is installed; "
              "or set OPENSSL_MODULES)";
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        bench_entry e = {
            .algorithm = rows[i].algorithm,
            .backend = "openssl-zucprov",
            .variant = rows[i].variant,
            .output = rows[i].output,
            .unavailable = why,
            .source = version,
            .prepare = bench_prepare_nothing,
            .run = rows[i].run,
        };
        bench_register(&e);
    }
}
