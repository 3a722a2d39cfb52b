/* SPDX-License-Identifier: Apache-2.0 */
/* speck.c — Speck, all ten sizes (block/key bits 32/64 to 128/256).
 * Spec: Beaulieu, Shors, Smith, Treatman-Clark, Weeks, Wingers, "The SIMON
 * and SPECK Families of Lightweight Block Ciphers", IACR ePrint 2013/404
 * (rounds, rotation amounts and key schedule of its section 4; its appendix
 * vectors are tests/simon_speck_kat.c's). Byte order of the implementation
 * guide (see block.h): words little-endian, a block is y then x, a key is
 * k_0, l_0, ..., l_{m-2}.
 *
 * The round keys are expanded once. Many blocks go through in groups of two
 * vectors of words (block_words.h: 8 blocks of 64-bit words, 32 of 16-bit
 * words), a short tail one block at a time. */
#include "ciphers/block.h"
#include "ciphers/block_words.h"

/* Speck-BB/KB: N-bit words, M key words, T rounds, rotations A (right) and B (left). */
#define SPECK_DEFINE(BB, KB, N, M, T, A, B)                                               \
    typedef word##N speck##BB##_##KB##_rounds_t[T];                                       \
    _Static_assert((T) * sizeof(word##N) <= BLOCK_SCHEDULE_BYTES, "schedule");            \
    static void speck##BB##_##KB##_expand(void *schedule, const uint8_t *key)             \
    {                                                                                     \
        word##N k[T], l[(T) + (M)-2];                                                     \
        k[0] = load##N(key);                                                              \
        for (unsigned i = 0; i + 1 < (M); i++)                                            \
            l[i] = load##N(key + (i + 1) * ((N) / 8));                                    \
        for (unsigned i = 0; i + 1 < (T); i++) {                                          \
            l[i + (M)-1] = (word##N)(add##N(k[i], ror##N(l[i], A)) ^ i);                  \
            k[i + 1] = (word##N)(rol##N(k[i], B) ^ l[i + (M)-1]);                         \
        }                                                                                 \
        memcpy(schedule, k, sizeof k);                                                    \
    }                                                                                     \
    BW_INLINE void speck##BB##_##KB##_one_encrypt(const word##N *rk, const uint8_t *in,   \
                                                  uint8_t *out)                           \
    {                                                                                     \
        word##N y = load##N(in), x = load##N(in + (N) / 8);                               \
        for (unsigned r = 0; r < (T); r++) {                                              \
            x = (word##N)(add##N(ror##N(x, A), y) ^ rk[r]);                               \
            y = (word##N)(rol##N(y, B) ^ x);                                              \
        }                                                                                 \
        store##N(out, y);                                                                 \
        store##N(out + (N) / 8, x);                                                       \
    }                                                                                     \
    BW_INLINE void speck##BB##_##KB##_one_decrypt(const word##N *rk, const uint8_t *in,   \
                                                  uint8_t *out)                           \
    {                                                                                     \
        word##N y = load##N(in), x = load##N(in + (N) / 8);                               \
        for (unsigned r = (T); r-- > 0;) {                                                \
            y = ror##N((word##N)(y ^ x), B);                                              \
            x = rol##N(sub##N((word##N)(x ^ rk[r]), y), A);                               \
        }                                                                                 \
        store##N(out, y);                                                                 \
        store##N(out + (N) / 8, x);                                                       \
    }                                                                                     \
    BW_INLINE void speck##BB##_##KB##_group_encrypt(const word##N *rk, const uint8_t *in, \
                                                    uint8_t *out)                         \
    {                                                                                     \
        GROUP_LOAD(N);                                                                    \
        for (unsigned r = 0; r < (T); r++) {                                              \
            word##N k = rk[r];                                                            \
            x0 = ((VROR(N, x0, A) + y0) & MASK##N) ^ k;                                   \
            x1 = ((VROR(N, x1, A) + y1) & MASK##N) ^ k;                                   \
            y0 = VROL(N, y0, B) ^ x0;                                                     \
            y1 = VROL(N, y1, B) ^ x1;                                                     \
        }                                                                                 \
        GROUP_STORE(N);                                                                   \
    }                                                                                     \
    BW_INLINE void speck##BB##_##KB##_group_decrypt(const word##N *rk, const uint8_t *in, \
                                                    uint8_t *out)                         \
    {                                                                                     \
        GROUP_LOAD(N);                                                                    \
        for (unsigned r = (T); r-- > 0;) {                                                \
            word##N k = rk[r];                                                            \
            y0 = VROR(N, y0 ^ x0, B);                                                     \
            y1 = VROR(N, y1 ^ x1, B);                                                     \
            x0 = VROL(N, ((x0 ^ k) - y0) & MASK##N, A);                                   \
            x1 = VROL(N, ((x1 ^ k) - y1) & MASK##N, A);                                   \
        }                                                                                 \
        GROUP_STORE(N);                                                                   \
    }                                                                                     \
    BW_BULK(speck##BB##_##KB, N, encrypt)                                                 \
    BW_BULK(speck##BB##_##KB, N, decrypt)                                                 \
    const block_cipher block_speck##BB##_##KB = {                                         \
        .name = "speck-" #BB "/" #KB,                                                     \
        .family = "speck",                                                                \
        .block_bytes = (BB) / 8,                                                          \
        .key_bytes = (KB) / 8,                                                            \
        .rounds = (T),                                                                    \
        .expand = speck##BB##_##KB##_expand,                                              \
        .encrypt = speck##BB##_##KB##_encrypt,                                            \
        .decrypt = speck##BB##_##KB##_decrypt,                                            \
    };

/* Section 4 of the paper: word size, key words, rounds, rotations. */
SPECK_DEFINE(32, 64, 16, 4, 22, 7, 2)
SPECK_DEFINE(48, 72, 24, 3, 22, 8, 3)
SPECK_DEFINE(48, 96, 24, 4, 23, 8, 3)
SPECK_DEFINE(64, 96, 32, 3, 26, 8, 3)
SPECK_DEFINE(64, 128, 32, 4, 27, 8, 3)
SPECK_DEFINE(96, 96, 48, 2, 28, 8, 3)
SPECK_DEFINE(96, 144, 48, 3, 29, 8, 3)
SPECK_DEFINE(128, 128, 64, 2, 32, 8, 3)
SPECK_DEFINE(128, 192, 64, 3, 33, 8, 3)
SPECK_DEFINE(128, 256, 64, 4, 34, 8, 3)
