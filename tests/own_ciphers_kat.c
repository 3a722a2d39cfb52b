/* SPDX-License-Identifier: Apache-2.0 */
/* own_ciphers_kat.c — our own peers against their designers' vectors: every
 * eSTREAM vector of Trivium, Grain-128 and MICKEY-128 2.0
 * (tests/vectors/estream/) and every Hitachi vector of Enocoro-128v2. Needs
 * only libc, so it runs in the ARM cross-builds too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ciphers/cipher.h"
#include "json.h"
#include "support/estream_vectors.h"
#include "support/testutil.h"

/* Keystream in chunks of changing sizes, so the leftover logic is covered. */
static void keystream(const own_cipher *c, void *st, uint8_t *ks, size_t len)
{
    memset(ks, 0, len);
    for (size_t done = 0, step = 1; done < len; step = step * 7 % 101 + 1) {
        size_t k = step < len - done ? step : len - done;
        c->crypt(st, ks + done, ks + done, k);
        done += k;
    }
}

static int estream_vector_holds(const own_cipher *c, const estream_vector *v)
{
    size_t len = estream_stream_bytes(v);
    uint8_t *ks = malloc(len), digest[64] = { 0 };
    _Alignas(64) uint8_t st[OWN_STATE_BYTES];
    int ok = v->key_bytes == c->key_bytes && v->iv_bytes <= c->max_iv_bytes;
    if (ok) {
        c->init(st, v->key, v->iv, v->iv_bytes);
        keystream(c, st, ks, len);
        for (size_t s = 0; s < v->nseg; s++)
            ok &= memcmp(ks + v->seg[s].first, v->seg[s].bytes, 64) == 0;
        for (size_t i = 0; i < len; i++)
            digest[i % 64] ^= ks[i];
        ok &= !v->has_digest || memcmp(digest, v->digest, 64) == 0;
    }
    free(ks);
    return ok;
}

static void check_estream_file(const own_cipher *c, const char *file)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/estream/%s", vectors_dir(), file);
    FILE *f = fopen(path, "r");
    size_t good = 0, n = 0;
    estream_vector v;
    int r = -1;
    if (f) {
        while ((r = estream_next(f, &v)) == 1) {
            int ok = estream_vector_holds(c, &v);
            if (!ok)
                printf("FAIL %s %s (key %zu bytes, IV %zu bytes)\n", c->algorithm, v.label,
                       v.key_bytes, v.iv_bytes);
            check_count(ok);
            good += (size_t)ok;
            n++;
        }
        fclose(f);
    }
    check_count(r == 0 && n > 0);
    printf("%-14s eSTREAM %-26s %zu/%zu %s\n", c->algorithm, file, good, n,
           r == 0 && good == n && n ? "ok" : "FAILED");
}

static void check_enocoro(void)
{
    json *vectors = vectors_load("enocoro128v2.json");
    size_t good = 0, n = vectors ? vectors->count : 0;
    for (size_t i = 0; i < n; i++) {
        const json *v = &vectors->items[i];
        size_t nk, niv, nks;
        uint8_t *key = hex_decode(json_str(v, "key"), &nk),
                *iv = hex_decode(json_str(v, "iv"), &niv);
        uint8_t *want = hex_decode(json_str(v, "keystream"), &nks), *got = malloc(nks);
        _Alignas(64) uint8_t st[OWN_STATE_BYTES];
        own_enocoro128v2.init(st, key, iv, niv);
        keystream(&own_enocoro128v2, st, got, nks);
        int ok = nk == 16 && niv == 8 && memcmp(got, want, nks) == 0;
        if (!ok)
            printf("FAIL enocoro-128v2 %s\n", json_str(v, "id"));
        check_count(ok);
        good += (size_t)ok;
        free(key);
        free(iv);
        free(want);
        free(got);
    }
    check_count(n > 0);
    printf("%-14s Hitachi %-26s %zu/%zu %s\n", "enocoro-128v2", "enocoro128v2.json", good, n,
           good == n && n ? "ok" : "FAILED");
    json_free(vectors);
}

int main(void)
{
    check_estream_file(&own_trivium, "trivium.test-vectors");
    check_estream_file(&own_grain128, "grain-128.test-vectors");
    check_estream_file(&own_mickey128, "mickey-128-v2.test-vectors");
    check_enocoro();
    return check_report("own_ciphers_kat");
}
