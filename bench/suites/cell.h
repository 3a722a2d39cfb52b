/* SPDX-License-Identifier: Apache-2.0 */
/* cell.h — one cell of a suite's table (an algorithm's messages of one size,
 * its stream, or its key/IV setup), timed for every contender at once:
 * - the same work: every contender gets the same messages (one seed, one
 *   list of lengths), as many as make whole many-message calls
 *   (suite_cell_messages);
 * - interleaved: each repeat times every contender once, the order reversed
 *   from one repeat to the next, so that a change of the machine's clock
 *   hits them all alike;
 * - paired: each contender's per-repeat ratio to its baseline (libzuc's
 *   default path of the same algorithm, or run->baseline) is recorded with
 *   its result (bench_result.ratio), its samples in repeat order. */
#ifndef BENCH_SUITE_CELL_H
#define BENCH_SUITE_CELL_H

#include <stddef.h>

#include "registry.h"
#include "suites/common.h"

typedef enum { CELL_MESSAGES, CELL_STREAM, CELL_SETUP } cell_kind;

typedef struct {
    cell_kind kind;
    const char *configuration; /* "message", "imix", "mac", "stream", "init" */
    size_t size_label;         /* the results' size_bytes: the message size, or 0 */
    /* CELL_MESSAGES: the lengths the messages repeat, and about how many
     * bytes one timed call of a contender's run takes */
    const size_t *pattern;
    size_t npattern;
    size_t target_bytes;
    int check; /* CELL_MESSAGES: each contender's output checked at pattern[0] first */
} cell_spec;

/* Times the contenders[0..n) that can run the cell (within their message-size
 * limit, output checked, enough messages for their lanes, an API for a
 * stream or setup) and records a result for each. Returns the number whose
 * output was wrong (reported on stderr, not timed). */
int suite_time_cell(const run_options *run, const cell_spec *spec,
                    const bench_entry *const *contenders, size_t n);

/* The messages of a cell: `pattern` repeated to about target_bytes, a
 * multiple of the pattern and of bench_in_flight() (whole many-message
 * calls), at least 8 and at most 4096, while the batch stays within 4 MiB;
 * one round of the pattern where even one call's worth is larger. */
size_t suite_cell_messages(const size_t *pattern, size_t npattern, size_t target_bytes);

/* The contender of the cell that contenders[i]'s ratio is taken against:
 * the one of the same algorithm run->baseline names (its "backend-variant",
 * its variant or its backend), else libzuc's default path, else libzuc's
 * first; NULL if none. */
const bench_entry *suite_cell_baseline(const run_options *run, const bench_entry *const *contenders,
                                       size_t n, size_t i);

#endif
