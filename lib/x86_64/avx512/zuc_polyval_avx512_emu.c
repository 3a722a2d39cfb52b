/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_polyval_avx512_emu.c — the 512-bit POLYVAL (zuc_polyval_avx512.c)
 * compiled against SIMDe, as zuc_polyval_vpclmul512_emu, so that the tests
 * check its logic on any x86-64. Linked into the tests only, never into
 * libzuc. */
#define ZUC_AVX512_EMULATED 1
#define ZUC_POLYVAL512_NAME "vpclmul512-emu"
#define zuc_polyval_vpclmul512 zuc_polyval_vpclmul512_emu
#include "zuc_polyval_avx512.c"
