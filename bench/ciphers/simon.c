/* SPDX-License-Identifier: Apache-2.0 */
/* simon.c — Simon, all ten sizes (block/key bits 32/64 to 128/256).
 * Spec: Beaulieu, Shors, Smith, Treatman-Clark, Weeks, Wingers, "The SIMON
 * and SPECK Families of Lightweight Block Ciphers", IACR ePrint 2013/404
 * (rounds, constant sequences z_0..z_4 and key schedule of its section 3;
 * its appendix vectors are tests/simon_speck_kat.c's). Byte order of the
 * implementation guide (see block.h): words little-endian, a block is y
 * then x, a key is k_0, ..., k_{m-1}.
 *
 * The round keys are expanded once. Many blocks go through in groups of two
 * vectors of words (block_words.h: 8 blocks of 64-bit words, 32 of 16-bit
 * words), a short tail one block at a time; two rounds a step, so x and y
 * trade roles instead of being swapped. */
#include "ciphers/block.h"
#include "ciphers/block_words.h"

/* The paper's constant sequences z_j, bit 0 first (period 62). */
static const char simon_z[5][63] = {
    "11111010001001010110000111001101111101000100101011000011100110",
    "10001110111110010011000010110101000111011111001001100001011010",
    "10101111011100000011010010011000101000010001111110010110110011",
    "11011011101011000110010111100000010010001010011100110100001111",
    "11010001111001101011011000100000010111000011001010010011101111",
};

/* f(x) = (S^1 x & S^8 x) ^ S^2 x */
#define SIMON_F(N, x) ((word##N)((rol##N(x, 1) & rol##N(x, 8)) ^ rol##N(x, 2)))

#define SIMON_VF(N, x) ((VROL(N, x, 1) & VROL(N, x, 8)) ^ VROL(N, x, 2))

/* Simon-BB/KB: N-bit words, M key words, T rounds, constant sequence Z. */
#define SIMON_DEFINE(BB, KB, N, M, T, Z)                                                  \
    typedef word##N simon##BB##_##KB##_rounds_t[T];                                       \
    _Static_assert((T) * sizeof(word##N) <= BLOCK_SCHEDULE_BYTES, "schedule");            \
    static void simon##BB##_##KB##_expand(void *schedule, const uint8_t *key)             \
    {                                                                                     \
        word##N k[T];                                                                     \
        for (unsigned i = 0; i < (M); i++)                                                \
            k[i] = load##N(key + i * ((N) / 8));                                          \
        for (unsigned i = (M); i < (T); i++) {                                            \
            word##N t = ror##N(k[i - 1], 3);                                              \
            if ((M) == 4)                                                                 \
                t ^= k[i - 3];                                                            \
            t ^= ror##N(t, 1);                                                            \
            word##N z = (word##N)(simon_z[Z][(i - (M)) % 62] - '0');                      \
            k[i] = (word##N)((~k[i - (M)] & MASK##N) ^ t ^ z ^ 3);                        \
        }                                                                                 \
        memcpy(schedule, k, sizeof k);                                                    \
    }                                                                                     \
    BW_INLINE void simon##BB##_##KB##_one_encrypt(const word##N *rk, const uint8_t *in,   \
                                                  uint8_t *out)                           \
    {                                                                                     \
        word##N y = load##N(in), x = load##N(in + (N) / 8);                               \
        for (unsigned r = 0; r < (T); r++) {                                              \
            word##N t = x;                                                                \
            x = (word##N)(y ^ SIMON_F(N, x) ^ rk[r]);                                     \
            y = t;                                                                        \
        }                                                                                 \
        store##N(out, y);                                                                 \
        store##N(out + (N) / 8, x);                                                       \
    }                                                                                     \
    BW_INLINE void simon##BB##_##KB##_one_decrypt(const word##N *rk, const uint8_t *in,   \
                                                  uint8_t *out)                           \
    {                                                                                     \
        word##N y = load##N(in), x = load##N(in + (N) / 8);                               \
        for (unsigned r = (T); r-- > 0;) {                                                \
            word##N t = y;                                                                \
            y = (word##N)(x ^ SIMON_F(N, y) ^ rk[r]);                                     \
            x = t;                                                                        \
        }                                                                                 \
        store##N(out, y);                                                                 \
        store##N(out + (N) / 8, x);                                                       \
    }                                                                                     \
    BW_INLINE void simon##BB##_##KB##_group_encrypt(const word##N *rk, const uint8_t *in, \
                                                    uint8_t *out)                         \
    {                                                                                     \
        GROUP_LOAD(N);                                                                    \
        unsigned r = 0;                                                                   \
        for (; r + 1 < (T); r += 2) {                                                     \
            word##N k0 = rk[r], k1 = rk[r + 1];                                           \
            y0 ^= SIMON_VF(N, x0) ^ k0;                                                   \
            y1 ^= SIMON_VF(N, x1) ^ k0;                                                   \
            x0 ^= SIMON_VF(N, y0) ^ k1;                                                   \
            x1 ^= SIMON_VF(N, y1) ^ k1;                                                   \
        }                                                                                 \
        if ((T) % 2) {                                                                    \
            vec##N t0 = x0, t1 = x1;                                                      \
            x0 = y0 ^ SIMON_VF(N, x0) ^ rk[r];                                            \
            x1 = y1 ^ SIMON_VF(N, x1) ^ rk[r];                                            \
            y0 = t0, y1 = t1;                                                             \
        }                                                                                 \
        GROUP_STORE(N);                                                                   \
    }                                                                                     \
    BW_INLINE void simon##BB##_##KB##_group_decrypt(const word##N *rk, const uint8_t *in, \
                                                    uint8_t *out)                         \
    {                                                                                     \
        GROUP_LOAD(N);                                                                    \
        unsigned r = (T);                                                                 \
        if ((T) % 2) {                                                                    \
            r--;                                                                          \
            vec##N t0 = y0, t1 = y1;                                                      \
            y0 = x0 ^ SIMON_VF(N, y0) ^ rk[r];                                            \
            y1 = x1 ^ SIMON_VF(N, y1) ^ rk[r];                                            \
            x0 = t0, x1 = t1;                                                             \
        }                                                                                 \
        for (; r >= 2; r -= 2) {                                                          \
            word##N k1 = rk[r - 1], k0 = rk[r - 2];                                       \
            x0 ^= SIMON_VF(N, y0) ^ k1;                                                   \
            x1 ^= SIMON_VF(N, y1) ^ k1;                                                   \
            y0 ^= SIMON_VF(N, x0) ^ k0;                                                   \
            y1 ^= SIMON_VF(N, x1) ^ k0;                                                   \
        }                                                                                 \
        GROUP_STORE(N);                                                                   \
    }                                                                                     \
    BW_BULK(simon##BB##_##KB, N, encrypt)                                                 \
    BW_BULK(simon##BB##_##KB, N, decrypt)                                                 \
    const block_cipher block_simon##BB##_##KB = {                                         \
        .name = "simon-" #BB "/" #KB,                                                     \
        .family = "simon",                                                                \
        .block_bytes = (BB) / 8,                                                          \
        .key_bytes = (KB) / 8,                                                            \
        .rounds = (T),                                                                    \
        .expand = simon##BB##_##KB##_expand,                                              \
        .encrypt = simon##BB##_##KB##_encrypt,                                            \
        .decrypt = simon##BB##_##KB##_decrypt,                                            \
    };

/* Section 3 of the paper: word size, key words, rounds, sequence. */
SIMON_DEFINE(32, 64, 16, 4, 32, 0)
SIMON_DEFINE(48, 72, 24, 3, 36, 0)
SIMON_DEFINE(48, 96, 24, 4, 36, 1)
SIMON_DEFINE(64, 96, 32, 3, 42, 2)
SIMON_DEFINE(64, 128, 32, 4, 44, 3)
SIMON_DEFINE(96, 96, 48, 2, 52, 2)
SIMON_DEFINE(96, 144, 48, 3, 54, 3)
SIMON_DEFINE(128, 128, 64, 2, 68, 2)
SIMON_DEFINE(128, 192, 64, 3, 69, 3)
SIMON_DEFINE(128, 256, 64, 4, 72, 4)
