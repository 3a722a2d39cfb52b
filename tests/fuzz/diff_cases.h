/* SPDX-License-Identifier: Apache-2.0 */
/* diff_cases.h — the cases of the differential target. Each reads its
 * arguments from the input, runs the call on every usable implementation
 * and fails the run when one differs from "ref", returns an error the
 * header does not allow, or writes anything when it returns an error. */
#ifndef DIFF_CASES_H
#define DIFF_CASES_H

#include "fuzz_input.h"

/* One message per call (diff_single.c). */
void diff_case_eea3(fuzz_input *in);
void diff_case_eia3(fuzz_input *in);
void diff_case_zuc256_crypt(fuzz_input *in);
void diff_case_zuc256_mac(fuzz_input *in);
void diff_case_keystream(fuzz_input *in);
void diff_case_iv_unpack(fuzz_input *in);

/* Many messages per call (diff_batch.c), each job against ref's
 * one-message result. */
void diff_case_eea3_n(fuzz_input *in);
void diff_case_eia3_n(fuzz_input *in);
void diff_case_zuc256_crypt_n(fuzz_input *in);
void diff_case_zuc256_mac_n(fuzz_input *in);

#endif
