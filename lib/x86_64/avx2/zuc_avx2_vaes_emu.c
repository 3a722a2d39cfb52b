/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_avx2_vaes_emu.c — the avx2-vaes source once more, as the test-only
 * implementation "avx2-vaes-emu" that valgrind 3.19 can run (it cannot
 * decode VAES or VPCLMULQDQ). Built with -mavx2 -maes and no -mvaes: every
 * line is the VAES build's, and its one VAES intrinsic,
 * _mm256_aesenclast_epi128, is filled in from its definition (Intel SDM:
 * AESENCLAST on each 128-bit half) with the 128-bit AES-NI instruction;
 * SIMDe 0.7.4 has no AES to take it from. The MACs fold with the 256-bit
 * VPCLMULQDQ fold built against SIMDe (zuc_mac_fold_vpclmul_emu.c), as
 * avx2-vaes's do on the CPUs that have VAES, all of which have VPCLMULQDQ.
 * Linked into the tests only (tests/CMakeLists.txt), never into libzuc. */
#include <immintrin.h> /* first, so that the macro below renames no declaration */
#include <stddef.h>
#include <stdint.h>

static inline __m256i zuc_vaes_fill_aesenclast(__m256i x, __m256i key)
{
    __m128i lo = _mm_aesenclast_si128(_mm256_castsi256_si128(x), _mm256_castsi256_si128(key));
    __m128i hi =
        _mm_aesenclast_si128(_mm256_extracti128_si256(x, 1), _mm256_extracti128_si256(key, 1));
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}
#define _mm256_aesenclast_epi128(x, key) zuc_vaes_fill_aesenclast((x), (key))

void zuc_mac_fold_vpclmul_emu_tags(const uint8_t *msg, size_t nchunks, const uint32_t *z,
                                   unsigned ntags, uint32_t acc[4]);

#define ZUC_AVX2_VAES_EMULATED 1
#define ZUC_AVX2_MAC_FOLD zuc_mac_fold_vpclmul_emu_tags
#include "zuc_avx2.c"
