/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_zuc_diff.c — libFuzzer target: every usable libzuc implementation
 * against the spec-literal "ref" path. The first byte picks the call; the
 * rest are its arguments (diff_single.c, diff_batch.c). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diff_cases.h"
#include "diff_common.h"
#include "zuc.h"

static void (*const cases[])(fuzz_input *in) = {
    diff_case_eea3,           diff_case_eia3,         diff_case_zuc256_crypt, diff_case_zuc256_mac,
    diff_case_keystream,      diff_case_iv_unpack,    diff_case_eea3_n,       diff_case_eia3_n,
    diff_case_zuc256_crypt_n, diff_case_zuc256_mac_n,
};

static void print_paths(diff_calls calls, const char *what)
{
    fprintf(stderr, "zuc_diff: %s:", what);
    for (size_t i = 0; i < diff_impl_count(calls); i++)
        fprintf(stderr, " %s", diff_impl(calls, i));
    fputc('\n', stderr);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    diff_setup();
    print_paths(DIFF_ONE, "one message per call");
    print_paths(DIFF_MANY, "many messages per call");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = { data, size };
    cases[fuzz_u8(&in) % (sizeof cases / sizeof cases[0])](&in);
    zuc_force_impl("auto");
    return 0;
}
