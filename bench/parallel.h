/* SPDX-License-Identifier: Apache-2.0 */
/* parallel.h — pinning to CPUs, and the same work on N threads at once,
 * timed by the wall clock (independent streams on N cores: how a contender
 * scales). */
#ifndef BENCH_PARALLEL_H
#define BENCH_PARALLEL_H

#include "method.h"

/* The number of CPUs this process may run on. */
int bench_cpu_count(void);

/* Pins the calling thread to CPU `cpu` (a CPU number as `taskset` knows
 * it); workers started later run on the allowed CPUs from `cpu` on.
 * 0, or -1 with errno (EINVAL: not a CPU this process may use). */
int bench_pin_run(int cpu);
/* The CPU the run is pinned to, or -1. */
int bench_pinned_cpu(void);

/* Runs fn(args[t]) on `threads` threads at once, `warmup` untimed rounds
 * then `repeats` timed ones; a sample is the wall ticks from the start of a
 * round until every thread has finished it, divided by `divisor`. When the
 * run is pinned, thread t runs on the t-th allowed CPU from the pinned one. */
bench_stats bench_time_parallel(void (*fn)(void *arg), void *const *args, unsigned threads,
                                unsigned warmup, unsigned repeats, double divisor);

#endif
