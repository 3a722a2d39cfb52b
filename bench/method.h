/* SPDX-License-Identifier: Apache-2.0 */
/* method.h — the eSTREAM way of timing: C repeats (C odd, default 21) of a
 * timed batch, sorted; the median and quartiles are reported. */
#ifndef BENCH_METHOD_H
#define BENCH_METHOD_H

#include <stddef.h>
#include <stdint.h>

#define BENCH_DEFAULT_REPEATS 21

typedef struct {
    double median, q1, q3;   /* in ticks */
    double min, max;
    size_t n;
    double *samples;         /* bench_time's n samples, sorted (for significance tests
                              * and the results file), owned: bench_stats_release; NULL
                              * from bench_stats_of */
} bench_stats;

/* Statistics of n samples (sorted in place). Quartiles: the medians of the
 * lower and upper halves (Tukey's hinges), the median excluded when n is odd. */
bench_stats bench_stats_of(double *samples, size_t n);

/* Times fn(arg) `repeats` times after `warmup` untimed calls; each sample is
 * the ticks of one call divided by `divisor` (e.g. bytes processed). The
 * result holds the samples: release it. */
bench_stats bench_time(void (*fn)(void *arg), void *arg, unsigned warmup, unsigned repeats,
                       double divisor);

/* Frees st->samples. */
void bench_stats_release(bench_stats *st);

/* A cell is noisy when its quartiles lie further apart than this share of
 * its median: then the run says so. */
#define BENCH_NOISY_SPREAD 0.20
int bench_stats_noisy(const bench_stats *st);

#endif
