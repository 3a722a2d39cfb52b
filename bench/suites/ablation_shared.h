/* SPDX-License-Identifier: Apache-2.0 */
/* ablation_shared.h — what the keystream tables (ablation.c) and the
 * encryption table (ablation_t15.c) of the ablation suite share: the
 * suite's options (suites/ablation.h gives them to zucbench), and
 * ablation_shared.c's checked variants, progress and document figures. */
#ifndef BENCH_SUITE_ABLATION_SHARED_H
#define BENCH_SUITE_ABLATION_SHARED_H

#include <stddef.h>
#include <stdint.h>

#include "ablation/variants.h"
#include "suites/common.h"

typedef struct {
    run_options run; /* suite, repeats, progress; algorithms and impl unused */
    int quick;       /* 1/64 of the keystream work, messages up to 4 MB */
} ablation_options;

#define ABLATION_DOC_MACHINE "core-i7-8750h"
/* The document's best combination (its Table 13 row 6), also its ZUC-256
 * row and the "optimised" column of Table 15. */
#define ABLATION_BEST "call+compile+lazy+sbox1"

/* The variant `id`, checked against libzuc on its first use: NULL if it is
 * not built here, cannot run on this CPU or gave a wrong output; then
 * *status says which (the wrong ones once on stderr too, counted in
 * *wrong). */
const abl_variant *ablation_checked(const char *id, const char **status, int *wrong);

/* "\r[done/total] what" on stderr when progress is on. */
void ablation_progress(const ablation_options *o, const char *what, size_t done, size_t total);

/* The document's figure in the results: backend "document", implementation
 * "core-i7-8750h:<row>" so that the rows of one table stay apart. */
void ablation_document(const char *algorithm, const char *configuration, const char *row,
                       size_t size_bytes, const char *unit, double value);

#endif
