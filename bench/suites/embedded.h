/* SPDX-License-Identifier: Apache-2.0 */
/* embedded.h — `zucbench embedded`: the third source document's matrix
 * (Table 1) with its process- and system-level metrics (Table 2). Every run
 * of a configuration is a child process (zucbench re-executed with
 * --run-one); the parent reads its rusage and samples /proc around it. */
#ifndef BENCH_SUITES_EMBEDDED_H
#define BENCH_SUITES_EMBEDDED_H

#include <stddef.h>

#include "suites/common.h"

#define EMBEDDED_DEFAULT_REPEATS 10
#define EMBEDDED_QUICK_REPEATS 3
#define EMBEDDED_MAX_REPEATS 1000
#define EMBEDDED_DEFAULT_INTERVAL_MS 100

typedef struct {
    run_options run;      /* run.repeats: runs per configuration; run.unit: MB/s unless --unit */
    const char *file;     /* NULL: a generated file of the document's size */
    const char *out_dir;  /* NULL: the ciphertext stays in memory */
    unsigned interval_ms; /* system sampler period */
    int quick;            /* 1 MiB, 3 repeats, one configuration per family */
    int list;             /* --list: the matrix, nothing run */
    char **patterns;      /* configuration, algorithm or family names; none: all */
    size_t n_patterns;
} embedded_options;

/* Prints the matrix and its count; 0, or 2 if a pattern matches nothing. */
int embedded_list(const embedded_options *o);

/* Runs the matrix: the table on stdout, each measured configuration in the
 * results (output.h). Exit code. */
int embedded_run(const embedded_options *o);

#endif
