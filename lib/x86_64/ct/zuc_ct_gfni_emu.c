/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_ct_gfni_emu.c — the ct-gfni source with its two GFNI intrinsics from
 * SIMDe, as the test-only path "ct-gfni-emu": the tests (and valgrind's
 * constant-time check, which cannot run GFNI) run ct-gfni's logic on any
 * x86-64 with AVX2 and BMI2. Linked into the tests only
 * (tests/CMakeLists.txt), never into libzuc. */
#define ZUC_CT_EMULATED 1
#define CT_IMPL zuc_impl_ct_gfni_emu
#define CT_IMPL_NAME "ct-gfni-emu"
#include "zuc_ct_gfni.c"
