/* SPDX-License-Identifier: Apache-2.0 */
/* timer.h — the tick counter, its calibration against wall time, and the
 * unit the suites report in.
 *
 * The counter (bench_ticks):
 *   x86-64   RDTSC fenced with LFENCE on both sides (the vendors' recommended
 *            way to keep the measured code inside the window);
 *   AArch64  the generic timer's virtual count CNTVCT_EL0 after an ISB, at
 *            the frequency CNTFRQ_EL0 gives;
 *   other    CLOCK_MONOTONIC in ns (32-bit ARM kernels rarely let user space
 *            read CNTVCT).
 *
 * What the suites report (a "tick" of the results files): TSC ticks on
 * x86-64, called cycles; ns everywhere else; and with --cpu-mhz MHZ, cycles
 * of a core at MHZ computed from the time (cycles = ns * MHZ / 1000). The
 * timing code converts counter ticks to that unit as it records a sample
 * (bench_counter_to_ticks). */
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
#elif defined(__aarch64__)
#define BENCH_HAVE_TSC 0
#define BENCH_HAVE_CNTVCT 1
static inline uint64_t bench_ticks(void)
{
    uint64_t t;
    /* the ISB keeps the read from being done before earlier instructions */
    __asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(t) : : "memory");
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
#ifndef BENCH_HAVE_CNTVCT
#define BENCH_HAVE_CNTVCT 0
#endif

typedef struct {
    const char *source;      /* the counter: "rdtsc", "cntvct_el0" or "clock_gettime" */
    double counter_ghz;      /* its ticks per ns: TSC or CNTFRQ frequency in GHz, or 1 */
    const char *unit;        /* what the suites report: "cycles" or "ns" */
    const char *unit_note;   /* what that unit is, for headers ("TSC ticks", ...) */
    double ticks_per_ns;     /* reported units per ns: the TSC GHz, 1 for ns, MHZ/1000 */
    double cpu_mhz;          /* --cpu-mhz, or 0 */
    double core_ghz;         /* estimated core clock from a dependent-add chain; 0 if unknown */
} bench_timer_info;

/* Calibrates once (about 60 ms on x86-64) and returns the result. */
const bench_timer_info *bench_timer(void);

/* --cpu-mhz: report cycles of a core at mhz (0 < mhz <= 100000) computed from
 * the time. Call before the first bench_timer(); 0, or -1 if out of range. */
int bench_timer_set_cpu_mhz(double mhz);

/* cycles = ns * mhz / 1000 */
double bench_ns_to_cycles(double ns, double mhz);

/* A counter interval in the reported unit. */
double bench_counter_to_ticks(double counter_ticks);

/* Convert a reported tick count (cycles or ns) to nanoseconds. */
double bench_ticks_to_ns(double ticks);
/* Convert a counter interval to nanoseconds. */
double bench_counter_to_ns(double counter_ticks);

#endif
