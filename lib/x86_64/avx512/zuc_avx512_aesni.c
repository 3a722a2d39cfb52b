/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_avx512_aesni.c — the 16-lane AVX-512 source built for AVX-512 CPUs
 * without GFNI, VBMI, VBMI2 and VPCLMULQDQ (Intel Skylake-SP, Cascade Lake):
 * the implementation "avx512-aesni", which needs AVX-512 F, BW and VL and
 * AES-NI. Built with -mavx512f -mavx512bw -mavx512vl -maes. */
#define ZUC_AVX512_AESNI 1
#include "zuc_avx512.c"
