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

/* Never the native GFNI/VPCLMULQDQ forms: a CPU with GFNI but no AVX-512
 * would otherwise fail to compile SIMDe's 512-bit wrappers. */
#define SIMDE_X86_GFNI_NO_NATIVE
#define SIMDE_X86_VPCLMULQDQ_NO_NATIVE
#define SIMDE_X86_AVX512F_NO_NATIVE
#define SIMDE_X86_AVX512BW_NO_NATIVE
#define SIMDE_X86_AVX512VL_NO_NATIVE
#define SIMDE_X86_AVX512VBMI_NO_NATIVE
#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>
#include <simde/x86/clmul.h>
#include <simde/x86/gfni.h>

/* VPSHLDD: the upper 32 bits of (a:b) << imm in every 32-bit element. */
#define _mm512_shldi_epi32(a, b, imm)                                         \
    _mm512_or_si512(_mm512_slli_epi32((a), (imm) & 31),                       \
                    ((imm) & 31) ? _mm512_srli_epi32((b), 32 - ((imm) & 31))  \
                                 : _mm512_setzero_si512())

#else
#include <immintrin.h>
#endif

#endif /* ZUC_AVX512_INTRIN_H */
