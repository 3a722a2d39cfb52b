/* SPDX-License-Identifier: Apache-2.0 */
/* sodium.c — libsodium as a peer: Salsa20/12 (crypto_stream_salsa2012, which
 * takes 256-bit keys only) and ChaCha20 (crypto_stream_chacha20_ietf).
 * ChaCha20 continues a stream across calls through the block counter (_ic);
 * Salsa20/12 has none, so its Stream column restarts the stream (a new IV)
 * for every 64 KiB block: its setup is a key copy, 1/65536 of the work.
 * Its AEADs are in sodium_aead.c. */
#include <sodium.h>
#include <stdio.h>
#include <string.h>

#include "backends/backends.h"
#include "backends/stream.h"

typedef struct {
    uint8_t key[32], nonce[12];
    uint64_t offset; /* bytes already produced */
} sodium_ctx;

static int keep(void *ctx, const uint8_t *key, size_t key_bytes, const uint8_t *nonce,
                size_t nonce_bytes)
{
    sodium_ctx *c = ctx;
    memcpy(c->key, key, key_bytes);
    memcpy(c->nonce, nonce, nonce_bytes);
    c->offset = 0;
    return 0;
}

static int salsa_init(void *ctx, const uint8_t *key, const uint8_t *iv)
{
    return keep(ctx, key, 32, iv, 8);
}

static int chacha_init(void *ctx, const uint8_t *key, const uint8_t *iv)
{
    return keep(ctx, key, 32, iv, 12);
}

/* crypto_stream_salsa2012 has no block counter (_ic): a stream starts at
 * offset 0 only, which is how whole messages use it. */
static int salsa_crypt(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
    sodium_ctx *c = ctx;
    if (c->offset)
        return -1;
    c->offset = n;
    return crypto_stream_salsa2012_xor(out, in, n, c->nonce, c->key);
}

static int chacha_crypt(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
    sodium_ctx *c = ctx;
    if (c->offset % 64) {
        fprintf(stderr, "zucbench: chacha20/sodium continued off a block boundary\n");
        return -1;
    }
    int rc = crypto_stream_chacha20_ietf_xor_ic(out, in, n, c->nonce, (uint32_t)(c->offset / 64),
                                                c->key);
    c->offset += n;
    return rc;
}

static char version[64];

static const bench_stream salsa = {
    "salsa20-12", "sodium",
    "stream",     version,
    32,           8,
    salsa_init,   salsa_crypt,
    NULL,         { NULL, NULL, NULL }, /* no 256-bit vector at hand: cross-checked with Crypto++ */
    NULL
};
static const bench_stream chacha = {
    "chacha20",
    "sodium",
    "ietf",
    version,
    32,
    12,
    chacha_init,
    chacha_crypt,
    NULL,
    /* RFC 7539 A.1, test vector 1 */
    { "0000000000000000000000000000000000000000000000000000000000000000",
      "000000000000000000000000",
      "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7" },
    NULL
};

BENCH_STREAM_DEFINE(salsa, salsa)

static void next_salsa_restart(uint8_t *buf, size_t n)
{
    sodium_ctx *c = (sodium_ctx *)ctx_salsa;
    c->offset = 0;
    c->nonce[0]++;
    salsa_crypt(c, buf, buf, n);
}
BENCH_STREAM_DEFINE(chacha, chacha)

void bench_register_sodium(void)
{
    int ready = sodium_init() >= 0;
    snprintf(version, sizeof version, "library: libsodium %s", sodium_version_string());
    /* Neither API has a setup of its own (every call takes the key and the
     * nonce; init here only keeps them), so there is no Init to time: n/a. */
    bench_entry e = bench_stream_entry(&salsa, BENCH_STREAM_FNS(salsa));
    e.unavailable = ready ? NULL : "sodium_init failed";
    e.stream_next = next_salsa_restart;
    e.setup_only = NULL;
    bench_register(&e);
    e = bench_stream_entry(&chacha, BENCH_STREAM_FNS(chacha));
    e.unavailable = ready ? NULL : "sodium_init failed";
    e.setup_only = NULL;
    bench_register(&e);
    bench_register_sodium_aead(ready, version);
}
