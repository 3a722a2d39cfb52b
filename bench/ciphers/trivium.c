/* SPDX-License-Identifier: Apache-2.0 */
/* trivium.c — Trivium (De Cannière, Preneel; eSTREAM portfolio, profile 2),
 * 80-bit key and IV, 64 keystream bits per step: every tap lies at least 66
 * positions from the input end, so 64 clocks can be computed at once.
 * Spec: "Trivium Specifications", eSTREAM 2005/030, with the reference code's byte order. */
#include "ciphers/cipher.h"

#include <string.h>

/* Register i of length n holds s_1..s_n with s_j at bit n - j of the
 * integer lo + 2^64 hi: a tap s_k read over the next 64 clocks is the 64-bit
 * word at bit n - k. (Plain 64-bit halves: compilers spill 128-bit types.) */
typedef struct {
    uint64_t lo, hi;
} reg;

typedef struct {
    reg a, b, c; /* lengths 93, 84, 111 */
    own_leftover left;
} trivium_state;

#define TAP(r, n, k) ((n) == (k) ? (r).lo : ((r).lo >> ((n) - (k))) | ((r).hi << (64 - (n) + (k))))

/* Shifts 64 new bits in at s_1 (bits n-64 .. n-1). */
#define PUSH(r, n, t)                        \
    do {                                     \
        (r).lo = (r).hi | ((t) << ((n)-64)); \
        (r).hi = (t) >> (128 - (n));         \
    } while (0)

/* 64 clocks; returns z_t in bit t. */
static inline uint64_t trivium_step(reg *a, reg *b, reg *c)
{
    uint64_t t1 = TAP(*a, 93, 66) ^ TAP(*a, 93, 93);
    uint64_t t2 = TAP(*b, 84, 69) ^ TAP(*b, 84, 84);
    uint64_t t3 = TAP(*c, 111, 66) ^ TAP(*c, 111, 111);
    uint64_t z = t1 ^ t2 ^ t3;
    t1 ^= (TAP(*a, 93, 91) & TAP(*a, 93, 92)) ^ TAP(*b, 84, 78);
    t2 ^= (TAP(*b, 84, 82) & TAP(*b, 84, 83)) ^ TAP(*c, 111, 87);
    t3 ^= (TAP(*c, 111, 109) & TAP(*c, 111, 110)) ^ TAP(*a, 93, 69);
    PUSH(*a, 93, t3);
    PUSH(*b, 84, t1);
    PUSH(*c, 111, t2);
    return z;
}

/* 80 bits as a little-endian integer. The reference code loads s_1 from its
 * top bit (bit 7 of byte 9) down to s_80 from bit 0 of byte 0. */
static reg load80(const uint8_t bytes[10], int shift)
{
    uint64_t lo = own_load_le64(bytes), hi = bytes[8] | (uint64_t)bytes[9] << 8;
    return (reg){ lo << shift, (hi << shift) | (lo >> (64 - shift)) };
}

static void trivium_init(void *state, const uint8_t *key, const uint8_t *iv, size_t iv_bytes)
{
    trivium_state *st = state;
    uint8_t padded[10] = { 0 };
    memcpy(padded + 10 - iv_bytes, iv, iv_bytes); /* a short IV fills s_94 onwards */
    st->a = load80(key, 13);                      /* s_i at bit 93 - i: integer bit j is s_{80-j} */
    st->b = load80(padded, 4);                    /* s_{93+i} at bit 84 - i */
    st->c = (reg){ 7, 0 };                        /* s_286, s_287, s_288 = 1 */
    for (int i = 0; i < 4 * 288 / 64; i++)
        trivium_step(&st->a, &st->b, &st->c);
    st->left = (own_leftover){ .used = 8, .size = 8 };
}

static void trivium_bulk(void *state, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    trivium_state *st = state;
    reg a = st->a, b = st->b, c = st->c;
    for (size_t i = 0; i < nblocks; i++) {
        uint64_t z = trivium_step(&a, &b, &c);
        /* z_t is bit t%8 of byte t/8: a little-endian word */
        own_store_le64(out + 8 * i, own_load_le64(in + 8 * i) ^ z);
    }
    st->a = a;
    st->b = b;
    st->c = c;
}

static void trivium_crypt(void *state, const uint8_t *in, uint8_t *out, size_t n)
{
    trivium_state *st = state;
    own_crypt_blocks(st, &st->left, trivium_bulk, in, out, n);
}

const own_cipher own_trivium = {
    .algorithm = "trivium",
    .spec = "Trivium Specifications (De Canniere, Preneel), eSTREAM portfolio",
    .key_bytes = 10,
    .iv_bytes = 10,
    .max_iv_bytes = 10,
    .state_bytes = sizeof(trivium_state),
    .init = trivium_init,
    .crypt = trivium_crypt,
};
