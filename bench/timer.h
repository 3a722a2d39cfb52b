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
 * On x86-64 Linux, where perf_event_open gives the core's cycle counter to
 * user space (the kernel's perf_event_paranoid allows it, the machine or VM
 * exposes a PMU), the counter is that instead (--counter auto, the
 * default, or cycles): core cycles of the timing thread, user mode only,
 * read with RDPMC where the kernel allows it, else with read(), as
 * SUPERCOP's cpucycles does. Runs on several threads (--threads) keep the
 * TSC: a wall-clock interval over all threads is no one thread's cycles.
 *
 * What the suites report (a "tick" of the results files): core cycles or
 * TSC ticks on x86-64, called cycles; ns everywhere else; and with
 * --cpu-mhz MHZ, cycles of a core at MHZ computed from the time (cycles =
 * ns * MHZ / 1000). The timing code converts counter ticks to that unit as
 * it records a sample (bench_counter_to_ticks). */
#ifndef BENCH_TIMER_H
#define BENCH_TIMER_H

#include <stdint.h>
#include <time.h>

#if defined(__x86_64__)
#include <x86intrin.h>
#define BENCH_HAVE_TSC 1
/* Set by bench_timer() when the core cycle counter is the counter. */
extern int bench_counting_cycles;
uint64_t bench_core_cycles(void);
static inline uint64_t bench_ticks(void)
{
    if (bench_counting_cycles)
        return bench_core_cycles();
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
    const char *source;    /* the counter: "rdtsc", "perf_event cycles (rdpmc)" or
                              * "(read)", "cntvct_el0" or "clock_gettime" */
    double counter_ghz;    /* its ticks per ns: TSC or CNTFRQ frequency in GHz, or 1 */
    const char *unit;      /* what the suites report: "cycles" or "ns" */
    const char *unit_note; /* what that unit is, for headers ("TSC ticks", "core
                              * cycles", ...) */
    int core_cycles;       /* 1: the counter counts this thread's core cycles */
    double ticks_per_ns;   /* reported units per ns: the TSC GHz, 1 for ns, MHZ/1000 */
    double cpu_mhz;        /* --cpu-mhz, or 0 */
    double core_ghz;       /* estimated core clock from a dependent-add chain; 0 if unknown */
} bench_timer_info;

/* Calibrates once (about 60 ms on x86-64) and returns the result. */
const bench_timer_info *bench_timer(void);

/* --counter: which counter times the runs. Call before the first
 * bench_timer(). */
typedef enum {
    BENCH_COUNTER_AUTO, /* core cycles where perf_event gives them, else the TSC */
    BENCH_COUNTER_TSC,
    BENCH_COUNTER_CYCLES, /* core cycles, or bench_timer_counter_problem() says why not */
} bench_counter_choice;
void bench_timer_set_counter(bench_counter_choice choice);

/* NULL if core cycles can be counted here, else why not (for --counter
 * cycles, and `zucbench list`). Opens the counter on the calling thread. */
const char *bench_timer_counter_problem(void);

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
