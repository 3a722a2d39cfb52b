/* SPDX-License-Identifier: Apache-2.0 */
/* speed.h — quick throughput of every available contender, like
 * `openssl speed`: cycles/byte per message size, setup included, a fresh
 * key/IV per message; and keystream speed with setup excluded. */
#ifndef BENCH_SUITE_SPEED_H
#define BENCH_SUITE_SPEED_H

#include <stddef.h>

#include "suites/common.h"

#define SPEED_MAX_SIZES 16

typedef struct {
    run_options run; /* run.unit: what the table shows; the results files keep ticks/byte */
    size_t sizes[SPEED_MAX_SIZES];
    size_t nsizes;
} speed_options;

/* Runs the suite and prints the table. Returns 0, or 1 if an output check
 * failed (that contender is reported, not timed), or 2 if nothing matched. */
int speed_run(const speed_options *o);

#endif
