/* SPDX-License-Identifier: Apache-2.0 */
/* openssl_aead.c — OpenSSL 3 EVP's AES-256-GCM and ChaCha20-Poly1305, the
 * authenticated encryption a 5G-Advanced user would weigh ZUC-NCA6 against.
 * Each thread selects the cipher once; every message then sets its key and
 * nonce, as an application sealing packets under fresh keys would. */
#include <limits.h>
#include <openssl/evp.h>

#include "backends/aead.h"
#include "backends/backends.h"

static int evp_seal(EVP_CIPHER_CTX **ctx, const EVP_CIPHER *cipher, const uint8_t key[32],
                    const uint8_t nonce[12], const uint8_t *aad, size_t aad_bytes,
                    const uint8_t *in, size_t n, uint8_t *out)
{
    int outl;
    if (!*ctx) {
        if (!(*ctx = EVP_CIPHER_CTX_new()) ||
            EVP_EncryptInit_ex(*ctx, cipher, NULL, NULL, NULL) != 1)
            return -1;
    }
    if (n > INT_MAX || aad_bytes > INT_MAX ||
        EVP_EncryptInit_ex(*ctx, NULL, NULL, key, nonce) != 1 ||
        EVP_EncryptUpdate(*ctx, NULL, &outl, aad, (int)aad_bytes) != 1 ||
        EVP_EncryptUpdate(*ctx, out, &outl, in, (int)n) != 1 ||
        EVP_EncryptFinal_ex(*ctx, out + n, &outl) != 1 ||
        EVP_CIPHER_CTX_ctrl(*ctx, EVP_CTRL_AEAD_GET_TAG, 16, out + n) != 1)
        return -1;
    return 0;
}

static _Thread_local EVP_CIPHER_CTX *gcm_ctx, *chacha_ctx;

static int seal_gcm(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *aad,
                    size_t aad_bytes, const uint8_t *in, size_t n, uint8_t *out)
{
    return evp_seal(&gcm_ctx, EVP_aes_256_gcm(), key, nonce, aad, aad_bytes, in, n, out);
}

static int seal_chacha(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *aad,
                       size_t aad_bytes, const uint8_t *in, size_t n, uint8_t *out)
{
    return evp_seal(&chacha_ctx, EVP_chacha20_poly1305(), key, nonce, aad, aad_bytes, in, n, out);
}

static int run_gcm(const bench_batch *b)
{
    return bench_aead_run(seal_gcm, b);
}
static int run_chacha(const bench_batch *b)
{
    return bench_aead_run(seal_chacha, b);
}
static int check_gcm(void)
{
    return bench_aead_check(seal_gcm, &bench_kat_aes_256_gcm);
}
static int check_chacha(void)
{
    return bench_aead_check(seal_chacha, &bench_kat_chacha20_poly1305);
}

/* version: the library's, for the rows (openssl.c). */
void bench_register_openssl_aead(const char *version)
{
    bench_entry e = {
        .algorithm = "aes-256-gcm",
        .backend = "openssl",
        .variant = "evp",
        .output = OUT_SEALED16,
        .source = version,
        .prepare = bench_prepare_nothing,
        .run = run_gcm,
        .known_answer = check_gcm,
    };
    bench_register(&e);
    e.algorithm = "chacha20-poly1305";
    e.run = run_chacha;
    e.known_answer = check_chacha;
    bench_register(&e);
}
