/* SPDX-License-Identifier: Apache-2.0 */
/* evp_vectors.c — the zucprov module through EVP, loaded into its own
 * OSSL_LIB_CTX from the build directory as a program would load it: every
 * ZUC vector of tests/vectors/ in one call and in pieces of every size 1..64,
 * random messages against libzuc's own calls, eight threads sharing one
 * fetched algorithm, dupctx, parameters, and bad input refused with an
 * OpenSSL error and nothing written.
 *   evp_vectors MODULE_DIR [SEED] */
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evp_run.h"
#include "random.h"
#include "support/testutil.h"
#include "zuc.h"

zp_algs algs;

static int same(const uint8_t *a, const uint8_t *b, size_t n)
{
    return n == 0 || memcmp(a, b, n) == 0;
}

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Every piece size 1..64 and one call (0) give `want`. */
static int pieces_give(const zp_cipher_run *r, const uint8_t *in, size_t n, const uint8_t *want,
                       const uint8_t *want_tag)
{
    uint8_t *out = malloc(n + 1), tag[16];
    int ok = 1;
    for (size_t piece = 0; ok && piece <= 64; piece++) {
        zp_cipher_run p = *r;
        p.piece = piece;
        if (p.enc && p.tag_len)
            p.tag = tag;
        ok = zp_run_cipher(&p, in, out, n) && same(out, want, n) &&
             (!want_tag || !p.enc || same(tag, want_tag, p.tag_len));
    }
    free(out);
    return ok;
}

static int mac_pieces_give(const zp_mac_run *r, const uint8_t *msg, size_t n, const uint8_t *want,
                           size_t want_len)
{
    uint8_t tag[16];
    int ok = 1;
    for (size_t piece = 0; ok && piece <= 64; piece++) {
        zp_mac_run p = *r;
        p.piece = piece;
        size_t len = 0;
        ok = zp_run_mac(&p, msg, n, tag, &len) && len == want_len && same(tag, want, want_len);
    }
    return ok;
}

/* ---- the vector files ------------------------------------------------------------ */

/* The hex fields a check decodes from its vector, freed together. */
typedef struct {
    uint8_t *owned[8];
    size_t n;
} hex_fields;

/* Field name of v decoded, its length in *len. */
static uint8_t *hex_field(hex_fields *f, const json *v, const char *name, size_t *len)
{
    if (f->n == sizeof f->owned / sizeof f->owned[0])
        abort();
    return f->owned[f->n++] = hex_decode(json_str(v, name), len);
}

static void hex_fields_free(hex_fields *f)
{
    while (f->n)
        free(f->owned[--f->n]);
}

/* A 3GPP vector's COUNT, BEARER, DIRECTION and LENGTH, and the 5-byte IV
 * they make for 128-EEA3/EIA3 (COUNT big-endian, then BEARER << 3 |
 * DIRECTION << 2). */
typedef struct {
    uint32_t count;
    unsigned bearer, dir;
    uint64_t bits;
    uint8_t iv5[5];
} vec_link;

static void link_of(const json *v, vec_link *l)
{
    l->count = (uint32_t)json_num(v, "count", 0);
    l->bearer = (unsigned)json_num(v, "bearer", 0);
    l->dir = (unsigned)json_num(v, "direction", 0);
    l->bits = (uint64_t)json_num(v, "length_bits", 0);
    for (int i = 0; i < 4; i++)
        l->iv5[i] = (uint8_t)(l->count >> (24 - 8 * i));
    l->iv5[4] = (uint8_t)(l->bearer << 3 | l->dir << 2);
}

static int check_zuc128(const json *v, const void *arg)
{
    (void)arg;
    hex_fields f = { 0 };
    size_t klen, ivlen;
    uint8_t *key = hex_field(&f, v, "key", &klen);
    uint8_t *iv = hex_field(&f, v, "iv", &ivlen);
    const json *ks = json_get(v, "keystream");
    size_t nwords = keystream_last_index(ks), n = 4 * nwords;
    uint8_t *zeros = calloc(n, 1), *out = malloc(n);
    uint32_t *z = calloc(nwords, sizeof *z);
    zp_cipher_run r = { .cipher = algs.zuc128, .enc = 1, .key = key, .iv = iv };
    int ok = klen == 16 && ivlen == 16 && zp_run_cipher(&r, zeros, out, n);
    for (size_t i = 0; i < nwords; i++)
        z[i] = be32(out + 4 * i);
    ok = ok && keystream_matches(ks, z) && pieces_give(&r, zeros, n, out, NULL);
    hex_fields_free(&f);
    free(zeros);
    free(out);
    free(z);
    return ok;
}

static void link_params(OSSL_PARAM *p, uint32_t *count, unsigned *bearer, unsigned *dir,
                        uint64_t *bits)
{
    *p++ = OSSL_PARAM_construct_uint32("count", count);
    *p++ = OSSL_PARAM_construct_uint("bearer", bearer);
    *p++ = OSSL_PARAM_construct_uint("direction", dir);
    if (bits)
        *p++ = OSSL_PARAM_construct_uint64("length-bits", bits);
    *p = OSSL_PARAM_construct_end();
}

static int check_eea3(const json *v, const void *arg)
{
    (void)arg;
    hex_fields f = { 0 };
    size_t klen, plen, clen;
    uint8_t *key = hex_field(&f, v, "key", &klen);
    uint8_t *pt = hex_field(&f, v, "plaintext", &plen);
    uint8_t *ct = hex_field(&f, v, "ciphertext", &clen);
    vec_link l;
    link_of(v, &l);
    OSSL_PARAM with_bits[2] = { OSSL_PARAM_construct_uint64("length-bits", &l.bits),
                                OSSL_PARAM_construct_end() };
    OSSL_PARAM with_link[5];
    link_params(with_link, &l.count, &l.bearer, &l.dir, &l.bits);
    zp_cipher_run by_iv = {
        .cipher = algs.eea3, .enc = 1, .key = key, .iv = l.iv5, .params = with_bits
    };
    zp_cipher_run by_link = { .cipher = algs.eea3, .enc = 1, .key = key, .params = with_link };
    zp_cipher_run decrypt = by_iv;
    decrypt.enc = 0;
    int ok = klen == 16 && clen == plen && pieces_give(&by_iv, pt, plen, ct, NULL) &&
             pieces_give(&by_link, pt, plen, ct, NULL);
    /* decryption gives the plaintext with the bits after LENGTH cleared */
    uint8_t *back = malloc(plen + 1), *want = malloc(plen + 1);
    memcpy(want, pt, plen);
    if (l.bits % 8)
        want[plen - 1] &= (uint8_t)(0xFF00u >> (l.bits % 8));
    ok = ok && zp_run_cipher(&decrypt, ct, back, clen) && same(back, want, plen);
    hex_fields_free(&f);
    free(back);
    free(want);
    return ok;
}

static int check_eia3(const json *v, const void *arg)
{
    (void)arg;
    hex_fields f = { 0 };
    size_t klen, mlen, maclen;
    uint8_t *key = hex_field(&f, v, "key", &klen);
    uint8_t *msg = hex_field(&f, v, "message", &mlen);
    uint8_t *mac = hex_field(&f, v, "mac", &maclen);
    vec_link l;
    link_of(v, &l);
    /* the message's bytes, as many as the bits need */
    size_t n = (size_t)((l.bits + 7) / 8);
    OSSL_PARAM by_iv[3] = { OSSL_PARAM_construct_octet_string("iv", l.iv5, 5),
                            OSSL_PARAM_construct_uint64("length-bits", &l.bits),
                            OSSL_PARAM_construct_end() };
    OSSL_PARAM by_link[5];
    link_params(by_link, &l.count, &l.bearer, &l.dir, &l.bits);
    zp_mac_run r1 = { .mac = algs.eia3, .key = key, .key_len = klen, .params = by_iv },
               r2 = { .mac = algs.eia3, .key = key, .key_len = klen, .params = by_link };
    int ok = maclen == 4 && n <= mlen && mac_pieces_give(&r1, msg, n, mac, 4) &&
             mac_pieces_give(&r2, msg, n, mac, 4);
    hex_fields_free(&f);
    return ok;
}

static int check_zuc256(const json *v, const void *arg)
{
    (void)arg;
    hex_fields f = { 0 };
    size_t klen, ivlen, plen, clen;
    uint8_t *key = hex_field(&f, v, "key", &klen);
    uint8_t *iv = hex_field(&f, v, "iv25", &ivlen);
    uint8_t *pt = hex_field(&f, v, "plaintext", &plen);
    uint8_t *ct = hex_field(&f, v, "ciphertext", &clen);
    zp_cipher_run r = { .cipher = algs.zuc256, .enc = 1, .key = key, .iv = iv };
    int ok = ivlen == 25 && klen == 32 && clen == plen && pieces_give(&r, pt, plen, ct, NULL);
    hex_fields_free(&f);
    return ok;
}

static int check_zuc256_mac(const json *v, const void *arg)
{
    (void)arg;
    hex_fields f = { 0 };
    size_t klen, ivlen, mlen, tlen;
    uint8_t *key = hex_field(&f, v, "key", &klen);
    uint8_t *iv = hex_field(&f, v, "iv25", &ivlen);
    uint8_t *msg = hex_field(&f, v, "message", &mlen);
    uint8_t *tag = hex_field(&f, v, "tag", &tlen);
    uint64_t bits = (uint64_t)json_num(v, "length_bits", 0);
    size_t size = tlen, n = (size_t)((bits + 7) / 8);
    OSSL_PARAM params[4] = { OSSL_PARAM_construct_octet_string("iv", iv, 25),
                             OSSL_PARAM_construct_size_t("size", &size),
                             OSSL_PARAM_construct_uint64("length-bits", &bits),
                             OSSL_PARAM_construct_end() };
    zp_mac_run r = { .mac = algs.zuc256_mac, .key = key, .key_len = klen, .params = params };
    int ok = ivlen == 25 && n <= mlen && mac_pieces_give(&r, msg, n, tag, tlen);
    hex_fields_free(&f);
    return ok;
}

static int check_zuc256_versions(const json *v, const void *arg)
{
    (void)arg;
    hex_fields f = { 0 };
    size_t klen, ivlen;
    int version = (int)json_num(v, "version", 0);
    uint8_t *key = hex_field(&f, v, "key", &klen);
    uint8_t *iv = hex_field(&f, v, "iv", &ivlen);
    OSSL_PARAM with_version[2] = { OSSL_PARAM_construct_int("version", &version),
                                   OSSL_PARAM_construct_end() };
    int ok = klen == 32;
    const json *words = json_get(v, "keystream_words");
    if (ok && words) {
        size_t n = 4 * words->count;
        uint8_t *zeros = calloc(n, 1), *want = malloc(n);
        for (size_t i = 0; i < words->count; i++) {
            uint32_t w = (uint32_t)strtoul(words->items[i].string, NULL, 16);
            uint8_t be[4] = { (uint8_t)(w >> 24), (uint8_t)(w >> 16), (uint8_t)(w >> 8),
                              (uint8_t)w };
            memcpy(want + 4 * i, be, 4);
        }
        zp_cipher_run r = {
            .cipher = algs.zuc256, .enc = 1, .key = key, .iv = iv, .params = with_version
        };
        ok = pieces_give(&r, zeros, n, want, NULL);
        free(zeros);
        free(want);
    }
    const char *tag_hex = json_str(v, "tag");
    if (ok && tag_hex) {
        size_t mlen, tlen;
        uint8_t *msg = hex_field(&f, v, "message", &mlen);
        uint8_t *tag = hex_field(&f, v, "tag", &tlen);
        uint64_t bits = (uint64_t)json_num(v, "length_bits", 0);
        size_t size = tlen;
        OSSL_PARAM params[5] = { OSSL_PARAM_construct_int("version", &version),
                                 OSSL_PARAM_construct_octet_string("iv", iv, ivlen),
                                 OSSL_PARAM_construct_size_t("size", &size),
                                 OSSL_PARAM_construct_uint64("length-bits", &bits),
                                 OSSL_PARAM_construct_end() };
        zp_mac_run r = { .mac = algs.zuc256_mac, .key = key, .key_len = klen, .params = params };
        ok = mac_pieces_give(&r, msg, (size_t)((bits + 7) / 8), tag, tlen);
    }
    hex_fields_free(&f);
    return ok;
}

static int check_nca6(const json *v, const uint8_t *key, const uint8_t *iv)
{
    hex_fields f = { 0 };
    size_t plen, clen, alen, tlen;
    uint8_t *pt = hex_field(&f, v, "msg", &plen);
    uint8_t *ct = hex_field(&f, v, "ct", &clen);
    uint8_t *aad = hex_field(&f, v, "aad", &alen);
    uint8_t *tag = hex_field(&f, v, "tag", &tlen);
    zp_cipher_run enc = { .cipher = algs.nca6,
                          .enc = 1,
                          .key = key,
                          .iv = iv,
                          .aad = aad,
                          .aad_len = alen,
                          .tag_len = tlen };
    zp_cipher_run dec = { .cipher = algs.nca6,
                          .enc = 0,
                          .key = key,
                          .iv = iv,
                          .aad = aad,
                          .aad_len = alen,
                          .tag = tag,
                          .tag_len = tlen };
    int ok = clen == plen && pieces_give(&enc, pt, plen, ct, tag) &&
             pieces_give(&dec, ct, clen, pt, NULL);
    /* the tag set only after the message, when the plaintext is out */
    zp_cipher_run late = dec;
    late.tag = NULL;
    late.tag_after = tag;
    ok = ok && pieces_give(&late, ct, clen, pt, NULL);
    /* a wrong tag: final fails, after handing out the plaintext as ever */
    uint8_t bad[16], *out = malloc(plen + 1);
    memcpy(bad, tag, tlen);
    bad[0] ^= 1;
    for (size_t piece = 0; ok && piece <= 3; piece++) {
        zp_cipher_run wrong = dec, righted = dec, spoilt = dec;
        wrong.tag = righted.tag = bad;
        righted.tag_after = tag; /* the verdict on the first tag is not kept */
        spoilt.tag_after = bad;
        wrong.piece = righted.piece = spoilt.piece = piece;
        ok = !zp_run_cipher(&wrong, ct, out, clen) && ERR_peek_error() != 0 && same(out, pt, plen);
        ERR_clear_error();
        ok = ok && zp_run_cipher(&righted, ct, out, clen) && same(out, pt, plen) &&
             !zp_run_cipher(&spoilt, ct, out, clen) && ERR_peek_error() != 0;
        ERR_clear_error();
    }
    hex_fields_free(&f);
    free(out);
    return ok;
}

static int check_nxa6(const json *v, const void *arg)
{
    (void)arg;
    hex_fields f = { 0 };
    size_t klen, ivlen;
    const char *alg = json_str(v, "algorithm");
    uint8_t *key = hex_field(&f, v, "key", &klen);
    uint8_t *iv = hex_field(&f, v, "iv", &ivlen);
    int ok = klen == 32 && ivlen == 16;
    if (ok && strcmp(alg, "ZUC-NEA6") == 0) {
        size_t plen, clen;
        uint8_t *pt = hex_field(&f, v, "msg", &plen);
        uint8_t *ct = hex_field(&f, v, "ct", &clen);
        uint64_t bits = (uint64_t)json_num(v, "length_bits", 0);
        OSSL_PARAM with_bits[2] = { OSSL_PARAM_construct_uint64("length-bits", &bits),
                                    OSSL_PARAM_construct_end() };
        zp_cipher_run r = {
            .cipher = algs.nea6, .enc = 1, .key = key, .iv = iv, .params = with_bits
        };
        ok = clen == plen && pieces_give(&r, pt, plen, ct, NULL);
    } else if (ok && strcmp(alg, "ZUC-NIA6") == 0) {
        size_t mlen, tlen;
        uint8_t *msg = hex_field(&f, v, "msg", &mlen);
        uint8_t *tag = hex_field(&f, v, "tag", &tlen);
        size_t size = tlen;
        OSSL_PARAM params[3] = { OSSL_PARAM_construct_octet_string("iv", iv, 16),
                                 OSSL_PARAM_construct_size_t("size", &size),
                                 OSSL_PARAM_construct_end() };
        zp_mac_run r = { .mac = algs.nia6, .key = key, .key_len = klen, .params = params };
        ok = mac_pieces_give(&r, msg, mlen, tag, tlen);
    } else if (ok && strcmp(alg, "ZUC-NCA6") == 0) {
        ok = check_nca6(v, key, iv);
    } else {
        ok = 0;
    }
    hex_fields_free(&f);
    return ok;
}

typedef struct {
    const char *label, *file;
    int (*check)(const json *, const void *);
} vector_set;

static const vector_set sets[] = {
    { "zuc128", "zuc128.json", check_zuc128 },
    { "eea3", "eea3.json", check_eea3 },
    { "eia3", "eia3.json", check_eia3 },
    { "zuc256", "zuc256.json", check_zuc256 },
    { "zuc256-mac", "zuc256_mac.json", check_zuc256_mac },
    { "zuc256-v", "zuc256_versions.json", check_zuc256_versions },
    { "nxa6", "zuc256_3gpp_nxa6.json", check_nxa6 },
};

static int run_vectors(void)
{
    for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
        json *file = vectors_load(sets[s].file);
        if (!file)
            return 0;
        size_t good = check_items(file, sets[s].check, NULL, sets[s].label, "evp");
        printf("%-11s evp   %zu/%zu %s (one call and pieces of 1..64 bytes)\n", sets[s].label, good,
               file->count, good == file->count ? "ok" : "FAILED");
        json_free(file);
    }
    return 1;
}

/* ---- random messages against libzuc, and the threads -------------------------------- */

/* One random message of each algorithm through EVP and through libzuc; the
 * number of disagreements. */
static int differential_round(uint64_t *rng)
{
    uint8_t key[32], iv[25], aad[64], tag1[16], tag2[16];
    size_t n = 1 + splitmix64_next(rng) % 1500, piece = splitmix64_next(rng) % 70;
    uint8_t *msg = malloc(n), *o1 = malloc(n), *o2 = malloc(n);
    splitmix64_fill(key, sizeof key, rng);
    splitmix64_fill(iv, sizeof iv, rng);
    splitmix64_fill(aad, sizeof aad, rng);
    splitmix64_fill(msg, n, rng);
    for (int i = 17; i < 25; i++)
        iv[i] &= 0x3F;
    uint32_t count = (uint32_t)splitmix64_next(rng);
    unsigned bearer = (unsigned)(splitmix64_next(rng) % 32),
             dir = (unsigned)(splitmix64_next(rng) & 1);
    uint64_t bits = 8 * (uint64_t)n - splitmix64_next(rng) % 8;
    int version = (int[]){ 2018, 2021, 2023 }[splitmix64_next(rng) % 3];
    size_t tag_bytes = 4 + splitmix64_next(rng) % 13, mac_size = (size_t[]){ 4, 8, 16 }[n % 3];
    size_t alen = splitmix64_next(rng) % sizeof aad, len;
    int bad = 0;
    OSSL_PARAM link[5];

    link_params(link, &count, &bearer, &dir, &bits);
    zp_cipher_run eea3 = {
        .cipher = algs.eea3, .enc = 1, .key = key, .params = link, .piece = piece
    };
    bad += !zp_run_cipher(&eea3, msg, o1, n) ||
           zuc_eea3(key, count, (uint8_t)bearer, (uint8_t)dir, msg, o2, (size_t)bits) != ZUC_OK ||
           !same(o1, o2, n);

    zp_mac_run eia3 = {
        .mac = algs.eia3, .key = key, .key_len = 16, .params = link, .piece = piece
    };
    uint32_t mac;
    bad += !zp_run_mac(&eia3, msg, n, tag1, &len) ||
           zuc_eia3(key, count, (uint8_t)bearer, (uint8_t)dir, msg, (size_t)bits, &mac) != ZUC_OK ||
           be32(tag1) != mac;

    OSSL_PARAM v[2] = { OSSL_PARAM_construct_int("version", &version), OSSL_PARAM_construct_end() };
    zp_cipher_run z256 = {
        .cipher = algs.zuc256, .enc = 1, .key = key, .iv = iv, .params = v, .piece = piece
    };
    bad += !zp_run_cipher(&z256, msg, o1, n) ||
           zuc256v_crypt(version, key, iv, msg, o2, n) != ZUC_OK || !same(o1, o2, n);

    OSSL_PARAM mp[5] = { OSSL_PARAM_construct_int("version", &version),
                         OSSL_PARAM_construct_octet_string("iv", iv, zuc256v_iv_bytes(version)),
                         OSSL_PARAM_construct_size_t("size", &mac_size),
                         OSSL_PARAM_construct_uint64("length-bits", &bits),
                         OSSL_PARAM_construct_end() };
    zp_mac_run z256mac = {
        .mac = algs.zuc256_mac, .key = key, .key_len = 32, .params = mp, .piece = piece
    };
    bad += !zp_run_mac(&z256mac, msg, n, tag1, &len) ||
           zuc256v_mac(version, key, iv, msg, (size_t)bits, tag2, mac_size) != ZUC_OK ||
           !same(tag1, tag2, mac_size);

    zp_cipher_run nea6 = {
        .cipher = algs.nea6, .enc = 1, .key = key, .params = link, .piece = piece
    };
    bad += !zp_run_cipher(&nea6, msg, o1, n) ||
           zuc_nea6(key, count, (uint8_t)bearer, (uint8_t)dir, msg, o2, (size_t)bits) != ZUC_OK ||
           !same(o1, o2, n);

    OSSL_PARAM np[5];
    link_params(np, &count, &bearer, &dir, NULL);
    np[3] = OSSL_PARAM_construct_size_t("size", &tag_bytes);
    np[4] = OSSL_PARAM_construct_end();
    zp_mac_run nia6 = { .mac = algs.nia6, .key = key, .key_len = 32, .params = np, .piece = piece };
    bad += !zp_run_mac(&nia6, msg, n, tag1, &len) ||
           zuc_nia6(key, count, (uint8_t)bearer, (uint8_t)dir, msg, n, tag2, tag_bytes) != ZUC_OK ||
           !same(tag1, tag2, tag_bytes);

    OSSL_PARAM cp[4];
    link_params(cp, &count, &bearer, &dir, NULL);
    zp_cipher_run enc = { .cipher = algs.nca6,
                          .enc = 1,
                          .key = key,
                          .params = cp,
                          .aad = aad,
                          .aad_len = alen,
                          .tag = tag1,
                          .tag_len = tag_bytes,
                          .piece = piece };
    bad += !zp_run_cipher(&enc, msg, o1, n) ||
           zuc_nca6_encrypt(key, count, (uint8_t)bearer, (uint8_t)dir, aad, alen, msg, o2, n, tag2,
                            tag_bytes) != ZUC_OK ||
           !same(o1, o2, n) || !same(tag1, tag2, tag_bytes);
    zp_cipher_run dec = { .cipher = algs.nca6,
                          .enc = 0,
                          .key = key,
                          .params = cp,
                          .aad = aad,
                          .aad_len = alen,
                          .tag = tag2,
                          .tag_len = tag_bytes,
                          .piece = piece };
    bad += !zp_run_cipher(&dec, o2, o1, n) || !same(o1, msg, n);

    free(msg);
    free(o1);
    free(o2);
    return bad;
}

#define THREADS 8
#define THREAD_ROUNDS 40

typedef struct {
    uint64_t seed;
    int bad;
} thread_arg;

static void *thread_body(void *p)
{
    thread_arg *a = p;
    for (int i = 0; i < THREAD_ROUNDS; i++)
        a->bad += differential_round(&a->seed);
    return NULL;
}

static void run_random(uint64_t seed)
{
    uint64_t rng = seed;
    int bad = 0;
    for (int i = 0; i < 150; i++)
        bad += differential_round(&rng);
    printf("random      evp   150 rounds x 8 algorithms against libzuc: %d wrong\n", bad);
    check_count(bad == 0);

    pthread_t t[THREADS];
    thread_arg args[THREADS];
    for (int i = 0; i < THREADS; i++) {
        args[i] = (thread_arg){ seed + 1000 * (uint64_t)(i + 1), 0 };
        pthread_create(&t[i], NULL, thread_body, &args[i]);
    }
    bad = 0;
    for (int i = 0; i < THREADS; i++) {
        pthread_join(t[i], NULL);
        bad += args[i].bad;
    }
    printf("threads     evp   %d threads x %d rounds, one fetched algorithm each: %d wrong\n",
           THREADS, THREAD_ROUNDS, bad);
    check_count(bad == 0);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: evp_vectors MODULE_DIR [SEED]\n");
        return 2;
    }
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 27;
    printf("seed %llu (rerun with: evp_vectors %s %llu)\n", (unsigned long long)seed, argv[1],
           (unsigned long long)seed);
    if (!zp_load(&algs, argv[1]))
        return 2;
    if (!run_vectors())
        return 2;
    run_random(seed);
    zp_check_api(&algs);
    zp_check_bad_input(&algs);
    zp_unload(&algs);
    return check_report("evp_vectors");
}
