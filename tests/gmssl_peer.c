/* SPDX-License-Identifier: Apache-2.0 */
/* gmssl_peer.c — GmSSL's rows as the suites run them, against libzuc's
 * spec-literal path: every length 0..80 bytes and 40 random ones up to 9000,
 * random keys, IVs, COUNT/BEARER/DIRECTION (and so every packing of the
 * ZUC-256 IV into GmSSL's 23 bytes), nothing written past the outputs; the
 * keystream rows continued across calls; setup alone runs.
 *
 * GmSSL is loaded at run time. Where it is absent the rows say why and this
 * prints UNAVAILABLE, unless the library is in the place the build looks
 * first (ZUCBENCH_GMSSL_DIR, the venv `make` installs it into) and
 * $ZUCBENCH_GMSSL does not send it elsewhere: then all six rows must be
 * there. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backends/backends.h"
#include "registry.h"
#include "support/testutil.h"

static const char *const algorithms[] = { "128-eea3",      "128-eia3",      "zuc-256",
                                          "zuc-256-mac32", "zuc-256-mac64", "zuc-256-mac128" };
#define N_ALGS (sizeof algorithms / sizeof algorithms[0])

static const bench_entry *find(const char *algorithm, const char *backend, int oracle)
{
    size_t n;
    const bench_entry *all = bench_registry(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(all[i].algorithm, algorithm) == 0 && strcmp(all[i].backend, backend) == 0 &&
            (!oracle || all[i].is_oracle))
            return &all[i];
    return NULL;
}

/* 1 if the build's own place for GmSSL holds it and nothing overrides it. */
static int gmssl_expected(void)
{
#ifdef ZUCBENCH_GMSSL_DIR
    const char *env = getenv("ZUCBENCH_GMSSL");
    return !(env && *env) && access(ZUCBENCH_GMSSL_DIR "/lib/libgmssl.so.3", R_OK) == 0;
#else
    return 0;
#endif
}

/* e and the oracle give the same outputs on the same messages of lens. */
static int same_outputs(const bench_entry *oracle, const bench_entry *e, const size_t *lens,
                        size_t n, uint64_t seed)
{
    bench_batch *want = bench_batch_new_lens(n, lens, e->output, seed);
    bench_batch *got = bench_batch_new_lens(n, lens, e->output, seed);
    got->out_base[got->out_total] = 0xA5; /* the byte after the last output */
    int ok = oracle->prepare(oracle) == 0 && oracle->run(want) == 0 && e->prepare(e) == 0 &&
             e->run(got) == 0 && memcmp(want->out_base, got->out_base, want->out_total) == 0 &&
             got->out_base[got->out_total] == 0xA5;
    bench_batch_free(want);
    bench_batch_free(got);
    return ok;
}

/* The keystream continued over two calls, as the Stream column takes it. */
static int same_stream(const bench_entry *oracle, const bench_entry *e)
{
    static uint8_t want[8192], got[8192];
    oracle->prepare(oracle);
    oracle->stream_start();
    oracle->stream_next(want, 4096);
    oracle->stream_next(want + 4096, 4096);
    e->prepare(e);
    e->stream_start();
    e->stream_next(got, 4096);
    e->stream_next(got + 4096, 4096);
    return memcmp(want, got, sizeof want) == 0;
}

static void check_row(const char *algorithm)
{
    const bench_entry *e = find(algorithm, "gmssl", 0), *oracle = find(algorithm, "libzuc", 1);
    if (!e || e->unavailable || !e->run) {
        int expected = gmssl_expected();
        if (expected)
            check_count(0);
        printf("%-14s gmssl %s%s\n", algorithm,
               expected ? "MISSING, though GmSSL is here: " : "UNAVAILABLE: ",
               e && e->unavailable ? e->unavailable : "not built");
        return;
    }
    if (!oracle) {
        check_count(0);
        printf("%-14s no libzuc oracle to check against\n", algorithm);
        return;
    }
    size_t every[81], random_lens[40];
    for (size_t i = 0; i < 81; i++)
        every[i] = i;
    rng_seed(0x6D55 + strlen(algorithm));
    for (size_t i = 0; i < 40; i++)
        random_lens[i] = 1 + rng_below(9000);
    int ok = same_outputs(oracle, e, every, 81, 1) && same_outputs(oracle, e, random_lens, 40, 2);
    check_count(ok);
    printf("%-14s gmssl %-10s 121 messages of 0..9000 bytes against libzuc ref: %s\n", algorithm,
           e->variant, ok ? "ok" : "DIFFERENT");
    if (e->stream_start) {
        ok = oracle->stream_start && same_stream(oracle, e);
        check_count(ok);
        printf("%-14s gmssl %-10s keystream over two calls: %s\n", algorithm, e->variant,
               ok ? "ok" : "DIFFERENT");
    }
    if (e->setup_only) {
        bench_batch *b = bench_batch_new(8, 16, e->output, 3);
        ok = e->setup_only(b) == 0;
        check_count(ok);
        printf("%-14s gmssl %-10s setup alone: %s\n", algorithm, e->variant, ok ? "ok" : "FAILED");
        bench_batch_free(b);
    }
}

int main(void)
{
    bench_backends_load();
    for (size_t a = 0; a < N_ALGS; a++)
        check_row(algorithms[a]);
    return check_report("gmssl_peer");
}
