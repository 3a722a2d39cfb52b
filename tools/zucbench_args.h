/* SPDX-License-Identifier: Apache-2.0 */
/* zucbench_args.h — the options every suite takes, read in one place
 * (zucbench_args.c): algorithms and --impl, the repeats, --warmup,
 * --seconds, --counter, --cpu, --cpu-mhz, --lanes, --unit, --quick and the
 * results files (--json, --csv, --markdown), which are written here too
 * once the suite has run. A suite names the ones that do not apply to it,
 * with the reason, and reads its own options through a callback. */
#ifndef ZUCBENCH_ARGS_H
#define ZUCBENCH_ARGS_H

#include <stddef.h>

#include "suites/common.h"

typedef struct {
    const char *json, *csv, *markdown;
} output_paths;

/* An option a suite does not take, and why; "ALG" stands for the algorithm
 * names. A list of them ends with { NULL, NULL }. */
typedef struct {
    const char *option;
    const char *why;
} suite_refusal;

#define SUITE_MAX_ALGORITHMS 63

typedef struct {
    /* set by the suite before suite_args_parse */
    run_options *run;             /* the defaults; the options fill it in */
    const suite_refusal *refused; /* NULL: every common option applies */
    unsigned repeats_max;         /* the largest --repeats; 0: 10001 */
    int repeats_any_parity;       /* --repeats may be even (no median of its own) */
    unsigned quick_repeats;       /* --quick without --repeats: this many; 0: no change */
    /* the suite's own option at argv[*i] (its value taken by advancing *i):
     * 1 taken, 0 not one of its, -1 wrong (a message printed) */
    int (*own)(int argc, char **argv, int *i, void *arg);
    void *own_arg;
    /* what the command line said */
    output_paths out;
    const char *algorithms[SUITE_MAX_ALGORITHMS + 1];
    size_t nalg;
    int quick, repeats_given, counter_given;
    unsigned min_repeats, max_repeats; /* 0 if not given */
} suite_args;

/* Reads a suite's arguments into a->run and a: 0, or 2 with one line on
 * stderr. */
int suite_args_parse(int argc, char **argv, suite_args *a);

/* After the suite ran with exit status rc: the warning about noisy cells,
 * then the results files (none if rc is 2). The exit status. */
int suite_args_finish(int rc, const suite_args *a);

/* "zucbench: <message> (see zucbench --help)" on stderr; returns 2. */
int zucbench_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A size in bytes, 1..2^30, in decimal: 0 with *out set, else -1. */
int zucbench_parse_size(const char *text, size_t *out);

/* The value of the option at argv[i], or NULL when it has none: the next
 * argument, unless it starts with "--" (then the value was left out). */
const char *zucbench_path_value(int argc, char **argv, int i);

#endif
