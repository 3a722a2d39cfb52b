/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_ct_gfni.c — "ct-gfni": one stream in constant time, S1 by GFNI
 * (zuc_ct_x86.h). Needs AVX2 (with YMM state enabled by the OS), BMI2 and
 * GFNI. */
#include <cpuid.h>

#include "zuc_impl.h"

#if !defined(CT_IMPL)
#define CT_IMPL zuc_impl_ct_gfni
#define CT_IMPL_NAME "ct-gfni"
#endif
#define ZUC_CT_GFNI 1

/* CPUID leaf 7: ECX bit 8 GFNI, EBX BMI2. */
static int ct_usable(void)
{
    unsigned a, b, c, d;
#if defined(ZUC_CT_EMULATED)
    return zuc_cpu_has_avx2() && __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_BMI2);
#endif
    return zuc_cpu_has_avx2() && __get_cpuid_count(7, 0, &a, &b, &c, &d) && (c & (1u << 8)) &&
           (b & bit_BMI2);
}

#include "zuc_ct_x86.h"
