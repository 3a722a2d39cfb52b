/* SPDX-License-Identifier: Apache-2.0 */
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"

int bench_result_is_document(const bench_result *r)
{
    return strcmp(r->backend, "document") == 0;
}

static bench_result *results;
static size_t n_results, cap_results;

/* A copy of n bytes at p, or NULL for none; exits when memory runs out. */
static void *copy_of(const void *p, size_t n)
{
    if (!p || !n)
        return NULL;
    void *copy = malloc(n);
    if (!copy) {
        perror("zucbench");
        exit(1);
    }
    return memcpy(copy, p, n);
}

void bench_results_add(const bench_result *r)
{
    if (n_results == cap_results) {
        cap_results = cap_results ? 2 * cap_results : 64;
        results = realloc(results, cap_results * sizeof *results);
        if (!results) {
            perror("zucbench");
            exit(1);
        }
    }
    bench_result *kept = &results[n_results++];
    *kept = *r; /* the samples and columns are the caller's: copies are kept */
    kept->stats.samples = copy_of(r->stats.samples, r->stats.n * sizeof *r->stats.samples);
    kept->ratio.samples = copy_of(r->ratio.samples, r->ratio.n * sizeof *r->ratio.samples);
    kept->columns = copy_of(r->columns, r->ncolumns * sizeof *r->columns);
    kept->ncolumns = kept->columns ? r->ncolumns : 0;
}

size_t bench_results_warn_noisy(FILE *f)
{
    size_t noisy = 0, cells = 0;
    const bench_result *first = NULL;
    for (size_t i = 0; i < n_results; i++) {
        if (bench_result_is_document(&results[i]))
            continue;
        cells++;
        if (bench_stats_noisy(&results[i].stats) && noisy++ == 0)
            first = &results[i];
    }
    if (noisy)
        fprintf(f,
                "warning: %zu of %zu cells are noisy (q1..q3 wider than %.0f%% of the median; "
                "first: %s %s-%s, %zu bytes, %.3g..%.3g): the machine was busy or the clock "
                "moved; rerun on a quiet machine, or with more --repeats (or --seconds where the "
                "suite takes it)\n",
                noisy, cells, 100 * BENCH_NOISY_SPREAD, first->algorithm, first->backend,
                first->implementation, first->size_bytes, first->stats.q1, first->stats.q3);
    return noisy;
}

void bench_results_add_document(const char *suite, const char *algorithm, const char *configuration,
                                const char *machine, size_t size_bytes, const char *unit,
                                double value)
{
    bench_stats st = {
        .median = value, .q1 = value, .q3 = value, .min = value, .max = value, .n = 1
    };
    bench_result r = { .suite = suite,
                       .algorithm = algorithm,
                       .configuration = configuration,
                       .backend = "document",
                       .implementation = machine,
                       .size_bytes = size_bytes,
                       .repeats = 0,
                       .unit = unit,
                       .stats = st,
                       .threads = 1,
                       .in_flight = 1 };
    bench_results_add(&r);
}

const bench_result *bench_results_find(const char *suite, const char *algorithm,
                                       const char *configuration, const char *backend,
                                       const char *implementation, size_t size_bytes)
{
    const bench_result *found = NULL;
    for (size_t i = 0; i < n_results; i++) {
        const bench_result *r = &results[i];
        if (strcmp(r->suite, suite) == 0 && strcmp(r->algorithm, algorithm) == 0 &&
            strcmp(r->configuration, configuration) == 0 && strcmp(r->backend, backend) == 0 &&
            strcmp(r->implementation, implementation) == 0 && r->size_bytes == size_bytes)
            found = r;
    }
    return found;
}

const bench_result *bench_results_all(size_t *n)
{
    *n = n_results;
    return results;
}

/* ---- result files (common/outfile.c: complete or absent, never a link followed) ---- */

static int out_failed(const char *path)
{
    fprintf(stderr, "zucbench: cannot write '%s': %s\n", path, strerror(errno));
    return -1;
}

int bench_output_writable(const char *path)
{
    return outfile_check(path);
}

typedef struct {
    void (*body)(FILE *f, void *arg);
    void *arg;
} stream_body;

static int fill_stream(outfile *o, void *arg)
{
    const stream_body *b = arg;
    FILE *f = outfile_stream(o);
    if (!f)
        return -1;
    b->body(f, b->arg);
    return 0; /* a failed write shows when the stream is flushed, in the commit */
}

int bench_write_with(const char *path, void (*body)(FILE *f, void *arg), void *arg)
{
    stream_body b = { body, arg };
    return outfile_save(path, fill_stream, &b) == 0 ? 0 : out_failed(path);
}
