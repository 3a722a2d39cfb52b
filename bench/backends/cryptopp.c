/* SPDX-License-Identifier: Apache-2.0 */
/* cryptopp.c — Crypto++ as a peer for the eSTREAM software ciphers of the
 * document: HC-128, Rabbit (with IV), Sosemanuk, and Salsa20/12 (with a
 * 256-bit key, as libsodium's, so the two can check each other). */
#include <stdio.h>

#include "backends/backends.h"
#include "backends/cryptopp_wrap.h"
#include "backends/stream.h"

/* The thread's Crypto++ object lives in the first bytes of its context. */
typedef struct {
    void *cipher;
} cpp_ctx;

static int cpp_init(const char *algorithm, size_t key_bytes, size_t iv_bytes, void *ctx,
                    const uint8_t *key, const uint8_t *iv)
{
    cpp_ctx *c = ctx;
    if (!c->cipher && !(c->cipher = zb_cryptopp_new(algorithm)))
        return -1;
    return zb_cryptopp_setkey(c->cipher, key, key_bytes, iv, iv_bytes);
}

static int cpp_crypt(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
    zb_cryptopp_crypt(((cpp_ctx *)ctx)->cipher, in, out, n);
    return 0;
}

#define CPP_INIT(id, name, key_bytes, iv_bytes)                            \
    static int init_##id(void *ctx, const uint8_t *key, const uint8_t *iv) \
    {                                                                      \
        return cpp_init(name, key_bytes, iv_bytes, ctx, key, iv);          \
    }

CPP_INIT(hc128, "hc-128", 16, 16)
CPP_INIT(rabbit, "rabbit", 16, 8)
CPP_INIT(sosemanuk, "sosemanuk", 32, 16)
CPP_INIT(salsa, "salsa20-12", 32, 8)

static char version[64];

/* Vectors: eSTREAM verified HC-128 (Crypto++ TestVectors/hc128.txt), Rabbit
 * with IV "Test 5" of RFC 4503 as Crypto++ TestVectors/rabbit.txt reads it;
 * Sosemanuk and Salsa20/12 below. */
static const bench_stream hc128 = {
    "hc-128",
    "cryptopp",
    "hc128",
    version,
    16,
    16,
    init_hc128,
    cpp_crypt,
    NULL,
    { "80000000000000000000000000000000", "00000000000000000000000000000000",
      "378602b98f32a74847515654ae0de7ed8f72bc34776a065103e51595521ffe47" },
    NULL
};
static const bench_stream rabbit = {
    "rabbit",
    "cryptopp",
    "with-iv",
    version,
    16,
    8,
    init_rabbit,
    cpp_crypt,
    NULL,
    { "00000000000000000000000000000000", "597e26c175f573c3",
      "6d7d012292ccdce0e2120058b94ecd1f2e6f93edff99247b012521d1104e5fa7" },
    NULL
};
static const bench_stream sosemanuk = {
    "sosemanuk", "cryptopp", "sosemanuk",          version, 32, 16, init_sosemanuk,
    cpp_crypt,   NULL,       { NULL, NULL, NULL }, NULL
};
static const bench_stream salsa = {
    "salsa20-12", "cryptopp",           "salsa20", version, 32, 8, init_salsa, cpp_crypt,
    NULL,         { NULL, NULL, NULL }, NULL
};

BENCH_STREAM_DEFINE(hc128, hc128)
BENCH_STREAM_DEFINE(rabbit, rabbit)
BENCH_STREAM_DEFINE(sosemanuk, sosemanuk)
BENCH_STREAM_DEFINE(salsa, salsa)

/* Sosemanuk's reference vector uses a 40-bit key; Salsa20/12's eSTREAM
 * vector a 128-bit one: both through the wrapper directly. */
static int check(const char *algorithm, const uint8_t *key, size_t key_bytes, const uint8_t *iv,
                 size_t iv_bytes, const uint8_t *want, size_t n)
{
    void *c = zb_cryptopp_new(algorithm);
    uint8_t got[64] = { 0 };
    int ok = c && n <= sizeof got && zb_cryptopp_setkey(c, key, key_bytes, iv, iv_bytes) == 0;
    if (ok) {
        zb_cryptopp_crypt(c, got, got, n);
        for (size_t i = 0; i < n; i++)
            ok &= got[i] == want[i];
    }
    zb_cryptopp_free(c);
    return ok ? 0 : -1;
}

/* Sosemanuk reference implementation, SOSEMANUK_VECTOR (Crypto++ TestVectors/sosemanuk.txt). */
static int check_sosemanuk_ref(void)
{
    static const uint8_t key[5] = { 0xA7, 0xC0, 0x83, 0xFE, 0xB7 };
    static const uint8_t iv[16] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                    0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF };
    static const uint8_t want[16] = { 0xFE, 0x81, 0xD2, 0x16, 0x2C, 0x9A, 0x10, 0x0D,
                                      0x04, 0x89, 0x5C, 0x45, 0x4A, 0x77, 0x51, 0x5B };
    return check("sosemanuk", key, 5, iv, 16, want, 16);
}

/* eSTREAM salsa20/reduced/12-rounds verified vectors, Set 1, vector# 0. */
static int check_salsa_ref(void)
{
    static const uint8_t key[16] = { 0x80 };
    static const uint8_t iv[8] = { 0 };
    static const uint8_t want[16] = { 0xFC, 0x20, 0x7D, 0xBF, 0xC7, 0x6C, 0x5E, 0x17,
                                      0x74, 0x96, 0x1E, 0x7A, 0x5A, 0xAD, 0x09, 0x06 };
    return check("salsa20-12", key, 16, iv, 8, want, 16);
}

void bench_register_cryptopp(void)
{
    snprintf(version, sizeof version, "library: Crypto++ %s", zb_cryptopp_version());
    bench_stream_register(&hc128, BENCH_STREAM_FNS(hc128));
    bench_stream_register(&rabbit, BENCH_STREAM_FNS(rabbit));
    bench_entry e = bench_stream_entry(&salsa, BENCH_STREAM_FNS(salsa));
    e.known_answer = check_salsa_ref;
    bench_register(&e);
    e = bench_stream_entry(&sosemanuk, BENCH_STREAM_FNS(sosemanuk));
    e.known_answer = check_sosemanuk_ref;
    bench_register(&e);
}
