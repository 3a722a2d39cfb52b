/* SPDX-License-Identifier: Apache-2.0 */
#include "suites/speed.h"

#include <stdio.h>
#include <string.h>

#include "method.h"
#include "output_terminal.h"
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

/* Checks, then times one contender at every size and its stream (each
 * result recorded), then draws its row from the results; returns the number
 * of sizes at which its output was wrong. */
static int measure_row(const speed_options *o, const term_table *t, const bench_entry *e)
{
    int wrong = 0;
    for (size_t s = 0; s < o->nsizes; s++)
        suite_checked_messages(&o->run, e, o->sizes[s], BATCH_BYTES, "message", &wrong);
    suite_time_stream(&o->run, e);
    suite_progress_clear(&o->run);
    char label[64];
    snprintf(label, sizeof label, "%s-%s", e->backend, e->variant);
    term_table_row(t, label, e->algorithm, e->backend, e->variant);
    return wrong;
}

int speed_run(const speed_options *o)
{
    size_t n, total = suite_count(&o->run), done = 0;
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
    /* one table per algorithm, in the registry's order of first appearance */
    for (size_t first = 0; first < n; first++) {
        if (!suite_first_of_algorithm(&all[first]))
            continue;
        int header = 0;
        term_table t = table_of(o, all[first].algorithm);
        for (size_t i = first; i < n; i++) {
            const bench_entry *e = &all[i];
            if (!suite_selected(&o->run, e) || strcmp(e->algorithm, all[first].algorithm) != 0)
                continue;
            if (!header++)
                term_table_header(&t, "");
            suite_progress(&o->run, e, ++done, total);
            failures += measure_row(o, &t, e);
        }
    }
    zuc_force_impl("auto");
    printf("\nn/a: beyond the contender's message-size limit, it has no stream API, or (a\n"
           "many-message contender) fewer messages of the size fit a batch than one call takes\n");
    return failures ? 1 : 0;
}
