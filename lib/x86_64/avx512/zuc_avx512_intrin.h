/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_avx512_intrin.h — the intrinsics of the AVX-512 lanes, native or
 * emulated.
 *
 * Natively (zuc_avx512.c, built with -mavx512f -mavx512bw -mavx512vbmi
 * -mavx512vbmi2 -mgfni -mvpclmulqdq) this is <immintrin.h>. Built with
 * ZUC_AVX512_EMULATED (zuc_avx512_emu.c, for the tests only), the same
 * intrinsic names come from SIMDe, which computes them with the SSE2/AVX2
 * instructions the compiler targets, so the source runs and is tested on any
 * x86-64; a few intrinsics SIMDe 0.7.4 lacks are written here from their
 * definitions in Intel's manual. */
#ifndef ZUC_AVX512_INTRIN_H
#define ZUC_AVX512_INTRIN_H

#if defined(ZUC_AVX512_EMULATED)
#include <stdint.h>

/* Never the native GFNI/VPCLMULQDQ forms: a CPU with GFNI but no AVX-512
 * would otherwise fail to compile SIMDe's 512-bit wrappers. */
#define SIMDE_X86_GFNI_NO_NATIVE
#define SIMDE_X86_VPCLMULQDQ_NO_NATIVE
#define SIMDE_X86_AVX512F_NO_NATIVE
#define SIMDE_X86_AVX512BW_NO_NATIVE
#define SIMDE_X86_AVX512VL_NO_NATIVE
#define SIMDE_X86_AVX512VBMI_NO_NATIVE
#define SIMDE_ENABLE_NATIVE_ALIASES
#if defined(ZUC_AVX512_AESNI)
#include <wmmintrin.h> /* AESENCLAST stays native (SIMDe has no AES-NI); before SIMDe's names */
#endif
#include <simde/x86/avx512.h>
#include <simde/x86/clmul.h>
#include <simde/x86/gfni.h>

/* VPSHLDD: the upper 32 bits of (a:b) << imm in every 32-bit element. */
#define _mm512_shldi_epi32(a, b, imm)                 \
    _mm512_or_si512(_mm512_slli_epi32((a), (imm)&31), \
                    ((imm)&31) ? _mm512_srli_epi32((b), 32 - ((imm)&31)) : _mm512_setzero_si512())

/* VPSHUFD: the same 4-element shuffle in every 128-bit block. */
typedef int _MM_PERM_ENUM;
static inline __m512i zuc_emulated_shuffle_epi32(__m512i a, int imm)
{
    int32_t index[16];
    for (int i = 0; i < 16; i++)
        index[i] = 4 * (i / 4) + ((imm >> (2 * (i % 4))) & 3);
    return _mm512_permutexvar_epi32(_mm512_loadu_si512((const void *)index), a);
}
#define _mm512_shuffle_epi32(a, imm) zuc_emulated_shuffle_epi32((a), (int)(imm))

/* VMOVDQU8 with a byte mask: masked-off bytes are neither read (zero) nor
 * written. */
static inline __m512i zuc_emulated_maskz_loadu_epi8(uint64_t k, const void *p)
{
    uint8_t bytes[64];
    for (int i = 0; i < 64; i++)
        bytes[i] = (k >> i & 1) ? ((const uint8_t *)p)[i] : 0;
    return _mm512_loadu_si512((const void *)bytes);
}
#define _mm512_maskz_loadu_epi8(k, p) zuc_emulated_maskz_loadu_epi8((k), (p))

static inline void zuc_emulated_mask_storeu_epi8(void *p, uint64_t k, __m512i v)
{
    uint8_t bytes[64];
    _mm512_storeu_si512((void *)bytes, v);
    for (int i = 0; i < 64; i++)
        if (k >> i & 1)
            ((uint8_t *)p)[i] = bytes[i];
}
#define _mm512_mask_storeu_epi8(p, k, v) zuc_emulated_mask_storeu_epi8((p), (k), (v))

#else
#include <immintrin.h>
#endif

#endif /* ZUC_AVX512_INTRIN_H */
