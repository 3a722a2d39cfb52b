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

size_t suite_contenders(const run_options *run, const char *algorithm,
                        int (*also)(const bench_entry *e), const bench_entry **out)
{
    size_t n, count = 0;
    const bench_entry *all = bench_registry(&n);
    for (size_t i = 0; i < n; i++)
        if (suite_selected(run, &all[i]) &&
            (!algorithm || strcmp(all[i].algorithm, algorithm) == 0) && (!also || also(&all[i])))
            out[count++] = &all[i];
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

const char *suite_in_flight_note(void)
{
    static char note[384];
    unsigned n = bench_in_flight();
    snprintf(note, sizeof note,
             "; many-message calls: %u message%s per call (libzuc zuc_*_n, "
             "ipsec-mb %s) or %u job%s in flight (ipsec-mb %s); a cell: the same "
             "messages for every contender, a multiple of %u (whole calls); contenders "
             "interleaved, each repeat times each once, the order reversed every repeat",
             n, n == 1 ? "" : "s", bench_label_n_buffer(), n, n == 1 ? "" : "s",
             bench_label_n_jobs(), n);
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
