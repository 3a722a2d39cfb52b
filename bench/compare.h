/* SPDX-License-Identifier: Apache-2.0 */
/* compare.h — two results files side by side: (new - old) / |old| per
 * measurement both contain, and whether any got worse beyond a threshold. */
#ifndef BENCH_COMPARE_H
#define BENCH_COMPARE_H

#include <stddef.h>

/* +1 if a larger value is better in `unit` (Gbps, bits/cycle), -1 if a
 * smaller one is (ticks/byte, us/mac, ...), 0 if neither (ratios). */
int compare_direction(const char *unit);

/* The two-sided p-value of the Mann-Whitney U test that samples a[0..na)
 * and b[0..nb) come from the same distribution (normal approximation with
 * tie and continuity corrections, as scipy's default for these sizes); 1
 * when either is empty or every value is equal. */
double compare_mann_whitney_p(const double *a, size_t na, const double *b, size_t nb);

/* Prints the comparison of old_path and new_path on stdout: per measurement
 * the change of the median, and where both files hold the repeats, the
 * p-value of the Mann-Whitney U test; p >= alpha reads "no significant
 * change". Returns 0 if no measurement got significantly worse by more than
 * threshold_pct percent, 1 if one did, -1 (message on stderr) if a file
 * cannot be read or is not a results file. */
int compare_results(const char *old_path, const char *new_path, double threshold_pct, double alpha);

#endif
