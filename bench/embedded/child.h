/* SPDX-License-Identifier: Apache-2.0 */
/* child.h — one timed run of one configuration, in a process of its own:
 * `zucbench embedded --run-one NAME --file F [--out-dir D]`, which the
 * parent starts for every repeat so that each run's CPU time and peak
 * memory are its own (wait4 rusage). */
#ifndef BENCH_EMBEDDED_CHILD_H
#define BENCH_EMBEDDED_CHILD_H

#include <stddef.h>
#include <stdint.h>

/* The line the child prints on stdout. */
#define CHILD_REPORT_TAG "zucbench-embedded-run"

typedef struct {
    double latency_ms; /* key setup + encryption of the whole file, in memory */
    size_t in_bytes, out_bytes;
    uint64_t checksum; /* of the ciphertext */
} child_report;

/* Runs in the child: reads the file, encrypts it (timed), writes the output
 * to out_dir when given, prints the report line. Returns the exit code: 0,
 * 2 bad input, 3 the configuration cannot run or failed. */
int embedded_child_main(const char *name, const char *file, const char *out_dir);

/* Parses the child's stdout; 0, or -1 if it holds no report line. */
int child_report_parse(const char *text, child_report *out);

#endif
