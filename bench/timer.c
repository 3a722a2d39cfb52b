/* SPDX-License-Identifier: Apache-2.0 */
/* timer.c — calibration of the tick counter against CLOCK_MONOTONIC, and
 * the unit the suites report in. */
#include "timer.h"

#if BENCH_HAVE_TSC || BENCH_HAVE_CNTVCT
static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Ticks per ns over a 20 ms busy window, three times; the median. */
static double measure_tick_rate(void)
{
    double rates[3];
    for (int r = 0; r < 3; r++) {
        double t0 = now_ns();
        uint64_t c0 = bench_ticks();
        while (now_ns() - t0 < 20e6)
            ;
        uint64_t c1 = bench_ticks();
        double t1 = now_ns();
        rates[r] = (double)(c1 - c0) / (t1 - t0);
    }
    double a = rates[0], b = rates[1], c = rates[2];
    if ((a <= b && b <= c) || (c <= b && b <= a)) return b;
    if ((b <= a && a <= c) || (c <= a && a <= b)) return a;
    return c;
}
#endif

#if BENCH_HAVE_TSC
/* The core clock, from a chain of dependent additions (one per cycle on
 * every current x86-64 core): cycles = additions; GHz = additions / ns. */
static double estimate_core_ghz(void)
{
    const long n = 200000000;
    double best = 0;
    for (int r = 0; r < 3; r++) {
        uint64_t x = 1;
        double t0 = now_ns();
        for (long i = 0; i < n; i++)
            __asm__ volatile("add $1, %0" : "+r"(x));
        double t1 = now_ns();
        double ghz = n / (t1 - t0);
        if (ghz > best)
            best = ghz;
    }
    return best;
}
#endif

#if BENCH_HAVE_CNTVCT
/* The generic timer's frequency, as the firmware set it in CNTFRQ_EL0. */
static double cntfrq_ghz(void)
{
    uint64_t hz;
    __asm__ volatile("mrs %0, cntfrq_el0" : "=r"(hz));
    return (double)hz / 1e9;
}
#endif

static bench_timer_info info;
static double requested_mhz;

int bench_timer_set_cpu_mhz(double mhz)
{
    if (!(mhz > 0 && mhz <= 100000))
        return -1;
    requested_mhz = mhz;
    if (info.source) {              /* already calibrated: switch the reported unit now */
        info.cpu_mhz = mhz;
        info.unit = "cycles";
        info.unit_note = "cycles at --cpu-mhz, ns * MHz / 1000";
        info.ticks_per_ns = mhz / 1000;
    }
    return 0;
}

double bench_ns_to_cycles(double ns, double mhz)
{
    return ns * mhz / 1000;
}

const bench_timer_info *bench_timer(void)
{
    if (info.source)
        return &info;
#if BENCH_HAVE_TSC
    info.counter_ghz = measure_tick_rate();
    info.core_ghz = estimate_core_ghz();
    info.source = "rdtsc";
    info.unit = "cycles";
    info.unit_note = "TSC ticks";
    info.ticks_per_ns = info.counter_ghz;
#else
#if BENCH_HAVE_CNTVCT
    info.source = "cntvct_el0";
    info.counter_ghz = cntfrq_ghz();
    if (!(info.counter_ghz > 0))    /* CNTFRQ left unset by the firmware: measure it */
        info.counter_ghz = measure_tick_rate();
#else
    info.source = "clock_gettime";
    info.counter_ghz = 1;
#endif
    info.unit = "ns";
    info.unit_note = "ns";
    info.ticks_per_ns = 1;
    info.core_ghz = 0;
#endif
    if (requested_mhz > 0)
        bench_timer_set_cpu_mhz(requested_mhz);
    return &info;
}

double bench_counter_to_ns(double counter_ticks)
{
    return counter_ticks / bench_timer()->counter_ghz;
}

double bench_counter_to_ticks(double counter_ticks)
{
    const bench_timer_info *t = bench_timer();
    if (t->ticks_per_ns == t->counter_ghz)  /* the counter is the unit: no rounding */
        return counter_ticks;
    return counter_ticks / t->counter_ghz * t->ticks_per_ns;
}

double bench_ticks_to_ns(double ticks)
{
    return ticks / bench_timer()->ticks_per_ns;
}
