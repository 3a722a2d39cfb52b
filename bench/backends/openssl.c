/* SPDX-License-Identifier: Apache-2.0 */
/* openssl.c — OpenSSL 3 EVP as a peer: AES-128 and SM4 in CTR mode (the
 * block ciphers of the document, as stream ciphers), ChaCha20, and the 3GPP
 * 128-EEA2 (AES-128-CTR) and 128-EIA2 (AES-128-CMAC, through EVP_MAC);
 * its AEADs are in openssl_aead.c. */
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <string.h>

#include "backends/backends.h"
#include "backends/stream.h"
#include "backends/vectors_3gpp.h"
#include "be.h"

/* The thread's EVP context lives in the first bytes of its stream context. */
typedef struct {
    EVP_CIPHER_CTX *evp;
} evp_ctx;

static int evp_init(const EVP_CIPHER *cipher, void *ctx, const uint8_t *key, const uint8_t *iv)
{
    evp_ctx *c = ctx;
    if (!c->evp && !(c->evp = EVP_CIPHER_CTX_new()))
        return -1;
    return EVP_EncryptInit_ex(c->evp, cipher, NULL, key, iv) == 1 ? 0 : -1;
}

static int evp_crypt(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
    evp_ctx *c = ctx;
    int outl;
    while (n) {
        int chunk = n > (1u << 30) ? 1 << 30 : (int)n;
        if (EVP_EncryptUpdate(c->evp, out, &outl, in, chunk) != 1)
            return -1;
        in += chunk;
        out += chunk;
        n -= (size_t)chunk;
    }
    return 0;
}

static int aes_init(void *ctx, const uint8_t *key, const uint8_t *iv)
{
    return evp_init(EVP_aes_128_ctr(), ctx, key, iv);
}

static int sm4_init(void *ctx, const uint8_t *key, const uint8_t *iv)
{
    return evp_init(EVP_sm4_ctr(), ctx, key, iv);
}

/* RFC 8439 ChaCha20: OpenSSL's 16-byte IV is the 32-bit block counter
 * (little-endian, 0 here) followed by the 96-bit nonce. */
static int chacha_init(void *ctx, const uint8_t *key, const uint8_t *nonce)
{
    uint8_t iv[16] = { 0 };
    memcpy(iv + 4, nonce, 12);
    return evp_init(EVP_chacha20(), ctx, key, iv);
}

/* TS 33.401 B.1.3: the 128-bit counter block is COUNT || BEARER || DIRECTION || 0^26 || 0^64. */
static void eea2_iv(const bench_batch *b, size_t i, uint8_t *iv)
{
    memset(iv, 0, 16);
    store_be32(iv, b->counts[i]);
    iv[4] = (uint8_t)(b->bearers[i] << 3 | b->directions[i] << 2);
}

static char version[64];

static const bench_stream aes = {
    "aes-128-ctr",
    "openssl",
    "evp",
    version,
    16,
    16,
    aes_init,
    evp_crypt,
    NULL,
    /* NIST SP 800-38A F.5.1 (CTR-AES128.Encrypt): block 1 with its plaintext XORed out */
    { "2b7e151628aed2a6abf7158809cf4f3c", "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
      "ec8cdf7398607cb0f2d21675ea9ea1e4" },
    NULL
};
static const bench_stream sm4 = {
    "sm4-ctr",
    "openssl",
    "evp",
    version,
    16,
    16,
    sm4_init,
    evp_crypt,
    NULL,
    /* GB/T 32907-2016 example 1: E_K(P) with P = K, here as the first counter block */
    { "0123456789abcdeffedcba9876543210", "0123456789abcdeffedcba9876543210",
      "681edf34d206965e86b3e94f536e4246" },
    NULL
};
static const bench_stream chacha = {
    "chacha20",
    "openssl",
    "evp",
    version,
    32,
    12,
    chacha_init,
    evp_crypt,
    NULL,
    /* RFC 7539 A.1, test vector 1 */
    { "0000000000000000000000000000000000000000000000000000000000000000",
      "000000000000000000000000",
      "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7" },
    NULL
};
static const bench_stream eea2 = { "128-eea2", "openssl", "evp",     version, 16,
                                   16,         aes_init,  evp_crypt, eea2_iv, { NULL, NULL, NULL },
                                   NULL };

BENCH_STREAM_DEFINE(aes, aes)
BENCH_STREAM_DEFINE(sm4, sm4)
BENCH_STREAM_DEFINE(chacha, chacha)
BENCH_STREAM_DEFINE(eea2, eea2)

/* ---- 128-EIA2: AES-CMAC over COUNT || BEARER || DIRECTION || 0^26 || M ---- */
static _Thread_local EVP_MAC_CTX *cmac;

static int eia2_one(const uint8_t *key, uint32_t count, uint8_t bearer, uint8_t direction,
                    const uint8_t *msg, size_t len, uint8_t tag[4])
{
    static EVP_MAC *mac;
    uint8_t header[8] = { 0 }, full[16];
    size_t full_len;
    OSSL_PARAM params[] = { OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER,
                                                             (char *)"AES-128-CBC", 0),
                            OSSL_PARAM_construct_end() };
    if (!mac && !(mac = EVP_MAC_fetch(NULL, "CMAC", NULL)))
        return -1;
    if (!cmac && !(cmac = EVP_MAC_CTX_new(mac)))
        return -1;
    store_be32(header, count);
    header[4] = (uint8_t)(bearer << 3 | direction << 2);
    if (EVP_MAC_init(cmac, key, 16, params) != 1 || EVP_MAC_update(cmac, header, 8) != 1 ||
        EVP_MAC_update(cmac, msg, len) != 1 || EVP_MAC_final(cmac, full, &full_len, 16) != 1)
        return -1;
    memcpy(tag, full, 4); /* MACT: the 32 most significant bits */
    return 0;
}

static int run_eia2(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0; i < b->n; i++)
        rc |= eia2_one(b->keys + 32 * i, b->counts[i], b->bearers[i], b->directions[i], b->msg[i],
                       b->len[i], b->out[i]);
    return rc;
}

/* TS 33.401 C.2 test set 2 (64-bit message). */
static int check_eia2(void)
{
    static const uint8_t msg[8] = { 0x48, 0x45, 0x83, 0xd5, 0xaf, 0xe0, 0x82, 0xae };
    static const uint8_t want[4] = { 0xb9, 0x37, 0x87, 0xe6 };
    uint8_t tag[4];
    return eia2_one(bench_3gpp_set1_key, 0x398a59b4, 0x1a, 1, msg, 8, tag) == 0 &&
                   memcmp(tag, want, 4) == 0
               ? 0
               : -1;
}

/* TS 33.401 C.1 test set 1 (253 bits; the last byte compared on its top 5 bits). */
static int check_eea2(void)
{
    static const uint8_t ct[32] = { 0xe9, 0xfe, 0xd8, 0xa6, 0x3d, 0x15, 0x53, 0x04,
                                    0xd7, 0x1d, 0xf2, 0x0b, 0xf3, 0xe8, 0x22, 0x14,
                                    0xb2, 0x0e, 0xd7, 0xda, 0xd2, 0xf2, 0x33, 0xdc,
                                    0x3c, 0x22, 0xd7, 0xbd, 0xee, 0xed, 0x8e, 0x78 };
    uint32_t count = BENCH_3GPP_SET1_COUNT;
    uint8_t bearer = BENCH_3GPP_SET1_BEARER, direction = BENCH_3GPP_SET1_DIRECTION;
    bench_batch b = { .n = 1, .counts = &count, .bearers = &bearer, .directions = &direction };
    uint8_t iv[16], out[32];
    eea2_iv(&b, 0, iv);
    if (aes_init(ctx_eea2, bench_3gpp_set1_key, iv) != 0 ||
        evp_crypt(ctx_eea2, bench_3gpp_set1_plaintext, out, 32) != 0)
        return -1;
    return bench_3gpp_set1_check(out, ct);
}

void bench_register_openssl(void)
{
    snprintf(version, sizeof version, "library: %s", OpenSSL_version(OPENSSL_VERSION));
    bench_entry e = bench_stream_entry(&eea2, BENCH_STREAM_FNS(eea2));
    e.known_answer = check_eea2; /* a bit-granular vector: its own check */
    bench_register(&e);
    bench_entry eia2 = {
        .algorithm = "128-eia2",
        .backend = "openssl",
        .variant = "evp-mac",
        .output = OUT_TAG4,
        .source = version,
        .prepare = bench_prepare_nothing,
        .run = run_eia2,
        .known_answer = check_eia2,
    };
    bench_register(&eia2);
    bench_stream_register(&aes, BENCH_STREAM_FNS(aes));
    bench_stream_register(&sm4, BENCH_STREAM_FNS(sm4));
    bench_stream_register(&chacha, BENCH_STREAM_FNS(chacha));
    bench_register_openssl_aead(version);
    bench_register_openssl_zucprov(version);
}
