/* SPDX-License-Identifier: Apache-2.0 */
#include "embedded/child.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "embedded/engine.h"
#include "embedded/workload.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int child_fail(const char *message)
{
    fprintf(stderr, "zucbench: %s\n", message);
    return 3;
}

int embedded_child_main(const char *name, const char *file, const char *out_dir)
{
    char err[512];
    const embedded_config *c = embedded_config_find(name);
    if (!c) {
        fprintf(stderr, "zucbench: unknown configuration '%s' (see --list)\n", name);
        return 2;
    }
    const char *why = engine_unavailable(c);
    if (why) {
        snprintf(err, sizeof err, "%s: %s", c->name, why);
        return child_fail(err);
    }
    size_t n;
    uint8_t *in = workload_read(file, &n, err, sizeof err);
    if (!in) {
        fprintf(stderr, "zucbench: %s\n", err);
        return 2;
    }
    size_t capacity = engine_out_capacity(c, n), out_n = 0;
    uint8_t *out = malloc(capacity ? capacity : 1);
    uint8_t key[ENGINE_KEY_BYTES], iv[ENGINE_IV_BYTES];
    workload_key_iv(c->name, key, iv);
    int rc = 0;
    if (!out) {
        rc = child_fail("out of memory");
    } else {
        double t0 = now_ms();
        int failed = engine_encrypt(c, key, iv, in, n, out, &out_n, err, sizeof err);
        double latency = now_ms() - t0;
        if (failed)
            rc = child_fail(err);
        else if (out_dir && workload_write_output(out_dir, c->name, out, out_n, err, sizeof err))
            rc = child_fail(err);
        else
            printf("%s latency_ms=%.6f in_bytes=%zu out_bytes=%zu checksum=%016" PRIx64 "\n",
                   CHILD_REPORT_TAG, latency, n, out_n, workload_checksum(out, out_n));
    }
    free(in);
    free(out);
    return rc;
}

int child_report_parse(const char *text, child_report *out)
{
    const char *line = text ? strstr(text, CHILD_REPORT_TAG " ") : NULL;
    if (!line)
        return -1;
    uint64_t sum;
    if (sscanf(line,
               CHILD_REPORT_TAG " latency_ms=%lf in_bytes=%zu out_bytes=%zu checksum=%" SCNx64,
               &out->latency_ms, &out->in_bytes, &out->out_bytes, &sum) != 4)
        return -1;
    out->checksum = sum;
    return 0;
}
