/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_ct_avx512.c — "ct-avx512": one stream in constant time, ct-gfni's
 * source (zuc_ct_gfni.c, zuc_ct_x86.h) with AVX-512's three-input logic and
 * rotations on its 128-bit register. Needs what ct-gfni needs, and AVX-512
 * F, BW, VL with their state enabled by the OS (CT_NEEDS_AVX512: the
 * dispatcher asks zuc_cpu_has_avx512 first). */
#if !defined(CT_IMPL)
#define CT_IMPL zuc_impl_ct_avx512
#define CT_IMPL_NAME "ct-avx512"
#endif
#define ZUC_CT_AVX512 1
#if !defined(ZUC_CT_EMULATED)
#define CT_NEEDS_AVX512 1
#endif
#include "zuc_ct_gfni.c"
