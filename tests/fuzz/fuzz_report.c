/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE
#include "fuzz_report.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int report_fd = 2;

/* Runs before main, so before libFuzzer can close fd 2. */
__attribute__((constructor)) static void keep_stderr(void)
{
    int fd = dup(2);
    if (fd >= 0)
        report_fd = fd;
}

void fuzz_fail(const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0)
        n = 0;
    if ((size_t)n > sizeof line - 2)
        n = (int)sizeof line - 2;
    line[n++] = '\n';
    ssize_t w = write(report_fd, line, (size_t)n);
    (void)w;
    abort();
}
