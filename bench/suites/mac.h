/* SPDX-License-Identifier: Apache-2.0 */
/* mac.h — the first source document's MAC tables: microseconds and cycles
 * per MAC at 16..9000 bytes with a fresh random key and IV per packet, for
 * 128-EIA3 and the ZUC-256 32/64/128-bit MACs (its Table 5), and the speed of
 * each ZUC-256 MAC relative to 128-EIA3 (its Table 6 / Figure 1). */
#ifndef BENCH_SUITE_MAC_H
#define BENCH_SUITE_MAC_H

#include "suites/common.h"

typedef struct {
    run_options run;
} mac_options;

int mac_run(const mac_options *o);

#endif
