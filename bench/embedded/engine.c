/* SPDX-License-Identifier: Apache-2.0 */
#include "embedded/engine.h"

#include <stdio.h>
#include <string.h>

#include "backends/stream.h"
#include "ciphers/block.h"
#include "ciphers/modes.h"
#include "zuc.h"

/* ZUC encrypts a file as 1 MiB messages, COUNT (or the IV) numbering them:
 * each within the ciphers' per-message limits, as a sender would cut it. */
#define ZUC_MESSAGE_BYTES (1u << 20)

static int failf(char *err, size_t size, const char *what, const char *name)
{
    snprintf(err, size, "%s: %s", name, what);
    return -1;
}

/* ---- our Simon and Speck through the mode layer ---------------------------- */

static int pads(block_mode m)
{
    return m == MODE_ECB || m == MODE_CBC || m == MODE_PCBC;
}

static int block_setup(const embedded_config *c, mode_ctx *ctx, const uint8_t *key,
                       const uint8_t *iv, block_mode *m)
{
    return block_mode_parse(c->mode, m) == 0 ? mode_init(ctx, c->impl, *m, key, iv) : -1;
}

static int block_encrypt(const embedded_config *c, const uint8_t *key, const uint8_t *iv,
                         const uint8_t *in, size_t n, uint8_t *out, size_t *out_n)
{
    mode_ctx ctx;
    block_mode m;
    if (block_setup(c, &ctx, key, iv, &m) != 0)
        return -1;
    size_t bs = ((const block_cipher *)c->impl)->block_bytes;
    if (!pads(m)) {
        *out_n = n;
        return mode_encrypt(&ctx, in, out, n);
    }
    size_t whole = n / bs * bs, rest = n - whole;
    uint8_t last[BLOCK_MAX_BYTES];
    memcpy(last, in + whole, rest);
    memset(last + rest, (int)(bs - rest), bs - rest); /* PKCS#7: 1..bs bytes of bs-rest */
    *out_n = whole + bs;
    return mode_encrypt(&ctx, in, out, whole) == 0 && mode_encrypt(&ctx, last, out + whole, bs) == 0
               ? 0
               : -1;
}

static int block_decrypt(const embedded_config *c, const uint8_t *key, const uint8_t *iv,
                         const uint8_t *in, size_t n, uint8_t *out, size_t *out_n)
{
    mode_ctx ctx;
    block_mode m;
    if (block_setup(c, &ctx, key, iv, &m) != 0 || mode_decrypt(&ctx, in, out, n) != 0)
        return -1;
    *out_n = n;
    if (!pads(m))
        return 0;
    size_t bs = ((const block_cipher *)c->impl)->block_bytes, pad = n ? out[n - 1] : 0;
    if (pad < 1 || pad > bs)
        return -1;
    for (size_t i = n - pad; i < n; i++)
        if (out[i] != pad)
            return -1;
    *out_n = n - pad;
    return 0;
}

/* ---- libzuc ------------------------------------------------------------------- */

static int zuc128_file(const uint8_t *key, const uint8_t *iv, const uint8_t *in, size_t n,
                       uint8_t *out)
{
    uint8_t bearer = iv[0] & 31, direction = iv[1] & 1;
    for (size_t off = 0, count = 0; off < n; off += ZUC_MESSAGE_BYTES, count++) {
        size_t len = n - off < ZUC_MESSAGE_BYTES ? n - off : ZUC_MESSAGE_BYTES;
        if (zuc_eea3(key, (uint32_t)count, bearer, direction, in + off, out + off, len * 8) !=
            ZUC_OK)
            return -1;
    }
    return 0;
}

static int zuc256_file(const uint8_t *key, const uint8_t *iv_material, const uint8_t *in, size_t n,
                       uint8_t *out)
{
    uint8_t iv[25];
    memcpy(iv, iv_material, 17);
    for (int i = 17; i < 25; i++)
        iv[i] = iv_material[i] & 0x3F;
    for (size_t off = 0, index = 0; off < n; off += ZUC_MESSAGE_BYTES, index++) {
        size_t len = n - off < ZUC_MESSAGE_BYTES ? n - off : ZUC_MESSAGE_BYTES;
        for (int b = 0; b < 4; b++) /* the message number in IV0..IV3 */
            iv[b] = (uint8_t)(iv_material[b] ^ (index >> (24 - 8 * b)));
        if (zuc256_crypt(key, iv, in + off, out + off, len) != ZUC_OK)
            return -1;
    }
    return 0;
}

/* ---- the evaluation suite's stream ciphers ------------------------------------ */

/* One context per configuration: a library's context (an EVP pointer) must
 * not meet another library's init. Kept for the process's life. */
#define MAX_STREAM_CONFIGS 256
static _Alignas(64) unsigned char stream_ctx[MAX_STREAM_CONFIGS][BENCH_STREAM_CTX];

static int stream_file(const embedded_config *c, const uint8_t *key, const uint8_t *iv,
                       const uint8_t *in, size_t n, uint8_t *out)
{
    size_t count;
    size_t index = (size_t)(c - embedded_configs(&count));
    const bench_stream *s = c->impl;
    if (index >= MAX_STREAM_CONFIGS)
        return -1;
    void *ctx = stream_ctx[index];
    return s->init(ctx, key, iv) == 0 && s->crypt(ctx, in, out, n) == 0 ? 0 : -1;
}

/* ---- dispatch ------------------------------------------------------------------- */

const char *engine_unavailable(const embedded_config *c)
{
    switch (c->engine) {
    case ENGINE_EVP:
    case ENGINE_DESX_ECB:
    case ENGINE_SM2: return engine_openssl_unavailable(c);
    case ENGINE_STREAM: return ((const bench_stream *)c->impl)->unavailable;
    default: return NULL;
    }
}

size_t engine_out_capacity(const embedded_config *c, size_t n)
{
    switch (c->engine) {
    case ENGINE_EVP:
    case ENGINE_DESX_ECB:
    case ENGINE_SM2: return engine_openssl_out_capacity(c, n);
    case ENGINE_BLOCK: return n + BLOCK_MAX_BYTES;
    default: return n;
    }
}

static int run_engine(const embedded_config *c, int encrypt, const uint8_t *key, const uint8_t *iv,
                      const uint8_t *in, size_t n, uint8_t *out, size_t *out_n, char *err,
                      size_t err_size)
{
    const char *why = engine_unavailable(c);
    if (why)
        return failf(err, err_size, why, c->name);
    int rc;
    switch (c->engine) {
    case ENGINE_EVP:
    case ENGINE_DESX_ECB:
    case ENGINE_SM2:
        return engine_openssl_crypt(c, encrypt, key, iv, in, n, out, out_n, err, err_size);
    case ENGINE_BLOCK:
        rc = encrypt ? block_encrypt(c, key, iv, in, n, out, out_n)
                     : block_decrypt(c, key, iv, in, n, out, out_n);
        break;
    case ENGINE_ZUC128:
        rc = zuc128_file(key, iv, in, n, out);
        *out_n = n;
        break;
    case ENGINE_ZUC256:
        rc = zuc256_file(key, iv, in, n, out);
        *out_n = n;
        break;
    case ENGINE_STREAM:
        rc = stream_file(c, key, iv, in, n, out);
        *out_n = n;
        break;
    default: rc = -1;
    }
    return rc == 0
               ? 0
               : failf(err, err_size, encrypt ? "encryption failed" : "decryption failed", c->name);
}

int engine_encrypt(const embedded_config *c, const uint8_t key[ENGINE_KEY_BYTES],
                   const uint8_t iv[ENGINE_IV_BYTES], const uint8_t *in, size_t n, uint8_t *out,
                   size_t *out_n, char *err, size_t err_size)
{
    return run_engine(c, 1, key, iv, in, n, out, out_n, err, err_size);
}

int engine_decrypt(const embedded_config *c, const uint8_t key[ENGINE_KEY_BYTES],
                   const uint8_t iv[ENGINE_IV_BYTES], const uint8_t *in, size_t n, uint8_t *out,
                   size_t *out_n, char *err, size_t err_size)
{
    return run_engine(c, 0, key, iv, in, n, out, out_n, err, err_size);
}
