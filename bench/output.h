/* SPDX-License-Identifier: Apache-2.0 */
/* output.h — results of a suite: collected while it runs, written as JSON
 * ({"context": {...}, "results": [...]}), CSV or Markdown afterwards, every
 * suite's by the same writers (output_json.c, output_tables.c). A result has
 * the fields below and, where its suite has more, that suite's own columns. */
#ifndef BENCH_OUTPUT_H
#define BENCH_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

#include "method.h"
#include "result_columns.h"

#define BENCH_SCHEMA "zucbench-results/1"

typedef struct {
    const char *suite;          /* "speed", ... */
    const char *algorithm;      /* "128-eea3" */
    const char *configuration;  /* "message" (setup included) or "stream" (excluded) */
    const char *backend;        /* "libzuc", "ipsec-mb" */
    const char *implementation; /* "scalar", "1-buffer" */
    size_t size_bytes;          /* message size; 0 for stream and init */
    unsigned repeats;
    const char *unit;            /* "ticks/byte" or "ticks/setup" */
    bench_stats stats;           /* in that unit */
    unsigned threads;            /* streams at once (speed --threads); 0 means 1 */
    unsigned in_flight;          /* messages in flight (bench_in_flight()); 0 means 1 */
    const bench_column *columns; /* the suite's own columns, or NULL */
    size_t ncolumns;
    /* A cell's (suites/cell.h): its messages per timed call of run, the same
     * for every contender (0: stream, init), and per many-message call */
    size_t messages;
    unsigned per_call;
    /* The per-repeat ratio of this contender's time to the baseline's
     * (ratio.n == 0: none), its samples in repeat order; the baseline is
     * named by its backend and implementation */
    const char *ratio_backend, *ratio_implementation;
    bench_stats ratio;
} bench_result;

/* Appends one result (copied, with its samples and columns; the strings
 * must outlive the output). */
void bench_results_add(const bench_result *r);
/* Appends a source document's published figure, as backend "document" with
 * implementation naming its machine, so reports can set it beside ours. */
void bench_results_add_document(const char *suite, const char *algorithm, const char *configuration,
                                const char *machine, size_t size_bytes, const char *unit,
                                double value);
/* The latest result of the cell, NULL if none. */
const bench_result *bench_results_find(const char *suite, const char *algorithm,
                                       const char *configuration, const char *backend,
                                       const char *implementation, size_t size_bytes);
/* Every result collected so far, in order; *n their number. */
const bench_result *bench_results_all(size_t *n);
/* 1 if r is a source document's figure (backend "document"). */
int bench_result_is_document(const bench_result *r);
/* Warns on f when cells of this run are noisy (bench_stats_noisy); their
 * number. */
size_t bench_results_warn_noisy(FILE *f);

/* Checks, before a long run, that path can be written (creates and removes
 * a temporary file next to it). 0, or -1 with the reason in errno. */
int bench_output_writable(const char *path);

/* Writes every result collected so far, with the context, to path, as
 * common/outfile.h says: "-" is standard output; a regular file is written
 * to a temporary file and replaced, complete or not at all, keeping its mode;
 * a FIFO or device is written in place. Returns 0, or -1 with a message on
 * stderr. */
int bench_write_json(const char *path, const char *suite);
/* What the writers share: path written as above, body(f, arg) its content. */
int bench_write_with(const char *path, void (*body)(FILE *f, void *arg), void *arg);
/* One row per result: the fields every result has, then every suite column
 * any result has (empty where a result has none of it). The Markdown table
 * has the suite columns that have a heading. */
int bench_write_csv(const char *path);
int bench_write_markdown(const char *path, const char *suite);

#endif
