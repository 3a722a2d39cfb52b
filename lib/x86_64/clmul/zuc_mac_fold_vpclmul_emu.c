/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_mac_fold_vpclmul_emu.c — the 256-bit VPCLMULQDQ fold
 * (zuc_mac_fold_vpclmul.c) once more, as zuc_mac_fold_vpclmul_emu, with
 * _mm256_clmulepi64_epi128 from SIMDe (simde/x86/clmul.h: one PCLMULQDQ on
 * each 128-bit half), so that valgrind 3.19, which cannot decode
 * VPCLMULQDQ, runs its data flow. Built with -mavx2 -mpclmul and no
 * -mvpclmulqdq; the MACs of the test-only "avx2-vaes-emu" use it
 * (zuc_avx2_vaes_emu.c). Never linked into libzuc. */
#define SIMDE_X86_VPCLMULQDQ_NO_NATIVE /* never the native forms, whatever -m flags */
#define SIMDE_X86_AVX512F_NO_NATIVE
#define SIMDE_X86_AVX512BW_NO_NATIVE
#define SIMDE_X86_AVX512VL_NO_NATIVE
#define SIMDE_X86_AVX512VBMI_NO_NATIVE
#define SIMDE_X86_GFNI_NO_NATIVE
#define SIMDE_ENABLE_NATIVE_ALIASES
#include <immintrin.h> /* SIMDe 0.7.4's PCLMULQDQ path needs it and does not include it */
#include <simde/x86/clmul.h>

#define zuc_mac_fold_vpclmul zuc_mac_fold_vpclmul_emu
#include "zuc_mac_fold_vpclmul.c"

void zuc_mac_fold_vpclmul_emu_tags(const uint8_t *msg, size_t nchunks, const uint32_t *z,
                                   unsigned ntags, uint32_t acc[4]);

/* The lanes' mac_fold (zuc_impl.h): acc[j] ^= the fold against the windows
 * from z + j, for every tag word j, as zuc_mac_fold gives avx2-vaes. */
void zuc_mac_fold_vpclmul_emu_tags(const uint8_t *msg, size_t nchunks, const uint32_t *z,
                                   unsigned ntags, uint32_t acc[4])
{
    for (unsigned j = 0; j < ntags; j++)
        acc[j] ^= zuc_mac_fold_vpclmul_emu(msg, nchunks, z + j);
}
