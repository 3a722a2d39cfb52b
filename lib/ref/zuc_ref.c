/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_ref.c — the spec-literal reference: readable, slow, the oracle that
 * every fast path is tested against.
 *
 * It follows 3GPP Doc 2 (ZUC) step by step: the LFSR with additions mod
 * 2^31 - 1 as specified, bit reorganisation, F with S0/S1 and L1/L2; 128-EEA3,
 * and 128-EIA3 and the ZUC-256 MACs bit by bit, as the specifications write
 * them. It shares with the fast paths only data and data layout: the S-boxes,
 * key loading and IV derivation (zuc_load.c), and the public state. Indexes tables with secret data: not constant time. */
#include <string.h>

#include "zuc_impl.h"

#define MASK31 0x7FFFFFFFu

/* ---- the ZUC core (3GPP Doc 2 §3) -------------------------------------- */

/* c = a + b mod (2^31 - 1) */
static uint32_t add_m(uint32_t a, uint32_t b)
{
    uint32_t c = a + b;
    return (c & MASK31) + (c >> 31);
}

/* x * 2^k mod (2^31 - 1) */
static uint32_t mul_by_pow2(uint32_t x, unsigned k)
{
    return ((x << k) | (x >> (31 - k))) & MASK31;
}

static uint32_t rot32(uint32_t x, unsigned k)
{
    return (x << k) | (x >> (32 - k));
}

static uint32_t l1(uint32_t x)
{
    return x ^ rot32(x, 2) ^ rot32(x, 10) ^ rot32(x, 18) ^ rot32(x, 24);
}

static uint32_t l2(uint32_t x)
{
    return x ^ rot32(x, 8) ^ rot32(x, 14) ^ rot32(x, 22) ^ rot32(x, 30);
}

static uint32_t sbox(uint32_t x)
{
    return ((uint32_t)zuc_sbox0[x >> 24] << 24) | ((uint32_t)zuc_sbox1[(x >> 16) & 0xFF] << 16) |
           ((uint32_t)zuc_sbox0[(x >> 8) & 0xFF] << 8) | zuc_sbox1[x & 0xFF];
}

typedef struct {
    uint32_t x0, x1, x2, x3;
} br_words;

/* BitReorganization */
static br_words bit_reorganization(const uint32_t *s)
{
    br_words x;
    x.x0 = ((s[15] & 0x7FFF8000u) << 1) | (s[14] & 0xFFFF);
    x.x1 = ((s[11] & 0xFFFF) << 16) | (s[9] >> 15);
    x.x2 = ((s[7] & 0xFFFF) << 16) | (s[5] >> 15);
    x.x3 = ((s[2] & 0xFFFF) << 16) | (s[0] >> 15);
    return x;
}

/* F: returns W, updates R1 and R2 */
static uint32_t f(zuc_state *st, br_words x)
{
    uint32_t w = (x.x0 ^ st->r1_private) + st->r2_private;
    uint32_t w1 = st->r1_private + x.x1;
    uint32_t w2 = st->r2_private ^ x.x2;
    st->r1_private = sbox(l1((w1 << 16) | (w2 >> 16)));
    st->r2_private = sbox(l2((w2 << 16) | (w1 >> 16)));
    return w;
}

/* The LFSR feedback 2^15 s15 + 2^17 s13 + 2^21 s10 + 2^20 s4 + (1 + 2^8) s0 */
static uint32_t lfsr_feedback(const uint32_t *s)
{
    uint32_t v = s[0];
    v = add_m(v, mul_by_pow2(s[0], 8));
    v = add_m(v, mul_by_pow2(s[4], 20));
    v = add_m(v, mul_by_pow2(s[10], 21));
    v = add_m(v, mul_by_pow2(s[13], 17));
    v = add_m(v, mul_by_pow2(s[15], 15));
    return v;
}

static void lfsr_shift_in(uint32_t *s, uint32_t s16)
{
    memmove(s, s + 1, 15 * sizeof *s);
    s[15] = s16 ? s16 : MASK31; /* if s16 == 0, set s16 = 2^31 - 1 */
}

/* LFSRWithInitialisationMode(u) */
static void lfsr_init_mode(uint32_t *s, uint32_t u)
{
    lfsr_shift_in(s, add_m(lfsr_feedback(s), u));
}

/* LFSRWithWorkMode() */
static void lfsr_work_mode(uint32_t *s)
{
    lfsr_shift_in(s, lfsr_feedback(s));
}

/* The initialisation rounds (32; 48 for ZUC-256 version 2023), then the
 * working round whose output is discarded */
static void run_initialisation(zuc_state *st, unsigned rounds)
{
    st->r1_private = st->r2_private = 0;
    for (unsigned round = 0; round < rounds; round++) {
        br_words x = bit_reorganization(st->lfsr_private);
        uint32_t w = f(st, x);
        lfsr_init_mode(st->lfsr_private, w >> 1);
    }
    br_words x = bit_reorganization(st->lfsr_private);
    (void)f(st, x);
    lfsr_work_mode(st->lfsr_private);
}

static void ref_keystream(zuc_state *st, uint32_t *words, size_t nwords)
{
    for (size_t i = 0; i < nwords; i++) {
        br_words x = bit_reorganization(st->lfsr_private);
        words[i] = f(st, x) ^ x.x3;
        lfsr_work_mode(st->lfsr_private);
    }
}

/* ---- initialisation (key loading is shared: zuc_load.c) ---------------- */

static void ref_init128(zuc_state *st, const uint8_t key[16], const uint8_t iv[16])
{
    zuc128_load(st->lfsr_private, key, iv);
    run_initialisation(st, 32);
}

static void ref_init256(zuc_state *st, const uint8_t key[32], const uint8_t *iv, zuc256_dset d)
{
    zuc256_load(st->lfsr_private, key, iv, d);
    run_initialisation(st, zuc256_init_rounds(d));
}

/* ---- modes, as the specifications write them ----------------------------- */

static void ref_xor_keystream(zuc_state *st, const uint8_t *in, uint8_t *out, size_t nbytes)
{
    for (size_t i = 0; i < nbytes; i += 4) {
        uint32_t z;
        ref_keystream(st, &z, 1);
        for (size_t j = 0; j < 4 && i + j < nbytes; j++)
            out[i + j] = in[i + j] ^ (uint8_t)(z >> (24 - 8 * j));
    }
}

/* The keystream as an endless word array z[0], z[1], ...: words are made as
 * they are asked for and the last 8 are kept, enough for every window the
 * MACs read, so the oracle needs no allocation and has no error path. */
typedef struct {
    zuc_state st;
    uint32_t z[8];
    size_t base;
} ks_reader;

static uint32_t ks_word(ks_reader *r, size_t index)
{
    while (index >= r->base + 8) {
        memmove(r->z, r->z + 1, 7 * sizeof r->z[0]);
        ref_keystream(&r->st, &r->z[7], 1);
        r->base++;
    }
    return r->z[index - r->base];
}

/* The 32-bit keystream window starting at bit i (GET_WORD of Doc 1). */
static uint32_t ks_window(ks_reader *r, size_t i)
{
    size_t w = i / 32, t = i % 32;
    uint32_t next = ks_word(r, w + 1), first = ks_word(r, w);
    return t == 0 ? first : (first << t) | (next >> (32 - t));
}

static void ks_start(ks_reader *r)
{
    ref_keystream(&r->st, r->z, 8);
    r->base = 0;
}

/* Bit i of a message, most significant bit of byte 0 first (GET_BIT). */
static unsigned get_bit(const uint8_t *data, size_t i)
{
    return (data[i / 8] >> (7 - i % 8)) & 1;
}

/* 128-EEA3 (Doc 1 §3): C = M XOR z, the last byte's unused bits zeroed */
static void ref_eea3(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                     const uint8_t *in, uint8_t *out, size_t length_bits)
{
    uint8_t iv[16];
    zuc_state st;
    size_t nbytes = zuc_bytes_of_bits(length_bits);
    zuc_iv_of_eea3(iv, count, bearer, direction);
    ref_init128(&st, key, iv);
    ref_xor_keystream(&st, in, out, nbytes);
    if (length_bits % 8)
        out[nbytes - 1] &= (uint8_t)(0xFF << (8 - length_bits % 8));
    zuc_wipe(&st, sizeof st);
}

/* 128-EIA3 (Doc 1 §4), bit by bit */
static uint32_t ref_eia3(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                         const uint8_t *msg, size_t length_bits)
{
    uint8_t iv[16];
    zuc_iv_of_eia3(iv, count, bearer, direction);
    ks_reader r;
    ref_init128(&r.st, key, iv);
    ks_start(&r);
    size_t l = (size_t)(((uint64_t)length_bits + 64 + 31) / 32); /* L of Doc 1 §4.4 */
    uint32_t t = 0;
    for (size_t i = 0; i < length_bits; i++)
        if (get_bit(msg, i))
            t ^= ks_window(&r, i);
    t ^= ks_window(&r, length_bits);
    t ^= ks_word(&r, l - 1);
    zuc_wipe(&r, sizeof r);
    return t;
}

static void ref_zuc256_crypt(zuc256_dset d, const uint8_t key[32], const uint8_t *iv,
                             const uint8_t *in, uint8_t *out, size_t length_bytes)
{
    zuc_state st;
    ref_init256(&st, key, iv, d);
    ref_xor_keystream(&st, in, out, length_bytes);
    zuc_wipe(&st, sizeof st);
}

/* ZUC-256 MAC (2018 paper §3): Tag = z[0..t-1]; for each message bit i that is
 * 1, Tag ^= the t-bit window at keystream bit t + i; finally Tag ^= the window
 * at t + L. Tags of t bits are handled as t/32 words. */
static void ref_zuc256_mac(int version, const uint8_t key[32], const uint8_t *iv,
                           const uint8_t *msg, size_t length_bits, uint8_t *tag, size_t tag_bytes)
{
    size_t tw = tag_bytes / 4, t = 32 * tw;
    ks_reader r;
    ref_init256(&r.st, key, iv, zuc256_dset_of(version, tag_bytes));
    ks_start(&r);
    uint32_t acc[4];
    for (size_t j = 0; j < tw; j++)
        acc[j] = ks_word(&r, j);
    for (size_t i = 0; i < length_bits; i++)
        if (get_bit(msg, i))
            for (size_t j = 0; j < tw; j++)
                acc[j] ^= ks_window(&r, t + i + 32 * j);
    for (size_t j = 0; j < tw; j++)
        acc[j] ^= ks_window(&r, t + length_bits + 32 * j);
    for (size_t j = 0; j < tw; j++)
        zuc_store_be32(tag + 4 * j, acc[j]);
    zuc_wipe(&r, sizeof r);
    zuc_wipe(acc, sizeof acc);
}

/* ---- ZUC-NEA6 / NIA6 / NCA6 (see zuc_impl.h), with POLYVAL as RFC 8452
 * writes it: field elements are 128-bit little-endian numbers, polynomials
 * over GF(2) reduced by x^128 + x^127 + x^126 + x^121 + 1, and
 * dot(a, b) = a * b * x^-128, here by shift-and-add, one bit at a time. */

typedef struct {
    uint64_t lo, hi;
} gf128;

static gf128 gf_load(const uint8_t b[16])
{
    gf128 v = { 0, 0 };
    for (int i = 7; i >= 0; i--) {
        v.lo = v.lo << 8 | b[i];
        v.hi = v.hi << 8 | b[8 + i];
    }
    return v;
}

static void gf_store(uint8_t b[16], gf128 v)
{
    for (int i = 0; i < 8; i++) {
        b[i] = (uint8_t)(v.lo >> 8 * i);
        b[8 + i] = (uint8_t)(v.hi >> 8 * i);
    }
}

/* v * x mod the polynomial: x^128 = x^127 + x^126 + x^121 + 1 */
static gf128 gf_times_x(gf128 v)
{
    uint64_t carry = v.hi >> 63;
    v.hi = v.hi << 1 | v.lo >> 63;
    v.lo <<= 1;
    if (carry) {
        v.hi ^= 0xC200000000000000u; /* x^127 + x^126 + x^121 */
        v.lo ^= 1;
    }
    return v;
}

/* v * x^-1: v + (v mod x) * polynomial is divisible by x */
static gf128 gf_div_x(gf128 v)
{
    uint64_t odd = v.lo & 1;
    if (odd) {
        v.hi ^= 0xC200000000000000u;
        v.lo ^= 1;
    }
    v.lo = v.lo >> 1 | v.hi << 63;
    v.hi = v.hi >> 1 | odd << 63; /* the x^128 term of the polynomial, divided */
    return v;
}

static gf128 gf_dot(gf128 a, gf128 b)
{
    gf128 p = { 0, 0 };
    for (int i = 127; i >= 0; i--) { /* Horner, from b's top coefficient */
        p = gf_times_x(p);
        uint64_t bit = i >= 64 ? b.hi >> (i - 64) & 1 : b.lo >> i & 1;
        if (bit) {
            p.lo ^= a.lo;
            p.hi ^= a.hi;
        }
    }
    for (int i = 0; i < 128; i++)
        p = gf_div_x(p);
    return p;
}

/* S = dot(S + X_j, H) for each 16-byte block, the last one zero-padded */
static gf128 ref_polyval(gf128 s, gf128 h, const uint8_t *data, size_t nbytes)
{
    for (size_t i = 0; i < nbytes; i += 16) {
        uint8_t block[16] = { 0 };
        memcpy(block, data + i, nbytes - i < 16 ? nbytes - i : 16);
        gf128 x = gf_load(block);
        s.lo ^= x.lo;
        s.hi ^= x.hi;
        s = gf_dot(s, h);
    }
    return s;
}

static int ref_nxa6(const uint8_t key[32], const uint8_t iv[16], const uint8_t *aad,
                    size_t aad_bytes, const uint8_t *in, uint8_t *out, size_t length_bytes, int op,
                    uint8_t *tag, size_t tag_bytes)
{
    zuc_state st;
    uint8_t keys[48], full[16];
    ref_init256(&st, key, iv, ZUC256_D23_CRYPT);
    if (op == ZUC_NXA6_NEA) {
        ref_xor_keystream(&st, in, out, length_bytes);
        zuc_wipe(&st, sizeof st);
        return ZUC_OK;
    }
    for (int i = 0; i < 12; i++) { /* H, Q, P: z_0..z_11 as bytes */
        uint32_t z;
        ref_keystream(&st, &z, 1);
        zuc_store_be32(keys + 4 * i, z);
    }
    if (op == ZUC_NXA6_ENC)
        ref_xor_keystream(&st, in, out, length_bytes);
    const uint8_t *ct = op == ZUC_NXA6_ENC ? out : in;
    size_t ct_bytes = op == ZUC_NXA6_NIA ? 0 : length_bytes;
    gf128 h = gf_load(keys), q = gf_load(keys + 16), p = gf_load(keys + 32);
    gf128 s = ref_polyval((gf128){ 0, 0 }, h, aad, aad_bytes);
    s = ref_polyval(s, h, ct, ct_bytes);
    s.lo ^= 8 * (uint64_t)ct_bytes; /* LE64(bits of C) || LE64(bits of A) */
    s.hi ^= 8 * (uint64_t)aad_bytes;
    s = gf_dot(s, q);
    s.lo ^= p.lo;
    s.hi ^= p.hi;
    gf_store(full, s);
    int rc = ZUC_OK;
    if (op == ZUC_NXA6_DEC) {
        uint8_t diff = 0;
        for (size_t i = 0; i < tag_bytes; i++)
            diff |= (uint8_t)(full[i] ^ tag[i]);
        if (diff == 0)
            ref_xor_keystream(&st, in, out, length_bytes);
        else
            rc = ZUC_EAUTH;
    } else {
        memcpy(tag, full, tag_bytes);
    }
    zuc_wipe(&st, sizeof st);
    zuc_wipe(keys, sizeof keys);
    zuc_wipe(full, sizeof full);
    return rc;
}

static int always_usable(void)
{
    return 1;
}

const zuc_impl zuc_impl_ref = {
    .name = "ref",
    .lanes = 1,
    .constant_time = 0,
    .usable = always_usable,
    .init128 = ref_init128,
    .init256 = ref_init256,
    .keystream = ref_keystream,
    .xor_keystream = ref_xor_keystream,
    .eea3 = ref_eea3,
    .eia3 = ref_eia3,
    .zuc256_crypt = ref_zuc256_crypt,
    .zuc256_mac = ref_zuc256_mac,
    .nxa6 = ref_nxa6,
};
