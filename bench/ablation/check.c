/* SPDX-License-Identifier: Apache-2.0 */
/* check.c — a variant against the official keystream vectors and against
 * libzuc, before anything times it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ablation/variants.h"
#include "hex.h"
#include "random.h"
#include "zuc.h"

#define RANDOM_TRIALS 8
#define MAX_WORDS 1500
#define MAX_BYTES 3000

/* 3GPP Doc 3 §3 test sets 1-4 (ZUC-128) and the ZUC-256 paper's two
 * keystream vectors (2018; IV in the 25-byte form). */
typedef struct {
    const char *key, *iv;
    uint32_t z[8]; /* z1, z2, ... (nz of them) */
    size_t nz;
    size_t far_index; /* and one later word, z_far_index; 0 if none */
    uint32_t far_word;
} official_vector;

static const official_vector zuc128_vectors[] = {
    { "00000000000000000000000000000000",
      "00000000000000000000000000000000",
      { 0x27bede74, 0x018082da },
      2,
      0,
      0 },
    { "ffffffffffffffffffffffffffffffff",
      "ffffffffffffffffffffffffffffffff",
      { 0x0657cfa0, 0x7096398b },
      2,
      0,
      0 },
    { "3d4c4be96a82fdaeb58f641db17b455b",
      "84319aa8de6915ca1f6bda6bfbd8c766",
      { 0x14f1c272, 0x3279c419 },
      2,
      0,
      0 },
    { "4d320bfad4c285bfd6b8bd00f39d8b41",
      "52959daba0bf176ece2dc315049eb574",
      { 0xed4400e7, 0x0633e5c5 },
      2,
      2000,
      0x7a574cdb },
};

static const official_vector zuc256_vectors[] = {
    { "0000000000000000000000000000000000000000000000000000000000000000",
      "00000000000000000000000000000000000000000000000000",
      { 0x58d03ad6, 0x2e032ce2, 0xdafc683a, 0x39bdcb03, 0x52a2bc67, 0xf1b7de74, 0x163ce3a1,
        0x01ef5558 },
      8,
      0,
      0 },
    { "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
      "ffffffffffffffffffffffffffffffffff3f3f3f3f3f3f3f3f",
      { 0x3356cbae, 0xd1a1c18b, 0x6baa4ffe, 0x343f777c, 0x9e15128f, 0x251ab65b, 0x949f7b26,
        0xef7157f2 },
      8,
      0,
      0 },
};

static int init_variant(const abl_variant *v, int zuc256, abl_state *st, const uint8_t *key,
                        const uint8_t *iv)
{
    return zuc256 ? v->init256(st, key, iv) : v->init128(st, key, iv);
}

static int official_agrees(const abl_variant *v, int zuc256, const official_vector *t)
{
    uint8_t key[32], iv[25];
    size_t n = t->far_index > t->nz ? t->far_index : t->nz;
    uint32_t *z = malloc(n * sizeof *z);
    abl_state st;
    hex_to_bytes(t->key, key, strlen(t->key) / 2);
    hex_to_bytes(t->iv, iv, strlen(t->iv) / 2);
    int ok = z && init_variant(v, zuc256, &st, key, iv) == 0;
    if (ok) {
        v->keystream(&st, z, n);
        v->finish(&st);
        ok = memcmp(z, t->z, t->nz * sizeof *z) == 0 &&
             (!t->far_index || z[t->far_index - 1] == t->far_word);
    }
    free(z);
    return ok;
}

/* A random key/IV: the variant's keystream, asked for in pieces of 1..13
 * words (across the SIMD blocks), against libzuc's. */
static int keystream_agrees(const abl_variant *v, int zuc256, uint64_t *rng, uint32_t *want,
                            uint32_t *got)
{
    uint8_t key[32], iv[25];
    zuc_state ref;
    abl_state st;
    size_t nwords = 1 + splitmix64_next(rng) % MAX_WORDS;
    splitmix64_fill(key, sizeof key, rng);
    splitmix64_fill(iv, sizeof iv, rng);
    for (int i = 17; i < 25; i++)
        iv[i] &= 0x3F;
    if ((zuc256 ? zuc256_keystream_init(&ref, key, iv) : zuc128_keystream_init(&ref, key, iv)) !=
            ZUC_OK ||
        init_variant(v, zuc256, &st, key, iv) != 0)
        return 0;
    zuc_keystream(&ref, want, nwords);
    for (size_t done = 0; done < nwords;) {
        size_t n = 1 + splitmix64_next(rng) % 13;
        n = n < nwords - done ? n : nwords - done;
        v->keystream(&st, got + done, n);
        done += n;
    }
    v->finish(&st);
    return memcmp(want, got, nwords * sizeof *got) == 0;
}

/* A random message of 0..MAX_BYTES bytes: encrypt128 with the EEA3 IV
 * against zuc_eea3, encrypt256 against zuc256_crypt. */
static int encryption_agrees(const abl_variant *v, int zuc256, uint64_t *rng, uint8_t *in,
                             uint8_t *want, uint8_t *got)
{
    uint8_t key[32], iv[25];
    size_t n = splitmix64_next(rng) % (MAX_BYTES + 1);
    splitmix64_fill(key, sizeof key, rng);
    splitmix64_fill(in, n, rng);
    if (zuc256) {
        splitmix64_fill(iv, sizeof iv, rng);
        for (int i = 17; i < 25; i++)
            iv[i] &= 0x3F;
        return zuc256_crypt(key, iv, in, want, n) == ZUC_OK &&
               v->encrypt256(key, iv, in, got, n) == 0 && memcmp(want, got, n) == 0;
    }
    uint64_t r = splitmix64_next(rng);
    uint32_t count = (uint32_t)r;
    uint8_t bearer = (uint8_t)((r >> 32) & 0x1F), direction = (uint8_t)((r >> 40) & 1);
    abl_eea3_iv(iv, count, bearer, direction);
    return zuc_eea3(key, count, bearer, direction, in, want, 8 * n) == ZUC_OK &&
           v->encrypt128(key, iv, in, got, n) == 0 && memcmp(want, got, n) == 0;
}

static int random_agrees(const abl_variant *v, int zuc256, char *why, size_t why_len)
{
    uint32_t *want = malloc(MAX_WORDS * sizeof *want), *got = malloc(MAX_WORDS * sizeof *got);
    uint8_t *in = malloc(MAX_BYTES), *out_want = malloc(MAX_BYTES), *out_got = malloc(MAX_BYTES);
    uint64_t rng = 0xAB1A7105ull + (uint64_t)zuc256;
    int ok = want && got && in && out_want && out_got;
    if (!ok)
        snprintf(why, why_len, "out of memory");
    for (int t = 0; ok && t < RANDOM_TRIALS; t++) {
        if (!keystream_agrees(v, zuc256, &rng, want, got)) {
            snprintf(why, why_len, "%s keystream differs from libzuc (random key/IV)",
                     zuc256 ? "zuc-256" : "zuc-128");
            ok = 0;
        } else if (!encryption_agrees(v, zuc256, &rng, in, out_want, out_got)) {
            snprintf(why, why_len, "%s encryption differs from libzuc's %s",
                     zuc256 ? "zuc-256" : "zuc-128", zuc256 ? "zuc256_crypt" : "zuc_eea3");
            ok = 0;
        }
    }
    free(want);
    free(got);
    free(in);
    free(out_want);
    free(out_got);
    return ok;
}

int abl_check(const abl_variant *v, char *why, size_t why_len)
{
    for (size_t i = 0; i < sizeof zuc128_vectors / sizeof zuc128_vectors[0]; i++)
        if (!official_agrees(v, 0, &zuc128_vectors[i])) {
            snprintf(why, why_len, "ZUC-128 test set %zu (3GPP Doc 3) fails", i + 1);
            return -1;
        }
    for (size_t i = 0; i < sizeof zuc256_vectors / sizeof zuc256_vectors[0]; i++)
        if (!official_agrees(v, 1, &zuc256_vectors[i])) {
            snprintf(why, why_len, "ZUC-256 keystream vector %zu (2018 paper) fails", i + 1);
            return -1;
        }
    for (int zuc256 = 0; zuc256 <= 1; zuc256++)
        if (!random_agrees(v, zuc256, why, why_len))
            return -1;
    return 0;
}
