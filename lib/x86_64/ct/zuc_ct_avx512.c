/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_ct_avx512.c — "ct-avx512": one stream in constant time, ct-gfni's
 * step with AVX-512's three-input logic and rotations on its 128-bit
 * register (zuc_ct_x86.h). Needs AVX-512 F, BW, VL (with their state enabled
 * by the OS), GFNI and BMI2. */
#include <cpuid.h>

#include "zuc_impl.h"

#if !defined(CT_IMPL)
#define CT_IMPL zuc_impl_ct_avx512
#define CT_IMPL_NAME "ct-avx512"
#endif
#define ZUC_CT_AVX512 1
#define ZUC_CT_GFNI 1
#if !defined(ZUC_CT_EMULATED)
#define CT_NEEDS_AVX512 1
#endif

/* CPUID leaf 7: ECX bit 8 GFNI, EBX BMI2 (AVX-512 F, BW, VL and the OS
 * state: zuc_cpu_has_avx512, which the dispatcher asks first). */
static int ct_usable(void)
{
    unsigned a, b, c, d;
#if defined(ZUC_CT_EMULATED)
    return zuc_cpu_has_avx2() && __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_BMI2);
#endif
    return zuc_cpu_has_avx512() && __get_cpuid_count(7, 0, &a, &b, &c, &d) && (c & (1u << 8)) &&
           (b & bit_BMI2);
}

#include "zuc_ct_x86.h"
