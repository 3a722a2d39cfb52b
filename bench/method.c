/* SPDX-License-Identifier: Apache-2.0 */
#include "method.h"

#include <stdlib.h>

#include "timer.h"

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

bench_stats bench_time(void (*fn)(void *arg), void *arg, unsigned warmup, unsigned repeats,
                       double divisor)
{
    double *samples = malloc(repeats * sizeof *samples);
    for (unsigned i = 0; i < warmup; i++)
        fn(arg);
    for (unsigned i = 0; i < repeats; i++) {
        uint64_t t0 = bench_ticks();
        fn(arg);
        uint64_t t1 = bench_ticks();
        samples[i] = bench_counter_to_ticks((double)(t1 - t0)) / divisor;
    }
    bench_stats st = bench_stats_of(samples, repeats);
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
