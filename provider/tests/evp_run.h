/* SPDX-License-Identifier: Apache-2.0 */
/* evp_run.h — the provider tests' EVP plumbing: the module loaded into its
 * own library context with every algorithm fetched, one cipher or MAC run
 * over a message given in pieces, and the API and bad-input checks. */
#ifndef ZUCPROV_EVP_RUN_H
#define ZUCPROV_EVP_RUN_H

#include <openssl/evp.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    OSSL_LIB_CTX *libctx;
    OSSL_PROVIDER *prov;
    EVP_CIPHER *eea3, *zuc128, *zuc256, *nea6, *nca6;
    EVP_MAC *eia3, *zuc256_mac, *nia6;
} zp_algs;

/* Loads zucprov from module_dir into a new library context and fetches
 * every algorithm by its name and (checked) by each alias; 0 with a
 * message on failure. */
int zp_load(zp_algs *a, const char *module_dir);
void zp_unload(zp_algs *a);

/* One message through a cipher. params are set at a first init (with the
 * cipher, no key), then key and iv are given (iv may be NULL when params
 * make it). ZUC-NCA6: tag_len is the tag size; the tag is written to tag
 * (encryption) or read from it (decryption), after aad; tag_after, when
 * decrypting, is set as the tag after the message, before final. piece:
 * the bytes per update, 0 for one call. 1 on success. */
typedef struct {
    EVP_CIPHER *cipher;
    int enc;
    const uint8_t *key, *iv;
    const OSSL_PARAM *params;
    const uint8_t *aad;
    size_t aad_len;
    uint8_t *tag;
    size_t tag_len;
    const uint8_t *tag_after;
    size_t piece;
} zp_cipher_run;
int zp_run_cipher(const zp_cipher_run *r, const uint8_t *in, uint8_t *out, size_t n);

/* One message through a MAC: init with key and params, updates of piece
 * bytes (0: one call), final into tag (16 bytes room), its size in *len. */
typedef struct {
    EVP_MAC *mac;
    const uint8_t *key;
    size_t key_len;
    const OSSL_PARAM *params;
    size_t piece;
} zp_mac_run;
int zp_run_mac(const zp_mac_run *r, const uint8_t *msg, size_t n, uint8_t *tag, size_t *len);

/* evp_checks.c: dupctx, parameters and names; bad input refused with an
 * OpenSSL error and nothing written. Each check counted by check_count. */
void zp_check_api(const zp_algs *a);
void zp_check_bad_input(const zp_algs *a);

#endif
