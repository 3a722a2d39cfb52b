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

/* The latest result of the cell, NULL if none. */
static const bench_result *find(const term_table *t, const term_column *col, const char *algorithm,
                                const char *backend, const char *implementation)
{
    size_t n;
    const bench_result *all = bench_results_all(&n), *found = NULL;
    for (size_t i = 0; i < n; i++) {
        const bench_result *r = &all[i];
        if (strcmp(r->suite, t->suite) == 0 && strcmp(r->algorithm, algorithm) == 0 &&
            strcmp(r->configuration, col->configuration) == 0 && strcmp(r->backend, backend) == 0 &&
            strcmp(r->implementation, implementation) == 0 && r->size_bytes == col->size_bytes)
            found = r;
    }
    return found;
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

void term_table_row(const term_table *t, const char *label, const char *algorithm,
                    const char *backend, const char *implementation)
{
    printf("%-*s", t->label_width, label);
    for (size_t c = 0; c < t->ncolumns; c++) {
        const bench_result *r = find(t, &t->columns[c], algorithm, backend, implementation);
        if (t->per_message)
            print_message_cell(t, r, t->columns[c].size_bytes);
        else
            term_print_cell(r ? in_unit(t, r) : -1, t->cell_width);
    }
    printf("\n");
    fflush(stdout);
}
