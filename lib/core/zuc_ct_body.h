/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_ct_body.h — one ZUC stream without secret-indexed tables: the
 * generator shared by the constant-time one-message paths ("ct-aesni",
 * "ct-gfni", "ct-neon", "ct"). Included by each path's file after it has
 * defined its F (the FSM update with the S-boxes computed, no table indexed
 * by data):
 *
 *   ct_vec                     F's registers as the path keeps them
 *   ct_vec ct_fsm_set(r1, r2)  from R1, R2
 *   void ct_fsm_get(v, r[2])   R1, R2 back (r[0] = R1, r[1] = R2)
 *   void ct_fsm_prep(p[4], x1, x2)  X1, X2 as F takes them (made ahead)
 *   ct_vec ct_fsm_next(v, p)   F's update from what ct_fsm_prep made:
 *                              W1 = R1 + X1, W2 = R2 ^ X2,
 *                              R1 = S(L1(W1L || W2H)), R2 = S(L2(W2L || W1H))
 *   ct_vec ct_fsm_next_regs(v, x1, x2)  the same from X1, X2 in registers
 *                              (initialisation: what was just made is not
 *                              read back through memory, where a wide load
 *                              of narrow stores would wait for them)
 *   CT_IMPL, CT_IMPL_NAME, ct_usable()
 *
 * The LFSR, the bit reorganisation and W (3GPP Doc 2 §3.2-3.4) are integer
 * work and stay in general registers; F (the serial loop of one stream) runs
 * wherever the path computes its S-boxes. In working mode the LFSR does not
 * depend on F, so the cells and F's inputs of the next 16 words are made
 * while F makes this block's words, and the integer and vector units work
 * side by side. No branch or address here depends on secret data: only on
 * lengths. */
#include <string.h>

#include "zuc_impl.h"

#define CT_MASK31 0x7FFFFFFFu
#define CT_INLINE static inline __attribute__((always_inline))

/* (1 + 2^8) s0 + 2^20 s4 + 2^21 s10 + 2^17 s13 + 2^15 s15 (+ u) mod 2^31 - 1
 * (3GPP Doc 2 §3.2), summed in 64 bits and folded twice (lazy reduction);
 * the sum is never 0 (the cells never are), so the spec's "0 becomes
 * 2^31 - 1" holds without a test. */
CT_INLINE uint32_t ct_lfsr(uint32_t s0, uint32_t s4, uint32_t s10, uint32_t s13, uint32_t s15,
                           uint32_t u)
{
    uint64_t t = (uint64_t)s0 * 257 + (((uint64_t)s4 + 2 * (uint64_t)s10) << 20);
    t += (((uint64_t)s15 + 4 * (uint64_t)s13) << 15) + u;
    t = (t & CT_MASK31) + (t >> 31);
    t = (t & CT_MASK31) + (t >> 31);
    return (uint32_t)t;
}

/* BitReorganization (3GPP Doc 2 §3.3) of the cells c[0..15] = s_0..s_15. */
CT_INLINE uint32_t ct_x0(const uint32_t *c)
{
    return ((c[15] << 1) & 0xFFFF0000u) | (c[14] & 0xFFFF);
}
CT_INLINE uint32_t ct_hl(uint32_t lo_cell, uint32_t hi_cell)
{
    return (lo_cell << 16) | (hi_cell >> 15);
}

/* F's inputs of one word: X1, X2 as ct_fsm_prep makes them, X0 and X3. */
typedef struct {
    _Alignas(16) uint32_t xf[16][4];
    uint32_t x0[16], x3[16];
} ct_inputs;

CT_INLINE void ct_prepare(ct_inputs *in, unsigned j, const uint32_t *c)
{
    in->x0[j] = ct_x0(c);
    ct_fsm_prep(in->xf[j], ct_hl(c[11], c[9]), ct_hl(c[7], c[5]));
    in->x3[j] = ct_hl(c[2], c[0]);
}

#define CT_REPEAT16(M) \
    M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12) M(13) M(14) M(15)

/* One initialisation round (LFSRWithInitialisationMode(W >> 1)) on the
 * cells s[i .. i + 15]; makes s[i + 16]. */
#define CT_INIT_ROUND(i)                                                 \
    do {                                                                 \
        const uint32_t *w = s + (i);                                     \
        uint32_t r[2];                                                   \
        ct_fsm_get(f, r);                                                \
        uint32_t wv = (ct_x0(w) ^ r[0]) + r[1];                          \
        f = ct_fsm_next_regs(f, ct_hl(w[11], w[9]), ct_hl(w[7], w[5]));  \
        s[16 + (i)] = ct_lfsr(w[0], w[4], w[10], w[13], w[15], wv >> 1); \
    } while (0);

/* `rounds` (32 or 48) initialisation rounds, 16 at a time with constant cell
 * names, then one working round with its output discarded (3GPP Doc 2
 * §3.6.2), from R1 = R2 = 0; the cells c[0..15] are left in canonical
 * order. */
static void ct_initialise(uint32_t c[16], ct_vec *f_out, unsigned rounds)
{
    uint32_t s[32];
    ct_vec f = ct_fsm_set(0, 0);
    memcpy(s, c, 16 * sizeof s[0]);
    for (unsigned done = 0; done < rounds; done += 16) {
        CT_REPEAT16(CT_INIT_ROUND)
        for (unsigned k = 0; k < 16; k++) /* word by word: forwarded from the stores */
            s[k] = s[k + 16];
    }
    /* the working round: the LFSR takes no W */
    f = ct_fsm_next_regs(f, ct_hl(s[11], s[9]), ct_hl(s[7], s[5]));
    c[15] = ct_lfsr(s[0], s[4], s[10], s[13], s[15], 0);
    for (unsigned k = 0; k < 15; k++)
        c[k] = s[k + 1];
    *f_out = f;
    zuc_wipe(s, sizeof s);
}

/* The working-mode generator: c[0..47] holds s_B .. s_{B+47} as they are
 * made (s_{B+32} on during the block), in[] F's inputs for words B .. B+15,
 * next[] those of B+16 .. B+31. */
typedef struct {
    uint32_t c[48];
    ct_inputs in[2];
} ct_gen;

/* Cells s_B .. s_{B+15} in c[0..15]: makes s_{B+16} .. s_{B+15+n} and the
 * inputs of words B .. B+n-1 into in[0] (n <= 16; a short message needs no
 * more). */
static void ct_gen_start(ct_gen *g, unsigned n)
{
    uint32_t *c = g->c;
    for (unsigned k = 16; k < 16 + n; k++)
        c[k] = ct_lfsr(c[k - 16], c[k - 12], c[k - 6], c[k - 3], c[k - 1], 0);
    for (unsigned j = 0; j < n; j++)
        ct_prepare(&g->in[0], j, c + j);
}

/* Word j of the block: Z (3GPP Doc 2 §3.6.3) from the inputs now; F moves
 * on, and (ahead) one cell of c and the inputs of word j of the next block
 * are made into next. The three never overlap (restrict: the compiler
 * keeps the cells just made in registers). */
CT_INLINE uint32_t ct_word(const ct_inputs *restrict now, ct_inputs *restrict next,
                           uint32_t *restrict c, ct_vec *f, unsigned j, int ahead)
{
    uint32_t r[2];
    ct_fsm_get(*f, r);
    uint32_t z = ((now->x0[j] ^ r[0]) + r[1]) ^ now->x3[j];
    *f = ct_fsm_next(*f, now->xf[j]);
    if (ahead) {
        uint32_t *w = c + 16 + j;
        w[16] = ct_lfsr(w[0], w[4], w[10], w[13], w[15], 0);
        ct_prepare(next, j, w);
    }
    return z;
}

/* After a whole block: the next block's cells move in place (its inputs
 * do not: the caller swaps its two pointers, no copy of 384 bytes). */
CT_INLINE void ct_gen_shift(ct_gen *g)
{
    for (unsigned k = 0; k < 32; k++) /* word by word: forwarded from the stores */
        g->c[k] = g->c[k + 16];
}

CT_INLINE void ct_xor_word(const uint8_t *in, uint8_t *out, uint32_t z)
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

/* words != NULL: nwords keystream words to words; else out = in ^ keystream
 * over nbytes (nwords = ceil(nbytes / 4); a last partial word is consumed
 * whole). From cells s[16] and F in *f, both moved on after. */
static void ct_run(uint32_t s[16], ct_vec *f_io, uint32_t *words, const uint8_t *in, uint8_t *out,
                   size_t nbytes, size_t nwords)
{
    ct_gen g;
    ct_vec f = *f_io;
    ct_inputs *now = &g.in[0], *next = &g.in[1];
    memcpy(g.c, s, 16 * sizeof s[0]);
    ct_gen_start(&g, nwords < 16 ? (unsigned)nwords : 16);
    /* whole blocks: 16 words, or 64 whole bytes */
    int whole = words ? nwords >= 16 : nbytes >= 64;
    for (; words ? nwords >= 16 : nbytes >= 64; nwords -= 16) {
        if (words) {
#define KS_WORD(j) words[j] = ct_word(now, next, g.c, &f, j, 1);
            CT_REPEAT16(KS_WORD)
#undef KS_WORD
            words += 16;
        } else {
#define XOR_WORD(j) ct_xor_word(in + 4 * (j), out + 4 * (j), ct_word(now, next, g.c, &f, j, 1));
            CT_REPEAT16(XOR_WORD)
#undef XOR_WORD
            in += 64;
            out += 64;
            nbytes -= 64;
        }
        ct_gen_shift(&g);
        ct_inputs *made = next;
        next = now;
        now = made;
    }
    for (unsigned j = 0; j < nwords; j++) {
        uint32_t z = ct_word(now, next, g.c, &f, j, 0);
        if (words)
            words[j] = z;
        else if (4 * j + 4 <= nbytes)
            ct_xor_word(in + 4 * j, out + 4 * j, z);
        else
            for (size_t k = 4 * j; k < nbytes; k++)
                out[k] = in[k] ^ (uint8_t)(z >> (24 - 8 * (k - 4 * j)));
    }
    memcpy(s, g.c + nwords, 16 * sizeof s[0]);
    *f_io = f;
    if (whole)
        zuc_wipe(&g, sizeof g);
    else { /* what a short message wrote: cells 0..31, the first inputs */
        zuc_wipe(g.c, 32 * sizeof g.c[0]);
        zuc_wipe(now, sizeof *now);
    }
    zuc_wipe(&f, sizeof f);
}

static void ct_state_store(zuc_state *st, const uint32_t s[16], ct_vec f)
{
    uint32_t r[2];
    memcpy(st->lfsr_private, s, 16 * sizeof s[0]);
    ct_fsm_get(f, r);
    st->r1_private = r[0];
    st->r2_private = r[1];
    zuc_wipe(r, sizeof r);
}

static void ct_init128(zuc_state *st, const uint8_t key[16], const uint8_t iv[16])
{
    uint32_t s[16];
    ct_vec f;
    zuc128_load(s, key, iv);
    ct_initialise(s, &f, 32);
    ct_state_store(st, s, f);
    zuc_wipe(s, sizeof s);
    zuc_wipe(&f, sizeof f);
}

static void ct_init256(zuc_state *st, const uint8_t key[32], const uint8_t *iv, zuc256_dset d)
{
    uint32_t s[16];
    ct_vec f;
    zuc256_load(s, key, iv, d);
    ct_initialise(s, &f, zuc256_init_rounds(d));
    ct_state_store(st, s, f);
    zuc_wipe(s, sizeof s);
    zuc_wipe(&f, sizeof f);
}

static void ct_keystream(zuc_state *st, uint32_t *words, size_t nwords)
{
    ct_vec f = ct_fsm_set(st->r1_private, st->r2_private);
    ct_run(st->lfsr_private, &f, words, NULL, NULL, 0, nwords);
    ct_state_store(st, st->lfsr_private, f);
    zuc_wipe(&f, sizeof f);
}

static void ct_xor_keystream(zuc_state *st, const uint8_t *in, uint8_t *out, size_t nbytes)
{
    ct_vec f = ct_fsm_set(st->r1_private, st->r2_private);
    ct_run(st->lfsr_private, &f, NULL, in, out, nbytes, nbytes / 4 + (nbytes % 4 != 0));
    ct_state_store(st, st->lfsr_private, f);
    zuc_wipe(&f, sizeof f);
}

/* 128-EEA3 and ZUC-256 encryption straight from initialisation to the last
 * word, without the public state in between. */
static void ct_eea3(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                    const uint8_t *in, uint8_t *out, size_t length_bits)
{
    uint8_t iv[16];
    uint32_t s[16];
    ct_vec f;
    size_t nbytes = zuc_bytes_of_bits(length_bits);
    zuc_iv_of_eea3(iv, count, bearer, direction);
    zuc128_load(s, key, iv);
    ct_initialise(s, &f, 32);
    ct_run(s, &f, NULL, in, out, nbytes, nbytes / 4 + (nbytes % 4 != 0));
    if (length_bits % 8)
        out[nbytes - 1] &= (uint8_t)(0xFF << (8 - length_bits % 8));
    zuc_wipe(iv, sizeof iv);
    zuc_wipe(s, sizeof s);
    zuc_wipe(&f, sizeof f);
}

static void ct_zuc256_crypt(zuc256_dset d, const uint8_t key[32], const uint8_t *iv,
                            const uint8_t *in, uint8_t *out, size_t length_bytes)
{
    uint32_t s[16];
    ct_vec f;
    zuc256_load(s, key, iv, d);
    ct_initialise(s, &f, zuc256_init_rounds(d));
    ct_run(s, &f, NULL, in, out, length_bytes, length_bytes / 4 + (length_bytes % 4 != 0));
    zuc_wipe(s, sizeof s);
    zuc_wipe(&f, sizeof f);
}

const zuc_impl CT_IMPL = {
    .name = CT_IMPL_NAME,
    .lanes = 1,
    .constant_time = 1,
    .usable = ct_usable,
    .init128 = ct_init128,
    .init256 = ct_init256,
    .keystream = ct_keystream,
    .xor_keystream = ct_xor_keystream,
    .eea3 = ct_eea3,
    .zuc256_crypt = ct_zuc256_crypt,
};
