#include "speed.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../context.h"
#include "../method.h"
#include "../output.h"
#include "../registry.h"
#include "../timer.h"
#include "zuc.h"

#define STREAM_BYTES (64 * 1024)
#define BATCH_BYTES (128 * 1024)

static int algorithm_selected(const speed_options *o, const char *algorithm)
{
    if (!o->algorithms || !o->algorithms[0])
        return 1;
    for (const char *const *a = o->algorithms; *a; a++)
        if (bench_name_matches(*a, algorithm) || bench_name_matches(*a, "all"))
            return 1;
    return 0;
}

static int entry_selected(const speed_options *o, const bench_entry *e)
{
    if (e->unavailable || !algorithm_selected(o, e->algorithm))
        return 0;
    return !o->impl || strcmp(e->backend, "libzuc") != 0 || bench_name_matches(o->impl, e->variant);
}

/* The reference output for a batch: libzuc's spec-literal path. */
static const bench_entry *oracle_for(const bench_entry *all, size_t n, const char *algorithm)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(all[i].algorithm, algorithm) == 0 && strcmp(all[i].backend, "libzuc") == 0 &&
            strcmp(all[i].variant, "ref") == 0)
            return &all[i];
    return NULL;
}

/* Checks the contender's output against the oracle on a small batch of this
 * size before timing it: a peer that silently does nothing is caught here. */
static int output_agrees(const bench_entry *e, const bench_entry *oracle, size_t len)
{
    bench_batch *want = bench_batch_new(3, len, e->output, 0xC0FFEE + len);
    bench_batch *got = bench_batch_new(3, len, e->output, 0xC0FFEE + len);
    int ok = oracle->prepare(oracle) == 0 && oracle->run(want) == 0 && e->prepare(e) == 0 &&
             e->run(got) == 0 && memcmp(want->out_base, got->out_base, want->out_total) == 0;
    bench_batch_free(want);
    bench_batch_free(got);
    return ok;
}

typedef struct { const bench_entry *e; bench_batch *b; int status; } timed_call;

static void call_run(void *arg)
{
    timed_call *c = arg;
    c->status |= c->e->run(c->b);
}

static void record(const bench_entry *e, const char *configuration, size_t len, unsigned repeats,
                   bench_stats st)
{
    bench_result r = { "speed", e->algorithm, configuration, e->backend, e->variant, len,
                       repeats, "ticks/byte", st };
    bench_results_add(&r);
}

static double time_messages(const bench_entry *e, size_t len, unsigned repeats)
{
    size_t n = BATCH_BYTES / len;
    n = n < 8 ? 8 : n > 4096 ? 4096 : n;
    timed_call c = { e, bench_batch_new(n, len, e->output, 0x5EED + len), 0 };
    e->prepare(e);
    bench_stats st = bench_time(call_run, &c, 2, repeats, (double)(n * len));
    bench_batch_free(c.b);
    if (c.status)
        return -1;
    record(e, "message", len, repeats, st);
    return st.median;
}

typedef struct { const bench_entry *e; uint8_t *buf; } stream_call;

static void call_stream(void *arg)
{
    stream_call *c = arg;
    c->e->stream_next(c->buf, STREAM_BYTES);
}

static double time_stream(const bench_entry *e, unsigned repeats)
{
    stream_call c = { e, malloc(STREAM_BYTES) };
    e->prepare(e);
    e->stream_start();
    bench_stats st = bench_time(call_stream, &c, 2, repeats, STREAM_BYTES);
    free(c.buf);
    record(e, "stream", 0, repeats, st);
    return st.median;
}

static void print_header(const speed_options *o, const char *algorithm)
{
    printf("\n%-26s", algorithm);
    for (size_t s = 0; s < o->nsizes; s++)
        printf(" %8zu", o->sizes[s]);
    printf(" %8s\n", "stream");
}

static void print_cell(double v)
{
    if (v < 0)
        printf(" %8s", "n/a");
    else if (v < 100)
        printf(" %8.2f", v);
    else
        printf(" %8.0f", v);
}

static int first_of_algorithm(const bench_entry *all, size_t i)
{
    for (size_t j = 0; j < i; j++)
        if (strcmp(all[j].algorithm, all[i].algorithm) == 0)
            return 0;
    return 1;
}

static void print_row(const bench_entry *e, const double *cells, size_t ncells)
{
    char label[64];
    snprintf(label, sizeof label, "%s-%s", e->backend, e->variant);
    printf("%-26s", label);
    for (size_t s = 0; s < ncells; s++)
        print_cell(cells[s]);
    printf("\n");
    fflush(stdout);
}

/* Checks, then times one contender at every size; returns the number of
 * sizes at which its output was wrong. */
static int measure_row(const speed_options *o, const bench_entry *e, const bench_entry *oracle)
{
    double cells[SPEED_MAX_SIZES + 1];
    int wrong = 0;
    for (size_t s = 0; s < o->nsizes; s++) {
        size_t len = o->sizes[s];
        cells[s] = -1;
        if (e->max_bytes && len > e->max_bytes)
            continue;
        if (oracle && !output_agrees(e, oracle, len)) {
            fprintf(stderr, "zucbench: %s/%s-%s gives a wrong output at %zu bytes: not timed\n",
                    e->algorithm, e->backend, e->variant, len);
            wrong++;
            continue;
        }
        cells[s] = time_messages(e, len, o->repeats);
    }
    cells[o->nsizes] = e->stream_next ? time_stream(e, o->repeats) : -1;
    if (o->progress)
        fprintf(stderr, "\r%70s\r", "");
    print_row(e, cells, o->nsizes + 1);
    return wrong;
}

static void progress(const speed_options *o, const bench_entry *e, size_t done, size_t total)
{
    if (o->progress)
        fprintf(stderr, "\r[%3zu/%zu] %-16s %-8s %-10s", done, total, e->algorithm, e->backend,
                e->variant);
    fflush(stderr);
}

int speed_run(const speed_options *o)
{
    size_t n;
    const bench_entry *all = bench_registry(&n);
    size_t total = 0, done = 0;
    for (size_t i = 0; i < n; i++)
        total += (size_t)entry_selected(o, &all[i]);
    if (total == 0) {
        fprintf(stderr, "zucbench: no available algorithm matches (see `zucbench list`)\n");
        return 2;
    }
    char method[256];
    snprintf(method, sizeof method,
             "%s, median of %u, cycles/byte; messages: fresh key/IV each, setup included; "
             "stream: %d KiB blocks of one keystream, setup excluded",
             bench_timer()->source, o->repeats, STREAM_BYTES / 1024);
    bench_context_print(method);
    int failures = 0;
    /* one table per algorithm, in the registry's order of first appearance */
    for (size_t first = 0; first < n; first++) {
        if (!entry_selected(o, &all[first]) || !first_of_algorithm(all, first))
            continue;
        print_header(o, all[first].algorithm);
        for (size_t i = first; i < n; i++) {
            const bench_entry *e = &all[i];
            if (!entry_selected(o, e) || strcmp(e->algorithm, all[first].algorithm) != 0)
                continue;
            progress(o, e, ++done, total);
            failures += measure_row(o, e, oracle_for(all, n, e->algorithm));
        }
    }
    zuc_force_impl("auto");
    printf("\nn/a: beyond the contender's message-size limit, or it has no stream API\n");
    return failures ? 1 : 0;
}
