/* SPDX-License-Identifier: Apache-2.0 */
/* sysmon.h — system-level readings from /proc for `zucbench embedded`:
 * CPU utilisation (/proc/stat), used memory (/proc/meminfo) and bytes per
 * network interface (/proc/net/dev), read once or sampled by a thread.
 *
 * Plain Linux/POSIX: the same code runs on the ARM boards. The parsers take
 * the files' text, so stored samples of other kernels can be tested. */
#ifndef BENCH_SYSMON_H
#define BENCH_SYSMON_H

#include <stddef.h>

#define SYSMON_MAX_IFACES 16

/* Jiffies (USER_HZ) of the aggregate "cpu" line: total is user + nice +
 * system + idle + iowait + irq + softirq + steal, whichever of these the
 * kernel prints (at least the first four); guest and guest_nice are left
 * out because the kernel already counts them in user and nice. idle is
 * idle + iowait. */
typedef struct {
    unsigned long long total, idle;
} sysmon_cpu;

/* kB. available is MemAvailable, or MemFree + Buffers + Cached on kernels
 * before 3.14 which lack it; used = total - available. */
typedef struct {
    unsigned long long total_kb, used_kb, available_kb;
} sysmon_mem;

typedef struct {
    char name[32];
    unsigned long long rx_bytes, tx_bytes;
} sysmon_iface;
/* The first SYSMON_MAX_IFACES interfaces in file order; n_omitted counts
 * the ones beyond. */
typedef struct {
    size_t n;
    sysmon_iface iface[SYSMON_MAX_IFACES];
    size_t n_omitted;
} sysmon_net;

/* Parsers of the files' text; 0 ok, -1 malformed (out is then unspecified). */
int sysmon_parse_stat(const char *text, sysmon_cpu *out);
int sysmon_parse_meminfo(const char *text, sysmon_mem *out);
int sysmon_parse_net_dev(const char *text, sysmon_net *out);

/* Reads <proc_root>/stat, /meminfo and /net/dev (proc_root NULL: "/proc");
 * a NULL output skips its file. 0 ok; -1 with errno set (EBADMSG when a
 * file is malformed). */
int sysmon_read(const char *proc_root, sysmon_cpu *cpu, sysmon_mem *mem, sysmon_net *net);

/* 1 - d_idle/d_total between two readings, in [0,1]; 0 when d_total == 0
 * (or when a counter went backwards). */
double sysmon_cpu_utilisation(const sysmon_cpu *before, const sysmon_cpu *after);

/* Bytes received and sent between two readings, summed over the interfaces
 * present in both except "lo"; an interface whose counters went backwards
 * (reset) counts 0. */
void sysmon_net_delta(const sysmon_net *before, const sysmon_net *after,
                      unsigned long long *rx_bytes, unsigned long long *tx_bytes);

/* The sampler: reads stat, meminfo and net/dev at start, then stat and
 * meminfo every interval_ms on its own thread, and all three at stop. */
typedef struct {
    /* Over the sampling intervals; an interval in which no jiffy elapsed is
     * merged into the next one. With no complete interval, both equal the
     * overall figure; cpu_util_max is never below it. */
    double cpu_util_mean, cpu_util_max;
    double cpu_util_overall; /* before -> after */
    unsigned long long mem_used_kb_before, mem_used_kb_max, mem_used_kb_after, mem_total_kb;
    unsigned long long net_rx_bytes,
        net_tx_bytes;   /* after - before, summed over interfaces except "lo" */
    size_t samples;     /* readings taken by the thread */
    size_t intervals;   /* intervals in cpu_util_mean/max */
    size_t read_errors; /* readings of the thread that failed */
} sysmon_summary;

typedef struct sysmon_sampler sysmon_sampler;
/* NULL + errno on failure (the first reading failed, interval_ms == 0, no
 * memory, no thread). */
sysmon_sampler *sysmon_start(const char *proc_root, unsigned interval_ms);
/* Stops and joins the thread, takes the last reading, fills out (may be
 * NULL) and frees s. 0 ok, -1 + errno when the last reading failed (out
 * then holds the figures up to the last sample). */
int sysmon_stop(sysmon_sampler *s, sysmon_summary *out);

#endif
