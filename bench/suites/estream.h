/* SPDX-License-Identifier: Apache-2.0 */
/* estream.h — the first source document's Tables 3 and 4, timed the eSTREAM
 * way: Init (cycles per key/IV setup), Stream (cycles/byte and Mbps, setup
 * excluded), and cycles/byte for x-byte messages with setup included, plus
 * the eSTREAM Imix (40/576/1500 bytes weighted 7:4:1). */
#ifndef BENCH_SUITE_ESTREAM_H
#define BENCH_SUITE_ESTREAM_H

#include "suites/common.h"

typedef struct {
    run_options run;
    int quick; /* 1 MB instead of 100 MB for the long message */
} estream_options;

int estream_run(const estream_options *o);

#endif
