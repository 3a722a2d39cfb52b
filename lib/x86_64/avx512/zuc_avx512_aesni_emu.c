/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_avx512_aesni_emu.c — "avx512-aesni" compiled against SIMDe, as the
 * test-only implementation "avx512-aesni-emu": the AVX-512 intrinsics
 * become SSE2 code (AESENCLAST stays AES-NI), so the tests run this path's
 * logic on any x86-64 with AES-NI. Linked into the tests only. */
#define ZUC_AVX512_EMULATED 1
#define ZUC_AVX512_AESNI 1
#include "zuc_avx512.c"
