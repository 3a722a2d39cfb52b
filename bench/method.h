/* SPDX-License-Identifier: Apache-2.0 */
/* method.h — the eSTREAM way of timing: C repeats (C odd, default 21) of a
 * timed batch, sorted; the median and quartiles are reported. */
#ifndef BENCH_METHOD_H
#define BENCH_METHOD_H

#include <stddef.h>
#include <stdint.h>

#define BENCH_DEFAULT_REPEATS 21

typedef struct {
    double median, q1, q3; /* in ticks */
    double min, max;
    size_t n;
    double *samples; /* bench_time's n samples, sorted (for significance tests
                              * and the results file), owned: bench_stats_release; NULL
                              * from bench_stats_of */
} bench_stats;

/* Statistics of n samples (sorted in place). Quartiles: the medians of the
 * lower and upper halves (Tukey's hinges), the median excluded when n is odd. */
bench_stats bench_stats_of(double *samples, size_t n);

/* Untimed calls before the repeats of a cell (--warmup, default 2). */
#define BENCH_DEFAULT_WARMUP 2
void bench_set_warmup(unsigned warmup);
unsigned bench_warmup(void);

/* Repeats to a confidence (--min-repeats A --max-repeats B): a cell repeats
 * at least A and at most B times, and stops as soon as the 95% confidence
 * interval of its median (distribution-free, from order statistics) lies
 * within +-BENCH_CI_TARGET of it. Unset (0, 0): `repeats` fixed. */
#define BENCH_CI_TARGET 0.005
int bench_set_repeat_range(unsigned min_repeats, unsigned max_repeats);
/* Whether repeats can stop after n of them (samples[0..n), any order): a
 * fixed count reached, or within the range, n odd and the median settled. */
int bench_repeats_done(const double *samples, size_t n, unsigned repeats);
/* "median of 21", or "median of 11..101 repeats, until ...": for the
 * method line of a suite whose fixed count is `repeats`. */
const char *bench_repeats_phrase(unsigned repeats);
/* The repeats a cell takes at most: `repeats`, or the range's maximum. */
unsigned bench_max_repeats(unsigned repeats);

/* Times fn(arg) `repeats` times (or to a confidence, see above) after
 * `warmup` untimed calls; each sample is the ticks of one call divided by
 * `divisor` (e.g. bytes processed). The result holds the samples (st.n of
 * them): release it. */
bench_stats bench_time(void (*fn)(void *arg), void *arg, unsigned warmup, unsigned repeats,
                       double divisor);

/* Frees st->samples. */
void bench_stats_release(bench_stats *st);

/* A cell is noisy when its quartiles lie further apart than this share of
 * its median: then the run says so. */
#define BENCH_NOISY_SPREAD 0.20
int bench_stats_noisy(const bench_stats *st);

#endif
