/* SPDX-License-Identifier: Apache-2.0 */
#include "suites/cell.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "method.h"
#include "output.h"
#include "parallel.h"
#include "timer.h"
#include "zuc.h"

#define STREAM_BYTES (64 * 1024)
#define SETUP_BATCH 1024
#define MOST_MESSAGES 4096
#define LEAST_MESSAGES 8
#define MOST_BATCH_BYTES ((size_t)4 << 20)

static size_t gcd(size_t a, size_t b)
{
    while (b) {
        size_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

size_t suite_cell_messages(const size_t *pattern, size_t npattern, size_t target_bytes)
{
    size_t pattern_bytes = 0, in_flight = bench_in_flight();
    for (size_t i = 0; i < npattern; i++)
        pattern_bytes += pattern[i];
    size_t unit = npattern / gcd(npattern, in_flight) * in_flight; /* lcm: whole calls */
    size_t unit_bytes = unit / npattern * pattern_bytes;
    if (unit_bytes > MOST_BATCH_BYTES && unit_bytes > target_bytes)
        return npattern; /* not one call's worth fits: one round, one message at a time */
    size_t units = (target_bytes + unit_bytes / 2) / unit_bytes; /* the nearest */
    if (units * unit < LEAST_MESSAGES &&
        (LEAST_MESSAGES + unit - 1) / unit * unit_bytes <= MOST_BATCH_BYTES)
        units = (LEAST_MESSAGES + unit - 1) / unit;
    if (units * unit > MOST_MESSAGES)
        units = MOST_MESSAGES / unit;
    return (units ? units : 1) * unit;
}

static unsigned thread_count(const run_options *run)
{
    return run->threads > 1 ? run->threads : 1;
}

/* One thread's share of a contender's sample: its own messages (or stream
 * buffer), processed `loops` times. */
typedef struct {
    const bench_entry *e;
    bench_batch *b;
    uint8_t *buf;
    unsigned loops;
    int status;
} work;

/* A contender of the cell: its work on every thread and its samples, in
 * repeat order. */
typedef struct {
    const bench_entry *e;
    work w[SUITE_MAX_THREADS];
    double divisor; /* units (bytes, setups) of one sample */
    double *samples;
} contender;

static void call_run(void *arg)
{
    work *w = arg;
    for (unsigned i = 0; i < w->loops; i++)
        w->status |= w->e->run(w->b);
}

static void call_setup(void *arg)
{
    work *w = arg;
    for (unsigned i = 0; i < w->loops; i++)
        w->status |= w->e->setup_only(w->b);
}

/* The entry whose stream this thread last started: streams live per thread. */
static _Thread_local const bench_entry *stream_started;

static void call_stream(void *arg)
{
    work *w = arg;
    if (stream_started != w->e) { /* a new worker: its untimed round starts it */
        w->e->stream_start();
        stream_started = w->e;
    }
    for (unsigned i = 0; i < w->loops; i++)
        w->e->stream_next(w->buf, STREAM_BYTES);
}

static void (*call_of(cell_kind kind))(void *)
{
    return kind == CELL_STREAM ? call_stream : kind == CELL_SETUP ? call_setup : call_run;
}

/* Calls per sample: 1, or enough for --seconds, or for samples long enough
 * that starting threads is noise (1 ms). */
static unsigned loops_for(const run_options *run, void (*fn)(void *), work *w)
{
    double ticks_per_s = bench_timer()->counter_ghz * 1e9, target = 0; /* counter ticks */
    if (run->seconds > 0)
        target = run->seconds * ticks_per_s / (bench_max_repeats(run->repeats) + bench_warmup());
    else if (thread_count(run) > 1)
        target = 1e-3 * ticks_per_s;
    if (target == 0)
        return 1;
    w->loops = 1;
    uint64_t t0 = bench_ticks();
    fn(w);
    double once = (double)(bench_ticks() - t0);
    double loops = once > 0 ? target / once : 1;
    return loops < 1 ? 1 : loops > 1e6 ? 1000000 : (unsigned)loops;
}

/* One untimed call of c's work (one loop): its messages, code and state
 * back in the caches. */
static void warm(cell_kind kind, contender *c)
{
    unsigned loops = c->w[0].loops;
    c->w[0].loops = 1;
    call_of(kind)(&c->w[0]);
    c->w[0].loops = loops;
}

/* One sample of c: its ticks over every thread's work per unit. Before it,
 * untimed: the stream started again (contenders of one backend may share a
 * thread's stream state) and one call of the same work, so that every
 * contender is timed with its own data in the caches, as when repeats run
 * back to back; without it the order's turn (the last of one round is the
 * first of the next) gave that contender a warm call the others lacked. */
static double sample(const run_options *run, cell_kind kind, contender *c)
{
    void (*fn)(void *) = call_of(kind);
    unsigned threads = thread_count(run);
    c->e->prepare(c->e);
    if (threads == 1) {
        if (kind == CELL_STREAM) {
            c->e->stream_start();
            stream_started = c->e;
        }
        warm(kind, c);
        uint64_t t0 = bench_ticks();
        fn(&c->w[0]);
        uint64_t t1 = bench_ticks();
        return bench_counter_to_ticks((double)(t1 - t0)) / c->divisor;
    }
    void *args[SUITE_MAX_THREADS];
    for (unsigned t = 0; t < threads; t++)
        args[t] = &c->w[t];
    /* fresh threads: one untimed round (which starts their streams and warms
     * the caches), one timed */
    bench_stats st = bench_time_parallel(fn, args, threads, 1, 1, c->divisor);
    double v = st.samples[0];
    bench_stats_release(&st);
    return v;
}

/* Round k's i-th contender: forward on even rounds, backward on odd ones. */
static size_t order_at(size_t k, size_t i, size_t n)
{
    return k % 2 == 0 ? i : n - 1 - i;
}

/* Warm-up rounds, then repeats until bench_repeats_done holds for every
 * contender; the rounds continue one alternation. Returns the repeats. */
static size_t time_interleaved(const run_options *run, cell_kind kind, contender *c, size_t n)
{
    size_t k = 0, warmup = bench_warmup(), most = bench_max_repeats(run->repeats), done = 0;
    for (; k < warmup; k++)
        for (size_t i = 0; i < n; i++)
            sample(run, kind, &c[order_at(k, i, n)]);
    while (done < most) {
        for (size_t i = 0; i < n; i++) {
            contender *x = &c[order_at(k, i, n)];
            x->samples[done] = sample(run, kind, x);
        }
        k++;
        done++;
        int all_done = 1;
        for (size_t i = 0; i < n && all_done; i++)
            all_done = bench_repeats_done(c[i].samples, done, run->repeats);
        if (all_done)
            break;
    }
    return done;
}

static int status_of(const contender *c, unsigned threads)
{
    int status = 0;
    for (unsigned t = 0; t < threads; t++)
        status |= c->w[t].status;
    return status;
}

/* Statistics of samples[0..n) (left in repeat order), the samples kept. */
static bench_stats stats_in_order(double *samples, size_t n)
{
    double *sorted = malloc((n ? n : 1) * sizeof *sorted);
    if (!sorted) {
        perror("zucbench");
        exit(1);
    }
    memcpy(sorted, samples, n * sizeof *sorted);
    bench_stats st = bench_stats_of(sorted, n);
    free(sorted);
    st.samples = samples;
    return st;
}

static int default_libzuc(const bench_entry *e)
{
    static char name[32];
    if (!name[0]) { /* the path "auto" chooses for many messages */
        zuc_force_impl("auto");
        snprintf(name, sizeof name, "%s", zuc_impl_name_n());
    }
    return strcmp(e->backend, "libzuc") == 0 && strcmp(e->variant, name) == 0;
}

static int names(const char *name, const bench_entry *e)
{
    char label[96];
    snprintf(label, sizeof label, "%s-%s", e->backend, e->variant);
    return bench_name_matches(name, label) || bench_name_matches(name, e->variant) ||
           bench_name_matches(name, e->backend);
}

const bench_entry *suite_cell_baseline(const run_options *run, const bench_entry *const *contenders,
                                       size_t n, size_t i)
{
    const bench_entry *named = NULL, *preferred = NULL, *first = NULL;
    for (size_t j = 0; j < n; j++) {
        const bench_entry *b = contenders[j];
        if (strcmp(b->algorithm, contenders[i]->algorithm) != 0)
            continue;
        if (run->baseline && !named && names(run->baseline, b))
            named = b;
        if (default_libzuc(b) && !preferred)
            preferred = b;
        if (strcmp(b->backend, "libzuc") == 0 && !first)
            first = b;
    }
    return named ? named : preferred ? preferred : first;
}

static void record(const run_options *run, const cell_spec *spec, const contender *c,
                   const contender *base, size_t repeats, size_t messages)
{
    const bench_entry *e = c->e;
    int per_message = spec->kind == CELL_MESSAGES;
    unsigned in_flight = per_message ? bench_entry_in_flight(e) : 1;
    bench_result r = {
        .suite = run->suite,
        .algorithm = e->algorithm,
        .configuration = spec->configuration,
        .backend = e->backend,
        .implementation = e->variant,
        .size_bytes = spec->size_label,
        .repeats = (unsigned)repeats,
        .unit = spec->kind == CELL_SETUP ? "ticks/setup" : "ticks/byte",
        .stats = stats_in_order(c->samples, repeats),
        .threads = thread_count(run),
        .in_flight = in_flight,
        .messages = per_message ? messages : 0,
        .per_call = per_message ? (messages < in_flight ? (unsigned)messages : in_flight) : 1,
    };
    double *ratios = NULL;
    if (base) {
        ratios = malloc(repeats * sizeof *ratios);
        for (size_t k = 0; ratios && k < repeats; k++)
            ratios[k] = c->samples[k] / base->samples[k];
        if (ratios) {
            r.ratio = stats_in_order(ratios, repeats);
            r.ratio_backend = base->e->backend;
            r.ratio_implementation = base->e->variant;
        }
    }
    bench_results_add(&r);
    free(ratios);
}

/* Whether e can run the cell, checked where the spec says; *wrong counts
 * the outputs that were not right. */
static int can_run(const cell_spec *spec, const bench_entry *e, size_t messages, int *wrong)
{
    if (spec->kind == CELL_STREAM)
        return e->stream_next != NULL;
    if (spec->kind == CELL_SETUP)
        return e->setup_only != NULL;
    for (size_t i = 0; i < spec->npattern; i++)
        if (e->max_bytes && spec->pattern[i] > e->max_bytes)
            return 0;
    if (e->side_by_side && messages < bench_entry_in_flight(e))
        return 0; /* fewer messages than its lanes: not what it is for */
    if (spec->check && !suite_output_agrees(e, spec->pattern[0])) {
        ++*wrong;
        return 0;
    }
    return 1;
}

/* c's work on every thread: the same messages for every contender (one
 * seed per thread), a stream buffer, or setups. */
static void prepare_work(const run_options *run, const cell_spec *spec, contender *c,
                         const size_t *lens, size_t messages)
{
    unsigned threads = thread_count(run);
    for (unsigned t = 0; t < threads; t++) {
        work *w = &c->w[t];
        *w = (work){ .e = c->e };
        if (spec->kind == CELL_STREAM)
            w->buf = malloc(STREAM_BYTES);
        else if (spec->kind == CELL_SETUP)
            w->b = bench_batch_new(SETUP_BATCH, 0, c->e->output, 0x1417 + t);
        else
            w->b =
                bench_batch_new_lens(messages, lens, c->e->output, 0x5EED + spec->size_label + t);
    }
    c->e->prepare(c->e);
    unsigned loops = loops_for(run, call_of(spec->kind), &c->w[0]);
    for (unsigned t = 0; t < threads; t++)
        c->w[t].loops = loops;
    double units = spec->kind == CELL_STREAM  ? STREAM_BYTES
                   : spec->kind == CELL_SETUP ? SETUP_BATCH
                                              : (double)c->w[0].b->total_bytes;
    c->divisor = units * loops * threads;
    c->samples = calloc(bench_max_repeats(run->repeats), sizeof *c->samples);
}

static void release_work(const run_options *run, contender *c)
{
    for (unsigned t = 0; t < thread_count(run); t++) {
        bench_batch_free(c->w[t].b);
        free(c->w[t].buf);
    }
    free(c->samples);
}

/* The lengths of the cell's messages: the pattern repeated. */
static size_t *lengths_of(const cell_spec *spec, size_t messages)
{
    size_t *lens = malloc((messages ? messages : 1) * sizeof *lens);
    for (size_t i = 0; lens && i < messages; i++)
        lens[i] = spec->pattern[i % spec->npattern];
    return lens;
}

int suite_time_cell(const run_options *run, const cell_spec *spec,
                    const bench_entry *const *contenders, size_t n)
{
    int wrong = 0;
    size_t messages = spec->kind == CELL_MESSAGES
                          ? suite_cell_messages(spec->pattern, spec->npattern, spec->target_bytes)
                          : 0;
    contender *c = calloc(n ? n : 1, sizeof *c);
    const bench_entry **running = calloc(n ? n : 1, sizeof *running);
    size_t *lens = lengths_of(spec, messages);
    if (!c || !running || !lens) {
        perror("zucbench");
        exit(1);
    }
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (can_run(spec, contenders[i], messages, &wrong)) {
            c[m].e = running[m] = contenders[i];
            prepare_work(run, spec, &c[m++], lens, messages);
        }
    size_t repeats = m ? time_interleaved(run, spec->kind, c, m) : 0;
    for (size_t i = 0; i < m; i++) {
        if (status_of(&c[i], thread_count(run)))
            continue; /* the contender failed: no result */
        const bench_entry *b = suite_cell_baseline(run, running, m, i);
        const contender *base = NULL;
        for (size_t j = 0; j < m && b; j++)
            if (c[j].e == b && !status_of(&c[j], thread_count(run)))
                base = &c[j];
        record(run, spec, &c[i], base, repeats, messages);
    }
    for (size_t i = 0; i < m; i++)
        release_work(run, &c[i]);
    free(lens);
    free(running);
    free(c);
    return wrong;
}
