/* SPDX-License-Identifier: Apache-2.0 */
/* aead.h — authenticated encryption peers (AES-256-GCM, ChaCha20-Poly1305)
 * as entries: every message sealed with its own 256-bit key, a 96-bit nonce
 * (the first 12 bytes of its IV) and BENCH_AAD_BYTES of associated data;
 * out[i] takes the ciphertext, then the 16-byte tag (OUT_SEALED16). */
#ifndef BENCH_BACKENDS_AEAD_H
#define BENCH_BACKENDS_AEAD_H

#include <stddef.h>
#include <stdint.h>

#include "registry.h"

/* Seals one message: out gets n bytes of ciphertext, then the tag. 0 on
 * success. */
typedef int (*bench_seal_fn)(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *aad,
                             size_t aad_bytes, const uint8_t *in, size_t n, uint8_t *out);

/* A published vector, all hex: sealed = ciphertext || tag. */
typedef struct {
    const char *key, *nonce, *aad, *plaintext, *sealed;
} bench_aead_kat;

extern const bench_aead_kat bench_kat_aes_256_gcm, bench_kat_chacha20_poly1305;

/* Every message of the batch; 0 if each was sealed. */
int bench_aead_run(bench_seal_fn seal, const bench_batch *b);
/* 0 if seal reproduces the vector. */
int bench_aead_check(bench_seal_fn seal, const bench_aead_kat *kat);

#endif
