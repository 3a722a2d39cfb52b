/* SPDX-License-Identifier: Apache-2.0 */
/* ablation.h — the second source document's study of eight ZUC software
 * optimisations, on this machine: each method alone on top of the baseline
 * (its Tables 3-12), the combinations of its Table 13 plus ZUC-256 and
 * libzuc, and encryption speed in bits/cycle by message size (Table 15).
 * The variants are built by bench/ablation/. */
#ifndef BENCH_SUITE_ABLATION_H
#define BENCH_SUITE_ABLATION_H

#include "suites/ablation_shared.h" /* ablation_options */

/* The unoptimised variants take 10-20 s per run of the document's unit, so
 * the default is 3 runs, not 21 (the document ran each test 10 times). */
#define ABLATION_DEFAULT_REPEATS 3

/* Runs the suite and prints its tables. Returns 0, or 1 if a variant gave a
 * wrong output (it is reported and not timed). */
int ablation_run(const ablation_options *o);

#endif
