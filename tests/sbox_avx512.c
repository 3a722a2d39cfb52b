/* SPDX-License-Identifier: Apache-2.0 */
/* sbox_avx512.c — the S-box layer of the AVX-512 lanes against the tables
 * of the specification, exhaustively: every byte value in every byte
 * position of a register, and random words, through the two-word call F
 * makes (zuc_avx512_sbox_pair). Built for each variant: avx512-gfni
 * (lib/x86_64/avx512/zuc_avx512_sbox.h: S0 by VPERMT2B from registers, S1
 * by GFNI) and avx512-aesni (zuc_avx512_sbox_aesni.h: nibble shuffles and
 * AES-NI), each native (run where the CPU has what it needs) and against
 * SIMDe (ZUC_AVX512_EMULATED, runs on any x86-64). */
#include <stdio.h>
#include <string.h>

#include "support/testutil.h"
#include "zuc_impl.h"

#if defined(ZUC_AVX512_AESNI)
#include "zuc_avx512_sbox_aesni.h"
#define BASE_NAME "avx512-aesni"
#define NEEDS "AVX-512 BW or AES-NI"
#else
#include "zuc_avx512_sbox.h"
#define BASE_NAME "avx512-gfni"
#define NEEDS "AVX-512 VBMI or GFNI"
#endif

/* main and the CPU check are compiled without AVX-512, so that a CPU
 * without it reaches the check: the file's -mavx512* flags would otherwise
 * let the compiler (and a sanitizer's code in main) use it anywhere. */
#if defined(ZUC_AVX512_EMULATED)
#define BEFORE_CHECK
#else
#define BEFORE_CHECK __attribute__((target("no-avx512f")))
#endif
/* the checks stay out of main: they need the file's instructions */
#define CHECK_FN __attribute__((noinline))

#if defined(ZUC_AVX512_EMULATED)
#define VARIANT BASE_NAME "-emu"
#else
#define VARIANT BASE_NAME
#endif

BEFORE_CHECK static int cpu_ok(void)
{
    __builtin_cpu_init();
#if defined(ZUC_AVX512_AESNI)
    int simd = 1;
#if !defined(ZUC_AVX512_EMULATED)
    simd = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
#endif
    return simd && __builtin_cpu_supports("aes");
#elif defined(ZUC_AVX512_EMULATED)
    return 1;
#else
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("gfni");
#endif
}

/* S as in F: S0 on bytes 3 and 1, S1 on bytes 2 and 0 of each word. */
static uint32_t sbox_word(uint32_t x)
{
    return ((uint32_t)zuc_sbox0[x >> 24] << 24) | ((uint32_t)zuc_sbox1[(x >> 16) & 0xFF] << 16) |
           ((uint32_t)zuc_sbox0[(x >> 8) & 0xFF] << 8) | zuc_sbox1[x & 0xFF];
}

static long check_one(const uint32_t in[16], const uint32_t out[16])
{
    long failures = 0;
    for (int l = 0; l < 16; l++)
        if (out[l] != sbox_word(in[l]) && failures++ < 5)
            printf("  S(%08x) = %08x, want %08x (lane %d)\n", in[l], out[l], sbox_word(in[l]), l);
    return failures;
}

/* The words as F's first input, and rotated by one lane as its second. */
static long check_words(const uint32_t in[16])
{
    uint32_t other[16], out_u[16], out_v[16];
    for (int l = 0; l < 16; l++)
        other[l] = in[(l + 1) % 16];
    zuc_sbox_regs t = zuc_avx512_sbox_regs();
    __m512i su, sv;
    zuc_avx512_sbox_pair(_mm512_loadu_si512((const void *)in),
                         _mm512_loadu_si512((const void *)other), &su, &sv, &t);
    _mm512_storeu_si512((void *)out_u, su);
    _mm512_storeu_si512((void *)out_v, sv);
    return check_one(in, out_u) + check_one(other, out_v);
}

/* Every byte value in every one of the 64 positions: the values rotate
 * through the positions so that each meets each position once. */
CHECK_FN static long check_every_byte(void)
{
    long failures = 0;
    for (int shift = 0; shift < 64; shift++)
        for (int block = 0; block < 256; block += 64) {
            uint8_t bytes[64];
            uint32_t words[16];
            for (int i = 0; i < 64; i++)
                bytes[i] = (uint8_t)(block + (i + shift) % 64);
            memcpy(words, bytes, sizeof words);
            failures += check_words(words);
        }
    return failures;
}

CHECK_FN static long check_random(void)
{
    long failures = 0;
    for (int c = 0; c < 20000; c++) {
        uint32_t words[16];
        for (int l = 0; l < 16; l++)
            words[l] = (uint32_t)rng_next();
        failures += check_words(words);
    }
    return failures;
}

BEFORE_CHECK int main(void)
{
    if (!cpu_ok()) {
        printf("sbox %-11s UNAVAILABLE (the CPU lacks " NEEDS
               "; the -emu test runs the same code)\n",
               VARIANT);
        return 0;
    }
    rng_seed(20240611);
    long every = check_every_byte(), random = check_random();
    printf("S-box layer, every byte, every position  %-11s %s\n", VARIANT, every ? "FAILED" : "ok");
    printf("S-box layer, 20000 random registers      %-11s %s\n", VARIANT,
           random ? "FAILED" : "ok");
    check_count(every == 0);
    check_count(random == 0);
    return check_report("sbox_" VARIANT);
}
