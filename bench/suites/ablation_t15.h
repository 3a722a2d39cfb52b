/* SPDX-License-Identifier: Apache-2.0 */
/* ablation_t15.h — the ablation suite's Table 15 (ablation_t15.c), which
 * ablation_run prints after the keystream tables. */
#ifndef BENCH_SUITE_ABLATION_T15_H
#define BENCH_SUITE_ABLATION_T15_H

#include "suites/ablation_shared.h"

/* Table 15: bits/cycle of encrypting messages of 128 B .. 320 MB (4 MB with
 * --quick), unoptimised, optimised (the document's pick), best_here (Table
 * 13's fastest combination in this run, when it is another; NULL: none) and
 * libzuc. Returns the number of variants found wrong. */
int ablation_table15(const ablation_options *o, const char *best_here);

#endif
