/* SPDX-License-Identifier: Apache-2.0 */
/* sbox_avx2.c — the computed S-boxes of the AVX2 lanes (lib/x86_64/avx2/zuc_avx2_sbox.h)
 * against the tables of the specification, exhaustively: S0 and S1 on all
 * 256 bytes in every byte position of a register, and the S-box layer of F
 * (both words of every lane) on random words and on every byte value in
 * every position. Built twice: with AES-NI (128-bit halves) and with VAES. */
#include <stdio.h>
#include <string.h>

#include "support/testutil.h"
#include "zuc_avx2_sbox.h"
#include "zuc_impl.h"

#if defined(__VAES__)
#define VARIANT "avx2-vaes"
#else
#define VARIANT "avx2"
#endif

static int cpu_ok(void)
{
    __builtin_cpu_init();
    int ok = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("aes");
#if defined(__VAES__)
    ok = ok && __builtin_cpu_supports("vaes");
#endif
    return ok;
}

typedef __m256i (*byte_box)(__m256i);

static __m256i box0(__m256i x)
{
    return zuc_avx2_s0(x);
}
static __m256i box1(__m256i x)
{
    return zuc_avx2_s1(x);
}

/* Every input byte in every one of the 32 positions: the inputs rotate
 * through the positions so that each value meets each position once. */
static long check_box(byte_box box, const uint8_t table[256], const char *name)
{
    long failures = 0;
    for (int shift = 0; shift < 32; shift++)
        for (int block = 0; block < 256; block += 32) {
            uint8_t in[32], out[32];
            for (int i = 0; i < 32; i++)
                in[i] = (uint8_t)(block + (i + shift) % 32);
            _mm256_storeu_si256((__m256i *)out, box(_mm256_loadu_si256((const __m256i *)in)));
            for (int i = 0; i < 32; i++)
                if (out[i] != table[in[i]]) {
                    if (failures++ < 5)
                        printf("  %s(%02x) = %02x, want %02x (byte %d)\n", name, in[i], out[i],
                               table[in[i]], i);
                }
        }
    return failures;
}

/* S as in F: S0 on bytes 3 and 1, S1 on bytes 2 and 0 of each word. */
static uint32_t sbox_word(uint32_t x)
{
    return ((uint32_t)zuc_sbox0[x >> 24] << 24) | ((uint32_t)zuc_sbox1[(x >> 16) & 0xFF] << 16) |
           ((uint32_t)zuc_sbox0[(x >> 8) & 0xFF] << 8) | zuc_sbox1[x & 0xFF];
}

static long check_pair_words(const uint32_t u[8], const uint32_t v[8])
{
    uint32_t su[8], sv[8];
    __m256i ru, rv;
    zuc_avx2_sbox_pair(_mm256_loadu_si256((const __m256i *)u),
                       _mm256_loadu_si256((const __m256i *)v), &ru, &rv);
    _mm256_storeu_si256((__m256i *)su, ru);
    _mm256_storeu_si256((__m256i *)sv, rv);
    long failures = 0;
    for (int l = 0; l < 8; l++)
        if (su[l] != sbox_word(u[l]) || sv[l] != sbox_word(v[l])) {
            if (failures++ < 5)
                printf("  lane %d: S(%08x), S(%08x) = %08x, %08x, want %08x, %08x\n", l, u[l], v[l],
                       su[l], sv[l], sbox_word(u[l]), sbox_word(v[l]));
        }
    return failures;
}

/* Every byte value in every byte of both words of every lane, then random. */
static long check_pair(void)
{
    long failures = 0;
    for (int value = 0; value < 256; value++)
        for (int pos = 0; pos < 64; pos++) {
            uint32_t u[8], v[8];
            for (int l = 0; l < 8; l++) {
                u[l] = (uint32_t)rng_next();
                v[l] = (uint32_t)rng_next();
            }
            uint32_t *w = pos < 32 ? u : v;
            int byte = pos % 4, lane = pos % 32 / 4;
            w[lane] = (w[lane] & ~(0xFFu << (8 * byte))) | ((uint32_t)value << (8 * byte));
            failures += check_pair_words(u, v);
        }
    for (int c = 0; c < 100000; c++) {
        uint32_t u[8], v[8];
        for (int l = 0; l < 8; l++) {
            u[l] = (uint32_t)rng_next();
            v[l] = (uint32_t)rng_next();
        }
        failures += check_pair_words(u, v);
    }
    return failures;
}

int main(void)
{
    if (!cpu_ok()) {
        printf("sbox %-10s UNAVAILABLE (CPU)\n", VARIANT);
        return 0;
    }
    rng_seed(20240611);
    long f0 = check_box(box0, zuc_sbox0, "S0");
    long f1 = check_box(box1, zuc_sbox1, "S1");
    long fp = check_pair();
    printf("S0 all bytes, all positions    %-10s %s\n", VARIANT, f0 ? "FAILED" : "ok");
    printf("S1 all bytes, all positions    %-10s %s\n", VARIANT, f1 ? "FAILED" : "ok");
    printf("S-box layer of F (both words)  %-10s %s\n", VARIANT, fp ? "FAILED" : "ok");
    check_count(f0 == 0);
    check_count(f1 == 0);
    check_count(fp == 0);
    return check_report("sbox_" VARIANT);
}
