/* SPDX-License-Identifier: Apache-2.0 */
/* enocoro128v2.c — Enocoro-128v2 (Hitachi; ISO/IEC 29192-3), 128-bit key,
 * 64-bit IV, one keystream byte per round. The 32-byte buffer is a ring whose
 * start moves one byte per round; 32 rounds are unrolled so every index is
 * a constant. Indexes a table with secret data (not constant time).
 * Spec: "Enocoro-128v2 specification" (Hitachi, 2010), test vectors enocoro_tv_20100202. */
#include "ciphers/cipher.h"

#include <string.h>

typedef struct {
    uint8_t buf[32]; /* b_j at buf[(j - round) mod 32] */
    uint8_t a0, a1;
    own_leftover left;
} enocoro_state;

/* s8, the specification's 8-bit S-box. */
static const uint8_t S8[256] = {
    0x63, 0x52, 0x1a, 0xdf, 0x8a, 0xf6, 0xae, 0x55, 0x89, 0xe7, 0xd0, 0x2d, 0xbd, 0x01, 0x24, 0x78,
    0x1b, 0xd9, 0xe3, 0x54, 0xc8, 0xa4, 0xec, 0x7e, 0xab, 0x00, 0x9c, 0x2e, 0x91, 0x67, 0x37, 0x53,
    0x4e, 0x6b, 0x6c, 0x11, 0xb2, 0xc0, 0x82, 0xfd, 0x39, 0x45, 0xfe, 0x9b, 0x34, 0xd7, 0xa7, 0x08,
    0xb8, 0x9a, 0x33, 0xc6, 0x4c, 0x1d, 0x69, 0xa1, 0x6e, 0x3e, 0xc5, 0x0a, 0x57, 0xf4, 0xf1, 0x83,
    0xf5, 0x47, 0x1f, 0x7a, 0xa5, 0x29, 0x3c, 0x42, 0xd6, 0x73, 0x8d, 0xf0, 0x8e, 0x18, 0xaa, 0xc1,
    0x20, 0xbf, 0xe6, 0x93, 0x51, 0x0e, 0xf7, 0x98, 0xdd, 0xba, 0x6a, 0x05, 0x48, 0x23, 0x6d, 0xd4,
    0x1e, 0x60, 0x75, 0x43, 0x97, 0x2a, 0x31, 0xdb, 0x84, 0x19, 0xaf, 0xbc, 0xcc, 0xf3, 0xe8, 0x46,
    0x88, 0xac, 0x8b, 0xe4, 0x7b, 0xd5, 0x58, 0x36, 0x02, 0xb1, 0x07, 0x72, 0xe1, 0xdc, 0x5f, 0x2f,
    0x5d, 0xe5, 0xd1, 0x0c, 0x26, 0x99, 0xb5, 0x6f, 0xe0, 0x4a, 0x3b, 0xde, 0xa2, 0x68, 0x92, 0x17,
    0xca, 0xee, 0xa9, 0xb6, 0x03, 0x5e, 0xd3, 0x25, 0xfb, 0x9d, 0x61, 0x59, 0x06, 0x90, 0x74, 0x2c,
    0x27, 0x95, 0xa0, 0xb9, 0x7c, 0xed, 0x04, 0xd2, 0x50, 0xe2, 0x49, 0x77, 0xcb, 0x3a, 0x0f, 0x9e,
    0x70, 0x16, 0x5c, 0xef, 0x21, 0xb3, 0x9f, 0x0d, 0xa6, 0xc9, 0x22, 0x94, 0xfa, 0x4b, 0xd8, 0x65,
    0x85, 0x3d, 0x96, 0x28, 0x14, 0x5b, 0x66, 0xea, 0x7f, 0xce, 0xf9, 0x40, 0x13, 0xad, 0xc3, 0xb0,
    0xf2, 0xc2, 0x38, 0x80, 0xcf, 0x71, 0x0b, 0x87, 0x4d, 0x35, 0x56, 0xe9, 0x64, 0xbe, 0x1c, 0xbb,
    0xb7, 0x30, 0xc4, 0x2b, 0xff, 0x62, 0x41, 0xa8, 0x15, 0x8c, 0x12, 0xc7, 0x79, 0x8f, 0x5a, 0xfc,
    0xcd, 0x09, 0x4f, 0x7d, 0xf8, 0x86, 0xda, 0x10, 0x32, 0x76, 0xb4, 0xa3, 0x3f, 0x44, 0x81, 0xeb,
};

/* Multiplication by 2 in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1. */
static inline unsigned xtime(unsigned u)
{
    return ((u << 1) ^ (0x1D & (0u - (u >> 7)))) & 0xFF;
}

#define B(j, r) buf[((j) - (r)) & 31]

/* One round at round number r (mod 32); returns the output byte a_1 taken
 * before the update. rho: the state through s8 and L = [[1,1],[1,2]];
 * lambda: the buffer shifts, b_3 = b_2^b_6, b_8 = b_7^b_15, b_17 = b_16^b_28,
 * b_0 = b_31^a_0 (in the ring only the four changed bytes are written). */
#define ROUND(r)                                               \
    do {                                                       \
        unsigned u0 = a0 ^ S8[B(2, r)], u1 = a1 ^ S8[B(7, r)]; \
        unsigned k3 = S8[B(16, r)], k4 = S8[B(29, r)];         \
        B(2, r) ^= B(6, r);                                    \
        B(7, r) ^= B(15, r);                                   \
        B(16, r) ^= B(28, r);                                  \
        B(31, r) ^= (uint8_t)a0;                               \
        a0 = u0 ^ u1 ^ k3;                                     \
        a1 = u0 ^ xtime(u1) ^ k4;                              \
    } while (0)

static void enocoro_init(void *state, const uint8_t *key, const uint8_t *iv, size_t iv_bytes)
{
    static const uint8_t tail[8] = { 0x66, 0xe9, 0x4b, 0xd4, 0xef, 0x8a, 0x2c, 0x3b };
    enocoro_state *st = state;
    uint8_t buf[32] = { 0 };
    unsigned a0 = 0x88, a1 = 0x4c, counter = 1;
    memcpy(buf, key, 16);
    memcpy(buf + 16, iv, iv_bytes);
    memcpy(buf + 24, tail, 8);
    for (int r = 0; r < 96; r++) {
        buf[(31 - r) & 31] ^= (uint8_t)counter; /* b_31 ^= ctr, ctr = x * ctr */
        counter = xtime(counter);
        ROUND(r);
    }
    memcpy(st->buf, buf, 32); /* 96 rounds: the ring is back at 0 */
    st->a0 = (uint8_t)a0;
    st->a1 = (uint8_t)a1;
    st->left = (own_leftover){ .used = 32, .size = 32 };
}

#define OUT(r) (out[r] = in[r] ^ (uint8_t)a1)
#define STEP(r)   \
    do {          \
        OUT(r);   \
        ROUND(r); \
    } while (0)
#define STEP4(r) \
    STEP(r);     \
    STEP(r + 1); \
    STEP(r + 2); \
    STEP(r + 3)

static void enocoro_bulk(void *state, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    enocoro_state *st = state;
    uint8_t buf[32];
    unsigned a0 = st->a0, a1 = st->a1;
    memcpy(buf, st->buf, 32);
    for (size_t i = 0; i < nblocks; i++, in += 32, out += 32) {
        STEP4(0);
        STEP4(4);
        STEP4(8);
        STEP4(12);
        STEP4(16);
        STEP4(20);
        STEP4(24);
        STEP4(28);
    }
    memcpy(st->buf, buf, 32);
    st->a0 = (uint8_t)a0;
    st->a1 = (uint8_t)a1;
}

static void enocoro_crypt(void *state, const uint8_t *in, uint8_t *out, size_t n)
{
    enocoro_state *st = state;
    own_crypt_blocks(st, &st->left, enocoro_bulk, in, out, n);
}

const own_cipher own_enocoro128v2 = {
    .algorithm = "enocoro-128v2",
    .spec = "Enocoro-128v2 specification (Hitachi), ISO/IEC 29192-3",
    .key_bytes = 16,
    .iv_bytes = 8,
    .max_iv_bytes = 8,
    .state_bytes = sizeof(enocoro_state),
    .init = enocoro_init,
    .crypt = enocoro_crypt,
};
