/* SPDX-License-Identifier: Apache-2.0 */
/* procmetrics.h — runs one child process and measures it, for
 * `zucbench embedded`: wall time, CPU time and usage, peak resident memory
 * and its share of physical memory, exit status, and its stdout.
 *
 * Plain Linux/POSIX (fork, execv, pipe, wait4). */
#ifndef BENCH_PROCMETRICS_H
#define BENCH_PROCMETRICS_H

typedef struct {
    double wall_ms;         /* fork -> reaped, CLOCK_MONOTONIC */
    double user_ms, sys_ms; /* rusage of the child */
    double cpu_percent;     /* (user+sys)/wall*100 */
    long peak_rss_kb;       /* ru_maxrss; see proc_run */
    double mem_percent;     /* peak_rss_kb / MemTotal * 100; 0 if /proc/meminfo is unreadable */
    int exit_status;        /* WEXITSTATUS, or 128+signal */
    char *
        output; /* everything the child wrote to stdout (malloc'd, NUL-terminated; caller frees), for the child's own report */
    char error[256]; /* why proc_run returned -1 */
} proc_result;

/* fork + execv(argv[0], argv) with stdout captured through a pipe (stderr
 * inherited), the pipe drained before wait4 reaps that pid for its rusage.
 * 0 if it ran (whatever its exit status); -1 if it could not be started
 * (errno set, out->error says why, out->output NULL).
 *
 * Linux carries the resident set the forked copy of this process had over
 * into the child's ru_maxrss at execve, so peak_rss_kb is never below this
 * process's own anonymous resident memory at the fork: keep the caller
 * small. */
int proc_run(char *const argv[], proc_result *out);
void proc_result_free(proc_result *r);

#endif
