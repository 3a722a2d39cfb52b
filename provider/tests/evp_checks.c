/* SPDX-License-Identifier: Apache-2.0 */
/* evp_checks.c — the provider's EVP surface beyond the vectors: sizes and
 * flags, parameters read back, unknown parameters ignored, dupctx in the
 * middle of a message, and bad input refused with an OpenSSL error and
 * nothing written (evp_run.h). */
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/provider.h>
#include <stdio.h>
#include <string.h>

#include "evp_run.h"
#include "support/testutil.h"

static void expect(const char *what, int ok)
{
    if (!ok)
        printf("  FAIL %s\n", what);
    check_count(ok);
}

/* A call that must fail, leave an error on OpenSSL's queue, and (when
 * given) leave the bytes of `untouched` as they were. */
static void expect_refused(const char *what, int rc, const uint8_t *untouched, size_t n)
{
    int ok = !rc && ERR_peek_error() != 0;
    for (size_t i = 0; ok && untouched && i < n; i++)
        ok = untouched[i] == 0xA5;
    if (!ok)
        printf("  FAIL refused: %s (rc %d, error queued: %s)\n", what, rc,
               ERR_peek_error() ? "yes" : "no");
    ERR_clear_error();
    check_count(ok);
}

static const uint8_t key[32] = { 1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                                 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32 };
static const uint8_t iv[25] = { 9, 8, 7, 6, 5 << 3 | 1 << 2 };

static void check_sizes(const zp_algs *a)
{
    expect("EEA3 key 16, IV 5",
           EVP_CIPHER_get_key_length(a->eea3) == 16 && EVP_CIPHER_get_iv_length(a->eea3) == 5);
    expect("ZUC-128 key 16, IV 16",
           EVP_CIPHER_get_key_length(a->zuc128) == 16 && EVP_CIPHER_get_iv_length(a->zuc128) == 16);
    expect("ZUC-256 key 32, IV 25",
           EVP_CIPHER_get_key_length(a->zuc256) == 32 && EVP_CIPHER_get_iv_length(a->zuc256) == 25);
    expect("NEA6 key 32, IV 16",
           EVP_CIPHER_get_key_length(a->nea6) == 32 && EVP_CIPHER_get_iv_length(a->nea6) == 16);
    expect("NCA6 is an AEAD", (EVP_CIPHER_get_flags(a->nca6) & EVP_CIPH_FLAG_AEAD_CIPHER) != 0);
    expect("EEA3 block size 1", EVP_CIPHER_get_block_size(a->eea3) == 1);
    expect("EEA3 names its provider",
           strcmp(OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(a->eea3)), "zucprov") == 0);
    expect("EEA3 settable count",
           OSSL_PARAM_locate_const(EVP_CIPHER_settable_ctx_params(a->eea3), "count") != NULL);
    expect("NIA6 settable size",
           OSSL_PARAM_locate_const(EVP_MAC_settable_ctx_params(a->nia6), "size") != NULL);
    expect("ZUC-256-MAC gettable version",
           OSSL_PARAM_locate_const(EVP_MAC_gettable_ctx_params(a->zuc256_mac), "version") != NULL);
}

static void check_params(const zp_algs *a)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    uint32_t count = 0;
    unsigned bearer = 0, dir = 0;
    int unknown = 7;
    OSSL_PARAM get[4] = { OSSL_PARAM_construct_uint32("count", &count),
                          OSSL_PARAM_construct_uint("bearer", &bearer),
                          OSSL_PARAM_construct_uint("direction", &dir),
                          OSSL_PARAM_construct_end() };
    OSSL_PARAM odd[2] = { OSSL_PARAM_construct_int("no-such-parameter", &unknown),
                          OSSL_PARAM_construct_end() };
    expect("EEA3 count, bearer, direction read back from the 5-byte IV",
           EVP_EncryptInit_ex2(ctx, a->eea3, key, iv, NULL) &&
               EVP_CIPHER_CTX_get_params(ctx, get) && count == 0x09080706 && bearer == 5 &&
               dir == 1);
    expect("EEA3 ignores an unknown parameter", EVP_CIPHER_CTX_set_params(ctx, odd) == 1);
    int version = 2023;
    OSSL_PARAM v[2] = { OSSL_PARAM_construct_int("version", &version), OSSL_PARAM_construct_end() };
    expect("ZUC-256 version 2023 takes a 16-byte IV",
           EVP_EncryptInit_ex2(ctx, a->zuc256, NULL, NULL, v) &&
               EVP_CIPHER_CTX_get_iv_length(ctx) == 16 &&
               EVP_EncryptInit_ex2(ctx, NULL, key, iv, NULL));
    EVP_CIPHER_CTX_free(ctx);

    EVP_MAC_CTX *m = EVP_MAC_CTX_new(a->nia6);
    size_t size = 8;
    OSSL_PARAM sz[2] = { OSSL_PARAM_construct_size_t("size", &size), OSSL_PARAM_construct_end() };
    expect("NIA6 size 8 read back",
           EVP_MAC_CTX_set_params(m, sz) && EVP_MAC_CTX_get_mac_size(m) == 8);
    expect("NIA6 ignores an unknown parameter", EVP_MAC_CTX_set_params(m, odd) == 1);
    EVP_MAC_CTX_free(m);
}

/* A context copied after 7 bytes goes on exactly as the original. */
static void check_dup(const zp_algs *a)
{
    uint8_t msg[100], o1[100], o2[100], t1[16], t2[16];
    int len;
    size_t l1, l2;
    memset(msg, 0x3C, sizeof msg);
    EVP_CIPHER *ciphers[] = { a->eea3, a->zuc128, a->nea6, a->nca6 };
    for (size_t i = 0; i < sizeof ciphers / sizeof ciphers[0]; i++) {
        EVP_CIPHER_CTX *c1 = EVP_CIPHER_CTX_new(), *c2 = EVP_CIPHER_CTX_new();
        int ok = EVP_EncryptInit_ex2(c1, ciphers[i], key, iv, NULL) &&
                 EVP_EncryptUpdate(c1, o1, &len, msg, 7) && EVP_CIPHER_CTX_copy(c2, c1);
        memcpy(o2, o1, 7);
        ok = ok && EVP_EncryptUpdate(c1, o1 + 7, &len, msg + 7, 93) &&
             EVP_EncryptUpdate(c2, o2 + 7, &len, msg + 7, 93) && memcmp(o1, o2, 100) == 0 &&
             EVP_EncryptFinal_ex(c1, o1, &len) && EVP_EncryptFinal_ex(c2, o2, &len);
        if (ciphers[i] == a->nca6)
            ok = ok && EVP_CIPHER_CTX_ctrl(c1, EVP_CTRL_AEAD_GET_TAG, 16, t1) > 0 &&
                 EVP_CIPHER_CTX_ctrl(c2, EVP_CTRL_AEAD_GET_TAG, 16, t2) > 0 &&
                 memcmp(t1, t2, 16) == 0;
        expect(EVP_CIPHER_get0_name(ciphers[i]), ok);
        EVP_CIPHER_CTX_free(c1);
        EVP_CIPHER_CTX_free(c2);
    }
    EVP_MAC *macs[] = { a->eia3, a->nia6 };
    for (size_t i = 0; i < 2; i++) {
        EVP_MAC_CTX *m1 = EVP_MAC_CTX_new(macs[i]), *m2 = NULL;
        OSSL_PARAM p[2] = { OSSL_PARAM_construct_octet_string("iv", (void *)iv,
                                                              macs[i] == a->eia3 ? 5 : 16),
                            OSSL_PARAM_construct_end() };
        int ok = EVP_MAC_init(m1, key, macs[i] == a->eia3 ? 16 : 32, p) &&
                 EVP_MAC_update(m1, msg, 7) && (m2 = EVP_MAC_CTX_dup(m1)) != NULL &&
                 EVP_MAC_update(m1, msg + 7, 93) && EVP_MAC_update(m2, msg + 7, 93) &&
                 EVP_MAC_final(m1, t1, &l1, 16) && EVP_MAC_final(m2, t2, &l2, 16) && l1 == l2 &&
                 memcmp(t1, t2, l1) == 0;
        expect(EVP_MAC_get0_name(macs[i]), ok);
        EVP_MAC_CTX_free(m1);
        EVP_MAC_CTX_free(m2);
    }
}

void zp_check_api(const zp_algs *a)
{
    check_sizes(a);
    check_params(a);
    check_dup(a);
    printf("api         evp   sizes, flags, parameters, dupctx checked\n");
}

static int cipher_set(EVP_CIPHER *c, const OSSL_PARAM *p)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int rc = EVP_EncryptInit_ex2(ctx, c, NULL, NULL, NULL) && EVP_CIPHER_CTX_set_params(ctx, p);
    EVP_CIPHER_CTX_free(ctx);
    return rc;
}

static int mac_init(EVP_MAC *m, size_t keylen, const OSSL_PARAM *p)
{
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(m);
    int rc = EVP_MAC_init(ctx, key, keylen, p);
    EVP_MAC_CTX_free(ctx);
    return rc;
}

static void refused_parameters(const zp_algs *a)
{
    unsigned big = 32, two = 2;
    int v2020 = 2020;
    size_t five = 5, eight = 8, seventeen = 17;
    uint64_t twelve = 12;
    OSSL_PARAM bearer[2] = { OSSL_PARAM_construct_uint("bearer", &big),
                             OSSL_PARAM_construct_end() };
    OSSL_PARAM dir[2] = { OSSL_PARAM_construct_uint("direction", &two),
                          OSSL_PARAM_construct_end() };
    OSSL_PARAM ver[2] = { OSSL_PARAM_construct_int("version", &v2020), OSSL_PARAM_construct_end() };
    OSSL_PARAM size5[2] = { OSSL_PARAM_construct_size_t("size", &five),
                            OSSL_PARAM_construct_end() };
    OSSL_PARAM size8[2] = { OSSL_PARAM_construct_size_t("size", &eight),
                            OSSL_PARAM_construct_end() };
    OSSL_PARAM size17[2] = { OSSL_PARAM_construct_size_t("size", &seventeen),
                             OSSL_PARAM_construct_end() };
    OSSL_PARAM bits12[2] = { OSSL_PARAM_construct_uint64("length-bits", &twelve),
                             OSSL_PARAM_construct_end() };
    expect_refused("EEA3 bearer 32", cipher_set(a->eea3, bearer), NULL, 0);
    expect_refused("NEA6 direction 2", cipher_set(a->nea6, dir), NULL, 0);
    expect_refused("ZUC-256 version 2020", cipher_set(a->zuc256, ver), NULL, 0);
    expect_refused("ZUC-256-MAC size 5", mac_init(a->zuc256_mac, 32, size5), NULL, 0);
    expect_refused("EIA3 size 8", mac_init(a->eia3, 16, size8), NULL, 0);
    expect_refused("NIA6 size 17", mac_init(a->nia6, 32, size17), NULL, 0);
    expect_refused("NIA6 length-bits 12 (not whole bytes)", mac_init(a->nia6, 32, bits12), NULL, 0);
    expect_refused("EIA3 15-byte key", mac_init(a->eia3, 15, NULL), NULL, 0);
    expect_refused("NIA6 16-byte key", mac_init(a->nia6, 16, NULL), NULL, 0);

    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    uint8_t bad_iv[5] = { 0, 0, 0, 0, 3 };
    expect_refused("EEA3 IV with the low bits of byte 4 set",
                   EVP_EncryptInit_ex2(ctx, a->eea3, key, bad_iv, NULL), NULL, 0);
    expect_refused("EEA3 key length 15",
                   EVP_EncryptInit_ex2(ctx, a->eea3, NULL, NULL, NULL) &&
                       EVP_CIPHER_CTX_set_key_length(ctx, 15),
                   NULL, 0);
    int version = 2023;
    OSSL_PARAM v[2] = { OSSL_PARAM_construct_int("version", &version), OSSL_PARAM_construct_end() };
    OSSL_PARAM ivlen25[2] = { OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_IVLEN, &(size_t){ 25 }),
                              OSSL_PARAM_construct_end() };
    expect_refused("ZUC-256 version 2023 with ivlen 25",
                   EVP_EncryptInit_ex2(ctx, a->zuc256, NULL, NULL, v) &&
                       EVP_CIPHER_CTX_set_params(ctx, ivlen25),
                   NULL, 0);
    expect_refused("NCA6 tag of 3 bytes",
                   EVP_EncryptInit_ex2(ctx, a->nca6, key, iv, NULL) &&
                       EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 3, NULL) > 0,
                   NULL, 0);
    expect_refused("NCA6 tag of 17 bytes",
                   EVP_EncryptInit_ex2(ctx, a->nca6, key, iv, NULL) &&
                       EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 17, NULL) > 0,
                   NULL, 0);
    EVP_CIPHER_CTX_free(ctx);
}

/* Calls with data that must write nothing. */
static void refused_data(const zp_algs *a)
{
    uint8_t msg[64] = { 0 }, out[64], tag[16];
    int len = -1;
    size_t tlen;
    uint64_t bits = 64;
    OSSL_PARAM b64[2] = { OSSL_PARAM_construct_uint64("length-bits", &bits),
                          OSSL_PARAM_construct_end() };
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();

    memset(out, 0xA5, sizeof out);
    expect_refused("EEA3: 9 bytes after length-bits 64",
                   EVP_EncryptInit_ex2(ctx, a->eea3, key, iv, b64) &&
                       EVP_EncryptUpdate(ctx, out, &len, msg, 9),
                   out, sizeof out);
    expect_refused("EEA3: final after 4 of the 8 bytes of length-bits 64",
                   EVP_EncryptInit_ex2(ctx, a->eea3, key, iv, b64) &&
                       EVP_EncryptUpdate(ctx, out, &len, msg, 4) &&
                       EVP_EncryptFinal_ex(ctx, out + 4, &len),
                   NULL, 0);
    memset(out, 0xA5, sizeof out);
    expect_refused("ZUC-128 with no IV",
                   EVP_EncryptInit_ex2(ctx, a->zuc128, key, NULL, NULL) &&
                       EVP_EncryptUpdate(ctx, out, &len, msg, 16),
                   out, sizeof out);
    memset(out, 0xA5, sizeof out);
    expect_refused("NCA6 decryption with no tag",
                   EVP_DecryptInit_ex2(ctx, a->nca6, key, iv, NULL) &&
                       EVP_DecryptUpdate(ctx, out, &len, msg, 16) &&
                       EVP_DecryptFinal_ex(ctx, out + 16, &len),
                   out + 16, sizeof out - 16);
    EVP_CIPHER_CTX_free(ctx);

    uint64_t bits20 = 20;
    OSSL_PARAM p[3] = { OSSL_PARAM_construct_octet_string("iv", (void *)iv, 5),
                        OSSL_PARAM_construct_uint64("length-bits", &bits20),
                        OSSL_PARAM_construct_end() };
    EVP_MAC_CTX *m = EVP_MAC_CTX_new(a->eia3);
    memset(tag, 0xA5, sizeof tag);
    expect_refused("EIA3: length-bits 20 over 4 bytes",
                   EVP_MAC_init(m, key, 16, p) && EVP_MAC_update(m, msg, 4) &&
                       EVP_MAC_final(m, tag, &tlen, sizeof tag),
                   tag, sizeof tag);
    EVP_MAC_CTX_free(m);
    m = EVP_MAC_CTX_new(a->zuc256_mac);
    expect_refused("ZUC-256-MAC with no IV",
                   EVP_MAC_init(m, key, 32, NULL) && EVP_MAC_final(m, tag, &tlen, sizeof tag), tag,
                   sizeof tag);
    EVP_MAC_CTX_free(m);
}

void zp_check_bad_input(const zp_algs *a)
{
    refused_parameters(a);
    refused_data(a);
    printf("bad input   evp   refused with an OpenSSL error, nothing written\n");
}
