/* SPDX-License-Identifier: Apache-2.0 */
#include "suites/speed.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "method.h"
#include "output_terminal.h"
#include "suites/cell.h"
#include "timer.h"
#include "zuc.h"

#define BATCH_BYTES (128 * 1024)

/* The table of one algorithm: its sizes, then the stream. */
static term_table table_of(const speed_options *o, const char *algorithm)
{
    static char title[64], headings[SPEED_MAX_SIZES][24];
    int ticks = o->run.unit == SUITE_UNIT_TICKS;
    term_table t = { .suite = o->run.suite,
                     .title = title,
                     .label_width = 26,
                     .cell_width = 8,
                     .unit = o->run.unit };
    snprintf(title, sizeof title, "%s%s%s%s", algorithm, ticks ? "" : " (",
             ticks ? "" : suite_unit_name(o->run.unit), ticks ? "" : ")");
    for (size_t s = 0; s < o->nsizes; s++) {
        snprintf(headings[s], sizeof headings[s], "%zu", o->sizes[s]);
        t.columns[t.ncolumns++] = (term_column){ headings[s], "message", o->sizes[s] };
    }
    t.columns[t.ncolumns++] = (term_column){ "stream", "stream", 0 };
    return t;
}

/* Every cell of one algorithm (each size, then the stream), its
 * contenders interleaved; returns the number of outputs that were wrong. */
static int measure_algorithm(const speed_options *o, const bench_entry *const *list, size_t m,
                             size_t *done, size_t total)
{
    int wrong = 0;
    for (size_t s = 0; s < o->nsizes; s++) {
        suite_progress(&o->run, list[0], ++*done, total);
        cell_spec spec = { CELL_MESSAGES, "message", o->sizes[s], &o->sizes[s], 1, BATCH_BYTES, 1 };
        wrong += suite_time_cell(&o->run, &spec, list, m);
    }
    suite_progress(&o->run, list[0], ++*done, total);
    cell_spec stream = { .kind = CELL_STREAM, .configuration = "stream" };
    suite_time_cell(&o->run, &stream, list, m);
    suite_progress_clear(&o->run);
    return wrong;
}

/* The algorithm's table drawn from the results, then with --ratio its
 * ratios to the baseline. */
static void print_algorithm(const speed_options *o, const bench_entry *const *list, size_t m)
{
    term_table t = table_of(o, list[0]->algorithm);
    char label[96], note[160] = "";
    term_table_header(&t, "");
    for (size_t i = 0; i < m; i++) {
        snprintf(label, sizeof label, "%s-%s", list[i]->backend, list[i]->variant);
        term_table_row(&t, label, list[i]->algorithm, list[i]->backend, list[i]->variant);
    }
    const bench_entry *base = suite_cell_baseline(&o->run, list, m, 0);
    if (!o->run.ratio || !base)
        return;
    t.title = "time over the baseline's";
    t.show_ratio = 1;
    t.cell_width = 16;
    snprintf(note, sizeof note, "   (median [q1,q3] of the per-repeat ratios; baseline %s-%s)",
             base->backend, base->variant);
    term_table_header(&t, note);
    for (size_t i = 0; i < m; i++) {
        snprintf(label, sizeof label, "%s-%s", list[i]->backend, list[i]->variant);
        term_table_row(&t, label, list[i]->algorithm, list[i]->backend, list[i]->variant);
    }
}

int speed_run(const speed_options *o)
{
    size_t n, total = suite_count(&o->run);
    const bench_entry *all = bench_registry(&n);
    char method[768], threads[160] = "";
    if (o->run.threads > 1)
        snprintf(threads, sizeof threads,
                 "; %u threads at once, each with its own messages and stream: wall ticks over "
                 "all threads' bytes",
                 o->run.threads);
    snprintf(method, sizeof method,
             "%s, %s, %s/byte; messages: fresh key/IV each, setup included; "
             "stream: 64 KiB blocks of one keystream, setup excluded%s%s",
             bench_timer()->source, bench_repeats_phrase(o->run.repeats), bench_timer()->unit,
             suite_in_flight_note(), threads);
    int started = suite_begin(total, method);
    if (started)
        return started;
    int failures = 0;
    const bench_entry **list = calloc(n ? n : 1, sizeof *list);
    size_t cells = 0, done = 0;
    for (size_t first = 0; first < n; first++)
        if (suite_first_of_algorithm(&all[first]) &&
            suite_contenders(&o->run, all[first].algorithm, NULL, list))
            cells += o->nsizes + 1;
    /* one table per algorithm, in the registry's order of first appearance */
    for (size_t first = 0; first < n; first++) {
        if (!suite_first_of_algorithm(&all[first]))
            continue;
        size_t m = suite_contenders(&o->run, all[first].algorithm, NULL, list);
        if (!m)
            continue;
        failures += measure_algorithm(o, list, m, &done, cells);
        print_algorithm(o, list, m);
    }
    free(list);
    zuc_force_impl("auto");
    printf("\nn/a: beyond the contender's message-size limit, it has no stream API, or (a\n"
           "many-message contender) fewer messages of the size fit a batch than one call takes\n");
    return failures ? 1 : 0;
}
