/* SPDX-License-Identifier: Apache-2.0 */
/* engine.h — encrypts a buffer with one configuration of the embedded
 * matrix: the cipher's key setup and the encryption of the whole input,
 * which is what `zucbench embedded` times. */
#ifndef BENCH_EMBEDDED_ENGINE_H
#define BENCH_EMBEDDED_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "embedded/matrix.h"

/* Key and IV material: each engine takes the first bytes it needs. */
#define ENGINE_KEY_BYTES 32
#define ENGINE_IV_BYTES 32

/* Why a configuration cannot run in this build or on this machine, or NULL. */
const char *engine_unavailable(const embedded_config *c);

/* The largest output for an n-byte input (padding, SM2's per-message overhead). */
size_t engine_out_capacity(const embedded_config *c, size_t n);

/* Sets up key and IV, then encrypts in[0..n) into out (engine_out_capacity
 * bytes). Block modes ECB, CBC and PCBC pad the last block (PKCS#7, as EVP
 * does); the other modes and the stream ciphers produce n bytes. *out_n
 * receives the output length. 0, or -1 with a message in err. */
int engine_encrypt(const embedded_config *c, const uint8_t key[ENGINE_KEY_BYTES],
                   const uint8_t iv[ENGINE_IV_BYTES], const uint8_t *in, size_t n, uint8_t *out,
                   size_t *out_n, char *err, size_t err_size);

/* The decryption of engine_encrypt's output, where the tests need it (SM2's
 * private key is the engine's: only a round trip can check it). */
int engine_decrypt(const embedded_config *c, const uint8_t key[ENGINE_KEY_BYTES],
                   const uint8_t iv[ENGINE_IV_BYTES], const uint8_t *in, size_t n, uint8_t *out,
                   size_t *out_n, char *err, size_t err_size);

/* OpenSSL's part (engine_openssl.c, or its absence). */
const char *engine_openssl_unavailable(const embedded_config *c);
size_t engine_openssl_out_capacity(const embedded_config *c, size_t n);
int engine_openssl_crypt(const embedded_config *c, int encrypt, const uint8_t *key,
                         const uint8_t *iv, const uint8_t *in, size_t n, uint8_t *out,
                         size_t *out_n, char *err, size_t err_size);

#endif
