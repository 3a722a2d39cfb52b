/* timer.h — cycle counters and their calibration against wall time.
 *
 * x86-64: RDTSC fenced with LFENCE on both sides (the vendors' recommended
 * way to keep the measured code inside the window). Elsewhere: the
 * CLOCK_MONOTONIC clock in ns. */
#ifndef BENCH_TIMER_H
#define BENCH_TIMER_H

#include <stdint.h>
#include <time.h>

#if defined(__x86_64__)
#include <x86intrin.h>
#define BENCH_HAVE_TSC 1
static inline uint64_t bench_ticks(void)
{
    _mm_lfence();
    uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
}
#else
#define BENCH_HAVE_TSC 0
static inline uint64_t bench_ticks(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#endif

typedef struct {
    const char *source;      /* "rdtsc" or "clock_gettime" */
    const char *unit;        /* "cycles" (TSC ticks) or "ns" */
    double ticks_per_ns;     /* measured: TSC frequency in GHz, or 1 */
    double core_ghz;         /* estimated core clock from a dependent-add chain; 0 if unknown */
} bench_timer_info;

/* Calibrates once (about 60 ms) and returns the result. */
const bench_timer_info *bench_timer(void);

/* Convert a tick count to nanoseconds. */
double bench_ticks_to_ns(double ticks);

#endif
