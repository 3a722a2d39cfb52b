/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_report.h — how a target reports a broken property: a message on the
 * real standard error, then abort(), which libFuzzer records as a crash and
 * saves the input for. The message survives -close_fd_mask=2 (used where
 * the code under test prints on every input): the descriptor is taken
 * before libFuzzer closes fd 2. */
#ifndef FUZZ_REPORT_H
#define FUZZ_REPORT_H

__attribute__((noreturn, format(printf, 1, 2))) void fuzz_fail(const char *fmt, ...);

#endif
