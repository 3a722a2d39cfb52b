/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_ct_aesni.c — "ct-aesni": one stream in constant time, S1 by AES-NI
 * (zuc_ct_x86.h). Needs AVX2 (with YMM state enabled by the OS: VEX
 * encoding, per-lane shifts), BMI2 and AES-NI. */
#include <cpuid.h>

#include "zuc_impl.h"

#define CT_IMPL zuc_impl_ct_aesni
#define CT_IMPL_NAME "ct-aesni"

static int ct_usable(void)
{
    unsigned a, b, c, d;
    if (!zuc_cpu_has_avx2() || !__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_AES))
        return 0;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_BMI2);
}

#include "zuc_ct_x86.h"
