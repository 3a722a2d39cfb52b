/* SPDX-License-Identifier: Apache-2.0 */
/* output_terminal.h — the terminal tables the results layer draws from the
 * results recorded so far: contenders down, columns across, each column one
 * configuration at one size (e.g. "message" at 40 bytes, or "stream"), each
 * cell the recorded median in the table's unit (--unit), n/a where there is
 * no result. Used by the suites whose tables are cost by size: speed,
 * estream's Table 4 (per byte), mac's Table 5 (per MAC). */
#ifndef BENCH_OUTPUT_TERMINAL_H
#define BENCH_OUTPUT_TERMINAL_H

#include <stddef.h>

#include "units.h"

#define TERM_TABLE_MAX_COLUMNS 24

typedef struct {
    const char *heading;       /* "1500", "stream", "Imix" */
    const char *configuration; /* "message", "stream", "imix" */
    size_t size_bytes;         /* 0 for stream, imix */
} term_column;

typedef struct {
    const char *suite;
    const char *title; /* left of the column headings */
    int label_width, cell_width;
    suite_unit unit;
    double document_ghz; /* the clock of document rows' cycles (for MB/s, Gbps) */
    /* Cells per message, not per byte: with --unit ticks, "µs (ticks)" of one
     * message (a document's in µs, its unit "us/mac"), else the rate. */
    int per_message;
    /* Cells of ratios instead (--ratio): the median and quartiles of each
     * contender's per-repeat ratio to its baseline, "baseline" for that one */
    int show_ratio;
    term_column columns[TERM_TABLE_MAX_COLUMNS];
    size_t ncolumns;
} term_table;

/* The table's title and column headings, then `note` (may be empty). */
void term_table_header(const term_table *t, const char *note);
/* One contender's row under `label`: the results of algorithm, backend and
 * implementation (backend "document": a source document's figures, with the
 * implementation naming its machine). */
void term_table_row(const term_table *t, const char *label, const char *algorithm,
                    const char *backend, const char *implementation);

/* One cell of cost per byte, as every such table shows it: n/a when
 * negative, two decimals under 100, none from 100. */
void term_print_cell(double v, int width);

#endif
