/* SPDX-License-Identifier: Apache-2.0 */
/* embedded_matrix.c — `zucbench embedded`'s matrix and engines: the count
 * and names of the document's Table 1, one known answer per OpenSSL
 * configuration (computed with the `openssl enc` command:
 * tests/vectors/embedded/gen_kat.py), the stream ciphers' published vectors
 * through the engine, a round trip of every configuration that runs here,
 * and the workload helpers (reproducible file, atomic output, checksums). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backends/backends.h"
#include "backends/stream.h"
#include "embedded/child.h"
#include "embedded/engine.h"
#include "embedded/matrix.h"
#include "embedded/workload.h"
#include "json.h"
#include "support/testutil.h"
#include "zuc.h"

static void check(int ok, const char *what, const char *name)
{
    if (!ok)
        printf("FAIL %s: %s\n", what, name);
    check_count(ok);
}

/* ---- Table 1 ---------------------------------------------------------------------- */

typedef struct {
    const char *family;
    size_t count;
} family_count;

/* DESIGN §1.3 / the document's Table 1, row by row: 185 configurations
 * (the document counts 188). */
static const family_count table1[] = {
    { "aes", 15 },    { "blowfish", 4 }, { "camellia", 12 }, { "cast5", 4 },  { "des", 4 },
    { "des-ede", 4 }, { "des-ede3", 4 }, { "desx", 2 },      { "rc2", 8 },    { "rc4", 1 },
    { "seed", 4 },    { "sm2", 1 },      { "sm4", 2 },       { "simon", 60 }, { "speck", 60 },
};

static const char *const some_names[] = {
    "aes-128-cbc",      "aes-256-ctr",     "blowfish-128-ofb", "camellia-192-cfb",
    "cast5-128-ecb",    "des-64-cbc",      "des-ede-128-ecb",  "des-ede3-192-ofb",
    "desx-192-cbc",     "desx-192-ecb",    "rc2-40-cfb",       "rc2-64-ecb",
    "rc4-40",           "seed-128-ofb",    "sm2-256",          "sm4-128-ecb",
    "simon-32/64-pcbc", "simon-48/72-cbc", "simon-96/144-ofb", "simon-128/256-ctr",
    "speck-32/64-ecb",  "speck-48/96-cfb", "speck-64/96-pcbc", "speck-128/128-ecb",
    "zuc-128",          "zuc-256",
};

static void test_table1(void)
{
    size_t n, in_table1 = 0;
    const embedded_config *all = embedded_configs(&n);
    for (size_t f = 0; f < sizeof table1 / sizeof table1[0]; f++) {
        size_t found = 0;
        for (size_t i = 0; i < n; i++)
            found += all[i].in_table1 && strcmp(all[i].family, table1[f].family) == 0;
        check(found == table1[f].count, "Table 1 count of family", table1[f].family);
    }
    for (size_t i = 0; i < n; i++) {
        in_table1 += (size_t)all[i].in_table1;
        for (size_t j = i + 1; j < n; j++)
            check(strcmp(all[i].name, all[j].name) != 0, "unique name", all[i].name);
        check(embedded_config_find(all[i].name) == &all[i], "find by name", all[i].name);
    }
    check(in_table1 == 185, "Table 1 has 185 configurations", "");
    for (size_t i = 0; i < sizeof some_names / sizeof some_names[0]; i++)
        check(embedded_config_find(some_names[i]) != NULL, "configuration exists", some_names[i]);
    check(embedded_config_find("AES-128-CBC") != NULL, "names ignore case", "AES-128-CBC");
    check(embedded_config_find("aes-128-xts") == NULL, "no such configuration", "aes-128-xts");
}

/* ---- known answers ------------------------------------------------------------------ */

static uint8_t *from_json_hex(const json *j, const char *key, size_t *len)
{
    const char *hex = json_str(j, key);
    return hex ? hex_decode(hex, len) : NULL;
}

static void test_openssl_vectors(void)
{
    char path[4096], err[256];
    snprintf(path, sizeof path, "%s/embedded/evp_kat.json", vectors_dir());
    json *doc = json_load_file(path);
    check(doc != NULL, "vector file loads", path);
    if (!doc)
        return;
    size_t nk, niv, np;
    uint8_t *key = from_json_hex(doc, "key", &nk), *iv = from_json_hex(doc, "iv", &niv);
    uint8_t *pt = from_json_hex(doc, "plaintext", &np);
    const json *cts = json_get(doc, "ciphertext");
    size_t checked = 0;
    for (size_t i = 0; cts && i < cts->count; i++) {
        const json *v = &cts->items[i];
        const embedded_config *c = embedded_config_find(v->key);
        check(c != NULL, "vector names a configuration", v->key);
        if (!c || engine_unavailable(c))
            continue;
        size_t nwant, nout = 0;
        uint8_t *want = hex_decode(v->string, &nwant);
        uint8_t *out = calloc(engine_out_capacity(c, np) + 1, 1);
        int ok = engine_encrypt(c, key, iv, pt, np, out, &nout, err, sizeof err) == 0;
        check(ok && nout == nwant && memcmp(out, want, nwant) == 0, "OpenSSL known answer", v->key);
        free(want);
        free(out);
        checked++;
    }
    /* every OpenSSL configuration except SM2 (randomised: a round trip below) has a vector */
    size_t n, expected = 0;
    const embedded_config *all = embedded_configs(&n);
    for (size_t i = 0; i < n; i++)
        expected += (all[i].engine == ENGINE_EVP || all[i].engine == ENGINE_DESX_ECB) &&
                    !engine_unavailable(&all[i]);
    check(checked == expected, "a known answer for every EVP configuration", "");
    printf("%zu OpenSSL configurations checked against openssl enc\n", checked);
    free(key);
    free(iv);
    free(pt);
    json_free(doc);
}

/* The library stream ciphers' published vectors, through the engine. */
static void test_stream_vectors(void)
{
    size_t n;
    const embedded_config *all = embedded_configs(&n);
    for (size_t i = 0; i < n; i++) {
        const bench_stream *s = all[i].engine == ENGINE_STREAM ? all[i].impl : NULL;
        if (!s || !s->kat.key || engine_unavailable(&all[i]))
            continue;
        size_t nk, niv, nks, out_n;
        uint8_t *k = hex_decode(s->kat.key, &nk), *v = hex_decode(s->kat.iv, &niv);
        uint8_t *want = hex_decode(s->kat.keystream, &nks);
        uint8_t key[ENGINE_KEY_BYTES] = { 0 }, iv[ENGINE_IV_BYTES] = { 0 };
        char err[256];
        memcpy(key, k, nk < sizeof key ? nk : sizeof key);
        memcpy(iv, v, niv < sizeof iv ? niv : sizeof iv);
        uint8_t *zeros = calloc(nks, 1), *out = calloc(nks, 1);
        int ok = engine_encrypt(&all[i], key, iv, zeros, nks, out, &out_n, err, sizeof err) == 0;
        check(ok && out_n == nks && memcmp(out, want, nks) == 0, "stream vector", all[i].name);
        free(k);
        free(v);
        free(want);
        free(zeros);
        free(out);
    }
}

/* ZUC through the engine: 1 MiB messages numbered by COUNT (ZUC-128). */
static void test_zuc_engine(void)
{
    const embedded_config *c = embedded_config_find("zuc-128");
    size_t n = (1u << 20) + 1000, out_n;
    uint8_t *in = malloc(n), *out = malloc(n), *want = malloc(n);
    uint8_t key[ENGINE_KEY_BYTES], iv[ENGINE_IV_BYTES];
    char err[256];
    rng_fill(in, n);
    rng_fill(key, sizeof key);
    rng_fill(iv, sizeof iv);
    zuc_eea3(key, 0, iv[0] & 31, iv[1] & 1, in, want, (1u << 20) * 8);
    zuc_eea3(key, 1, iv[0] & 31, iv[1] & 1, in + (1u << 20), want + (1u << 20), 1000 * 8);
    check(c && engine_encrypt(c, key, iv, in, n, out, &out_n, err, sizeof err) == 0 && out_n == n &&
              memcmp(out, want, n) == 0,
          "zuc-128 engine is 128-EEA3 per MiB", "");
    free(in);
    free(out);
    free(want);
}

/* ---- round trips ---------------------------------------------------------------------- */

static void test_round_trips(void)
{
    size_t n, len = 1000, ran = 0;
    const embedded_config *all = embedded_configs(&n);
    uint8_t in[1000], key[ENGINE_KEY_BYTES], iv[ENGINE_IV_BYTES];
    char err[256];
    for (size_t i = 0; i < n; i++) {
        const embedded_config *c = &all[i];
        if (engine_unavailable(c))
            continue;
        rng_fill(in, len);
        rng_fill(key, sizeof key);
        rng_fill(iv, sizeof iv);
        size_t cap = engine_out_capacity(c, len), ct_n = 0, pt_n = 0;
        guarded ct = guarded_new(cap), pt = guarded_new(cap);
        int ok = engine_encrypt(c, key, iv, in, len, ct.data, &ct_n, err, sizeof err) == 0 &&
                 ct_n <= cap && ct_n >= len && memcmp(ct.data, in, 16) != 0 &&
                 engine_decrypt(c, key, iv, ct.data, ct_n, pt.data, &pt_n, err, sizeof err) == 0 &&
                 pt_n == len && memcmp(pt.data, in, len) == 0;
        check(ok && canaries_intact(&ct) && canaries_intact(&pt), "round trip", c->name);
        guarded_free(&ct);
        guarded_free(&pt);
        ran++;
    }
    printf("%zu configurations round-tripped\n", ran);
}

/* ---- workload and the child's report ------------------------------------------------------ */

static void test_workload(void)
{
    char dir[4096], path[4200], err[512];
    check(workload_temp_dir(dir, sizeof dir, err, sizeof err) == 0, "temporary directory", err);
    snprintf(path, sizeof path, "%s/f.bin", dir);
    size_t n1, n2;
    check(workload_generate(path, 100003, 7, err, sizeof err) == 0, "generate", err);
    uint8_t *a = workload_read(path, &n1, err, sizeof err);
    workload_generate(path, 100003, 7, err, sizeof err);
    uint8_t *b = workload_read(path, &n2, err, sizeof err);
    check(a && b && n1 == 100003 && n2 == n1 && memcmp(a, b, n1) == 0, "reproducible file", "");
    check(workload_checksum(a, n1) == workload_checksum(b, n2), "checksum is stable", "");
    a[500] ^= 1;
    check(workload_checksum(a, n1) != workload_checksum(b, n2), "checksum sees a bit", "");
    check(workload_write_output(dir, "speck-64/96-cbc", b, n2, err, sizeof err) == 0,
          "output written", err);
    char out_path[4300];
    snprintf(out_path, sizeof out_path, "%s/speck-64_96-cbc.enc", dir);
    struct stat st;
    check(stat(out_path, &st) == 0 && (size_t)st.st_size == n2, "output file complete", out_path);
    check(workload_write_output("/nonexistent-dir", "x", b, 1, err, sizeof err) != 0 &&
              strstr(err, "/nonexistent-dir") != NULL,
          "unwritable output names the path", err);
    check(workload_check_out_dir(dir, err, sizeof err) == 0, "out dir usable", dir);
    check(workload_check_out_dir(path, err, sizeof err) != 0, "a file is no out dir", path);
    check(workload_check_out_dir("/nonexistent-dir", err, sizeof err) != 0, "missing out dir", "");
    check(workload_read("/nonexistent-file", &n1, err, sizeof err) == NULL &&
              strstr(err, "/nonexistent-file") != NULL,
          "missing file is named", err);
    check(workload_read(dir, &n1, err, sizeof err) == NULL, "a directory is no file", dir);
    check(workload_check_file(path, err, sizeof err) == 0, "a readable file passes", path);
    check(workload_check_file(dir, err, sizeof err) != 0, "a directory does not", dir);
    check(workload_check_file("/nonexistent-file", err, sizeof err) != 0 &&
              strstr(err, "/nonexistent-file") != NULL,
          "a missing file does not", err);
    uint8_t k1[32], v1[32], k2[32], v2[32];
    workload_key_iv("aes-128-cbc", k1, v1);
    workload_key_iv("aes-128-cbc", k2, v2);
    check(memcmp(k1, k2, 32) == 0 && memcmp(v1, v2, 32) == 0, "key/IV reproducible", "");
    workload_key_iv("aes-128-cfb", k2, v2);
    check(memcmp(k1, k2, 32) != 0, "key/IV differ per configuration", "");
    unlink(out_path);
    unlink(path);
    check(rmdir(dir) == 0, "nothing else left in the directory", dir);
    free(a);
    free(b);
}

static void test_child_report(void)
{
    child_report r;
    check(child_report_parse("noise\n" CHILD_REPORT_TAG " latency_ms=12.5 in_bytes=100 "
                             "out_bytes=112 checksum=00ff00ff00ff00ff\n",
                             &r) == 0 &&
              r.latency_ms == 12.5 && r.in_bytes == 100 && r.out_bytes == 112 &&
              r.checksum == 0x00ff00ff00ff00ffull,
          "child report parsed", "");
    check(child_report_parse("latency_ms=1", &r) != 0, "no report line", "");
    check(child_report_parse(CHILD_REPORT_TAG " latency_ms=x", &r) != 0, "bad report line", "");
    check(child_report_parse(NULL, &r) != 0, "no output", "");
}

int main(void)
{
    bench_backends_load();
    rng_seed(0xE3BEDDED);
    test_table1();
    test_openssl_vectors();
    test_stream_vectors();
    test_zuc_engine();
    test_round_trips();
    test_workload();
    test_child_report();
    return check_report("embedded_matrix");
}
