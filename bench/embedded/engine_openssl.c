/* SPDX-License-Identifier: Apache-2.0 */
/* engine_openssl.c — the matrix's OpenSSL configurations: EVP ciphers from
 * the default and legacy providers, DESX in ECB (EVP has DESX in CBC only),
 * and SM2 public-key encryption.
 *
 * SM2 encrypts a file as fixed-size messages of SM2_MESSAGE_BYTES, each with
 * its own ephemeral key (GB/T 32918.4: C1 || C3 || C2, DER-encoded by
 * OpenSSL); the output is, per message, its length (4 bytes, big-endian) and
 * its ciphertext. The key pair is generated once per process, inside the
 * first timed encryption (the scheme's key setup). */
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "embedded/engine.h"

#define SM2_MESSAGE_BYTES 4096
#define SM2_OVERHEAD 160 /* 4-byte length + DER(C1 x, y; C3; C2 header) */
#define DES_BLOCK 8
#define CHUNK (64u << 10)

static int providers_loaded;
static const char *legacy_missing;
static OSSL_PROVIDER *default_provider, *legacy_provider;
static EVP_PKEY *sm2_key; /* the process's SM2 key pair */

/* Runs before OpenSSL's own clean-up (registered after it), so nothing of
 * ours still holds the providers when they go. */
static void release_openssl(void)
{
    EVP_PKEY_free(sm2_key);
    sm2_key = NULL;
    if (legacy_provider)
        OSSL_PROVIDER_unload(legacy_provider);
    if (default_provider)
        OSSL_PROVIDER_unload(default_provider);
    legacy_provider = default_provider = NULL;
}

static void load_providers(void)
{
    if (providers_loaded)
        return;
    providers_loaded = 1;
    /* loading one provider explicitly stops the default from loading by itself */
    if (!(default_provider = OSSL_PROVIDER_load(NULL, "default")))
        ERR_clear_error();
    if (!(legacy_provider = OSSL_PROVIDER_load(NULL, "legacy"))) {
        legacy_missing = "OpenSSL legacy provider not available (ossl-modules/legacy.so)";
        ERR_clear_error();
    }
    atexit(release_openssl);
}

static EVP_CIPHER *fetch(const char *name)
{
    load_providers();
    EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, name, NULL);
    if (!c)
        ERR_clear_error();
    return c;
}

static int fail(char *err, size_t size, const embedded_config *c, const char *what)
{
    unsigned long code = ERR_get_error();
    char detail[160] = "";
    if (code)
        ERR_error_string_n(code, detail, sizeof detail);
    ERR_clear_error();
    snprintf(err, size, "%s: %s%s%s", c->name, what, code ? ": " : "", detail);
    return -1;
}

/* ---- availability --------------------------------------------------------------- */

static const char *sm2_unavailable(void)
{
    load_providers();
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "SM2", NULL);
    EVP_PKEY_CTX_free(ctx);
    ERR_clear_error();
    return ctx ? NULL : "SM2 not in this OpenSSL";
}

const char *engine_openssl_unavailable(const embedded_config *c)
{
    if (c->engine == ENGINE_SM2)
        return sm2_unavailable();
    EVP_CIPHER *cipher = fetch(c->evp_name);
    if (cipher) {
        EVP_CIPHER_free(cipher);
        return NULL;
    }
    return legacy_missing ? legacy_missing : "cipher not in this OpenSSL";
}

size_t engine_openssl_out_capacity(const embedded_config *c, size_t n)
{
    if (c->engine == ENGINE_SM2)
        return n + (n / SM2_MESSAGE_BYTES + 1) * SM2_OVERHEAD;
    return n + 2 * 16; /* a padding block */
}

/* ---- EVP ciphers ------------------------------------------------------------------ */

/* Ciphers with a variable key (RC2, RC4) take Table 1's length; RC2's
 * effective key bits follow it. */
static int set_key_length(EVP_CIPHER_CTX *ctx, const embedded_config *c)
{
    size_t bytes = c->key_bits / 8;
    if ((size_t)EVP_CIPHER_CTX_get_key_length(ctx) == bytes)
        return 1;
    if (EVP_CIPHER_CTX_set_key_length(ctx, (int)bytes) != 1)
        return 0;
    if (strcmp(c->family, "rc2") != 0)
        return 1;
    unsigned int bits = c->key_bits;
    OSSL_PARAM params[] = { OSSL_PARAM_construct_uint(OSSL_CIPHER_PARAM_RC2_KEYBITS, &bits),
                            OSSL_PARAM_construct_end() };
    return EVP_CIPHER_CTX_set_params(ctx, params);
}

static int evp_update_all(EVP_CIPHER_CTX *ctx, const uint8_t *in, size_t n, uint8_t *out,
                          size_t *written)
{
    *written = 0;
    while (n) {
        int chunk = n > (1u << 30) ? 1 << 30 : (int)n, outl;
        if (EVP_CipherUpdate(ctx, out + *written, &outl, in, chunk) != 1)
            return 0;
        *written += (size_t)outl;
        in += chunk;
        n -= (size_t)chunk;
    }
    return 1;
}

static int evp_crypt(const embedded_config *c, int encrypt, const uint8_t *key, const uint8_t *iv,
                     const uint8_t *in, size_t n, uint8_t *out, size_t *out_n, char *err,
                     size_t err_size)
{
    EVP_CIPHER *cipher = fetch(c->evp_name);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int ok = cipher && ctx && EVP_CipherInit_ex2(ctx, cipher, NULL, NULL, encrypt, NULL) == 1 &&
             set_key_length(ctx, c) && EVP_CipherInit_ex2(ctx, NULL, key, iv, encrypt, NULL) == 1;
    size_t body = 0;
    int last = 0;
    ok = ok && evp_update_all(ctx, in, n, out, &body) &&
         EVP_CipherFinal_ex(ctx, out + body, &last) == 1;
    *out_n = body + (size_t)last;
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(cipher);
    return ok ? 0
              : fail(err, err_size, c, encrypt ? "EVP encryption failed" : "EVP decryption failed");
}

/* ---- DESX in ECB: K2 ^ DES_K(P ^ K1), key = K || K1 || K2 (OpenSSL's DESX-CBC order) */

static void xor_whitening(uint8_t *buf, size_t n, const uint8_t w[DES_BLOCK])
{
    for (size_t i = 0; i < n; i++)
        buf[i] ^= w[i % DES_BLOCK];
}

static int desx_ecb(const embedded_config *c, int encrypt, const uint8_t *key, const uint8_t *in,
                    size_t n, uint8_t *out, size_t *out_n, char *err, size_t err_size)
{
    const uint8_t *pre = encrypt ? key + 8 : key + 16, *post = encrypt ? key + 16 : key + 8;
    if (!encrypt && n % DES_BLOCK)
        return fail(err, err_size, c, "ciphertext is not whole blocks");
    size_t padded = encrypt ? n / DES_BLOCK * DES_BLOCK + DES_BLOCK : n;
    EVP_CIPHER *cipher = fetch("DES-ECB");
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int ok = cipher && ctx && EVP_CipherInit_ex2(ctx, cipher, key, NULL, encrypt, NULL) == 1 &&
             EVP_CIPHER_CTX_set_padding(ctx, 0) == 1;
    uint8_t buf[CHUNK];
    for (size_t off = 0; ok && off < padded; off += CHUNK) {
        size_t len = padded - off < CHUNK ? padded - off : CHUNK;
        size_t from_in = off >= n ? 0 : (n - off < len ? n - off : len), got;
        memcpy(buf, in + off, from_in);
        memset(buf + from_in, (int)(padded - n), len - from_in); /* PKCS#7 */
        xor_whitening(buf, len, pre);
        ok = evp_update_all(ctx, buf, len, out + off, &got) && got == len;
        xor_whitening(out + off, len, post);
    }
    *out_n = padded;
    if (ok && !encrypt) { /* strip and check the padding */
        size_t pad = n ? out[n - 1] : 0;
        ok = pad >= 1 && pad <= DES_BLOCK;
        for (size_t i = n - (ok ? pad : 0); ok && i < n; i++)
            ok = out[i] == pad;
        *out_n = n - pad;
    }
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(cipher);
    return ok ? 0 : fail(err, err_size, c, "DESX-ECB failed");
}

/* ---- SM2 ---------------------------------------------------------------------------- */

static EVP_PKEY *sm2_keypair(void)
{
    load_providers();
    if (!sm2_key) {
        EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "SM2", NULL);
        if (ctx && EVP_PKEY_keygen_init(ctx) == 1)
            EVP_PKEY_generate(ctx, &sm2_key);
        EVP_PKEY_CTX_free(ctx);
    }
    return sm2_key;
}

static int sm2_encrypt(const embedded_config *c, const uint8_t *in, size_t n, uint8_t *out,
                       size_t *out_n, char *err, size_t err_size)
{
    EVP_PKEY *key = sm2_keypair();
    EVP_PKEY_CTX *ctx = key ? EVP_PKEY_CTX_new(key, NULL) : NULL;
    int ok = ctx && EVP_PKEY_encrypt_init(ctx) == 1;
    size_t written = 0, capacity = engine_openssl_out_capacity(c, n);
    for (size_t off = 0; ok && off < n; off += SM2_MESSAGE_BYTES) {
        size_t len = n - off < SM2_MESSAGE_BYTES ? n - off : SM2_MESSAGE_BYTES;
        size_t outlen = capacity - written - 4;
        ok = EVP_PKEY_encrypt(ctx, out + written + 4, &outlen, in + off, len) == 1;
        store_be32(out + written, (uint32_t)outlen);
        written += 4 + outlen;
    }
    *out_n = written;
    EVP_PKEY_CTX_free(ctx);
    return ok ? 0 : fail(err, err_size, c, "SM2 encryption failed");
}

static int sm2_decrypt(const embedded_config *c, const uint8_t *in, size_t n, uint8_t *out,
                       size_t *out_n, char *err, size_t err_size)
{
    EVP_PKEY *key = sm2_keypair();
    EVP_PKEY_CTX *ctx = key ? EVP_PKEY_CTX_new(key, NULL) : NULL;
    int ok = ctx && EVP_PKEY_decrypt_init(ctx) == 1;
    size_t written = 0;
    for (size_t off = 0; ok && off < n;) {
        if (n - off < 4) {
            ok = 0;
            break;
        }
        /* OpenSSL clears the whole output it is given: no more than the ciphertext,
         * which is longer than its plaintext and fits where the input did */
        size_t len = load_be32(in + off), outlen = len;
        ok = len <= n - off - 4 &&
             EVP_PKEY_decrypt(ctx, out + written, &outlen, in + off + 4, len) == 1;
        written += outlen;
        off += 4 + len;
    }
    *out_n = written;
    EVP_PKEY_CTX_free(ctx);
    return ok ? 0 : fail(err, err_size, c, "SM2 decryption failed");
}

int engine_openssl_crypt(const embedded_config *c, int encrypt, const uint8_t *key,
                         const uint8_t *iv, const uint8_t *in, size_t n, uint8_t *out,
                         size_t *out_n, char *err, size_t err_size)
{
    switch (c->engine) {
    case ENGINE_SM2:
        return encrypt ? sm2_encrypt(c, in, n, out, out_n, err, err_size)
                       : sm2_decrypt(c, in, n, out, out_n, err, err_size);
    case ENGINE_DESX_ECB: return desx_ecb(c, encrypt, key, in, n, out, out_n, err, err_size);
    default: return evp_crypt(c, encrypt, key, iv, in, n, out, out_n, err, err_size);
    }
}
