/* SPDX-License-Identifier: Apache-2.0 */
/* compare.h — two results files side by side: (new - old) / |old| per
 * measurement both contain, and whether any got worse beyond a threshold. */
#ifndef BENCH_COMPARE_H
#define BENCH_COMPARE_H

/* +1 if a larger value is better in `unit` (Gbps, bits/cycle), -1 if a
 * smaller one is (ticks/byte, us/mac, ...), 0 if neither (ratios). */
int compare_direction(const char *unit);

/* Prints the comparison of old_path and new_path on stdout. Returns 0 if no
 * measurement got worse by more than threshold_pct percent, 1 if one did,
 * -1 (message on stderr) if a file cannot be read or is not a results file. */
int compare_results(const char *old_path, const char *new_path, double threshold_pct);

#endif
