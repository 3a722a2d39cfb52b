/* zuc_scalar.c — the fastest one-stream portable C.
 *
 * Indexes S-box tables with secret data: NOT constant time (cache timing).
 *
 * Techniques (each kept because it measured faster here):
 *  - the LFSR feedback is summed in 64 bits and reduced mod 2^31 - 1 with two
 *    folds (lazy reduction) instead of five modular additions;
 *  - 16 steps unrolled, so the LFSR cells are renamed, never shifted;
 *  - S0/S1 merged into four pre-shifted 256 x 32-bit tables (4 KiB, in L1);
 *  - keystream made 16 words at a time and XORed into the message in the
 *    same pass.
 */
#include <string.h>

#include "zuc_impl.h"

#define MASK31 0x7FFFFFFFu

/* S(x) for one byte position each: S0/S1 output already in place. */
static uint32_t sbox_t0[256], sbox_t1[256], sbox_t2[256], sbox_t3[256];

static void build_tables(void)
{
    for (int i = 0; i < 256; i++) {
        sbox_t0[i] = (uint32_t)zuc_sbox0[i] << 24;
        sbox_t1[i] = (uint32_t)zuc_sbox1[i] << 16;
        sbox_t2[i] = (uint32_t)zuc_sbox0[i] << 8;
        sbox_t3[i] = zuc_sbox1[i];
    }
}

/* Tables are made once, before any use, from the constant S-boxes. */
__attribute__((constructor)) static void scalar_tables_init(void)
{
    build_tables();
}

static inline uint32_t rotl32(uint32_t x, unsigned k)
{
    return (x << k) | (x >> (32 - k));
}

static inline uint32_t rotl31(uint32_t x, unsigned k)
{
    return ((x << k) | (x >> (31 - k))) & MASK31;
}

static inline uint32_t sbox_word(uint32_t x)
{
    return sbox_t0[x >> 24] ^ sbox_t1[(x >> 16) & 0xFF] ^ sbox_t2[(x >> 8) & 0xFF] ^
           sbox_t3[x & 0xFF];
}

/* F: returns W and updates R1, R2 (3GPP Doc 2 §3.4). */
static inline uint32_t f_step(uint32_t *r1, uint32_t *r2, uint32_t x0, uint32_t x1, uint32_t x2)
{
    uint32_t w = (x0 ^ *r1) + *r2;
    uint32_t w1 = *r1 + x1;
    uint32_t w2 = *r2 ^ x2;
    uint32_t u = (w1 << 16) | (w2 >> 16);
    uint32_t v = (w2 << 16) | (w1 >> 16);
    u = u ^ rotl32(u, 2) ^ rotl32(u, 10) ^ rotl32(u, 18) ^ rotl32(u, 24);   /* L1 */
    v = v ^ rotl32(v, 8) ^ rotl32(v, 14) ^ rotl32(v, 22) ^ rotl32(v, 30);   /* L2 */
    *r1 = sbox_word(u);
    *r2 = sbox_word(v);
    return w;
}

/* (1 + 2^8) s0 + 2^20 s4 + 2^21 s10 + 2^17 s13 + 2^15 s15 (+ u) mod 2^31 - 1:
 * one 64-bit sum, two folds (lazy reduction). The result is never 0 because
 * the cells never are, so the spec's "if 0 then 2^31 - 1" needs no test. */
static inline uint32_t lfsr_next(uint32_t s0, uint32_t s4, uint32_t s10, uint32_t s13,
                                 uint32_t s15, uint32_t u)
{
    uint64_t t = (uint64_t)s0 + rotl31(s0, 8) + rotl31(s4, 20) + rotl31(s10, 21) +
                 rotl31(s13, 17) + rotl31(s15, 15) + u;
    t = (t & MASK31) + (t >> 31);
    t = (t & MASK31) + (t >> 31);
    return (uint32_t)t;
}

/* One working step on cells s[(i + k) & 15]: the keystream word. */
#define WORK_STEP(i)                                                                  \
    do {                                                                              \
        uint32_t x0 = ((s[(i + 15) & 15] & 0x7FFF8000u) << 1) | (s[(i + 14) & 15] & 0xFFFF); \
        uint32_t x1 = (s[(i + 11) & 15] << 16) | (s[(i + 9) & 15] >> 15);           \
        uint32_t x2 = (s[(i + 7) & 15] << 16) | (s[(i + 5) & 15] >> 15);            \
        uint32_t x3 = (s[(i + 2) & 15] << 16) | (s[(i + 0) & 15] >> 15);            \
        z[i] = f_step(&r1, &r2, x0, x1, x2) ^ x3;                                      \
        s[(i) & 15] = lfsr_next(s[(i) & 15], s[(i + 4) & 15], s[(i + 10) & 15],          \
                                s[(i + 13) & 15], s[(i + 15) & 15], 0);               \
    } while (0)

/* 16 keystream words; the cells come back to their own places. */
static inline void block16(uint32_t *restrict s, uint32_t *r1p, uint32_t *r2p, uint32_t *restrict z)
{
    uint32_t r1 = *r1p, r2 = *r2p;
    WORK_STEP(0);  WORK_STEP(1);  WORK_STEP(2);  WORK_STEP(3);
    WORK_STEP(4);  WORK_STEP(5);  WORK_STEP(6);  WORK_STEP(7);
    WORK_STEP(8);  WORK_STEP(9);  WORK_STEP(10); WORK_STEP(11);
    WORK_STEP(12); WORK_STEP(13); WORK_STEP(14); WORK_STEP(15);
    *r1p = r1; *r2p = r2;
}

/* One working step with the cells shifted down, for the last < 16 words. */
static uint32_t single_step(zuc_state *st)
{
    uint32_t *s = st->lfsr_private;
    uint32_t x0 = ((s[15] & 0x7FFF8000u) << 1) | (s[14] & 0xFFFF);
    uint32_t x1 = (s[11] << 16) | (s[9] >> 15);
    uint32_t x2 = (s[7] << 16) | (s[5] >> 15);
    uint32_t x3 = (s[2] << 16) | (s[0] >> 15);
    uint32_t z = f_step(&st->r1_private, &st->r2_private, x0, x1, x2) ^ x3;
    uint32_t s16 = lfsr_next(s[0], s[4], s[10], s[13], s[15], 0);
    memmove(s, s + 1, 15 * sizeof *s);
    s[15] = s16;
    return z;
}

/* 32 rounds of LFSRWithInitialisationMode(W >> 1), then one working step
 * whose output is discarded. */
static void run_initialisation(zuc_state *st)
{
    uint32_t *s = st->lfsr_private;
    uint32_t r1 = 0, r2 = 0;
    for (int round = 0; round < 32; round++) {
        uint32_t x0 = ((s[15] & 0x7FFF8000u) << 1) | (s[14] & 0xFFFF);
        uint32_t x1 = (s[11] << 16) | (s[9] >> 15);
        uint32_t x2 = (s[7] << 16) | (s[5] >> 15);
        uint32_t w = f_step(&r1, &r2, x0, x1, x2);
        uint32_t s16 = lfsr_next(s[0], s[4], s[10], s[13], s[15], w >> 1);
        memmove(s, s + 1, 15 * sizeof *s);
        s[15] = s16;
    }
    st->r1_private = r1;
    st->r2_private = r2;
    (void)single_step(st);
}

static void scalar_init128(zuc_state *st, const uint8_t key[16], const uint8_t iv[16])
{
    zuc128_load(st->lfsr_private, key, iv);
    run_initialisation(st);
}

static void scalar_init256(zuc_state *st, const uint8_t key[32], const uint8_t iv[25],
                           zuc256_dset d)
{
    zuc256_load(st->lfsr_private, key, iv, d);
    run_initialisation(st);
}

static void scalar_keystream(zuc_state *st, uint32_t *words, size_t nwords)
{
    size_t i = 0;
    for (; i + 16 <= nwords; i += 16)
        block16(st->lfsr_private, &st->r1_private, &st->r2_private, words + i);
    for (; i < nwords; i++)
        words[i] = single_step(st);
}

static inline void xor_word(const uint8_t *in, uint8_t *out, uint32_t z)
{
    uint32_t m;
    memcpy(&m, in, 4);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    m ^= __builtin_bswap32(z);
#else
    m ^= z;
#endif
    memcpy(out, &m, 4);
}

static void scalar_xor_keystream(zuc_state *st, const uint8_t *in, uint8_t *out, size_t nbytes)
{
    uint32_t z[16];
    size_t i = 0;
    for (; i + 64 <= nbytes; i += 64) {
        block16(st->lfsr_private, &st->r1_private, &st->r2_private, z);
        for (int k = 0; k < 16; k++)
            xor_word(in + i + 4 * k, out + i + 4 * k, z[k]);
    }
    for (; i + 4 <= nbytes; i += 4)
        xor_word(in + i, out + i, single_step(st));
    if (i < nbytes) {
        uint32_t last = single_step(st);
        for (size_t j = 0; i + j < nbytes; j++)
            out[i + j] = in[i + j] ^ (uint8_t)(last >> (24 - 8 * j));
    }
    zuc_wipe(z, sizeof z);
}

static int always_usable(void) { return 1; }

const zuc_impl zuc_impl_scalar = {
    .name = "scalar",
    .lanes = 1,
    .constant_time = 0,
    .usable = always_usable,
    .init128 = scalar_init128,
    .init256 = scalar_init256,
    .keystream = scalar_keystream,
    .xor_keystream = scalar_xor_keystream,
};
