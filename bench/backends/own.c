/* SPDX-License-Identifier: Apache-2.0 */
/* own.c — our implementations of the ciphers no maintained library offers
 * (bench/ciphers/), each checked against a vector of its designers' files. */
#include "backends/backends.h"
#include "backends/stream.h"
#include "ciphers/cipher.h"

static int own_init(const own_cipher *c, void *ctx, const uint8_t *key, const uint8_t *iv)
{
    c->init(ctx, key, iv, c->iv_bytes);
    return 0;
}

static int own_crypt(const own_cipher *c, void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
    c->crypt(ctx, in, out, n);
    return 0;
}

#define OWN_ADAPTER(id, cipher)                                                 \
    static int init_##id(void *ctx, const uint8_t *key, const uint8_t *iv)      \
    {                                                                           \
        return own_init(&(cipher), ctx, key, iv);                               \
    }                                                                           \
    static int crypt_##id(void *ctx, const uint8_t *in, uint8_t *out, size_t n) \
    {                                                                           \
        return own_crypt(&(cipher), ctx, in, out, n);                           \
    }

OWN_ADAPTER(trivium, own_trivium)
OWN_ADAPTER(grain, own_grain128)
OWN_ADAPTER(mickey, own_mickey128)
OWN_ADAPTER(enocoro, own_enocoro128v2)

/* First bytes of Set 3, vector# 0 of the eSTREAM files in tests/vectors/estream/
 * (all of them are checked by tests/ciphers_kat), and Hitachi's TEST2. */
static const bench_stream trivium = {
    "trivium",
    "own",
    "64-bit",
    "own: bench/ciphers/trivium.c",
    10,
    10,
    init_trivium,
    crypt_trivium,
    NULL,
    { "00010203040506070809", "00000000000000000000",
      "d2a8740bba6fd9067077f9afc0c27d4032b6aeae50c42eceff255c584c0143e7" },
    NULL
};
static const bench_stream grain = {
    "grain-128",
    "own",
    "32-bit",
    "own: bench/ciphers/grain128.c",
    16,
    12,
    init_grain,
    crypt_grain,
    NULL,
    { "000102030405060708090a0b0c0d0e0f", "000000000000000000000000",
      "969eae24e41b22689ea73c99e83b78ecd9d37afeb4c2ab9ff760f75865b971d0" },
    NULL
};
static const bench_stream mickey = {
    "mickey-128",
    "own",
    "bit-serial",
    "own: bench/ciphers/mickey128.c",
    16,
    16,
    init_mickey,
    crypt_mickey,
    NULL,
    { "000102030405060708090a0b0c0d0e0f", "00000000000000000000000000000000",
      "ca56d02c4ce8ce73d6d4c006eed71bd45e4127655d6436243dffa66725c88d85" },
    NULL
};
static const bench_stream enocoro = {
    "enocoro-128v2",
    "own",
    "8-bit",
    "own: bench/ciphers/enocoro128v2.c",
    16,
    8,
    init_enocoro,
    crypt_enocoro,
    NULL,
    { "000102030405060708090a0b0c0d0e0f", "0010203040506070",
      "c8c8ee433b0dc040e53bc506ea21ad8220058889b7c845b8fbbcfc2666d65ace" },
    NULL
};

BENCH_STREAM_DEFINE(trivium, trivium)
BENCH_STREAM_DEFINE(grain, grain)
BENCH_STREAM_DEFINE(mickey, mickey)
BENCH_STREAM_DEFINE(enocoro, enocoro)

void bench_register_own(void)
{
    bench_stream_register(&mickey, BENCH_STREAM_FNS(mickey));
    bench_stream_register(&trivium, BENCH_STREAM_FNS(trivium));
    bench_stream_register(&grain, BENCH_STREAM_FNS(grain));
    bench_stream_register(&enocoro, BENCH_STREAM_FNS(enocoro));
}
