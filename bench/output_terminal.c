/* SPDX-License-Identifier: Apache-2.0 */
#include "output_terminal.h"

#include <stdio.h>
#include <string.h>

#include "output.h"
#include "timer.h"

void term_table_header(const term_table *t, const char *note)
{
    printf("\n%-*s", t->label_width, t->title);
    for (size_t c = 0; c < t->ncolumns; c++)
        printf(" %*s", t->cell_width, t->columns[c].heading);
    printf("%s\n", note);
}

static const bench_result *find(const term_table *t, const term_column *col, const char *algorithm,
                                const char *backend, const char *implementation)
{
    return bench_results_find(t->suite, algorithm, col->configuration, backend, implementation,
                              col->size_bytes);
}

/* Ours are ticks per byte of this machine; a document's are cycles per byte
 * of its own clock, shown as published or as the speed they stand for there. */
static double in_unit(const term_table *t, const bench_result *r)
{
    double v = r->stats.median;
    if (!bench_result_is_document(r))
        return suite_unit_of_ticks(t->unit, v);
    if (t->unit == SUITE_UNIT_TICKS || !(v > 0) || !(t->document_ghz > 0))
        return v > 0 ? v : -1;
    return suite_unit_of_rate(t->unit, t->document_ghz / v);
}

void term_print_cell(double v, int width)
{
    if (v < 0)
        printf(" %*s", width, "n/a");
    else if (v < 100)
        printf(" %*.2f", width, v);
    else
        printf(" %*.0f", width, v);
}

/* A per-message cell: µs and ticks of one message (a document's: µs), or
 * the rate in the table's unit. */
static void print_message_cell(const term_table *t, const bench_result *r, size_t size)
{
    double v = r ? r->stats.median : -1;
    if (!(v > 0))
        printf(" %15s", "n/a");
    else if (bench_result_is_document(r) && t->unit == SUITE_UNIT_TICKS)
        printf(" %6.3f %8s", v, "");
    else if (bench_result_is_document(r))
        printf(" %15.3f", suite_unit_of_rate(t->unit, (double)size / (v * 1000)));
    else if (t->unit == SUITE_UNIT_TICKS)
        printf(" %6.3f (%6.0f)", v * (double)size / bench_timer()->ticks_per_ns / 1000,
               v * (double)size);
    else
        printf(" %15.3f", suite_unit_of_ticks(t->unit, v));
}

/* A ratio cell: median [q1,q3] of the per-repeat ratios. */
static void print_ratio_cell(const term_table *t, const bench_result *r)
{
    char text[48];
    if (!r || r->ratio.n == 0)
        snprintf(text, sizeof text, "n/a");
    else if (strcmp(r->ratio_backend, r->backend) == 0 &&
             strcmp(r->ratio_implementation, r->implementation) == 0)
        snprintf(text, sizeof text, "baseline");
    else
        snprintf(text, sizeof text, "%.2f [%.2f,%.2f]", r->ratio.median, r->ratio.q1, r->ratio.q3);
    printf(" %*s", t->cell_width, text);
}

void term_table_row(const term_table *t, const char *label, const char *algorithm,
                    const char *backend, const char *implementation)
{
    printf("%-*s", t->label_width, label);
    for (size_t c = 0; c < t->ncolumns; c++) {
        const bench_result *r = find(t, &t->columns[c], algorithm, backend, implementation);
        if (t->show_ratio)
            print_ratio_cell(t, r);
        else if (t->per_message)
            print_message_cell(t, r, t->columns[c].size_bytes);
        else
            term_print_cell(r ? in_unit(t, r) : -1, t->cell_width);
    }
    printf("\n");
    fflush(stdout);
}
