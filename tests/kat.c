/* SPDX-License-Identifier: Apache-2.0 */
/* kat.c — every official (and library) known-answer vector of tests/vectors/
 * on every implementation usable on this machine, one message per call and
 * through the many-message calls. One line per (vector set, implementation):
 * "eea3  scalar  6/6 ok", or UNAVAILABLE. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "json.h"
#include "support/testutil.h"
#include "zuc.h"

typedef int (*vector_check)(const json *v);

/* Each vector also goes through the many-message calls as BATCH copies of
 * itself in one call: more than a lane set holds, so every lane position
 * and a refilled lane see it; odd jobs run in place. */
#define BATCH 9

static int same(const uint8_t *a, const uint8_t *b, size_t n)
{
    return memcmp(a, b, n) == 0;
}

static int check_zuc128(const json *v)
{
    size_t klen, ivlen;
    uint8_t *key = hex_decode(json_str(v, "key"), &klen);
    uint8_t *iv = hex_decode(json_str(v, "iv"), &ivlen);
    const json *ks = json_get(v, "keystream");
    size_t maxi = keystream_last_index(ks);
    uint32_t *z = calloc(maxi, sizeof *z);
    zuc_state st;
    int ok = klen == 16 && ivlen == 16 && zuc128_keystream_init(&st, key, iv) == ZUC_OK;
    /* in two calls, to cover continuing a stream */
    zuc_keystream(&st, z, 1);
    zuc_keystream(&st, z + 1, maxi - 1);
    ok = ok && keystream_matches(ks, z);
    free(key);
    free(iv);
    free(z);
    return ok;
}

static int check_eea3(const json *v)
{
    size_t klen, plen, clen;
    uint8_t *key = hex_decode(json_str(v, "key"), &klen);
    uint8_t *pt = hex_decode(json_str(v, "plaintext"), &plen);
    uint8_t *ct = hex_decode(json_str(v, "ciphertext"), &clen);
    size_t bits = (size_t)json_num(v, "length_bits", 0);
    uint32_t count = (uint32_t)json_num(v, "count", 0);
    uint8_t bearer = (uint8_t)json_num(v, "bearer", 0), dir = (uint8_t)json_num(v, "direction", 0);
    uint8_t *out = malloc(plen + 1), *back = malloc(plen + 1);
    int ok = zuc_eea3(key, count, bearer, dir, pt, out, bits) == ZUC_OK && same(out, ct, clen);
    ok = ok && zuc_eea3(key, count, bearer, dir, ct, back, bits) == ZUC_OK && same(back, pt, plen);
    memcpy(back, pt, plen); /* in place */
    ok =
        ok && zuc_eea3(key, count, bearer, dir, back, back, bits) == ZUC_OK && same(back, ct, clen);
    zuc_eea3_job jobs[BATCH];
    uint8_t *outs[BATCH];
    for (int i = 0; i < BATCH; i++) {
        outs[i] = malloc(plen + 1);
        memcpy(outs[i], pt, plen);
        jobs[i] = (zuc_eea3_job){ key, count, bearer, dir, i % 2 ? outs[i] : pt, outs[i], bits };
    }
    ok = ok && zuc_eea3_n(jobs, BATCH) == ZUC_OK;
    for (int i = 0; i < BATCH; i++) {
        ok = ok && same(outs[i], ct, clen);
        free(outs[i]);
    }
    free(key);
    free(pt);
    free(ct);
    free(out);
    free(back);
    return ok;
}

static int check_eia3(const json *v)
{
    size_t klen, mlen, maclen;
    uint8_t *key = hex_decode(json_str(v, "key"), &klen);
    uint8_t *msg = hex_decode(json_str(v, "message"), &mlen);
    uint8_t *mac_bytes = hex_decode(json_str(v, "mac"), &maclen);
    size_t bits = (size_t)json_num(v, "length_bits", 0);
    uint32_t mac = 0, want = maclen == 4 ? load_be32(mac_bytes) : 0;
    uint32_t count = (uint32_t)json_num(v, "count", 0);
    uint8_t bearer = (uint8_t)json_num(v, "bearer", 0), dir = (uint8_t)json_num(v, "direction", 0);
    int ok =
        maclen == 4 && zuc_eia3(key, count, bearer, dir, msg, bits, &mac) == ZUC_OK && mac == want;
    zuc_eia3_job jobs[BATCH];
    uint32_t macs[BATCH];
    for (int i = 0; i < BATCH; i++)
        jobs[i] = (zuc_eia3_job){ key, count, bearer, dir, msg, bits, &macs[i] };
    ok = ok && zuc_eia3_n(jobs, BATCH) == ZUC_OK;
    for (int i = 0; i < BATCH; i++)
        ok = ok && macs[i] == want;
    free(key);
    free(msg);
    free(mac_bytes);
    return ok;
}

/* Both IV forms must give the same 25-byte IV. */
static uint8_t *iv25_of(const json *v)
{
    size_t n25, n23;
    uint8_t *iv25 = hex_decode(json_str(v, "iv25"), &n25);
    uint8_t *iv23 = hex_decode(json_str(v, "iv23"), &n23);
    uint8_t unpacked[25];
    if (n25 != 25 || n23 != 23 || zuc256_iv_unpack(unpacked, iv23) != ZUC_OK ||
        !same(unpacked, iv25, 25)) {
        free(iv25);
        iv25 = NULL;
    }
    free(iv23);
    return iv25;
}

static int check_zuc256(const json *v)
{
    size_t klen, plen, clen;
    uint8_t *key = hex_decode(json_str(v, "key"), &klen);
    uint8_t *iv = iv25_of(v);
    uint8_t *pt = hex_decode(json_str(v, "plaintext"), &plen);
    uint8_t *ct = hex_decode(json_str(v, "ciphertext"), &clen);
    uint8_t *out = malloc(plen + 1);
    int ok =
        iv && klen == 32 && zuc256_crypt(key, iv, pt, out, plen) == ZUC_OK && same(out, ct, clen);
    zuc256_crypt_job jobs[BATCH];
    uint8_t *outs[BATCH];
    for (int i = 0; i < BATCH; i++) {
        outs[i] = malloc(plen + 1);
        memcpy(outs[i], pt, plen);
        jobs[i] = (zuc256_crypt_job){ key, iv, i % 2 ? outs[i] : pt, outs[i], plen };
    }
    ok = ok && zuc256_crypt_n(jobs, BATCH) == ZUC_OK;
    for (int i = 0; i < BATCH; i++) {
        ok = ok && same(outs[i], ct, clen);
        free(outs[i]);
    }
    const json *words = json_get(v, "keystream_words");
    if (ok && words) {
        zuc_state st;
        uint32_t *z = calloc(words->count, sizeof *z);
        ok = zuc256_keystream_init(&st, key, iv) == ZUC_OK;
        zuc_keystream(&st, z, words->count);
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

static int check_zuc256_mac(const json *v)
{
    size_t klen, mlen, tlen;
    uint8_t *key = hex_decode(json_str(v, "key"), &klen);
    uint8_t *iv = iv25_of(v);
    uint8_t *msg = hex_decode(json_str(v, "message"), &mlen);
    uint8_t *want = hex_decode(json_str(v, "tag"), &tlen);
    uint8_t tag[16];
    size_t tag_bytes = (size_t)json_num(v, "tag_bits", 0) / 8;
    size_t bits = (size_t)json_num(v, "length_bits", 0);
    int ok = iv && tag_bytes == tlen && zuc256_mac(key, iv, msg, bits, tag, tag_bytes) == ZUC_OK &&
             same(tag, want, tlen);
    zuc256_mac_job jobs[BATCH];
    uint8_t tags[BATCH][16];
    for (int i = 0; i < BATCH; i++)
        jobs[i] = (zuc256_mac_job){ key, iv, msg, bits, tags[i], tag_bytes };
    ok = ok && zuc256_mac_n(jobs, BATCH) == ZUC_OK;
    for (int i = 0; i < BATCH; i++)
        ok = ok && same(tags[i], want, tlen);
    free(key);
    free(iv);
    free(msg);
    free(want);
    return ok;
}

/* ZUC-256 versions 2021 and 2023: keystream words and MACs. */
static int check_zuc256_versions(const json *v)
{
    size_t klen, ivlen;
    int version = (int)json_num(v, "version", 0);
    uint8_t *key = hex_decode(json_str(v, "key"), &klen);
    uint8_t *iv = hex_decode(json_str(v, "iv"), &ivlen);
    int ok = klen == 32 && ivlen == zuc256v_iv_bytes(version);
    const json *words = json_get(v, "keystream_words");
    if (ok && words) {
        size_t n = words->count;
        zuc_state st;
        uint32_t *z = calloc(n, sizeof *z);
        uint8_t *zeros = calloc(4 * n, 1), *ct = malloc(4 * n), *ct_n = malloc(4 * n);
        ok = zuc256v_keystream_init(&st, version, key, iv) == ZUC_OK;
        zuc_keystream(&st, z, n);
        zuc256_crypt_job job = { key, iv, zeros, ct_n, 4 * n };
        ok = ok && zuc256v_crypt(version, key, iv, zeros, ct, 4 * n) == ZUC_OK &&
             zuc256v_crypt_n(version, &job, 1) == ZUC_OK;
        for (size_t i = 0; ok && i < n; i++) {
            uint32_t want = (uint32_t)strtoul(words->items[i].string, NULL, 16);
            uint8_t be[4];
            store_be32(be, want);
            ok = z[i] == want && same(ct + 4 * i, be, 4) && same(ct_n + 4 * i, be, 4);
        }
        free(z);
        free(zeros);
        free(ct);
        free(ct_n);
    }
    const char *tag_hex = json_str(v, "tag");
    if (ok && tag_hex) {
        size_t mlen, tlen;
        uint8_t *msg = hex_decode(json_str(v, "message"), &mlen);
        uint8_t *want = hex_decode(tag_hex, &tlen);
        size_t bits = (size_t)json_num(v, "length_bits", 0);
        uint8_t tag[16], tags[BATCH][16];
        ok = zuc256v_mac(version, key, iv, msg, bits, tag, tlen) == ZUC_OK && same(tag, want, tlen);
        zuc256_mac_job jobs[BATCH];
        for (int i = 0; i < BATCH; i++)
            jobs[i] = (zuc256_mac_job){ key, iv, msg, bits, tags[i], tlen };
        ok = ok && zuc256v_mac_n(version, jobs, BATCH) == ZUC_OK;
        for (int i = 0; i < BATCH; i++)
            ok = ok && same(tags[i], want, tlen);
        free(msg);
        free(want);
    }
    free(key);
    free(iv);
    return ok;
}

/* The 3GPP inputs an IV was made from, when it has the layout zuc_nxa6_iv
 * makes (bytes 2..7 and 12..15 zero); 0 if it has not. */
static int nxa6_inputs(const uint8_t iv[16], int alg, size_t tag_bytes, uint32_t *count,
                       uint8_t *bearer, uint8_t *dir)
{
    uint8_t made[16];
    *count = load_be32(iv + 8);
    *bearer = (uint8_t)(iv[1] >> 1);
    *dir = iv[1] & 1;
    return iv[1] < 64 && zuc_nxa6_iv(made, alg, tag_bytes, *count, *bearer, *dir) == ZUC_OK &&
           same(made, iv, 16);
}

static int check_nea6(const json *v, const uint8_t *key, const uint8_t *iv)
{
    size_t plen, clen;
    uint8_t *pt = hex_decode(json_str(v, "msg"), &plen);
    uint8_t *ct = hex_decode(json_str(v, "ct"), &clen);
    size_t bits = (size_t)json_num(v, "length_bits", 0);
    uint8_t *out = malloc(plen + 1);
    int ok = zuc_nea6_iv(key, iv, pt, out, bits) == ZUC_OK && same(out, ct, clen);
    uint32_t count;
    uint8_t bearer, dir;
    if (ok && nxa6_inputs(iv, ZUC_NEA6, 0, &count, &bearer, &dir))
        ok = zuc_nea6(key, count, bearer, dir, pt, out, bits) == ZUC_OK && same(out, ct, clen);
    zuc_nea6_job jobs[BATCH];
    uint8_t *outs[BATCH];
    for (int i = 0; i < BATCH; i++) {
        outs[i] = malloc(plen + 1);
        memcpy(outs[i], pt, plen);
        jobs[i] = (zuc_nea6_job){ key, 0, 0, 0, iv, i % 2 ? outs[i] : pt, outs[i], bits };
    }
    ok = ok && zuc_nea6_n(jobs, BATCH) == ZUC_OK;
    for (int i = 0; i < BATCH; i++) {
        ok = ok && same(outs[i], ct, clen);
        free(outs[i]);
    }
    free(pt);
    free(ct);
    free(out);
    return ok;
}

static int check_nia6(const json *v, const uint8_t *key, const uint8_t *iv)
{
    size_t mlen, tlen;
    uint8_t *msg = hex_decode(json_str(v, "msg"), &mlen);
    uint8_t *want = hex_decode(json_str(v, "tag"), &tlen);
    uint8_t tag[16], tags[BATCH][16];
    int ok = tlen * 8 == (size_t)json_num(v, "tag_bits", 0) &&
             zuc_nia6_iv(key, iv, msg, mlen, tag, tlen) == ZUC_OK && same(tag, want, tlen);
    uint32_t count;
    uint8_t bearer, dir;
    if (ok && nxa6_inputs(iv, ZUC_NIA6, tlen, &count, &bearer, &dir))
        ok = zuc_nia6(key, count, bearer, dir, msg, mlen, tag, tlen) == ZUC_OK &&
             same(tag, want, tlen);
    zuc_nia6_job jobs[BATCH];
    for (int i = 0; i < BATCH; i++)
        jobs[i] = (zuc_nia6_job){ key, 0, 0, 0, iv, msg, mlen, tags[i], tlen };
    ok = ok && zuc_nia6_n(jobs, BATCH) == ZUC_OK;
    for (int i = 0; i < BATCH; i++)
        ok = ok && same(tags[i], want, tlen);
    free(msg);
    free(want);
    return ok;
}

/* Encryption, decryption, and a decryption with a wrong tag that must
 * fail and leave the output as it was. */
static int check_nca6(const json *v, const uint8_t *key, const uint8_t *iv)
{
    size_t plen, clen, alen, tlen;
    uint8_t *pt = hex_decode(json_str(v, "msg"), &plen);
    uint8_t *ct = hex_decode(json_str(v, "ct"), &clen);
    uint8_t *aad = hex_decode(json_str(v, "aad"), &alen);
    uint8_t *want = hex_decode(json_str(v, "tag"), &tlen);
    uint8_t *out = malloc(plen + 1), *back = malloc(plen + 1);
    uint8_t tag[16], bad[16];
    int ok = tlen * 8 == (size_t)json_num(v, "tag_bits", 0) && clen == plen;
    ok = ok && zuc_nca6_encrypt_iv(key, iv, aad, alen, pt, out, plen, tag, tlen) == ZUC_OK &&
         same(out, ct, clen) && same(tag, want, tlen);
    ok = ok && zuc_nca6_decrypt_iv(key, iv, aad, alen, ct, back, plen, want, tlen) == ZUC_OK &&
         same(back, pt, plen);
    memcpy(bad, want, tlen);
    bad[tlen - 1] ^= 1;
    memset(back, 0xA5, plen + 1);
    ok = ok && zuc_nca6_decrypt_iv(key, iv, aad, alen, ct, back, plen, bad, tlen) == ZUC_EAUTH;
    for (size_t i = 0; ok && i <= plen; i++)
        ok = back[i] == 0xA5;
    uint32_t count;
    uint8_t bearer, dir;
    if (ok && nxa6_inputs(iv, ZUC_NCA6, tlen, &count, &bearer, &dir))
        ok = zuc_nca6_encrypt(key, count, bearer, dir, aad, alen, pt, out, plen, tag, tlen) ==
                 ZUC_OK &&
             same(out, ct, clen) && same(tag, want, tlen) &&
             zuc_nca6_decrypt(key, count, bearer, dir, aad, alen, ct, back, plen, want, tlen) ==
                 ZUC_OK &&
             same(back, pt, plen);
    /* many messages: encryption, then decryption with every third tag wrong */
    zuc_nca6_job jobs[BATCH];
    uint8_t *outs[BATCH], tags[BATCH][16];
    int verified[BATCH];
    for (int i = 0; i < BATCH; i++) {
        outs[i] = malloc(plen + 1);
        memcpy(outs[i], pt, plen);
        jobs[i] =
            (zuc_nca6_job){ key,     0,    0,       0,    iv,  aad, alen, i % 2 ? outs[i] : pt,
                            outs[i], plen, tags[i], tlen, NULL };
    }
    ok = ok && zuc_nca6_encrypt_n(jobs, BATCH) == ZUC_OK;
    for (int i = 0; i < BATCH; i++) {
        ok = ok && same(outs[i], ct, clen) && same(tags[i], want, tlen);
        jobs[i].in = outs[i];
        jobs[i].verified = &verified[i];
        if (i % 3 == 2)
            tags[i][0] ^= 0x80;
    }
    ok = ok && zuc_nca6_decrypt_n(jobs, BATCH) == ZUC_EAUTH;
    for (int i = 0; i < BATCH; i++) {
        ok = ok && verified[i] == (i % 3 != 2) && same(outs[i], i % 3 == 2 ? ct : pt, plen);
        free(outs[i]);
    }
    free(pt);
    free(ct);
    free(aad);
    free(want);
    free(out);
    free(back);
    return ok;
}

/* ZUC-NEA6 / NIA6 / NCA6 (zuc256_3gpp_nxa6.json), with the vectors' IVs. */
static int check_nxa6(const json *v)
{
    size_t klen, ivlen;
    const char *alg = json_str(v, "algorithm");
    uint8_t *key = hex_decode(json_str(v, "key"), &klen);
    uint8_t *iv = hex_decode(json_str(v, "iv"), &ivlen);
    int ok = klen == 32 && ivlen == 16;
    if (ok && strcmp(alg, "ZUC-NEA6") == 0)
        ok = check_nea6(v, key, iv);
    else if (ok && strcmp(alg, "ZUC-NIA6") == 0)
        ok = check_nia6(v, key, iv);
    else if (ok && strcmp(alg, "ZUC-NCA6") == 0)
        ok = check_nca6(v, key, iv);
    else
        ok = 0;
    free(key);
    free(iv);
    return ok;
}

typedef struct {
    const char *label, *file;
    vector_check check;
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

static int check_item(const json *item, const void *set)
{
    return ((const vector_set *)set)->check(item);
}

int main(void)
{
    json *files[sizeof sets / sizeof sets[0]];
    for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++)
        if (!(files[s] = vectors_load(sets[s].file)))
            return 2;
    for (const char *const *name = zuc_impl_list(); *name; name++) {
        if (zuc_force_impl(*name) != 0) {
            printf("%-11s %-10s UNAVAILABLE\n", "*", *name);
            continue;
        }
        for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
            size_t n = files[s]->count;
            size_t good = check_items(files[s], check_item, &sets[s], sets[s].label, *name);
            printf("%-11s %-10s %zu/%zu %s\n", sets[s].label, *name, good, n,
                   good == n ? "ok" : "FAILED");
        }
    }
    for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++)
        json_free(files[s]);
    return check_report("kat");
}
