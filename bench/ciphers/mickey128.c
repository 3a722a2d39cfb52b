/* SPDX-License-Identifier: Apache-2.0 */
/* mickey128.c — MICKEY-128 2.0 (Babbage, Dodd; eSTREAM), 128-bit key, IV up to
 * 128 bits. Irregular clocking makes every keystream bit depend on the one
 * before: one clock per bit, each 160-bit register in three 64-bit words.
 * Spec: "The stream cipher MICKEY-128 2.0" (eSTREAM phase 3), with the reference code's bit order. */
#include "ciphers/cipher.h"

#define LOW32 0xFFFFFFFFull

/* Bit i of a register is bit i%64 of word i/64; word 2 holds bits 128..159. */
typedef struct {
    uint64_t r[3], s[3];
    own_leftover left;
} mickey_state;

/* The specification's tables as 160-bit masks (bit i = entry i). */
static const uint64_t RTAPS[3] = { 0xf3ec4c5942114d31ull, 0x803bbe329c679626ull, 0x375253afull };
static const uint64_t COMP0[3] = { 0x792609555dd6f25eull, 0x37afd93179007062ull, 0x0fbe06beull };
static const uint64_t COMP1[3] = { 0xfeb63c987d191f30ull, 0x6660e3457c00c3e0ull, 0x7ff45bb5ull };
/* FB1 = 70798c909bf477ab 6c4b7ee76f9a18b6 11a780ef (words 0, 1, 2) */
static const uint64_t FB0[3] = { 0x0e2fa322c43c1fafull, 0xd4544b9166e54d81ull, 0x83630bc1ull };
/* FB0 ^ FB1: turns FB0 into FB1 where the control bit is set */
static const uint64_t FBX[3] = { 0x0e2fa322c43c1fafull ^ 0x70798c909bf477abull,
                                 0xd4544b9166e54d81ull ^ 0x6c4b7ee76f9a18b6ull,
                                 0x83630bc1ull ^ 0x11a780efull };

/* One CLOCK_KG on the six words r0..r2, s0..s2 (in scope as lvalues).
 * Control bits: s_54 ^ r_106 for R, s_106 ^ r_53 for S; input_r also takes
 * s_80 when mixing.
 * CLOCK_R: r_i <- r_{i-1} (^ r_i if control) (^ RTAPS_i if feedback).
 * CLOCK_S: s^_i = s_{i-1} ^ ((s_i ^ COMP0_i) & (s_{i+1} ^ COMP1_i)) for
 * 1 <= i <= 158, s^_0 = 0, s^_159 = s_158, then ^ FB0 or FB1 on feedback. */
#define CLOCK_KG(mixing, input_bit)                                                 \
    do {                                                                            \
        uint64_t cr_ = 0 - (((s0 >> 54) ^ (r1 >> 42)) & 1);                         \
        uint64_t cs_ = 0 - (((s1 >> 42) ^ (r0 >> 53)) & 1);                         \
        uint64_t in_r_ = (input_bit) ^ ((mixing) & (s1 >> 16));                     \
        uint64_t fr_ = 0 - (((r2 >> 31) ^ in_r_) & 1);                              \
        uint64_t fs_ = 0 - (((s2 >> 31) ^ (input_bit)) & 1);                        \
        uint64_t n0_ = (r0 << 1) ^ (r0 & cr_) ^ (RTAPS[0] & fr_);                   \
        uint64_t n1_ = (r1 << 1 | r0 >> 63) ^ (r1 & cr_) ^ (RTAPS[1] & fr_);        \
        r2 = ((r2 << 1 | r1 >> 63) ^ (r2 & cr_) ^ (RTAPS[2] & fr_)) & LOW32;        \
        r1 = n1_;                                                                   \
        r0 = n0_;                                                                   \
        /* products at i = 0 and 159 do not exist: masked off */                    \
        uint64_t p0_ = (s0 ^ COMP0[0]) & ((s0 >> 1 | s1 << 63) ^ COMP1[0]) & ~1ull; \
        uint64_t p1_ = (s1 ^ COMP0[1]) & ((s1 >> 1 | s2 << 63) ^ COMP1[1]);         \
        uint64_t p2_ = (s2 ^ COMP0[2]) & ((s2 >> 1) ^ COMP1[2]) & (LOW32 >> 1);     \
        uint64_t f0_ = (FB0[0] ^ (FBX[0] & cs_)) & fs_;                             \
        uint64_t f1_ = (FB0[1] ^ (FBX[1] & cs_)) & fs_;                             \
        uint64_t f2_ = (FB0[2] ^ (FBX[2] & cs_)) & fs_;                             \
        s2 = ((s2 << 1 | s1 >> 63) ^ p2_ ^ f2_) & LOW32;                            \
        s1 = (s1 << 1 | s0 >> 63) ^ p1_ ^ f1_;                                      \
        s0 = (s0 << 1) ^ p0_ ^ f0_;                                                 \
    } while (0)

/* Loads bits most significant first, as the reference code does. */
static void mickey_init(void *state, const uint8_t *key, const uint8_t *iv, size_t iv_bytes)
{
    mickey_state *st = state;
    uint64_t r0 = 0, r1 = 0, r2 = 0, s0 = 0, s1 = 0, s2 = 0;
    for (size_t i = 0; i < 8 * iv_bytes; i++)
        CLOCK_KG(1, (uint64_t)(iv[i / 8] >> (7 - i % 8)) & 1);
    for (size_t i = 0; i < 128; i++)
        CLOCK_KG(1, (uint64_t)(key[i / 8] >> (7 - i % 8)) & 1);
    for (int i = 0; i < 160; i++) /* preclock */
        CLOCK_KG(1, 0);
    *st = (mickey_state){ { r0, r1, r2 }, { s0, s1, s2 }, { .used = 8, .size = 8 } };
}

/* 64 keystream bits, the first in the top bit of the first byte. */
static void mickey_bulk(void *state, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    mickey_state *st = state;
    uint64_t r0 = st->r[0], r1 = st->r[1], r2 = st->r[2];
    uint64_t s0 = st->s[0], s1 = st->s[1], s2 = st->s[2];
    for (size_t i = 0; i < nblocks; i++) {
        uint64_t z = 0;
        for (int t = 0; t < 64; t++) {
            z = (z << 1) | ((r0 ^ s0) & 1);
            CLOCK_KG(0, 0);
        }
        own_store_le64(out + 8 * i, own_load_le64(in + 8 * i) ^ __builtin_bswap64(z));
    }
    *st = (mickey_state){ { r0, r1, r2 }, { s0, s1, s2 }, st->left };
}

static void mickey_crypt(void *state, const uint8_t *in, uint8_t *out, size_t n)
{
    mickey_state *st = state;
    own_crypt_blocks(st, &st->left, mickey_bulk, in, out, n);
}

const own_cipher own_mickey128 = {
    .algorithm = "mickey-128",
    .spec = "The stream cipher MICKEY-128 2.0 (Babbage, Dodd), eSTREAM",
    .key_bytes = 16,
    .iv_bytes = 16,
    .max_iv_bytes = 16,
    .state_bytes = sizeof(mickey_state),
    .init = mickey_init,
    .crypt = mickey_crypt,
};
