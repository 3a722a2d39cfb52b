/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_ct_avx512_emu.c — the ct-avx512 source with its AVX-512 intrinsics
 * from SIMDe, as the test-only path "ct-avx512-emu": the tests (and
 * valgrind's constant-time check, which cannot run AVX-512) run
 * ct-avx512's logic on any x86-64 with AVX2 and BMI2. Linked into the tests
 * only (tests/CMakeLists.txt), never into libzuc. */
#define ZUC_CT_EMULATED 1
#define CT_IMPL zuc_impl_ct_avx512_emu
#define CT_IMPL_NAME "ct-avx512-emu"
#include "zuc_ct_avx512.c"
