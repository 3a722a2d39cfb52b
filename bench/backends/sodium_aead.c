/* SPDX-License-Identifier: Apache-2.0 */
/* sodium_aead.c — libsodium's ChaCha20-Poly1305 (IETF) and AES-256-GCM (on
 * CPUs with AES-NI and PCLMULQDQ): a second source for OpenSSL's, and a
 * peer of its own. */
#include <sodium.h>
#include <stdio.h>

#include "backends/aead.h"
#include "backends/backends.h"

static int seal_chacha(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *aad,
                       size_t aad_bytes, const uint8_t *in, size_t n, uint8_t *out)
{
    return crypto_aead_chacha20poly1305_ietf_encrypt_detached(out, out + n, NULL, in, n, aad,
                                                              aad_bytes, NULL, nonce, key);
}

static int seal_gcm(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *aad,
                    size_t aad_bytes, const uint8_t *in, size_t n, uint8_t *out)
{
    return crypto_aead_aes256gcm_encrypt_detached(out, out + n, NULL, in, n, aad, aad_bytes, NULL,
                                                  nonce, key);
}

static int run_chacha(const bench_batch *b)
{
    return bench_aead_run(seal_chacha, b);
}
static int run_gcm(const bench_batch *b)
{
    return bench_aead_run(seal_gcm, b);
}
static int check_chacha(void)
{
    return bench_aead_check(seal_chacha, &bench_kat_chacha20_poly1305);
}
static int check_gcm(void)
{
    return bench_aead_check(seal_gcm, &bench_kat_aes_256_gcm);
}

/* ready: sodium_init succeeded; version: the library's, for the rows. */
void bench_register_sodium_aead(int ready, const char *version)
{
    bench_entry e = {
        .algorithm = "chacha20-poly1305",
        .backend = "sodium",
        .variant = "ietf",
        .output = OUT_SEALED16,
        .unavailable = ready ? NULL : "sodium_init failed",
        .source = version,
        .prepare = bench_prepare_nothing,
        .run = run_chacha,
        .known_answer = check_chacha,
    };
    bench_register(&e);
    e.algorithm = "aes-256-gcm";
    e.variant = "aesni";
    e.run = run_gcm;
    e.known_answer = check_gcm;
    if (ready && !crypto_aead_aes256gcm_is_available())
        e.unavailable = "libsodium's AES-256-GCM needs AES-NI and PCLMULQDQ";
    bench_register(&e);
}
