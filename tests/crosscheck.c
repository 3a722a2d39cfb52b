/* SPDX-License-Identifier: Apache-2.0 */
/* crosscheck.c — libzuc against the known answers that tools/crosscheck (a
 * Rust program on the `zuc` crate and a model checked against it) prints,
 * read from standard input, on every implementation usable here, one
 * message per call and through the many-message calls. `make crosscheck`
 * runs the two; not a ctest test (it needs cargo and crates.io). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "support/testutil.h"
#include "zuc.h"

#define MAX_FIELDS 64

static uint8_t *field_bytes(const char *f, size_t *n)
{
    if (strcmp(f, "-") == 0) {
        *n = 0;
        return calloc(1, 1);
    }
    return hex_decode(f, n);
}

/* Keystream words fields[first..nf) of key/iv, version 0 meaning ZUC-128. */
static int check_words(int version, char **fields, int nf, int first)
{
    size_t klen, ivlen;
    uint8_t *key = field_bytes(fields[first - 2], &klen),
            *iv = field_bytes(fields[first - 1], &ivlen);
    size_t n = (size_t)(nf - first);
    uint32_t z[MAX_FIELDS];
    zuc_state st;
    int ok = version ? zuc256v_keystream_init(&st, version, key, iv) == ZUC_OK
                     : zuc128_keystream_init(&st, key, iv) == ZUC_OK;
    zuc_keystream(&st, z, n);
    uint8_t *zeros = calloc(4 * n, 1), *ct = malloc(4 * n);
    zuc256_crypt_job job = { key, iv, zeros, ct, 4 * n };
    if (version)
        ok = ok && zuc256v_crypt_n(version, &job, 1) == ZUC_OK;
    for (size_t i = 0; ok && i < n; i++) {
        uint32_t want = (uint32_t)strtoul(fields[first + (int)i], NULL, 16);
        ok = z[i] == want && (!version || load_be32(ct + 4 * i) == want);
    }
    free(key);
    free(iv);
    free(zeros);
    free(ct);
    return ok;
}

static int check_line(char **f, int nf)
{
    size_t klen, ivlen, n1, n2, n3, n4;
    if (strcmp(f[0], "ks128") == 0)
        return check_words(0, f, nf, 3);
    if (strcmp(f[0], "ks256") == 0)
        return check_words(atoi(f[1]), f, nf, 4);
    uint8_t *key = field_bytes(f[0][0] == 'm' ? f[2] : f[1], &klen);
    uint8_t *iv = field_bytes(f[0][0] == 'm' ? f[3] : f[2], &ivlen);
    int ok = 0;
    if (strcmp(f[0], "mac256") == 0 && nf == 7) {
        size_t bits = strtoul(f[4], NULL, 10);
        uint8_t *msg = field_bytes(f[5], &n1), *want = field_bytes(f[6], &n2), tag[16];
        zuc256_mac_job job = { key, iv, msg, bits, tag + 0, n2 };
        ok = zuc256v_mac(atoi(f[1]), key, iv, msg, bits, tag, n2) == ZUC_OK &&
             memcmp(tag, want, n2) == 0;
        memset(tag, 0, sizeof tag);
        ok = ok && zuc256v_mac_n(atoi(f[1]), &job, 1) == ZUC_OK && memcmp(tag, want, n2) == 0;
        free(msg);
        free(want);
    } else if (strcmp(f[0], "nea6") == 0 && nf == 5) {
        uint8_t *msg = field_bytes(f[3], &n1), *want = field_bytes(f[4], &n2);
        uint8_t *out = malloc(n1 + 1);
        zuc_nea6_job job = { key, 0, 0, 0, iv, msg, out, 8 * n1 };
        ok = zuc_nea6_iv(key, iv, msg, out, 8 * n1) == ZUC_OK && memcmp(out, want, n1) == 0;
        memset(out, 0, n1);
        ok = ok && zuc_nea6_n(&job, 1) == ZUC_OK && memcmp(out, want, n1) == 0;
        free(msg);
        free(want);
        free(out);
    } else if (strcmp(f[0], "nia6") == 0 && nf == 5) {
        uint8_t *msg = field_bytes(f[3], &n1), *want = field_bytes(f[4], &n2), tag[16];
        zuc_nia6_job job = { key, 0, 0, 0, iv, msg, n1, tag, n2 };
        ok = zuc_nia6_iv(key, iv, msg, n1, tag, n2) == ZUC_OK && memcmp(tag, want, n2) == 0;
        memset(tag, 0, sizeof tag);
        ok = ok && zuc_nia6_n(&job, 1) == ZUC_OK && memcmp(tag, want, n2) == 0;
        free(msg);
        free(want);
    } else if (strcmp(f[0], "nca6") == 0 && nf == 7) {
        uint8_t *aad = field_bytes(f[3], &n1), *msg = field_bytes(f[4], &n2);
        uint8_t *ct = field_bytes(f[5], &n3), *want = field_bytes(f[6], &n4);
        uint8_t *out = malloc(n2 + 1), tag[16];
        int verified = 0;
        zuc_nca6_job job = { key, 0, 0, 0, iv, aad, n1, ct, out, n2, want, n4, &verified };
        ok = zuc_nca6_encrypt_iv(key, iv, aad, n1, msg, out, n2, tag, n4) == ZUC_OK &&
             memcmp(out, ct, n2) == 0 && memcmp(tag, want, n4) == 0;
        memset(out, 0, n2);
        ok = ok && zuc_nca6_decrypt_n(&job, 1) == ZUC_OK && verified && memcmp(out, msg, n2) == 0;
        free(aad);
        free(msg);
        free(ct);
        free(want);
        free(out);
    }
    free(key);
    free(iv);
    return ok;
}

int main(void)
{
    static char line[1 << 16];
    char **lines = NULL;
    size_t nlines = 0;
    while (fgets(line, sizeof line, stdin)) {
        lines = realloc(lines, (nlines + 1) * sizeof *lines);
        lines[nlines++] = strdup(line);
    }
    if (nlines == 0) {
        fprintf(stderr, "crosscheck: no known answers on standard input\n");
        return 2;
    }
    for (const char *const *name = zuc_impl_list(); *name; name++) {
        if (zuc_force_impl(*name) != 0) {
            printf("crosscheck %-16s UNAVAILABLE\n", *name);
            continue;
        }
        size_t good = 0;
        for (size_t i = 0; i < nlines; i++) {
            char *copy = strdup(lines[i]), *f[MAX_FIELDS + 8], *save = NULL;
            int nf = 0;
            for (char *t = strtok_r(copy, " \n", &save); t && nf < MAX_FIELDS + 8;
                 t = strtok_r(NULL, " \n", &save))
                f[nf++] = t;
            int ok = nf >= 4 && check_line(f, nf);
            if (!ok)
                printf("FAIL %s: %.60s...\n", *name, lines[i]);
            good += (size_t)ok;
            check_count(ok);
            free(copy);
        }
        printf("crosscheck %-16s %zu/%zu ok\n", *name, good, nlines);
    }
    for (size_t i = 0; i < nlines; i++)
        free(lines[i]);
    free(lines);
    return check_report("crosscheck");
}
