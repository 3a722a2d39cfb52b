/* SPDX-License-Identifier: Apache-2.0 */
/* burn.c — a child for the process-metrics test: spends --cpu-ms N
 * milliseconds of its own CPU time, allocates and touches --alloc-mb M MiB
 * (kept until the end), writes --print-kb K KiB and then one line to stdout
 * with the wall and CPU time it saw itself, and exits with --exit S. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double clock_ms(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static double cpu_ms(void)
{
    return clock_ms(CLOCK_PROCESS_CPUTIME_ID);
}

int main(int argc, char **argv)
{
    double wall_start = clock_ms(CLOCK_MONOTONIC);
    long want_ms = 0, alloc_mb = 0, print_kb = 0, status = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        long v = strtol(argv[i + 1], NULL, 10);
        if (strcmp(argv[i], "--cpu-ms") == 0)
            want_ms = v;
        else if (strcmp(argv[i], "--alloc-mb") == 0)
            alloc_mb = v;
        else if (strcmp(argv[i], "--print-kb") == 0)
            print_kb = v;
        else if (strcmp(argv[i], "--exit") == 0)
            status = v;
        else {
            fprintf(stderr, "burn: unknown option %s\n", argv[i]);
            return 2;
        }
    }

    size_t bytes = (size_t)alloc_mb << 20;
    volatile unsigned char *mem = bytes ? malloc(bytes) : NULL;
    if (bytes && !mem) {
        fprintf(stderr, "burn: cannot allocate %ld MiB\n", alloc_mb);
        return 2;
    }
    for (size_t i = 0; i < bytes; i += 1024) /* every page, whatever its size */
        mem[i] = (unsigned char)(i >> 10 | 1);

    double start = cpu_ms();
    volatile unsigned long x = 1;
    while (cpu_ms() - start < (double)want_ms)
        for (int i = 0; i < 100000; i++)
            x = x * 6364136223846793005UL + 1442695040888963407UL;

    char line[1024];
    memset(line, 'z', sizeof line - 1);
    line[sizeof line - 1] = '\n';
    for (long k = 0; k < print_kb; k++)
        fwrite(line, 1, sizeof line, stdout);

    unsigned long sum = 0;
    for (size_t i = 0; i < bytes; i += 1 << 20)
        sum += mem[i];
    printf("burn: cpu-ms %ld alloc-mb %ld wall %.3f cpu %.3f check %lu\n", want_ms, alloc_mb,
           clock_ms(CLOCK_MONOTONIC) - wall_start, cpu_ms(), sum + (x & 1));
    free((void *)mem);
    return (int)status;
}
