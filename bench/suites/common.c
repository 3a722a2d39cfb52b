/* SPDX-License-Identifier: Apache-2.0 */
#include "suites/common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "context.h"
#include "method.h"
#include "output.h"
#include "parallel.h"
#include "timer.h"

#define STREAM_BYTES (64 * 1024)
#define SETUP_BATCH 1024

int suite_selected(const run_options *run, const bench_entry *e)
{
    if (e->unavailable || !e->run)
        return 0;
    if (run->algorithms) {
        int listed = 0;
        for (const char *const *a = run->algorithms; *a && !listed; a++)
            listed = bench_name_matches(*a, e->algorithm) || bench_name_matches(*a, "all");
        if (!listed)
            return 0;
    }
    if (strcmp(e->backend, "libzuc") != 0)
        return 1;
    if (run->impl)
        return bench_name_matches(run->impl, e->variant);
    return !e->is_oracle || run->include_oracle;
}

size_t suite_count(const run_options *run)
{
    size_t n, count = 0;
    const bench_entry *all = bench_registry(&n);
    for (size_t i = 0; i < n; i++)
        count += (size_t)suite_selected(run, &all[i]);
    return count;
}

int suite_first_of_algorithm(const bench_entry *e)
{
    size_t n;
    const bench_entry *all = bench_registry(&n);
    for (const bench_entry *p = all; p < e; p++)
        if (strcmp(p->algorithm, e->algorithm) == 0)
            return 0;
    return 1;
}

static const bench_entry *oracle_for(const char *algorithm)
{
    size_t n;
    const bench_entry *all = bench_registry(&n);
    for (size_t i = 0; i < n; i++)
        if (all[i].is_oracle && strcmp(all[i].algorithm, algorithm) == 0)
            return &all[i];
    return NULL;
}

/* 1 if e reproduces its published vector (or has none); checked once. */
static int known_answer_holds(const bench_entry *e)
{
    size_t n;
    const bench_entry *all = bench_registry(&n);
    static signed char verdict[1024]; /* 0 unknown, 1 good, -1 wrong */
    size_t i = (size_t)(e - all);
    if (!e->known_answer)
        return 1;
    if (i >= n || i >= sizeof verdict)
        return e->known_answer() == 0;
    if (!verdict[i])
        verdict[i] = e->known_answer() == 0 ? 1 : -1;
    return verdict[i] > 0;
}

/* Without a spec-literal oracle: another backend's entry of the same
 * algorithm that passes its own known answer (a second source), if any. */
static const bench_entry *peer_for(const bench_entry *e)
{
    size_t n;
    const bench_entry *all = bench_registry(&n);
    for (size_t i = 0; i < n; i++) {
        const bench_entry *p = &all[i];
        if (p != e && !p->unavailable && p->run && strcmp(p->algorithm, e->algorithm) == 0 &&
            strcmp(p->backend, e->backend) != 0 && p->known_answer && known_answer_holds(p))
            return p;
    }
    return NULL;
}

static int same_outputs(const bench_entry *reference, const bench_entry *e, size_t len)
{
    bench_batch *want = bench_batch_new(3, len, e->output, 0xC0FFEE + len);
    bench_batch *got = bench_batch_new(3, len, e->output, 0xC0FFEE + len);
    int ok = reference->prepare(reference) == 0 && reference->run(want) == 0 &&
             e->prepare(e) == 0 && e->run(got) == 0 &&
             memcmp(want->out_base, got->out_base, want->out_total) == 0;
    bench_batch_free(want);
    bench_batch_free(got);
    return ok;
}

int suite_output_agrees(const bench_entry *e, size_t len)
{
    if (!known_answer_holds(e)) {
        fprintf(stderr, "zucbench: %s/%s-%s does not reproduce its published vector: not timed\n",
                e->algorithm, e->backend, e->variant);
        return 0;
    }
    const bench_entry *reference = oracle_for(e->algorithm);
    if (!reference)
        reference = peer_for(e);
    if (!reference)
        return 1;                    /* its known answer is the check */
    len = len > 65536 ? 65536 : len; /* the oracle is slow; long enough to check */
    int ok = same_outputs(reference, e, len);
    if (!ok)
        fprintf(stderr,
                "zucbench: %s/%s-%s gives a wrong output at %zu bytes (against %s): "
                "not timed\n",
                e->algorithm, e->backend, e->variant, len, reference->backend);
    return ok;
}

double suite_checked_messages(const run_options *run, const bench_entry *e, size_t len,
                              size_t target_bytes, const char *configuration, int *wrong)
{
    if (e->max_bytes && len > e->max_bytes)
        return -1;
    if (!suite_output_agrees(e, len)) {
        ++*wrong;
        return -1;
    }
    return suite_time_messages(run, e, &len, 1, target_bytes, configuration, len);
}

static unsigned thread_count(const run_options *run)
{
    return run->threads > 1 ? run->threads : 1;
}

static void record(const run_options *run, const bench_entry *e, const char *configuration,
                   size_t size, const char *unit, bench_stats st)
{
    /* one stream, or setups one by one: nothing is in flight there */
    int one_at_a_time = strcmp(configuration, "stream") == 0 || strcmp(configuration, "init") == 0;
    bench_result r = { run->suite,
                       e->algorithm,
                       configuration,
                       e->backend,
                       e->variant,
                       size,
                       (unsigned)st.n,
                       unit,
                       st,
                       thread_count(run),
                       one_at_a_time ? 1 : bench_entry_in_flight(e),
                       NULL,
                       0 };
    bench_results_add(&r);
}

/* One thread's share of a measurement: its own messages (or stream buffer),
 * processed `loops` times per sample. */
typedef struct {
    const bench_entry *e;
    bench_batch *b;
    uint8_t *buf;
    unsigned loops;
    int status;
} work;

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

static void call_stream(void *arg)
{
    work *w = arg;
    static _Thread_local const bench_entry *started_here; /* stream states are per thread */
    if (started_here != w->e) {
        w->e->stream_start();
        started_here = w->e;
    }
    for (unsigned i = 0; i < w->loops; i++)
        w->e->stream_next(w->buf, STREAM_BYTES);
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

/* Times fn over every thread's work; `units` per call (bytes or setups). */
static bench_stats time_work(const run_options *run, void (*fn)(void *), work *w, double units)
{
    unsigned threads = thread_count(run), loops = loops_for(run, fn, &w[0]);
    void *args[SUITE_MAX_THREADS];
    for (unsigned t = 0; t < threads; t++) {
        w[t].loops = loops;
        args[t] = &w[t];
    }
    double divisor = units * loops * threads;
    if (threads == 1)
        return bench_time(fn, &w[0], bench_warmup(), run->repeats, divisor);
    return bench_time_parallel(fn, args, threads, bench_warmup(), bench_max_repeats(run->repeats),
                               divisor);
}

static int status_of(const work *w, unsigned threads)
{
    int status = 0;
    for (unsigned t = 0; t < threads; t++)
        status |= w[t].status;
    return status;
}

double suite_time_messages(const run_options *run, const bench_entry *e, const size_t *pattern,
                           size_t npattern, size_t target_bytes, const char *configuration,
                           size_t size_label)
{
    size_t pattern_bytes = 0;
    for (size_t i = 0; i < npattern; i++)
        pattern_bytes += pattern[i];
    size_t rounds = target_bytes / pattern_bytes;
    size_t max_rounds = 4096 / npattern ? 4096 / npattern : 1;
    rounds = rounds < 1 ? 1 : rounds > max_rounds ? max_rounds : rounds;
    /* at least 8 messages, and a full many-message call (--lanes), while the
     * batch stays within 4 MiB: fewer would time the lanes half empty */
    size_t least = bench_in_flight() > 8 ? bench_in_flight() : 8;
    if (rounds * npattern < least && pattern_bytes * least <= (size_t)4 << 20)
        rounds = (least + npattern - 1) / npattern;
    size_t n = rounds * npattern;
    if (e->side_by_side && n < bench_entry_in_flight(e))
        return -1; /* fewer messages than its lanes: not what it is for */
    size_t *lens = malloc(n * sizeof *lens);
    for (size_t i = 0; i < n; i++)
        lens[i] = pattern[i % npattern];
    unsigned threads = thread_count(run);
    work w[SUITE_MAX_THREADS] = { { 0 } };
    for (unsigned t = 0; t < threads; t++)
        w[t] = (work){ .e = e,
                       .b = bench_batch_new_lens(n, lens, e->output, 0x5EED + size_label + t) };
    free(lens);
    e->prepare(e);
    bench_stats st = time_work(run, call_run, w, (double)w[0].b->total_bytes);
    for (unsigned t = 0; t < threads; t++)
        bench_batch_free(w[t].b);
    if (status_of(w, threads)) {
        bench_stats_release(&st);
        return -1;
    }
    record(run, e, configuration, size_label, "ticks/byte", st);
    bench_stats_release(&st);
    return st.median;
}

double suite_time_stream(const run_options *run, const bench_entry *e)
{
    if (!e->stream_next)
        return -1;
    unsigned threads = thread_count(run);
    work w[SUITE_MAX_THREADS] = { { 0 } };
    for (unsigned t = 0; t < threads; t++)
        w[t] = (work){ .e = e, .buf = malloc(STREAM_BYTES) };
    e->prepare(e);
    bench_stats st = time_work(run, call_stream, w, STREAM_BYTES);
    for (unsigned t = 0; t < threads; t++)
        free(w[t].buf);
    record(run, e, "stream", 0, "ticks/byte", st);
    bench_stats_release(&st);
    return st.median;
}

double suite_time_setup(const run_options *run, const bench_entry *e)
{
    if (!e->setup_only)
        return -1;
    unsigned threads = thread_count(run);
    work w[SUITE_MAX_THREADS] = { { 0 } };
    for (unsigned t = 0; t < threads; t++)
        w[t] = (work){ .e = e, .b = bench_batch_new(SETUP_BATCH, 0, e->output, 0x1417 + t) };
    e->prepare(e);
    bench_stats st = time_work(run, call_setup, w, SETUP_BATCH);
    for (unsigned t = 0; t < threads; t++)
        bench_batch_free(w[t].b);
    if (status_of(w, threads)) {
        bench_stats_release(&st);
        return -1;
    }
    record(run, e, "init", 0, "ticks/setup", st);
    bench_stats_release(&st);
    return st.median;
}

const char *suite_in_flight_note(void)
{
    static char note[160];
    unsigned n = bench_in_flight();
    snprintf(note, sizeof note,
             "; many-message calls: %u message%s per call (libzuc zuc_*_n, "
             "ipsec-mb %s) or %u job%s in flight (ipsec-mb %s)",
             n, n == 1 ? "" : "s", bench_label_n_buffer(), n, n == 1 ? "" : "s",
             bench_label_n_jobs());
    return note;
}

int suite_begin(size_t selected, const char *method)
{
    if (selected == 0) {
        fprintf(stderr, "zucbench: no available algorithm matches (see `zucbench list`)\n");
        return 2;
    }
    bench_context_print(method);
    return 0;
}

void suite_progress(const run_options *run, const bench_entry *e, size_t done, size_t total)
{
    if (!run->progress)
        return;
    char bar[21];
    size_t filled = total ? 20 * done / total : 20;
    for (size_t i = 0; i < 20; i++)
        bar[i] = i < filled ? '#' : '.';
    bar[20] = 0;
    fprintf(stderr, "\r[%s] %zu/%zu %-16s %-8s %-10s", bar, done, total, e->algorithm, e->backend,
            e->variant);
    fflush(stderr);
}

void suite_progress_clear(const run_options *run)
{
    if (run->progress)
        fprintf(stderr, "\r%79s\r", "");
}
