/* SPDX-License-Identifier: Apache-2.0 */
/* ipsecmb_nxa6.c — ipsec-mb's ZUC-NEA6 / NIA6 / NCA6 (3.0 and later)
 * against libzuc's reference: every length 1..600 (NCA6 0..600, with
 * associated data of 0..300 bytes), every tag size 4..16, NCA6 decryption,
 * the pitfalls of its API (no empty NIA6 message), and zucbench's rows (one
 * job per call, 16 jobs in flight over messages of mixed lengths) against
 * libzuc's `ref` rows. Prints UNAVAILABLE with the reason where the
 * ipsec-mb built in has no NxA6. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backends.h"
#include "backends/ipsecmb.h"
#include "registry.h"
#include "support/testutil.h"
#include "zuc.h"

#define MAX_LEN 600
#define MAX_AAD 300

static void report(const char *what, long failures, long cases)
{
    printf("%-34s %ld/%ld %s\n", what, cases - failures, cases, failures ? "FAILED" : "ok");
}

static void random_link(uint8_t key[32], uint32_t *count, uint8_t *bearer, uint8_t *direction)
{
    uint8_t iv25[25];
    rng_key_iv(key, iv25);
    rng_link_params(count, bearer, direction);
}

static void nea6_every_length(void)
{
    long failures = 0;
    for (size_t len = 1; len <= MAX_LEN; len++) {
        uint8_t key[32], iv[16], msg[MAX_LEN], ours[MAX_LEN], theirs[MAX_LEN], bearer, dir;
        uint32_t count;
        random_link(key, &count, &bearer, &dir);
        rng_fill(msg, len);
        zuc_nxa6_iv(iv, ZUC_NEA6, 0, count, bearer, dir);
        int ok = zuc_nea6(key, count, bearer, dir, msg, ours, 8 * len) == ZUC_OK &&
                 ipsecmb_nea6(key, iv, msg, theirs, len) == 0 && memcmp(ours, theirs, len) == 0;
        failures += !ok;
        check_count(ok);
    }
    report("nea6, lengths 1..600", failures, MAX_LEN);
}

static void nia6_every_length(void)
{
    long failures = 0;
    for (size_t len = 1; len <= MAX_LEN; len++) {
        size_t tag_bytes = 4 + len % 13; /* every size 4..16 */
        uint8_t key[32], iv[16], msg[MAX_LEN], ours[16], theirs[16], bearer, dir;
        uint32_t count;
        random_link(key, &count, &bearer, &dir);
        rng_fill(msg, len);
        zuc_nxa6_iv(iv, ZUC_NIA6, tag_bytes, count, bearer, dir);
        int ok = zuc_nia6(key, count, bearer, dir, msg, len, ours, tag_bytes) == ZUC_OK &&
                 ipsecmb_nia6(key, iv, msg, len, theirs, tag_bytes) == 0 &&
                 memcmp(ours, theirs, tag_bytes) == 0;
        failures += !ok;
        check_count(ok);
    }
    report("nia6, lengths 1..600, tags 4..16", failures, MAX_LEN);
}

/* One NCA6 case: ipsec-mb's ciphertext and tag equal ours, and its
 * decryption gives back the message and the same tag. */
static int nca6_case(size_t len, size_t aad_bytes, size_t tag_bytes)
{
    uint8_t key[32], iv[16], bearer, dir, tag_ours[16], tag_theirs[16], tag_back[16];
    uint32_t count;
    uint8_t *aad = malloc(aad_bytes + 1), *msg = malloc(len + 1), *ours = malloc(len + 1),
            *theirs = malloc(len + 1), *back = malloc(len + 1);
    random_link(key, &count, &bearer, &dir);
    rng_fill(aad, aad_bytes);
    rng_fill(msg, len);
    zuc_nxa6_iv(iv, ZUC_NCA6, tag_bytes, count, bearer, dir);
    int ok = zuc_nca6_encrypt(key, count, bearer, dir, aad, aad_bytes, msg, ours, len, tag_ours,
                              tag_bytes) == ZUC_OK &&
             ipsecmb_nca6_encrypt(key, iv, aad, aad_bytes, msg, theirs, len, tag_theirs,
                                  tag_bytes) == 0 &&
             memcmp(ours, theirs, len) == 0 && memcmp(tag_ours, tag_theirs, tag_bytes) == 0 &&
             ipsecmb_nca6_decrypt(key, iv, aad, aad_bytes, theirs, back, len, tag_back,
                                  tag_bytes) == 0 &&
             memcmp(back, msg, len) == 0 && memcmp(tag_back, tag_ours, tag_bytes) == 0;
    free(aad);
    free(msg);
    free(ours);
    free(theirs);
    free(back);
    return ok;
}

static void nca6_every_length(void)
{
    long failures = 0, cases = 0;
    for (size_t len = 0; len <= MAX_LEN; len++, cases++) {
        int ok = nca6_case(len, rng_below(MAX_AAD + 1), 4 + len % 13);
        failures += !ok;
        check_count(ok);
    }
    for (size_t aad_bytes = 0; aad_bytes <= MAX_AAD; aad_bytes += 17, cases++) {
        int ok = nca6_case(rng_below(65), aad_bytes, 16);
        failures += !ok;
        check_count(ok);
    }
    static const size_t long_lengths[] = { 1500, 8188, IPSECMB_NCA6_MAX_BYTES };
    for (size_t i = 0; i < sizeof long_lengths / sizeof long_lengths[0]; i++, cases++) {
        int ok = nca6_case(long_lengths[i], 16, 16);
        failures += !ok;
        check_count(ok);
    }
    report("nca6 enc+dec, 0..600 B, aad 0..300", failures, cases);
}

/* The longest NEA6 and NIA6 messages the wrappers take, as ours. */
static void nea6_nia6_longest(void)
{
    size_t len = IPSECMB_NEA6_NIA6_MAX_BYTES;
    uint8_t key[32], iv[16], tag_ours[16], tag_theirs[16], bearer, dir;
    uint8_t *msg = malloc(len), *ours = malloc(len), *theirs = malloc(len);
    uint32_t count;
    random_link(key, &count, &bearer, &dir);
    rng_fill(msg, len);
    zuc_nxa6_iv(iv, ZUC_NEA6, 0, count, bearer, dir);
    int ok = zuc_nea6(key, count, bearer, dir, msg, ours, 8 * len) == ZUC_OK &&
             ipsecmb_nea6(key, iv, msg, theirs, len) == 0 && memcmp(ours, theirs, len) == 0;
    zuc_nxa6_iv(iv, ZUC_NIA6, 16, count, bearer, dir);
    ok = ok && zuc_nia6(key, count, bearer, dir, msg, len, tag_ours, 16) == ZUC_OK &&
         ipsecmb_nia6(key, iv, msg, len, tag_theirs, 16) == 0 &&
         memcmp(tag_ours, tag_theirs, 16) == 0;
    check_count(ok);
    report("nea6/nia6 at 65535 bytes", !ok, 1);
    free(msg);
    free(ours);
    free(theirs);
}

/* What the wrappers refuse: what ipsec-mb refuses (empty NEA6 and NIA6
 * messages), and what it would get wrong. */
static void refusals(void)
{
    size_t too_long = IPSECMB_NEA6_NIA6_MAX_BYTES + 1;
    uint8_t key[32] = { 0 }, iv[16] = { 0 }, tag[16], *msg = calloc(too_long, 1);
    int ok = ipsecmb_nia6(key, iv, msg, 0, tag, 16) != 0 &&
             ipsecmb_nea6(key, iv, msg, msg, 0) != 0 &&
             ipsecmb_nia6(key, iv, msg, too_long, tag, 16) != 0 &&
             ipsecmb_nea6(key, iv, msg, msg, too_long) != 0;
    check_count(ok);
    report("nea6/nia6 refuse 0 and 65536 bytes", !ok, 1);
    free(msg);
}

/* ---- zucbench's rows ------------------------------------------------------ */

static const bench_entry *entry(const char *algorithm, const char *backend, const char *variant)
{
    size_t n;
    const bench_entry *all = bench_registry(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(all[i].algorithm, algorithm) == 0 && strcmp(all[i].backend, backend) == 0 &&
            strcmp(all[i].variant, variant) == 0)
            return &all[i];
    return NULL;
}

/* Both rows of each NxA6 algorithm on 40 messages of mixed lengths (NIA6 and
 * NEA6 from 1 byte), the same bytes as libzuc's ref row. */
static void registry_rows(void)
{
    static const char *const algorithms[] = { "zuc-nea6", "zuc-nia6-32", "zuc-nia6-64",
                                              "zuc-nia6-128", "zuc-nca6" };
    for (size_t a = 0; a < sizeof algorithms / sizeof algorithms[0]; a++) {
        const bench_entry *ref = entry(algorithms[a], "libzuc", "ref");
        const char *variants[] = { "job", bench_label_n_jobs() };
        for (size_t v = 0; v < 2; v++) {
            const bench_entry *e = entry(algorithms[a], "ipsec-mb", variants[v]);
            char what[64];
            snprintf(what, sizeof what, "row %s ipsec-mb-%s", algorithms[a], variants[v]);
            if (!e || !ref || e->unavailable || ref->unavailable) {
                printf("%-34s %s\n", what, e ? "UNAVAILABLE" : "MISSING");
                check_count(e != NULL);
                continue;
            }
            size_t lens[40];
            for (size_t i = 0; i < 40; i++)
                lens[i] = 1 + rng_below(MAX_LEN);
            bench_batch *want = bench_batch_new_lens(40, lens, e->output, 7 + a);
            bench_batch *got = bench_batch_new_lens(40, lens, e->output, 7 + a);
            int ok = ref->prepare(ref) == 0 && ref->run(want) == 0 && e->prepare(e) == 0 &&
                     e->run(got) == 0 &&
                     memcmp(want->out_base, got->out_base, want->out_total) == 0;
            check_count(ok);
            report(what, !ok, 1);
            bench_batch_free(want);
            bench_batch_free(got);
        }
    }
}

int main(int argc, char **argv)
{
    rng_seed_from_args(argc, argv, "ipsecmb_nxa6", 20260623);
    bench_backends_load();
    const char *why = ipsecmb_nxa6_unavailable();
    if (why) {
        printf("%-34s UNAVAILABLE (%s)\n", "ipsec-mb nea6/nia6/nca6", why);
        registry_rows(); /* listed, as absent */
        return check_report("ipsecmb_nxa6");
    }
    printf("ipsec-mb %s\n", ipsecmb_version());
    use_impl("ref");
    nea6_every_length();
    nia6_every_length();
    nca6_every_length();
    nea6_nia6_longest();
    refusals();
    registry_rows();
    return check_report("ipsecmb_nxa6");
}
