/* SPDX-License-Identifier: Apache-2.0 */
#include "method.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timer.h"

static unsigned warmup_calls = BENCH_DEFAULT_WARMUP;
static unsigned range_min, range_max; /* 0, 0: the fixed count */

void bench_set_warmup(unsigned warmup)
{
    warmup_calls = warmup;
}

unsigned bench_warmup(void)
{
    return warmup_calls;
}

int bench_set_repeat_range(unsigned min_repeats, unsigned max_repeats)
{
    if (min_repeats < 1 || max_repeats < min_repeats)
        return -1;
    range_min = min_repeats;
    range_max = max_repeats;
    return 0;
}

const char *bench_repeats_phrase(unsigned repeats)
{
    static char phrase[160];
    if (range_max == 0)
        snprintf(phrase, sizeof phrase, "median of %u", repeats);
    else
        snprintf(phrase, sizeof phrase,
                 "median of %u..%u repeats (until the median's 95%% "
                 "interval is within +-%.1f%%)",
                 range_min, range_max, 100 * BENCH_CI_TARGET);
    return phrase;
}

unsigned bench_max_repeats(unsigned repeats)
{
    return range_max ? range_max : repeats;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of_sorted(const double *v, size_t n)
{
    if (n == 0)
        return 0;
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

bench_stats bench_stats_of(double *samples, size_t n)
{
    bench_stats st = { 0 };
    st.n = n;
    if (n == 0)
        return st;
    qsort(samples, n, sizeof *samples, compare_doubles);
    st.median = median_of_sorted(samples, n);
    st.q1 = n > 1 ? median_of_sorted(samples, n / 2) : samples[0];
    st.q3 = n > 1 ? median_of_sorted(samples + (n + 1) / 2, n / 2) : samples[0];
    st.min = samples[0];
    st.max = samples[n - 1];
    return st;
}

/* Whether the n samples' median is known to +-BENCH_CI_TARGET at 95%: the
 * order statistics at ranks n/2 -+ 0.98 sqrt(n) bound it (the normal
 * approximation of the binomial interval). */
static int median_settled(const double *samples, size_t n)
{
    double *sorted = malloc(n * sizeof *sorted);
    if (!sorted)
        return 1;
    memcpy(sorted, samples, n * sizeof *sorted);
    bench_stats st = bench_stats_of(sorted, n);
    double half = 0.98 * sqrt((double)n);
    long lo = (long)floor(n / 2.0 - half), hi = (long)ceil(n / 2.0 + half);
    int settled = lo >= 0 && hi < (long)n && st.median > 0 &&
                  sorted[hi] - st.median <= BENCH_CI_TARGET * st.median &&
                  st.median - sorted[lo] <= BENCH_CI_TARGET * st.median;
    free(sorted);
    return settled;
}

int bench_repeats_done(const double *samples, size_t n, unsigned repeats)
{
    if (!range_max)
        return n >= repeats;
    if (n >= range_max)
        return 1;
    return n >= range_min && n % 2 == 1 && median_settled(samples, n);
}

bench_stats bench_time(void (*fn)(void *arg), void *arg, unsigned warmup, unsigned repeats,
                       double divisor)
{
    unsigned most = range_max ? range_max : repeats;
    double *samples = malloc(most * sizeof *samples);
    if (!samples) {
        perror("zucbench");
        exit(1);
    }
    for (unsigned i = 0; i < warmup; i++)
        fn(arg);
    unsigned n = 0;
    while (n < most) {
        uint64_t t0 = bench_ticks();
        fn(arg);
        uint64_t t1 = bench_ticks();
        samples[n++] = bench_counter_to_ticks((double)(t1 - t0)) / divisor;
        /* to a confidence: checked at odd counts, so the median is a sample */
        if (range_max && n >= range_min && n % 2 == 1 && median_settled(samples, n))
            break;
    }
    bench_stats st = bench_stats_of(samples, n);
    st.samples = samples;
    return st;
}

void bench_stats_release(bench_stats *st)
{
    free(st->samples);
    st->samples = NULL;
}

int bench_stats_noisy(const bench_stats *st)
{
    return st->median > 0 && st->q3 - st->q1 > BENCH_NOISY_SPREAD * st->median;
}
