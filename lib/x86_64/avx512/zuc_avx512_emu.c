/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_avx512_emu.c — the 16-lane AVX-512 source compiled against SIMDe, as
 * the implementation "avx512-emu": every AVX-512, GFNI and VPCLMULQDQ
 * intrinsic becomes SSE2 code, so the tests run the AVX-512 path's logic on
 * any x86-64 (about 30x slower than native). Linked into the tests only
 * (tests/CMakeLists.txt), never into libzuc. */
#define ZUC_AVX512_EMULATED 1
#include "zuc_avx512.c"
