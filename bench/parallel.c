/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE
#include "parallel.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#include "timer.h"

static int pinned = -1;

/* The CPUs this process was allowed to run on when it started. */
static const cpu_set_t *allowed_cpus(void)
{
    static cpu_set_t allowed;
    static int have;
    if (!have) {
        if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
            CPU_ZERO(&allowed);
        have = 1;
    }
    return &allowed;
}

/* The t-th allowed CPU counting from `first` (t = 0: first), wrapping. */
static int allowed_cpu_from(int first, unsigned t)
{
    const cpu_set_t *set = allowed_cpus();
    int n = CPU_COUNT(set);
    if (n == 0)
        return -1;
    t %= (unsigned)n;
    for (int i = 0; i < CPU_SETSIZE; i++) {
        int cpu = (first + i) % CPU_SETSIZE;
        if (CPU_ISSET(cpu, set) && t-- == 0)
            return cpu;
    }
    return -1;
}

int bench_cpu_count(void)
{
    int n = CPU_COUNT(allowed_cpus());
    return n > 0 ? n : 1;
}

static int pin_thread(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    int rc = pthread_setaffinity_np(pthread_self(), sizeof set, &set);
    if (rc != 0)
        errno = rc;
    return rc ? -1 : 0;
}

int bench_pin_run(int cpu)
{
    if (cpu < 0 || cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, allowed_cpus())) {
        errno = EINVAL;
        return -1;
    }
    if (pin_thread(cpu) != 0)
        return -1;
    pinned = cpu;
    return 0;
}

int bench_pinned_cpu(void)
{
    return pinned;
}

typedef struct {
    pthread_barrier_t *start, *done;
    void (*fn)(void *arg);
    void *arg;
    unsigned rounds;
    int cpu; /* -1: not pinned */
} worker;

static void *worker_main(void *p)
{
    worker *w = p;
    if (w->cpu >= 0)
        pin_thread(w->cpu);
    for (unsigned r = 0; r < w->rounds; r++) {
        pthread_barrier_wait(w->start);
        w->fn(w->arg);
        pthread_barrier_wait(w->done);
    }
    return NULL;
}

bench_stats bench_time_parallel(void (*fn)(void *arg), void *const *args, unsigned threads,
                                unsigned warmup, unsigned repeats, double divisor)
{
    pthread_barrier_t start, done;
    pthread_barrier_init(&start, NULL, threads + 1); /* the workers and this thread */
    pthread_barrier_init(&done, NULL, threads + 1);
    worker *w = calloc(threads, sizeof *w);
    pthread_t *tid = calloc(threads, sizeof *tid);
    double *samples = calloc(repeats, sizeof *samples);
    if (!w || !tid || !samples) {
        perror("zucbench");
        exit(1);
    }
    for (unsigned t = 0; t < threads; t++) {
        int cpu = pinned < 0 ? -1 : allowed_cpu_from(pinned, t);
        w[t] = (worker){ &start, &done, fn, args[t], warmup + repeats, cpu };
        if (pthread_create(&tid[t], NULL, worker_main, &w[t]) != 0) {
            perror("zucbench: cannot start a thread");
            exit(1);
        }
    }
    for (unsigned r = 0; r < warmup + repeats; r++) {
        uint64_t t0 = bench_ticks();
        pthread_barrier_wait(&start);
        pthread_barrier_wait(&done);
        uint64_t t1 = bench_ticks();
        if (r >= warmup)
            samples[r - warmup] = bench_counter_to_ticks((double)(t1 - t0)) / divisor;
    }
    for (unsigned t = 0; t < threads; t++)
        pthread_join(tid[t], NULL);
    pthread_barrier_destroy(&start);
    pthread_barrier_destroy(&done);
    bench_stats st = bench_stats_of(samples, repeats);
    st.samples = samples;
    free(tid);
    free(w);
    return st;
}
