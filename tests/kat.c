/* SPDX-License-Identifier: Apache-2.0 */
/* kat.c — every official (and library) known-answer vector of tests/vectors/
 * on every implementation usable on this machine, one message per call and
 * through the many-message calls. One line per (vector set, implementation):
 * "eea3  scalar  6/6 ok", or UNAVAILABLE. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    size_t maxi = 0;
    for (size_t i = 0; i < ks->count; i++)
        if ((size_t)json_num(&ks->items[i], "index", 0) > maxi)
            maxi = (size_t)json_num(&ks->items[i], "index", 0);
    uint32_t *z = calloc(maxi, sizeof *z);
    zuc_state st;
    int ok = klen == 16 && ivlen == 16 && zuc128_keystream_init(&st, key, iv) == ZUC_OK;
    /* in two calls, to cover continuing a stream */
    zuc_keystream(&st, z, 1);
    zuc_keystream(&st, z + 1, maxi - 1);
    for (size_t i = 0; ok && i < ks->count; i++) {
        size_t index = (size_t)json_num(&ks->items[i], "index", 0);
        uint32_t want = (uint32_t)strtoul(json_str(&ks->items[i], "word"), NULL, 16);
        ok = z[index - 1] == want;
    }
    free(key); free(iv); free(z);
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
    memcpy(back, pt, plen);                                 /* in place */
    ok = ok && zuc_eea3(key, count, bearer, dir, back, back, bits) == ZUC_OK && same(back, ct, clen);
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
    free(key); free(pt); free(ct); free(out); free(back);
    return ok;
}

static int check_eia3(const json *v)
{
    size_t klen, mlen, maclen;
    uint8_t *key = hex_decode(json_str(v, "key"), &klen);
    uint8_t *msg = hex_decode(json_str(v, "message"), &mlen);
    uint8_t *mac_bytes = hex_decode(json_str(v, "mac"), &maclen);
    size_t bits = (size_t)json_num(v, "length_bits", 0);
    uint32_t mac = 0, want = ((uint32_t)mac_bytes[0] << 24) | ((uint32_t)mac_bytes[1] << 16) |
                             ((uint32_t)mac_bytes[2] << 8) | mac_bytes[3];
    uint32_t count = (uint32_t)json_num(v, "count", 0);
    uint8_t bearer = (uint8_t)json_num(v, "bearer", 0), dir = (uint8_t)json_num(v, "direction", 0);
    int ok = zuc_eia3(key, count, bearer, dir, msg, bits, &mac) == ZUC_OK && mac == want;
    zuc_eia3_job jobs[BATCH];
    uint32_t macs[BATCH];
    for (int i = 0; i < BATCH; i++)
        jobs[i] = (zuc_eia3_job){ key, count, bearer, dir, msg, bits, &macs[i] };
    ok = ok && zuc_eia3_n(jobs, BATCH) == ZUC_OK;
    for (int i = 0; i < BATCH; i++)
        ok = ok && macs[i] == want;
    free(key); free(msg); free(mac_bytes);
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
    int ok = iv && klen == 32 && zuc256_crypt(key, iv, pt, out, plen) == ZUC_OK && same(out, ct, clen);
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
        for (size_t i = 0; ok && i < words->count; i++)
            ok = z[i] == (uint32_t)strtoul(words->items[i].string, NULL, 16);
        free(z);
    }
    free(key); free(iv); free(pt); free(ct); free(out);
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
    int ok = iv && tag_bytes == tlen &&
             zuc256_mac(key, iv, msg, bits, tag, tag_bytes) == ZUC_OK && same(tag, want, tlen);
    zuc256_mac_job jobs[BATCH];
    uint8_t tags[BATCH][16];
    for (int i = 0; i < BATCH; i++)
        jobs[i] = (zuc256_mac_job){ key, iv, msg, bits, tags[i], tag_bytes };
    ok = ok && zuc256_mac_n(jobs, BATCH) == ZUC_OK;
    for (int i = 0; i < BATCH; i++)
        ok = ok && same(tags[i], want, tlen);
    free(key); free(iv); free(msg); free(want);
    return ok;
}

static const struct {
    const char *label, *file;
    vector_check check;
} sets[] = {
    { "zuc128", "zuc128.json", check_zuc128 },
    { "eea3", "eea3.json", check_eea3 },
    { "eia3", "eia3.json", check_eia3 },
    { "zuc256", "zuc256.json", check_zuc256 },
    { "zuc256-mac", "zuc256_mac.json", check_zuc256_mac },
};

int main(void)
{
    json *files[sizeof sets / sizeof sets[0]];
    char path[4096];
    for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
        snprintf(path, sizeof path, "%s/%s", vectors_dir(), sets[s].file);
        if (!(files[s] = json_load_file(path)))
            return 2;
    }
    for (const char *const *name = zuc_impl_list(); *name; name++) {
        if (zuc_force_impl(*name) != 0) {
            printf("%-11s %-10s UNAVAILABLE\n", "*", *name);
            continue;
        }
        for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
            size_t good = 0, n = files[s]->count;
            for (size_t i = 0; i < n; i++) {
                int ok = sets[s].check(&files[s]->items[i]);
                if (!ok)
                    printf("FAIL %s %s %s\n", sets[s].label, *name,
                           json_str(&files[s]->items[i], "id"));
                check_count(ok);
                good += (size_t)ok;
            }
            printf("%-11s %-10s %zu/%zu %s\n", sets[s].label, *name, good, n,
                   good == n ? "ok" : "FAILED");
        }
    }
    for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++)
        json_free(files[s]);
    return check_report("kat");
}
