/* SPDX-License-Identifier: Apache-2.0 */
/* ablation_kat.c — every variant of the ablation study (bench/ablation/)
 * against the official vectors of tests/vectors/ and against libzuc on
 * random keys, IVs, lengths and call splits, ZUC-128 and ZUC-256. One line
 * per (check, variant): "zuc128  call+compile  4/4 ok", or UNAVAILABLE. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ablation/variants.h"
#include "json.h"
#include "support/testutil.h"
#include "zuc.h"

#define RANDOM_CASES 40
#define MAX_WORDS 4000
#define MAX_BYTES 5000

/* n keystream words in pieces of random size (1..37 words, or the rest) */
static void keystream_split(const abl_variant *v, abl_state *st, uint32_t *z, size_t n)
{
    for (size_t done = 0; done < n;) {
        size_t piece = 1 + rng_below(37);
        piece = piece < n - done ? piece : n - done;
        v->keystream(st, z + done, piece);
        done += piece;
    }
}

static int zuc128_vector(const abl_variant *v, const json *t)
{
    size_t klen, ivlen;
    uint8_t *key = hex_decode(json_str(t, "key"), &klen);
    uint8_t *iv = hex_decode(json_str(t, "iv"), &ivlen);
    const json *ks = json_get(t, "keystream");
    size_t maxi = keystream_last_index(ks);
    uint32_t *z = calloc(maxi, sizeof *z);
    abl_state st;
    int ok = klen == 16 && ivlen == 16 && v->init128(&st, key, iv) == 0;
    if (ok) {
        keystream_split(v, &st, z, maxi);
        v->finish(&st);
    }
    ok = ok && keystream_matches(ks, z);
    free(key);
    free(iv);
    free(z);
    return ok;
}

/* encrypt128 with the EEA3 IV, the last byte's bits beyond LENGTH zeroed as
 * the published ciphertexts have them; out of place and in place */
static int eea3_vector(const abl_variant *v, const json *t)
{
    size_t klen, plen, clen, bits = (size_t)json_num(t, "length_bits", 0), n = (bits + 7) / 8;
    uint8_t *key = hex_decode(json_str(t, "key"), &klen);
    uint8_t *pt = hex_decode(json_str(t, "plaintext"), &plen);
    uint8_t *ct = hex_decode(json_str(t, "ciphertext"), &clen);
    uint8_t iv[16], *out = malloc(n + 1);
    abl_eea3_iv(iv, (uint32_t)json_num(t, "count", 0), (uint8_t)json_num(t, "bearer", 0),
                (uint8_t)json_num(t, "direction", 0));
    uint8_t last_mask = bits % 8 ? (uint8_t)(0xFF << (8 - bits % 8)) : 0xFF;
    int ok = klen == 16 && plen >= n && clen >= n;
    for (int in_place = 0; ok && in_place <= 1; in_place++) {
        memcpy(out, pt, n);
        ok = v->encrypt128(key, iv, in_place ? out : pt, out, n) == 0;
        if (n)
            out[n - 1] &= last_mask;
        ok = ok && memcmp(out, ct, n) == 0;
    }
    free(key);
    free(pt);
    free(ct);
    free(out);
    return ok;
}

static int zuc256_vector(const abl_variant *v, const json *t)
{
    size_t klen, ivlen, plen, clen;
    uint8_t *key = hex_decode(json_str(t, "key"), &klen);
    uint8_t *iv = hex_decode(json_str(t, "iv25"), &ivlen);
    uint8_t *pt = hex_decode(json_str(t, "plaintext"), &plen);
    uint8_t *ct = hex_decode(json_str(t, "ciphertext"), &clen);
    uint8_t *out = malloc(plen + 1);
    int ok = klen == 32 && ivlen == 25 && plen == clen &&
             v->encrypt256(key, iv, pt, out, plen) == 0 && memcmp(out, ct, plen) == 0;
    const json *words = json_get(t, "keystream_words");
    if (ok && words) {
        uint32_t *z = calloc(words->count, sizeof *z);
        abl_state st;
        ok = v->init256(&st, key, iv) == 0;
        if (ok) {
            keystream_split(v, &st, z, words->count);
            v->finish(&st);
        }
        ok = ok && keystream_words_match(words, z);
        free(z);
    }
    free(key);
    free(iv);
    free(pt);
    free(ct);
    free(out);
    return ok;
}

/* Random key/IV and length: the keystream, asked for in random pieces,
 * against zuc128_keystream_init/zuc256_keystream_init and zuc_keystream. */
static int random_keystream(const abl_variant *v, int zuc256)
{
    uint8_t key[32], iv[25];
    size_t n = 1 + rng_below(MAX_WORDS);
    uint32_t *want = malloc(n * sizeof *want), *got = malloc(n * sizeof *got);
    zuc_state ref;
    abl_state st;
    rng_key_iv(key, iv);
    int ok = (zuc256 ? zuc256_keystream_init(&ref, key, iv)
                     : zuc128_keystream_init(&ref, key, iv)) == ZUC_OK &&
             (zuc256 ? v->init256(&st, key, iv) : v->init128(&st, key, iv)) == 0;
    if (ok) {
        zuc_keystream(&ref, want, n);
        keystream_split(v, &st, got, n);
        v->finish(&st);
        ok = memcmp(want, got, n * sizeof *got) == 0;
    }
    free(want);
    free(got);
    return ok;
}

/* Random message: encrypt128 against zuc_eea3, encrypt256 against zuc256_crypt. */
static int random_message(const abl_variant *v, int zuc256)
{
    uint8_t key[32], iv[25];
    size_t n = rng_below(MAX_BYTES + 1);
    uint8_t *in = malloc(n + 1), *want = malloc(n + 1), *got = malloc(n + 1);
    rng_key_iv(key, iv);
    rng_fill(in, n);
    int ok;
    if (zuc256) {
        ok =
            zuc256_crypt(key, iv, in, want, n) == ZUC_OK && v->encrypt256(key, iv, in, got, n) == 0;
    } else {
        uint32_t count;
        uint8_t bearer, direction;
        rng_link_params(&count, &bearer, &direction);
        abl_eea3_iv(iv, count, bearer, direction);
        ok = zuc_eea3(key, count, bearer, direction, in, want, 8 * n) == ZUC_OK &&
             v->encrypt128(key, iv, in, got, n) == 0;
    }
    ok = ok && memcmp(want, got, n) == 0;
    free(in);
    free(want);
    free(got);
    return ok;
}

typedef int (*vector_check)(const abl_variant *v, const json *t);

static const struct {
    const char *label, *file;
    vector_check check;
} sets[] = {
    { "zuc128", "zuc128.json", zuc128_vector },
    { "eea3", "eea3.json", eea3_vector },
    { "zuc256", "zuc256.json", zuc256_vector },
};
#define NSETS (sizeof sets / sizeof sets[0])

static void report(const char *label, const abl_variant *v, size_t good, size_t n)
{
    printf("%-15s %-30s %zu/%zu %s\n", label, v->id, good, n, good == n ? "ok" : "FAILED");
}

typedef struct {
    const abl_variant *v;
    vector_check check;
} variant_check;

static int check_item(const json *item, const void *arg)
{
    const variant_check *c = arg;
    return c->check(c->v, item);
}

static void check_vectors(const abl_variant *v, json *const *files)
{
    for (size_t s = 0; s < NSETS; s++) {
        variant_check c = { v, sets[s].check };
        report(sets[s].label, v, check_items(files[s], check_item, &c, sets[s].label, v->id),
               files[s]->count);
    }
}

static void check_random(const abl_variant *v)
{
    static const char *const labels[2][2] = { { "random-ks128", "random-eea3" },
                                              { "random-ks256", "random-zuc256" } };
    for (int zuc256 = 0; zuc256 <= 1; zuc256++)
        for (int message = 0; message <= 1; message++) {
            size_t good = 0;
            for (int i = 0; i < RANDOM_CASES; i++) {
                int ok = message ? random_message(v, zuc256) : random_keystream(v, zuc256);
                check_count(ok);
                good += (size_t)ok;
            }
            report(labels[zuc256][message], v, good, RANDOM_CASES);
        }
}

/* The suite's own check must agree that the variant is right. */
static void check_suite_check(const abl_variant *v)
{
    char why[160] = "";
    int ok = abl_check(v, why, sizeof why) == 0;
    if (!ok)
        printf("FAIL abl_check %s: %s\n", v->id, why);
    check_count(ok);
    report("abl_check", v, (size_t)ok, 1);
}

int main(void)
{
    json *files[NSETS];
    for (size_t s = 0; s < NSETS; s++)
        if (!(files[s] = vectors_load(sets[s].file)))
            return 2;
    rng_seed(0xAB1A7101);
    for (const abl_variant *const *v = abl_variants(); *v; v++) {
        if (!(*v)->usable()) {
            printf("%-15s %-30s UNAVAILABLE\n", "*", (*v)->id);
            continue;
        }
        check_vectors(*v, files);
        check_random(*v);
        check_suite_check(*v);
    }
    for (size_t s = 0; s < NSETS; s++)
        json_free(files[s]);
    return check_report("ablation_kat");
}
