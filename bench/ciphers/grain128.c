/* SPDX-License-Identifier: Apache-2.0 */
/* grain128.c — Grain-128 (Hell, Johansson, Maximov, Meier; eSTREAM's 128-bit
 * Grain), 128-bit key, 96-bit IV, 32 keystream bits per step (the design's
 * maximum: the highest tap is 96). Each register is kept as three
 * overlapping 64-bit views so that every tap is one shift.
 * Spec: "A Stream Cipher Proposal: Grain-128" (ISIT 2006), with the reference code's byte order. */
#include "ciphers/cipher.h"

/* lo = bits 0..63, mid = 32..95, hi = 64..127 of a register whose bit i is
 * b_{t+i} (NFSR) or s_{t+i} (LFSR). */
typedef struct {
    uint64_t lo, mid, hi;
} grain_reg;

typedef struct {
    grain_reg b, s;
    own_leftover left;
} grain128_state;

/* Bits k..k+31 of a register, 0 <= k <= 96. */
#define W(r, k) \
    ((uint32_t)((k) <= 32 ? (r).lo >> (k) : (k) <= 64 ? (r).mid >> ((k)-32) : (r).hi >> ((k)-64)))

static inline void grain_shift(grain_reg *r, uint32_t in)
{
    r->lo = r->mid;
    r->mid = r->hi;
    r->hi = (r->hi >> 32) | ((uint64_t)in << 32);
}

/* 32 clocks; z_t in bit t. During initialisation (init = 1) the output is
 * fed back into both registers. */
static inline uint32_t grain_step(grain_reg *b, grain_reg *s, int init)
{
    uint32_t b12 = W(*b, 12), b95 = W(*b, 95);
    uint32_t h = (b12 & W(*s, 8)) ^ (W(*s, 13) & W(*s, 20)) ^ (b95 & W(*s, 42)) ^
                 (W(*s, 60) & W(*s, 79)) ^ (b12 & b95 & W(*s, 95));
    uint32_t z = h ^ W(*s, 93) ^ W(*b, 2) ^ W(*b, 15) ^ W(*b, 36) ^ W(*b, 45) ^ W(*b, 64) ^
                 W(*b, 73) ^ W(*b, 89);
    uint32_t s0 = W(*s, 0);
    uint32_t fs = s0 ^ W(*s, 7) ^ W(*s, 38) ^ W(*s, 70) ^ W(*s, 81) ^ W(*s, 96);
    uint32_t fb = s0 ^ W(*b, 0) ^ W(*b, 26) ^ W(*b, 56) ^ W(*b, 91) ^ W(*b, 96) ^
                  (W(*b, 3) & W(*b, 67)) ^ (W(*b, 11) & W(*b, 13)) ^ (W(*b, 17) & W(*b, 18)) ^
                  (W(*b, 27) & W(*b, 59)) ^ (W(*b, 40) & W(*b, 48)) ^ (W(*b, 61) & W(*b, 65)) ^
                  (W(*b, 68) & W(*b, 84));
    if (init) {
        fs ^= z;
        fb ^= z;
    }
    grain_shift(s, fs);
    grain_shift(b, fb);
    return z;
}

/* Bit i of the register = bit i%8 of byte i/8 (the reference code's order). */
static void grain_load(grain_reg *r, const uint8_t v[16])
{
    r->lo = own_load_le64(v);
    r->mid = own_load_le64(v + 4);
    r->hi = own_load_le64(v + 8);
}

static void grain128_init(void *state, const uint8_t *key, const uint8_t *iv, size_t iv_bytes)
{
    grain128_state *st = state;
    uint8_t s[16] = { 0 };
    for (size_t i = 0; i < iv_bytes; i++)
        s[i] = iv[i];
    for (int i = 12; i < 16; i++)
        s[i] = 0xFF; /* s_96..s_127 = 1 */
    grain_load(&st->b, key);
    grain_load(&st->s, s);
    for (int i = 0; i < 256 / 32; i++)
        grain_step(&st->b, &st->s, 1);
    st->left = (own_leftover){ .used = 8, .size = 8 };
}

static void grain128_bulk(void *state, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    grain128_state *st = state;
    grain_reg b = st->b, s = st->s;
    for (size_t i = 0; i < nblocks; i++) {
        uint64_t z = grain_step(&b, &s, 0);
        z |= (uint64_t)grain_step(&b, &s, 0) << 32;
        own_store_le64(out + 8 * i, own_load_le64(in + 8 * i) ^ z);
    }
    st->b = b;
    st->s = s;
}

static void grain128_crypt(void *state, const uint8_t *in, uint8_t *out, size_t n)
{
    grain128_state *st = state;
    own_crypt_blocks(st, &st->left, grain128_bulk, in, out, n);
}

const own_cipher own_grain128 = {
    .algorithm = "grain-128",
    .spec = "A Stream Cipher Proposal: Grain-128 (Hell, Johansson, Maximov, Meier), eSTREAM",
    .key_bytes = 16,
    .iv_bytes = 12,
    .max_iv_bytes = 12,
    .state_bytes = sizeof(grain128_state),
    .init = grain128_init,
    .crypt = grain128_crypt,
};
