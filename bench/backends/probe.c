/* SPDX-License-Identifier: Apache-2.0 */
/* probe.c — test-only contenders of 128-EEA3, registered only when the
 * environment sets ZUCBENCH_TEST_PROBE=W (a whole number 2..16): "probe-x1"
 * encrypts through libzuc's default path as its libzuc row does, and
 * "probe-xW" does the same work W times over (a planted, known bias). Each
 * logs the calls it was given, which the results file's context holds
 * ("probe_log"): per run, "<variant>:<messages>/<messages per call>", so a
 * test can see that every contender of a cell ran the same messages in
 * calls of the stated size, and in which order the contenders ran. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backends.h"
#include "registry.h"
#include "zuc.h"

#define LOG_BYTES (64 * 1024)

static unsigned work_factor;
static char variant_w[16];
static char log_text[LOG_BYTES];
static size_t log_used;

static void log_run(const char *variant, size_t messages, size_t per_call)
{
    if (log_used + 48 >= LOG_BYTES)
        return; /* full: the first runs are what the tests read */
    log_used += (size_t)snprintf(log_text + log_used, LOG_BYTES - log_used, "%s%s:%zu/%zu",
                                 log_used ? " " : "", variant, messages, per_call);
}

static const char *probe_log(void)
{
    return log_text;
}

static int select_default(const bench_entry *e)
{
    (void)e;
    return zuc_force_impl("auto");
}

/* Messages through zuc_eea3_n, bench_in_flight() per call, `times` over;
 * logged once, with the largest call. */
static int encrypt(const bench_batch *b, unsigned times, const char *variant)
{
    zuc_eea3_job jobs[BENCH_IN_FLIGHT_MAX];
    size_t in_flight = bench_in_flight(), largest = 0;
    int rc = 0;
    for (unsigned t = 0; t < times; t++)
        for (size_t i = 0, k; i < b->n; i += k) {
            k = b->n - i < in_flight ? b->n - i : in_flight;
            for (size_t j = 0; j < k; j++)
                jobs[j] =
                    (zuc_eea3_job){ b->keys + 32 * (i + j), b->counts[i + j], b->bearers[i + j],
                                    b->directions[i + j],   b->msg[i + j],    b->out[i + j],
                                    8 * b->len[i + j] };
            rc |= zuc_eea3_n(jobs, k);
            largest = k > largest ? k : largest;
        }
    log_run(variant, b->n, largest);
    return rc;
}

static int run_once(const bench_batch *b)
{
    return encrypt(b, 1, "x1");
}

static int run_biased(const bench_batch *b)
{
    return encrypt(b, work_factor, variant_w);
}

static void register_probe(const char *variant, int (*run)(const bench_batch *))
{
    bench_entry e = {
        .algorithm = "128-eea3",
        .backend = "probe",
        .variant = variant,
        .output = OUT_CIPHERTEXT,
        .source = "test-only: libzuc's default path (ZUCBENCH_TEST_PROBE)",
        .uses_in_flight = 1,
        .side_by_side = 1,
        .prepare = select_default,
        .run = run,
    };
    bench_register(&e);
}

void bench_register_probe(void)
{
    const char *w = getenv("ZUCBENCH_TEST_PROBE");
    char *end = NULL;
    unsigned long factor = w ? strtoul(w, &end, 10) : 0;
    if (!w || end == w || *end || factor < 2 || factor > 16)
        return;
    work_factor = (unsigned)factor;
    snprintf(variant_w, sizeof variant_w, "x%u", work_factor);
    register_probe("x1", run_once);
    register_probe(variant_w, run_biased);
    bench_register_context("probe_log", probe_log);
}
