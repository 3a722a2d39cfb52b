/* timer.c — calibration of the cycle counter against CLOCK_MONOTONIC. */
#include "timer.h"

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

static bench_timer_info info;

const bench_timer_info *bench_timer(void)
{
    if (info.source)
        return &info;
#if BENCH_HAVE_TSC
    info.source = "rdtsc";
    info.unit = "cycles";
    info.ticks_per_ns = measure_tick_rate();
    info.core_ghz = estimate_core_ghz();
#else
    info.source = "clock_gettime";
    info.unit = "ns";
    info.ticks_per_ns = 1.0;
    info.core_ghz = 0;
#endif
    return &info;
}

double bench_ticks_to_ns(double ticks)
{
    return ticks / bench_timer()->ticks_per_ns;
}
