/* SPDX-License-Identifier: Apache-2.0 */
/* common.h — what every suite does the same way: choose the contenders,
 * check a contender's output against the spec-literal path, and report
 * progress; suites/cell.h times them. */
#ifndef BENCH_SUITE_COMMON_H
#define BENCH_SUITE_COMMON_H

#include <stddef.h>

#include "registry.h"
#include "units.h"

#define SUITE_MAX_THREADS 64

/* How a suite runs, as the command line set it: which contenders (the
 * algorithms and libzuc paths selected), how many repeats and threads, how
 * long per cell, whether progress is shown, what unit the table shows. */
typedef struct {
    const char *suite;             /* "speed", "estream", ... */
    const char *const *algorithms; /* NULL-terminated filter; NULL = the suite's default */
    const char *impl;              /* libzuc path filter; NULL = every usable path */
    int include_oracle;            /* time the spec-literal path too */
    unsigned repeats;              /* odd */
    int progress;                  /* progress on stderr */
    unsigned threads;              /* independent streams at once, one per thread; 0 = 1 */
    double seconds;                /* > 0: about this long per cell, repeats included */
    suite_unit unit;               /* what the terminal table shows (--unit) */
    const char *baseline;          /* --baseline: the contender ratios are taken against;
                                    * NULL: libzuc's default path (suites/cell.h) */
    int ratio;                     /* --ratio: the tables show the ratios too */
} run_options;

int suite_selected(const run_options *run, const bench_entry *e);
/* The number of selected entries, and whether e is the first of its algorithm. */
size_t suite_count(const run_options *run);
int suite_first_of_algorithm(const bench_entry *e);

/* 1 if e reproduces its published vector (where it has one) and its output
 * equals the spec-literal path's on three messages of len bytes, or, for
 * algorithms without one, another backend's that passes its own vector (a
 * peer that silently does nothing is caught here); else a message on
 * stderr and 0. */
int suite_output_agrees(const bench_entry *e, size_t len);

/* "; many-message calls: N messages per call ...": for the method line of
 * the suites that time many messages (--lanes). */
const char *suite_in_flight_note(void);

/* The contenders of `algorithm` (or, NULL, of any algorithm e passes) among
 * the selected ones, in the registry's order, into out (room for every
 * entry); their number. */
size_t suite_contenders(const run_options *run, const char *algorithm,
                        int (*also)(const bench_entry *e), const bench_entry **out);

/* Starts a suite: 2 with a message if no contender was selected, else
 * prints the context lines (with `method`) and returns 0. */
int suite_begin(size_t selected, const char *method);

void suite_progress(const run_options *run, const bench_entry *e, size_t done, size_t total);
void suite_progress_clear(const run_options *run);

#endif
