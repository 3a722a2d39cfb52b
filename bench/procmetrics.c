/* SPDX-License-Identifier: Apache-2.0 */
/* procmetrics.c — fork, execv, capture stdout, wait4. */
#define _GNU_SOURCE
#include "procmetrics.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cleanup.h"
#include "sysmon.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static double tv_ms(struct timeval tv)
{
    return (double)tv.tv_sec * 1e3 + (double)tv.tv_usec / 1e3;
}

static void close_pair(int p[2])
{
    close(p[0]);
    close(p[1]);
}

static pid_t reap(pid_t pid, int *status, struct rusage *ru)
{
    pid_t r;
    do
        r = wait4(pid, status, 0, ru);
    while (r < 0 && errno == EINTR);
    cleanup_watch_child(0);
    return r;
}

/* Reads fd to EOF into a growing buffer. Past a failed allocation the rest
 * is read and dropped, so the child never blocks on a full pipe. */
static char *drain(int fd)
{
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    char sink[4096];
    for (;;) {
        if (buf && len + 1 == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (bigger) {
                buf = bigger;
                cap *= 2;
            } else {
                buf[len] = '\0';
                for (;;) {
                    ssize_t r = read(fd, sink, sizeof sink);
                    if (r == 0 || (r < 0 && errno != EINTR))
                        return buf;
                }
            }
        }
        ssize_t r = buf ? read(fd, buf + len, cap - 1 - len) : read(fd, sink, sizeof sink);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        if (buf)
            len += (size_t)r;
    }
    if (buf)
        buf[len] = '\0';
    return buf;
}

int proc_run(char *const argv[], proc_result *out)
{
    memset(out, 0, sizeof *out);
    if (!argv || !argv[0]) {
        snprintf(out->error, sizeof out->error, "no program to run");
        errno = EINVAL;
        return -1;
    }
    /* out: the child's stdout. status: closed by a successful execv
     * (O_CLOEXEC), or carries its errno when execv fails. */
    int outp[2], status_pipe[2];
    if (pipe2(outp, O_CLOEXEC) != 0) {
        snprintf(out->error, sizeof out->error, "cannot run '%s': pipe: %s", argv[0],
                 strerror(errno));
        return -1;
    }
    if (pipe2(status_pipe, O_CLOEXEC) != 0) {
        int e = errno;
        close_pair(outp);
        snprintf(out->error, sizeof out->error, "cannot run '%s': pipe: %s", argv[0], strerror(e));
        errno = e;
        return -1;
    }

    /* Signals wait until the child's pid is recorded: SIGINT/SIGTERM then
     * reach it too (common/cleanup.c), so that it removes its files. */
    sigset_t held;
    cleanup_hold_signals(&held);
    double t0 = now_ms();
    pid_t pid = fork();
    if (pid > 0)
        cleanup_watch_child(pid);
    if (pid != 0)
        cleanup_release_signals(&held);
    if (pid < 0) {
        int e = errno;
        close_pair(outp);
        close_pair(status_pipe);
        snprintf(out->error, sizeof out->error, "cannot run '%s': fork: %s", argv[0], strerror(e));
        errno = e;
        return -1;
    }
    if (pid == 0) {
        /* Only async-signal-safe calls here: the parent may have threads. */
        cleanup_release_signals(&held);
        int ok = outp[1] == STDOUT_FILENO ? fcntl(STDOUT_FILENO, F_SETFD, 0) == 0
                                          : dup2(outp[1], STDOUT_FILENO) >= 0;
        if (ok)
            execv(argv[0], argv);
        int e = errno;
        ssize_t w = write(status_pipe[1], &e, sizeof e);
        (void)w;
        _exit(127);
    }

    close(outp[1]);
    close(status_pipe[1]);
    int child_errno = 0;
    ssize_t got;
    do
        got = read(status_pipe[0], &child_errno, sizeof child_errno);
    while (got < 0 && errno == EINTR);
    close(status_pipe[0]);

    int status = 0;
    struct rusage ru;
    if (got == (ssize_t)sizeof child_errno) {
        close(outp[0]);
        reap(pid, &status, &ru);
        snprintf(out->error, sizeof out->error, "cannot execute '%s': %s", argv[0],
                 strerror(child_errno));
        errno = child_errno;
        return -1;
    }

    out->output = drain(outp[0]);
    close(outp[0]);
    memset(&ru, 0, sizeof ru);
    if (reap(pid, &status, &ru) != pid) {
        int e = errno;
        snprintf(out->error, sizeof out->error, "cannot wait for '%s': %s", argv[0], strerror(e));
        free(out->output);
        out->output = NULL;
        errno = e;
        return -1;
    }
    out->wall_ms = now_ms() - t0;
    if (!out->output) {
        out->output = malloc(1);
        if (out->output)
            out->output[0] = '\0';
    }

    out->user_ms = tv_ms(ru.ru_utime);
    out->sys_ms = tv_ms(ru.ru_stime);
    out->cpu_percent = out->wall_ms > 0 ? (out->user_ms + out->sys_ms) / out->wall_ms * 100.0 : 0.0;
    out->peak_rss_kb = ru.ru_maxrss; /* kB on Linux */
    sysmon_mem mem;
    if (sysmon_read(NULL, NULL, &mem, NULL) == 0 && mem.total_kb > 0)
        out->mem_percent = (double)out->peak_rss_kb / (double)mem.total_kb * 100.0;
    if (WIFEXITED(status))
        out->exit_status = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        out->exit_status = 128 + WTERMSIG(status);
    return 0;
}

void proc_result_free(proc_result *r)
{
    if (!r)
        return;
    free(r->output);
    r->output = NULL;
}
