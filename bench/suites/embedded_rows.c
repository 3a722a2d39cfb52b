/* SPDX-License-Identifier: Apache-2.0 */
#include "suites/embedded_rows.h"

#include <math.h>
#include <stdio.h>

#include "backends/stream.h"
#include "output.h"
#include "timer.h"
#include "zuc.h"

void embedded_row_summarise(embedded_row *row, double *latency, double cpu, double rss, double mem)
{
    double sum = 0, squares = 0;
    unsigned n = row->runs;
    for (unsigned i = 0; i < n; i++)
        sum += latency[i];
    row->latency_mean = sum / n;
    for (unsigned i = 0; i < n; i++)
        squares += (latency[i] - row->latency_mean) * (latency[i] - row->latency_mean);
    row->latency_sd = n > 1 ? sqrt(squares / (n - 1)) : 0;
    row->latency = bench_stats_of(latency, n);
    row->throughput_mbs =
        row->latency_mean > 0 ? (double)row->in_bytes / row->latency_mean / 1000 : 0;
    row->cpu_percent = cpu / n;
    row->peak_rss_kb = rss / n;
    row->mem_percent = mem / n;
}

/* Latency per byte, in ns, and in cycles at --cpu-mhz (0 if not given). */
static double ns_per_byte(const embedded_row *row)
{
    return row->in_bytes ? row->latency_mean * 1e6 / (double)row->in_bytes : 0;
}

static double cycles_per_byte(const embedded_row *row)
{
    double mhz = bench_timer()->cpu_mhz;
    return mhz > 0 ? bench_ns_to_cycles(ns_per_byte(row), mhz) : 0;
}

/* ---- the result ---------------------------------------------------------------------- */

static const char *implementation_of(const embedded_config *c)
{
    switch (c->engine) {
    case ENGINE_EVP: return "evp";
    case ENGINE_DESX_ECB: return "evp des-ecb + whitening";
    case ENGINE_SM2: return "evp-pkey";
    case ENGINE_BLOCK: return "mode layer";
    case ENGINE_ZUC128:
    case ENGINE_ZUC256: return zuc_impl_name();
    case ENGINE_STREAM: return ((const bench_stream *)c->impl)->variant;
    }
    return "";
}

#define MAX_COLUMNS 24

/* The configuration's own columns: what it is. */
static size_t config_columns(const embedded_config *c, bench_column *col)
{
    size_t n = 0;
    col[n++] = bench_column_text("name", "name", c->name);
    col[n++] = bench_column_text("family", NULL, c->family);
    col[n++] = bench_column_text("mode", NULL, c->mode);
    col[n++] = bench_column_count("key_bits", "key bits", c->key_bits);
    col[n++] = bench_column_count("block_bits", "block bits", c->block_bits);
    col[n++] = bench_column_count("rounds", "rounds", c->rounds);
    col[n++] = bench_column_flag("in_table1", NULL, c->in_table1);
    return n;
}

/* Its process's figures (the document's Table 2) and the system's. */
static size_t run_columns(const embedded_row *row, bench_column *col)
{
    size_t n = 0;
    const sysmon_summary *sys = &row->sys;
    col[n++] = bench_column_count("output_bytes", NULL, row->out_bytes);
    col[n++] = bench_column_real("latency_ms_mean", "latency ms", 4, row->latency_mean);
    col[n++] = bench_column_real("latency_ms_sd", "sd", 4, row->latency_sd);
    col[n++] = bench_column_real("throughput_mbs", "MB/s", 4, row->throughput_mbs);
    col[n++] = bench_column_real("cpu_percent", "CPU %", 2, row->cpu_percent);
    col[n++] = bench_column_real("peak_rss_kb", "peak KB", 0, row->peak_rss_kb);
    col[n++] = bench_column_real("mem_percent", "mem %", 3, row->mem_percent);
    col[n++] = bench_column_real("sys_cpu_percent", "system CPU %", 2, 100 * sys->cpu_util_overall);
    col[n++] = bench_column_real("sys_cpu_percent_max", NULL, 2, 100 * sys->cpu_util_max);
    col[n++] = bench_column_count("sys_mem_used_kb", "system memory KB", sys->mem_used_kb_max);
    col[n++] = bench_column_count("sys_mem_total_kb", NULL, sys->mem_total_kb);
    col[n++] = bench_column_count("net_rx_bytes", "net rx bytes", sys->net_rx_bytes);
    col[n++] = bench_column_count("net_tx_bytes", "net tx bytes", sys->net_tx_bytes);
    col[n++] = bench_column_count("sys_samples", NULL, sys->samples);
    col[n++] = bench_column_real("ns_per_byte", NULL, 4, ns_per_byte(row));
    if (bench_timer()->cpu_mhz > 0)
        col[n++] = bench_column_real("cycles_per_byte", "cycles/byte", 4, cycles_per_byte(row));
    return n;
}

void embedded_row_record(const embedded_row *row)
{
    const embedded_config *c = row->c;
    bench_column columns[MAX_COLUMNS];
    size_t n = config_columns(c, columns);
    n += run_columns(row, columns + n);
    bench_result r = { .suite = "embedded",
                       .algorithm = c->algorithm,
                       .configuration = c->mode,
                       .backend = c->backend,
                       .implementation = implementation_of(c),
                       .size_bytes = row->in_bytes,
                       .repeats = row->runs,
                       .unit = "ms",
                       .stats = row->latency,
                       .threads = 1,
                       .in_flight = 1,
                       .columns = columns,
                       .ncolumns = n };
    bench_results_add(&r);
}

/* ---- the terminal table, in the document's Table 2 layout ---------------------------- */

void embedded_table_header(suite_unit unit)
{
    printf("%-22s %4s %5s %4s %-6s %18s %11s %7s %9s %6s %7s %9s %13s", "configuration", "key",
           "block", "rnds", "mode", "latency ms (sd)", suite_unit_name(unit), "CPU %", "peak KB",
           "mem %", "sysCPU%", "sysmem MB", "net rx/tx KB");
    printf(bench_timer()->cpu_mhz > 0 ? " %9s\n" : "\n", "cyc/B");
}

const char *embedded_speed_legend(suite_unit unit)
{
    static char legend[96];
    if (unit == SUITE_UNIT_MBS)
        return "MB/s = bytes / ms / 1000";
    if (unit == SUITE_UNIT_GBPS)
        return "Gbps = bytes * 8 / ms / 10^6";
    snprintf(legend, sizeof legend, "%s = ms * 10^6 / bytes * %.3f %s per ns",
             suite_unit_name(unit), bench_timer()->ticks_per_ns, bench_timer()->unit);
    return legend;
}

void embedded_table_row(const embedded_row *row, suite_unit unit)
{
    const embedded_config *c = row->c;
    printf("%-22s %4u %5u %4u %-6s ", c->name, c->key_bits, c->block_bits, c->rounds, c->mode);
    if (row->status[0]) {
        printf("%s\n", row->status);
        return;
    }
    char latency[32], net[32];
    snprintf(latency, sizeof latency, "%.2f (%.2f)", row->latency_mean, row->latency_sd);
    snprintf(net, sizeof net, "%.0f/%.0f", row->sys.net_rx_bytes / 1024.0,
             row->sys.net_tx_bytes / 1024.0);
    double bytes_per_ns =
        row->latency_mean > 0 ? (double)row->in_bytes / (row->latency_mean * 1e6) : 0;
    printf("%18s %11.3f %7.2f %9.0f %6.3f %7.2f %9.1f %13s", latency,
           suite_unit_of_rate(unit, bytes_per_ns), row->cpu_percent, row->peak_rss_kb,
           row->mem_percent, 100 * row->sys.cpu_util_overall, row->sys.mem_used_kb_max / 1024.0,
           net);
    if (bench_timer()->cpu_mhz > 0)
        printf(" %9.2f", cycles_per_byte(row));
    printf("\n");
}
