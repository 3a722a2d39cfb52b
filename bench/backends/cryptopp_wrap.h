/* SPDX-License-Identifier: Apache-2.0 */
/* cryptopp_wrap.h — a C interface to the few Crypto++ stream ciphers the
 * harness uses (the library's API is C++). */
#ifndef BENCH_BACKENDS_CRYPTOPP_WRAP_H
#define BENCH_BACKENDS_CRYPTOPP_WRAP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A cipher object for "hc-128", "rabbit", "sosemanuk" or "salsa20-12";
 * NULL if unknown. Freed with zb_cryptopp_free. */
void *zb_cryptopp_new(const char *algorithm);
void zb_cryptopp_free(void *cipher);
/* Key and IV setup; 0 on success, -1 if Crypto++ refused them. */
int zb_cryptopp_setkey(void *cipher, const uint8_t *key, size_t key_bytes, const uint8_t *iv,
                       size_t iv_bytes);
/* out = in XOR the next n keystream bytes (in == out allowed). */
void zb_cryptopp_crypt(void *cipher, const uint8_t *in, uint8_t *out, size_t n);
/* "8.7.0" */
const char *zb_cryptopp_version(void);

#ifdef __cplusplus
}
#endif

#endif
