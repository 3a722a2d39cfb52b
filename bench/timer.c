/* SPDX-License-Identifier: Apache-2.0 */
/* timer.c — calibration of the tick counter against CLOCK_MONOTONIC, the
 * core cycle counter through perf_event, and the unit the suites report in. */
#include "timer.h"

#if BENCH_HAVE_TSC && defined(__linux__)
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#define BENCH_HAVE_PERF 1
#else
#define BENCH_HAVE_PERF 0
#endif

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
    if ((a <= b && b <= c) || (c <= b && b <= a))
        return b;
    if ((b <= a && a <= c) || (c <= a && a <= b))
        return a;
    return c;
}
#endif

#if BENCH_HAVE_TSC
/* The core clock, from a chain of dependent additions (one per cycle on
 * every current x86-64 core): cycles = additions; GHz = additions / ns.
 * Eight to an iteration: with one, the loop's own branch bounds it (two
 * cycles an iteration on Zen 3, which read as half the clock). Register
 * operands, not immediates: Intel's cores from Golden Cove on fold small
 * immediate additions away at renaming, which read as five times the
 * clock on a Xeon of that family. */
static double estimate_core_ghz(void)
{
    const long n = 200000000;
    double best = 0;
    for (int r = 0; r < 3; r++) {
        uint64_t x = 1, one = 1;
        double t0 = now_ns();
        for (long i = 0; i < n; i += 8)
            __asm__ volatile("add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                             "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0"
                             : "+r"(x)
                             : "r"(one));
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

#if BENCH_HAVE_TSC
int bench_counting_cycles;
#endif

#if BENCH_HAVE_PERF
/* The cycle counter of the thread that opened it: user mode only. */
static int cycles_fd = -1;
static struct perf_event_mmap_page *cycles_page;
static char cycles_problem[160];

/* Opens the counter once; NULL, or why it cannot be had. */
static const char *open_cycle_counter(void)
{
    static int tried;
    if (tried++)
        return cycles_fd >= 0 ? NULL : cycles_problem;
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.type = PERF_TYPE_HARDWARE;
    attr.size = sizeof attr;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    cycles_fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    if (cycles_fd < 0) {
        int paranoid = -9;
        FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
        if (f) {
            if (fscanf(f, "%d", &paranoid) != 1)
                paranoid = -9;
            fclose(f);
        }
        snprintf(cycles_problem, sizeof cycles_problem, "perf_event_open(cycles): %s%s",
                 strerror(errno),
                 errno == ENOENT || errno == EOPNOTSUPP ? " (no hardware cycle counter here, "
                                                          "as in many VMs)"
                 : paranoid > 2                         ? " (kernel.perf_event_paranoid > 2)"
                                                        : "");
        return cycles_problem;
    }
    void *page = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_READ, MAP_SHARED, cycles_fd, 0);
    cycles_page = page == MAP_FAILED ? NULL : page;
    uint64_t probe;
    if (read(cycles_fd, &probe, sizeof probe) != (ssize_t)sizeof probe) {
        snprintf(cycles_problem, sizeof cycles_problem, "perf_event cycles: cannot be read");
        close(cycles_fd);
        cycles_fd = -1;
        return cycles_problem;
    }
    return NULL;
}

/* RDPMC where the kernel lets user space use it (the page's seqlock
 * guards against a reschedule in between), else read(). */
static int user_rdpmc(void)
{
    return cycles_page && cycles_page->cap_user_rdpmc && cycles_page->index;
}

uint64_t bench_core_cycles(void)
{
    if (cycles_page) {
        uint32_t seq;
        uint64_t count = 0;
        int rdpmc_ok;
        do {
            seq = cycles_page->lock;
            __asm__ volatile("" ::: "memory");
            rdpmc_ok = user_rdpmc();
            if (rdpmc_ok) {
                unsigned width = cycles_page->pmc_width;
                _mm_lfence();
                uint64_t pmc = __rdpmc((int)cycles_page->index - 1);
                _mm_lfence();
                pmc <<= 64 - width; /* sign-extend the counter's width */
                count = (uint64_t)cycles_page->offset + (uint64_t)((int64_t)pmc >> (64 - width));
            }
            __asm__ volatile("" ::: "memory");
        } while (cycles_page->lock != seq);
        if (rdpmc_ok)
            return count;
    }
    uint64_t v = 0;
    if (read(cycles_fd, &v, sizeof v) != (ssize_t)sizeof v)
        return 0;
    return v;
}
#elif BENCH_HAVE_TSC
uint64_t bench_core_cycles(void)
{
    return 0;
}
#endif

static bench_counter_choice counter_choice = BENCH_COUNTER_AUTO;

void bench_timer_set_counter(bench_counter_choice choice)
{
    counter_choice = choice;
}

const char *bench_timer_counter_problem(void)
{
#if BENCH_HAVE_PERF
    return open_cycle_counter();
#else
    return "core cycles are counted on x86-64 Linux only";
#endif
}

static bench_timer_info info;
static double requested_mhz;

int bench_timer_set_cpu_mhz(double mhz)
{
    if (!(mhz > 0 && mhz <= 100000))
        return -1;
    requested_mhz = mhz;
    if (info.source) { /* already calibrated: switch the reported unit now */
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
    info.source = "rdtsc";
    info.unit_note = "TSC ticks";
    if (counter_choice != BENCH_COUNTER_TSC && bench_timer_counter_problem() == NULL) {
        bench_counting_cycles = 1;
        info.core_cycles = 1;
#if BENCH_HAVE_PERF
        info.source = user_rdpmc() ? "perf_event cycles (rdpmc)" : "perf_event cycles (read)";
#endif
        info.unit_note = "core cycles";
    }
    info.counter_ghz = measure_tick_rate();
    if (bench_counting_cycles && !(info.counter_ghz > 0.2 && info.counter_ghz < 10)) {
#if BENCH_HAVE_PERF
        snprintf(cycles_problem, sizeof cycles_problem,
                 "perf_event cycles ran at %.3g GHz while "
                 "timed against the clock: not a core's cycles",
                 info.counter_ghz);
        close(cycles_fd);
        cycles_fd = -1;
#endif
        bench_counting_cycles = 0; /* implausible: back to the TSC */
        info.core_cycles = 0;
        info.source = "rdtsc";
        info.unit_note = "TSC ticks";
        info.counter_ghz = measure_tick_rate();
    }
    info.core_ghz = estimate_core_ghz();
    info.unit = "cycles";
    info.ticks_per_ns = info.counter_ghz;
#else
#if BENCH_HAVE_CNTVCT
    info.source = "cntvct_el0";
    info.counter_ghz = cntfrq_ghz();
    if (!(info.counter_ghz > 0)) /* CNTFRQ left unset by the firmware: measure it */
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
    if (t->ticks_per_ns == t->counter_ghz) /* the counter is the unit: no rounding */
        return counter_ticks;
    return counter_ticks / t->counter_ghz * t->ticks_per_ns;
}

double bench_ticks_to_ns(double ticks)
{
    return ticks / bench_timer()->ticks_per_ns;
}
