/* SPDX-License-Identifier: Apache-2.0 */
/* imix_batch — what an Imix batch costs in one many-message call, beside
 * what its sizes cost alone: N jobs of 40, 576 and 1500 bytes as 7:4:1
 * through zuc_eea3_n, then N jobs of each size alone; prints ns/byte (the
 * best of R calls each) and the batch over the weighted mix of the three.
 *   imix_batch [JOBS [IMPL [REPEATS]]]     defaults: 1200 auto 31 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "zuc.h"

static const size_t pattern[12] = { 40, 40, 40, 40, 40, 40, 40, 576, 576, 576, 576, 1500 };

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return 1e9 * (double)t.tv_sec + (double)t.tv_nsec;
}

/* ns per byte of one zuc_eea3_n call over jobs of these lengths, the best of
 * `repeats` calls; < 0 when out of memory. */
static double time_batch(const size_t *lens, size_t n, int repeats)
{
    size_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += lens[i];
    uint8_t key[16] = { 1 }, *buf = malloc(total);
    zuc_eea3_job *jobs = calloc(n, sizeof *jobs);
    if (!buf || !jobs) {
        free(buf), free(jobs);
        return -1;
    }
    memset(buf, 0x5A, total);
    for (size_t i = 0, off = 0; i < n; off += lens[i], i++)
        jobs[i] = (zuc_eea3_job){ key, (uint32_t)i, 1, 0, buf + off, buf + off, 8 * lens[i] };
    double best = 1e300;
    for (int r = 0; r < repeats; r++) {
        double t = now_ns();
        zuc_eea3_n(jobs, n);
        t = (now_ns() - t) / (double)total;
        best = t < best ? t : best;
    }
    free(buf), free(jobs);
    return best;
}

static int usage(const char *why)
{
    fprintf(stderr,
            "imix_batch: %s\nusage: imix_batch [JOBS [IMPL [REPEATS]]]  "
            "(JOBS 12..1000000, default 1200; IMPL a libzuc path or auto; REPEATS 1..1000)\n",
            why);
    return 2;
}

static int parse_count(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

int main(int argc, char **argv)
{
    long n = 1200, repeats = 31;
    if (argc > 4)
        return usage("too many arguments");
    if (argc > 1 && !parse_count(argv[1], 12, 1000000, &n))
        return usage("JOBS must be a whole number from 12 to 1000000");
    if (argc > 2 && zuc_force_impl(argv[2]) != ZUC_OK)
        return usage("IMPL is not a libzuc path that runs on this CPU (see zucbench list)");
    if (argc > 3 && !parse_count(argv[3], 1, 1000, &repeats))
        return usage("REPEATS must be a whole number from 1 to 1000");
    size_t *lens = malloc((size_t)n * sizeof *lens);
    if (!lens)
        return usage("out of memory");
    static const size_t sizes[3] = { 40, 576, 1500 };
    double alone[3];
    for (long i = 0; i < n; i++)
        lens[i] = pattern[i % 12];
    double imix = time_batch(lens, (size_t)n, (int)repeats);
    for (int k = 0; k < 3; k++) {
        for (long i = 0; i < n; i++)
            lens[i] = sizes[k];
        alone[k] = time_batch(lens, (size_t)n, (int)repeats);
    }
    free(lens);
    if (imix < 0 || alone[0] < 0 || alone[1] < 0 || alone[2] < 0)
        return usage("out of memory");
    double mix =
        (7 * 40 * alone[0] + 4 * 576 * alone[1] + 1500 * alone[2]) / (7 * 40 + 4 * 576 + 1500);
    printf("%s, %ld jobs per call, ns/byte (best of %ld): Imix %.3f; alone 40 B %.3f, "
           "576 B %.3f, 1500 B %.3f; weighted mix %.3f; Imix / mix %.2f\n",
           zuc_impl_name_n(), n, repeats, imix, alone[0], alone[1], alone[2], mix, imix / mix);
    return 0;
}
