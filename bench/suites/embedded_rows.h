/* SPDX-License-Identifier: Apache-2.0 */
/* embedded_rows.h — one configuration's figures in `zucbench embedded`: the
 * summary of its runs, its result (with the suite's own columns: latency,
 * throughput, process and system figures) and its line of the terminal
 * table, in the document's Table 2 layout. */
#ifndef BENCH_SUITES_EMBEDDED_ROWS_H
#define BENCH_SUITES_EMBEDDED_ROWS_H

#include <stddef.h>

#include "embedded/matrix.h"
#include "method.h"
#include "units.h"
#include "sysmon.h"

typedef struct {
    const embedded_config *c;
    char status[200]; /* "" measured, else why not */
    unsigned runs;
    bench_stats latency; /* ms */
    double latency_mean, latency_sd, throughput_mbs;
    double cpu_percent, peak_rss_kb, mem_percent;
    size_t in_bytes, out_bytes;
    int sampled; /* the system sampler ran */
    sysmon_summary sys;
} embedded_row;

/* Fills in the figures of row->runs runs: latency[] in ms (sorted here), and the sums of
 * their CPU %, peak resident kB and memory %. */
void embedded_row_summarise(embedded_row *row, double *latency, double cpu, double rss, double mem);

/* Adds a measured row to the results. */
void embedded_row_record(const embedded_row *row);

/* The terminal table: its heading, and one row (its status if not measured);
 * the speed column in `unit` (MB/s by default). */
void embedded_table_header(suite_unit unit);
/* How the speed column follows from the latency: "MB/s = bytes / ms / 1000". */
const char *embedded_speed_legend(suite_unit unit);
void embedded_table_row(const embedded_row *row, suite_unit unit);

#endif
