/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_scalar.c — the fastest one-stream portable C.
 *
 * Indexes S-box tables with secret data: NOT constant time (cache timing).
 * tests/consttime.c shows it: under valgrind memcheck, with keys, IVs and
 * data marked undefined, every table load here is reported (the ctest
 * consttime_scalar_detected expects those errors; the AVX2 lanes give none).
 *
 * One stream is bound by the serial loop of F (R1, R2 -> L1/L2 -> S-boxes ->
 * R1, R2) and by how much other work competes with that loop for the integer
 * ALUs. In working mode the LFSR does not depend on F, so that other work is
 * taken off the ALUs.
 * Techniques (each kept because it measured faster here):
 *  - F rewritten so that R2 reaches the next L1/L2 through tables: L1 and L2
 *    are linear and the halves of R2 they take are disjoint, so the L1/L2
 *    image of each S-box output byte is precomputed next to the byte itself
 *    (64-bit entries). Only R1, which meets X1 in a modular addition, still
 *    goes through the rotations, and it comes with R1 << 16 from its own
 *    loads. V is made rotated by 16 bits (L2 commutes with rotations), so the
 *    bytes that feed the next L1 are the two low ones, one instruction away;
 *  - working mode runs in blocks of 16 words: while F makes one block, the
 *    LFSR cells and the bit-reorganised inputs of the next block are made
 *    two words at a time in 128-bit vectors (GNU C vector extensions, SSE2
 *    on x86-64), from a two-step form of the LFSR recurrence whose terms are
 *    all at least two cells back. That work is interleaved with F's steps, so
 *    it fills the vector units while the integer units run F;
 *  - the LFSR feedback is summed in 64 bits, multiplications by 2^k as plain
 *    shifts, and reduced mod 2^31 - 1 with two folds (lazy reduction);
 *  - initialisation and short messages keep the 16 cells in renamed
 *    variables (16 steps unrolled), never shifted;
 *  - 128-EEA3 and ZUC-256 encryption keep the generator in that form from the
 *    first round to the last word (no round trip through zuc_state), and the
 *    128-EEA3 cells are loaded straight from COUNT, BEARER and DIRECTION;
 *  - the tables are constant expressions built from the S-box bytes (no
 *    start-up code, read-only data);
 *  - keystream XORed into the message in the same pass;
 *  - short messages: the initialised cells are copied word by word (a block
 *    copy read them with 128-bit loads over the 32-bit stores that made
 *    them, a store-forwarding stall) and the copies are wiped in memsets of
 *    at most 64 bytes (one of 84 became REP STOSQ): 35 of ~790 ticks of a
 *    16-byte 128-EEA3 with setup.
 * (What else was measured, and why it was not kept: docs/performance.md.)
 * Built for x86-64-v3 (zuc_scalar_v3.c), the vector lanes also make L2 of F's
 * LFSR input (V_IN_L2 below), and the initialisation rounds are the assembly
 * of zuc_init_x86_64.h, which splits each round between the vector and the
 * integer units.
 */
#include <string.h>

#include "zuc_impl.h"
#include "zuc_sbox_bytes.h"

#define MASK31 0x7FFFFFFFu

#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define NOINLINE __attribute__((noinline))
#else
#define ALWAYS_INLINE inline
#define NOINLINE
#endif

/* The block path needs GNU C vector extensions (GCC, Clang); elsewhere every
 * length takes the step-by-step path. ZUC_SCALAR_NO_VECTORS forces that, to
 * test it. */
#if defined(__GNUC__) && !defined(ZUC_SCALAR_NO_VECTORS)
#define HAVE_BLOCKS 1
#else
#define HAVE_BLOCKS 0
#endif

/* x, in a register of its own: copies made of such words stay word by
 * word (GCC would merge a loop of them into a block copy). */
static inline uint32_t opaque(uint32_t x)
{
#if defined(__GNUC__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* ---- tables ------------------------------------------------------------
 * Built from the S-boxes' byte lists (zuc_sbox_bytes.h), so that every table
 * below is a constant expression. */

#define ROTL32_C(x, k) ((uint32_t)(((x) << (k)) | ((x) >> (32 - (k)))))
#define L1_C(x) ((x) ^ ROTL32_C(x, 2) ^ ROTL32_C(x, 10) ^ ROTL32_C(x, 18) ^ ROTL32_C(x, 24))
#define L2_C(x) ((x) ^ ROTL32_C(x, 8) ^ ROTL32_C(x, 14) ^ ROTL32_C(x, 22) ^ ROTL32_C(x, 30))

/* R1 = S(u) (3GPP Doc 2 §3.4.2): byte j of u (j = 3 the most significant)
 * picks S0 (j = 3, 1) or S1 (j = 2, 0) of itself, placed in byte position j:
 * r1[0] by byte 3, r1[1] by byte 2, r1[2] by byte 1, r1[3] by byte 0. The
 * four are disjoint, so OR combines them. r1[0] and r1[1] indexed by bytes 1
 * and 0 give R1L << 16, the part of R1 the next L1 input takes. */
#define AT(b, k) ((uint32_t)(b) << (k)),
#define AT24(b) AT(b, 24)
#define AT16(b) AT(b, 16)
#define AT8(b) AT(b, 8)
#define AT0(b) AT(b, 0)

/* R2 = S(v). v is held rotated by 16 (vr = v <<< 16), so byte 1 of vr is
 * v's most significant. Each entry holds R2's byte (high half) and its image
 * under L1 (for the bytes of R2H, which the next L1 input takes in its low
 * half) or L2 (for R2L, which the next rotated L2 input takes in its low
 * half). XOR of the images gives L1(R2H) and L2(R2L). */
#define R2_ENTRY(out, image) (((uint64_t)(out) << 32) | (image))
#define V1_L1(b) R2_ENTRY((uint32_t)(b) << 24, L1_C((uint32_t)(b) << 8)),
#define V0_L1(b) R2_ENTRY((uint32_t)(b) << 16, L1_C((uint32_t)(b))),
#define V3_L2(b) R2_ENTRY((uint32_t)(b) << 8, L2_C((uint32_t)(b) << 8)),
#define V2_L2(b) R2_ENTRY((uint32_t)(b), L2_C((uint32_t)(b))),

/* R1's bytes from u's bytes 1 and 0 (low 32 bits) with the same moved up 16
 * bits (high 32 bits: R1L << 16), for the variant of the step that makes
 * both from two loads. */
#define LOW_AT(b, k) (((uint64_t)(b) << (k + 48)) | ((uint32_t)(b) << (k))),
#define LOW8(b) LOW_AT(b, 8)
#define LOW0(b) LOW_AT(b, 0)

/* One object, so one base register reaches all ten tables (16 KiB, in L1). */
static const struct {
    uint64_t r2[4][256]; /* indexed by bytes 1, 0, 3, 2 of vr */
    uint32_t r1[4][256];
    uint64_t r1_low[2][256];
} tab __attribute__((aligned(64))) = {
    .r2 = { { ZUC_SBOX0_LIST(V1_L1) },
            { ZUC_SBOX1_LIST(V0_L1) },
            { ZUC_SBOX0_LIST(V3_L2) },
            { ZUC_SBOX1_LIST(V2_L2) } },
    .r1 = { { ZUC_SBOX0_LIST(AT24) },
            { ZUC_SBOX1_LIST(AT16) },
            { ZUC_SBOX0_LIST(AT8) },
            { ZUC_SBOX1_LIST(AT0) } },
    .r1_low = { { ZUC_SBOX0_LIST(LOW8) }, { ZUC_SBOX1_LIST(LOW0) } },
};

/* ---- F ----------------------------------------------------------------- */

/* F's registers between steps: R1 and R2 (3GPP Doc 2 §3.4), with R1L << 16
 * and R2's share of the next L1 and L2 inputs, made by table loads so that
 * the next step does not wait for shifts and rotations of them. */
typedef struct {
    uint32_t r1, r1_low_up; /* R1, R1L << 16 */
    uint32_t r2, l1_r2h;    /* R2, L1(R2H) */
    uint32_t l2_r2l;        /* L2(R2L) */
} fsm;

static inline uint32_t rotl32(uint32_t x, unsigned k)
{
    return (x << k) | (x >> (32 - k));
}

/* L1 and L2 (3GPP Doc 2 §3.4.1), XORed with p. With a = x ^ (x <<< 8), two
 * pairs of rotations share one: L1 = (a <<< 2) ^ (a <<< 24) ^ (x <<< 18) and
 * L2 = a ^ (a <<< 14) ^ (x <<< 30). One level deeper than balanced trees of
 * five rotations, but fewer instructions, and here the instruction count
 * bounds the step more than this chain does. p comes last: it is the table
 * image of R2, the latest input. */
static inline uint32_t l1_xor(uint32_t x, uint32_t p)
{
    uint32_t a = x ^ rotl32(x, 8);
    return (rotl32(a, 2) ^ rotl32(a, 24)) ^ (rotl32(x, 18) ^ p);
}

static inline uint32_t l2_xor(uint32_t x, uint32_t p)
{
    uint32_t a = x ^ rotl32(x, 8);
    return (a ^ rotl32(a, 14)) ^ (rotl32(x, 30) ^ p);
}

static inline size_t byte_at(uint32_t x, unsigned shift)
{
    return (x >> shift) & 0xFF;
}

/* The FSM from the public R1, R2. */
static void fsm_set(fsm *f, uint32_t r1, uint32_t r2)
{
    f->r1 = r1;
    f->r1_low_up = r1 << 16;
    f->r2 = r2;
    f->l1_r2h = l1_xor(r2 >> 16, 0);
    f->l2_r2l = l2_xor(r2 & 0xFFFF, 0);
}

/* The S-box loads of F's step: R1 = S(u), R2 = S(v), and what the next step
 * takes of them (see fsm). */
static ALWAYS_INLINE void fsm_loads(fsm *f, uint32_t u, uint32_t vr, int few_loads)
{
    if (few_loads) {
        uint64_t low = tab.r1_low[0][byte_at(u, 8)] | tab.r1_low[1][u & 0xFF];
        f->r1_low_up = (uint32_t)(low >> 32);
        f->r1 = ((uint32_t)low | tab.r1[0][u >> 24]) | tab.r1[1][byte_at(u, 16)];
    } else {
        f->r1_low_up =
            tab.r1[0][byte_at(u, 8)] | tab.r1[1][u & 0xFF]; /* first: the next u needs it */
        f->r1 = ((tab.r1[0][u >> 24] | tab.r1[2][byte_at(u, 8)]) | tab.r1[3][u & 0xFF]) |
                tab.r1[1][byte_at(u, 16)];
    }
    uint64_t high = tab.r2[0][byte_at(vr, 8)] ^ tab.r2[1][vr & 0xFF];
    uint64_t low = tab.r2[2][vr >> 24] ^ tab.r2[3][byte_at(vr, 16)];
    f->l1_r2h = (uint32_t)high;
    f->l2_r2l = (uint32_t)low;
    f->r2 = (uint32_t)((high ^ low) >> 32);
}

/* F's update of R1 and R2 (3GPP Doc 2 §3.4); W = (X0 ^ R1) + R2 is the
 * caller's. The LFSR's share of the L1/L2 inputs comes as
 *   u_in = s9H << 16 | s7L    (u = (R1 << 16) + u_in: W1L || W2H, R2H aside)
 *   v_in = s5H                (vr = W1H || W2L, R2L aside)
 * and X1 = s11L || s9H. R1's low half and R1L << 16 come either from two
 * 64-bit loads and a shift (few_loads: faster where the cell-by-cell LFSR
 * crowds the step) or from four 32-bit loads (faster in the block path,
 * where the shift would lengthen the next L1's input). Byte 2 of u takes two
 * instructions to extract, byte 1 and byte 3 one: its load is ORed last. */
static ALWAYS_INLINE void fsm_next(fsm *f, uint32_t x1, uint32_t u_in, uint32_t v_in, int few_loads)
{
    uint32_t w1 = f->r1 + x1;
    uint32_t u = l1_xor(f->r1_low_up + u_in, f->l1_r2h);
    uint32_t vr = l2_xor((w1 & 0xFFFF0000u) | v_in, f->l2_r2l);
    fsm_loads(f, u, vr, few_loads);
}

/* ---- LFSR and bit reorganisation, one cell at a time --------------------- */

/* (1 + 2^8) s0 + 2^20 s4 + 2^21 s10 + 2^17 s13 + 2^15 s15 (+ u) mod 2^31 - 1
 * (3GPP Doc 2 §3.2): multiplications by 2^k are exact shifts in 64 bits, the
 * sum (< 2^55) folds twice to [1, 2^31 - 1] (lazy reduction). The sum is
 * never 0 because the cells never are, so the spec's "0 becomes 2^31 - 1"
 * costs nothing. s15 and u come last: they are the newest inputs. */
static ALWAYS_INLINE uint32_t lfsr_feedback(uint32_t s0, uint32_t s4, uint32_t s10, uint32_t s13,
                                            uint32_t s15, uint32_t u)
{
    /* 2^20 s4 + 2^21 s10 = 2^20 (s4 + 2 s10), and likewise for s13, s15: one
     * shift per pair. */
    uint64_t t = (uint64_t)s0 * 257 + (((uint64_t)s4 + 2 * (uint64_t)s10) << 20);
    t += (((uint64_t)s15 + 4 * (uint64_t)s13) << 15) + u;
    t = (t & MASK31) + (t >> 31);
    t = (t & MASK31) + (t >> 31);
    return (uint32_t)t;
}

/* BitReorganization X0 (3GPP Doc 2 §3.3): s15H || s14L. */
static inline uint32_t br_x0(uint32_t s15, uint32_t s14)
{
    return ((s15 << 1) & 0xFFFF0000u) | (s14 & 0xFFFF);
}

/* X1, X3 (3GPP Doc 2 §3.3): lo_cellL || hi_cellH. */
static inline uint32_t br_hl(uint32_t lo_cell, uint32_t hi_cell)
{
    return (lo_cell << 16) | (hi_cell >> 15);
}

/* ---- the generator, cell by cell ----------------------------------------- */

/* The cells are renamed, not shifted: cell k of the spec's s_0..s_15 is
 * s[(k + phase) & 15], the phase being the number of steps made since the
 * cells were last in canonical order. */
typedef struct {
    uint32_t s[16];
    fsm f;
} core;

/* Cell k of the spec at step i of a block. */
#define CELL(c, i, k) ((c)->s[((i) + (k)) & 15])

/* F's inputs from the cells at step i, and W = (X0 ^ R1) + R2. */
static ALWAYS_INLINE uint32_t step_w(const core *c, unsigned i)
{
    return (br_x0(CELL(c, i, 15), CELL(c, i, 14)) ^ c->f.r1) + c->f.r2;
}

static ALWAYS_INLINE void step_fsm(core *c, unsigned i)
{
    uint32_t s9 = CELL(c, i, 9);
    fsm_next(&c->f, br_hl(CELL(c, i, 11), s9), ((s9 << 1) & 0xFFFF0000u) | (CELL(c, i, 7) & 0xFFFF),
             CELL(c, i, 5) >> 15, 1);
}

/* One working step (keystream mode): returns Z. */
static ALWAYS_INLINE uint32_t work_step(core *c, unsigned i)
{
    uint32_t z = step_w(c, i) ^ br_hl(CELL(c, i, 2), CELL(c, i, 0));
    step_fsm(c, i);
    CELL(c, i, 0) = lfsr_feedback(CELL(c, i, 0), CELL(c, i, 4), CELL(c, i, 10), CELL(c, i, 13),
                                  CELL(c, i, 15), 0);
    return z;
}

/* One initialisation round: LFSRWithInitialisationMode(W >> 1). */
static ALWAYS_INLINE void init_step(core *c, unsigned i)
{
    uint32_t w = step_w(c, i);
    step_fsm(c, i);
    CELL(c, i, 0) = lfsr_feedback(CELL(c, i, 0), CELL(c, i, 4), CELL(c, i, 10), CELL(c, i, 13),
                                  CELL(c, i, 15), w >> 1);
}

#define REPEAT16(M) \
    M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12) M(13) M(14) M(15)

#if defined(__x86_64__) && defined(__GNUC__) && defined(__AVX2__) && defined(__BMI2__)
#include "zuc_init_x86_64.h"
#else
/* 16 * blocks rounds of initialisation (2 or 3 blocks) from R1 = R2 = 0 on
 * the cells in c->s. */
static ALWAYS_INLINE void init_rounds(core *c, unsigned blocks)
{
    memset(&c->f, 0, sizeof c->f);
#define INIT_ROUND(i) init_step(c, i);
    for (unsigned block = 0; block < blocks; block++) {
        REPEAT16(INIT_ROUND)
    }
#undef INIT_ROUND
}
#endif

/* 32 (48: ZUC-256 version 2023) rounds of initialisation, then one
 * working step whose output is discarded (3GPP Doc 2 §3.6.2), on cells
 * loaded in c->s. The cells are left renamed by one step (phase 1). */
static NOINLINE void core_initialise(core *c, unsigned rounds)
{
    init_rounds(c, rounds / 16);
    (void)work_step(c, 0);
}

static void core_load(core *c, const zuc_state *st)
{
    memcpy(c->s, st->lfsr_private, sizeof c->s);
    fsm_set(&c->f, st->r1_private, st->r2_private);
}

/* The cells in canonical order after `phase` renamed steps. */
static void core_cells(const core *c, unsigned phase, uint32_t out[16])
{
    for (unsigned k = 0; k < 16; k++)
        out[k] = c->s[(k + phase) & 15];
}

static void core_store(zuc_state *st, const core *c, unsigned phase)
{
    core_cells(c, phase, st->lfsr_private);
    st->r1_private = c->f.r1;
    st->r2_private = c->f.r2;
}

static ALWAYS_INLINE void xor_word(const uint8_t *in, uint8_t *out, uint32_t z)
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

/* The bytes of a last partial word: its other bytes are consumed. */
static void xor_partial(const uint8_t *in, uint8_t *out, size_t nbytes, uint32_t z)
{
    for (size_t j = 0; j < nbytes; j++)
        out[j] = in[j] ^ (uint8_t)(z >> (24 - 8 * j));
}

/* out = in ^ keystream over nbytes, from a core whose cells are renamed by
 * `phase` steps (a constant where this is inlined); returns the phase after.
 * A last partial word consumes its whole keystream word. */
static ALWAYS_INLINE unsigned xor_steps(core *c, unsigned phase, const uint8_t *in, uint8_t *out,
                                        size_t nbytes)
{
    for (; nbytes >= 64; nbytes -= 64, in += 64, out += 64) {
#define XOR_WORD(i) xor_word(in + 4 * (i), out + 4 * (i), work_step(c, phase + (i)));
        REPEAT16(XOR_WORD)
#undef XOR_WORD
    }
    /* Fewer than 16 words: the same unrolled steps, left early, so the
     * cells keep constant names. */
    unsigned i = 0;
    uint32_t z = 0;
#define TAIL_WORD(k)               \
    if (4 * (k) >= nbytes)         \
        goto tail_done;            \
    z = work_step(c, phase + (k)); \
    i = (k) + 1;                   \
    if (4 * (k) + 4 > nbytes)      \
        goto tail_done;            \
    xor_word(in + 4 * (k), out + 4 * (k), z);
    REPEAT16(TAIL_WORD)
#undef TAIL_WORD
tail_done:
    if (4 * i > nbytes)
        xor_partial(in + 4 * (i - 1), out + 4 * (i - 1), nbytes - 4 * (i - 1), z);
    return phase + i;
}

/* ---- the block path --------------------------------------------------------
 * F makes the 16 words of a block from inputs prepared in the previous block;
 * meanwhile the next block's cells and inputs are made in vector lanes. */
#if HAVE_BLOCKS

typedef uint64_t v2u64 __attribute__((vector_size(16)));
typedef uint32_t v4u32 __attribute__((vector_size(16)));

#if defined(__clang__) || __GNUC__ >= 12
#define SHUFFLE2(a, b, i, j) __builtin_shufflevector(a, b, i, j)
#define SHUFFLE4(a, b, i, j, k, l) __builtin_shufflevector(a, b, i, j, k, l)
#else
#define SHUFFLE2(a, b, i, j) __builtin_shuffle(a, b, (v2u64){ i, j })
#define SHUFFLE4(a, b, i, j, k, l) __builtin_shuffle(a, b, (v4u32){ i, j, k, l })
#endif

/* Messages shorter than this take the cell-by-cell path: the block path's
 * set-up (15 cells and 16 words of inputs ahead) does not pay off below it. */
#define BLOCK_MIN_WORDS 32

/* With three-operand vector instructions (AVX), L2 of the LFSR's share of
 * F's v input is made ahead in vector lanes: L2 is linear, so L2(W1H || s5H)
 * = L2(W1H || 0) ^ L2(s5H), and F's R2 loop loses the OR (3% faster at 8188
 * bytes). With SSE2 the register copies of the vector rotations cost more
 * than that (measured), so F takes s5H as it is. */
#if defined(__AVX__)
#define V_IN_L2 1
#else
#define V_IN_L2 0
#endif

/* What F takes from the LFSR at each word of a block (see fsm_next); v_in
 * is L2(s5H) where V_IN_L2. */
typedef struct {
    uint32_t x0[16], x1[16], x3[16], u_in[16], v_in[16];
} block_in;

/* The block path's state before a block that starts at word B: F's inputs
 * for words B .. B+15; the cells s_{B-1} .. s_{B+30} (cell[0] unused before
 * the first block); and the cells s_{B+13} .. s_{B+30} as pairs
 * (s_{B+13+2k}, s_{B+14+2k}), the history of the two-step recurrence. */
typedef struct {
    block_in in;
    uint32_t cell[32];
    v2u64 h[9];
} ahead;

/* (a[1], b[0]): the pair that straddles two adjacent pairs. */
static inline v2u64 pair_between(v2u64 a, v2u64 b)
{
    return SHUFFLE2(a, b, 1, 2);
}

/* The LFSR two cells at a time. With f(x) = x^16 - 2^15 x^15 - 2^17 x^13 -
 * 2^21 x^10 - 2^20 x^4 - (1 + 2^8), the characteristic polynomial over
 * GF(2^31 - 1), the cells also obey the recurrence of (x + 2^15) f(x), which
 * has no x^16 term:
 *   s_n = 2^30 s_{n-2} + 2^17 s_{n-3} + 2 s_{n-4} + 2^21 s_{n-6} + 2^5 s_{n-7}
 *       + 2^20 s_{n-12} + 2^4 s_{n-13} + (1 + 2^8) s_{n-16} + (2^15 + 2^23) s_{n-17}
 * so s_n and s_{n+1} come from cells before s_n: one vector of two 64-bit
 * lanes. h[k] = (s_{n-18+2k}, s_{n-17+2k}). The sum is below 2^62 and folds
 * twice to [1, 2^31 - 1], as in lfsr_feedback. */
static ALWAYS_INLINE v2u64 lfsr_pair(const v2u64 h[9])
{
    const v2u64 m31 = { MASK31, MASK31 };
    v2u64 e = pair_between(h[0], h[1]) << 15;
    v2u64 t = (h[1] + e) + ((h[1] + e) << 8);                            /* s_{n-16}, s_{n-17} */
    t += (pair_between(h[2], h[3]) + 2 * pair_between(h[5], h[6])) << 4; /* s_{n-13}, s_{n-7} */
    t += (h[3] + 2 * h[6]) << 20;                                        /* s_{n-12}, s_{n-6} */
    t += (h[7] + h[7]) + (pair_between(h[7], h[8]) << 17) + (h[8] << 30);
    t = (t & m31) + (t >> 31);
    return (t & m31) + (t >> 31);
}

/* The next pair of cells, into the history; every second one also stores
 * the last four cells, for the bit reorganisation. Pair i of a block is
 * (s_{B+31+2i}, s_{B+32+2i}), cell 16 + 2i of the next block. */
static ALWAYS_INLINE void ahead_pair(ahead *a, unsigned i)
{
    v2u64 p = lfsr_pair(a->h);
    for (unsigned k = 0; k < 8; k++)
        a->h[k] = a->h[k + 1];
    a->h[8] = p;
    if (i % 2 == 1) {
        v4u32 four = SHUFFLE4((v4u32)a->h[7], (v4u32)p, 0, 2, 4, 6);
        memcpy(a->cell + 16 + 2 * (i - 1), &four, sizeof four);
    }
}

/* The cells of the next block begin with the last 16 of this one. */
static ALWAYS_INLINE void ahead_shift(ahead *a)
{
    for (unsigned k = 0; k < 16; k += 4) {
        v4u32 four;
        memcpy(&four, a->cell + 16 + k, sizeof four);
        memcpy(a->cell + k, &four, sizeof four);
    }
}

static ALWAYS_INLINE v4u32 cells4(const ahead *a, unsigned at)
{
    v4u32 v;
    memcpy(&v, a->cell + at, sizeof v);
    return v;
}

static ALWAYS_INLINE v4u32 rotl_lanes(v4u32 x, unsigned k)
{
    return (x << k) | (x >> (32 - k));
}

/* L2 (3GPP Doc 2 §3.4.1) in each lane, as l2_xor. */
static ALWAYS_INLINE v4u32 l2_lanes(v4u32 x)
{
    v4u32 a = x ^ rotl_lanes(x, 8);
    return (a ^ rotl_lanes(a, 14)) ^ rotl_lanes(x, 30);
}

/* BitReorganization (3GPP Doc 2 §3.3) and F's other LFSR inputs for words
 * 4g .. 4g+3 of the next block, whose word k has its cell d at cell[1+k+d]. */
static ALWAYS_INLINE void ahead_inputs(ahead *a, unsigned g)
{
    const unsigned at = 1 + 4 * g;
    v4u32 c0 = cells4(a, at), c2 = cells4(a, at + 2), c5 = cells4(a, at + 5);
    v4u32 c7 = cells4(a, at + 7), c9 = cells4(a, at + 9), c11 = cells4(a, at + 11);
    v4u32 c14 = cells4(a, at + 14), c15 = cells4(a, at + 15);
    v4u32 x0 = ((c15 << 1) & 0xFFFF0000u) | (c14 & 0xFFFF);
    v4u32 x1 = (c11 << 16) | (c9 >> 15);
    v4u32 x3 = (c2 << 16) | (c0 >> 15);
    v4u32 u_in = ((c9 << 1) & 0xFFFF0000u) | (c7 & 0xFFFF);
    v4u32 v_in = V_IN_L2 ? l2_lanes(c5 >> 15) : c5 >> 15;
    memcpy(a->in.x0 + 4 * g, &x0, sizeof x0);
    memcpy(a->in.x1 + 4 * g, &x1, sizeof x1);
    memcpy(a->in.x3 + 4 * g, &x3, sizeof x3);
    memcpy(a->in.u_in + 4 * g, &u_in, sizeof u_in);
    memcpy(a->in.v_in + 4 * g, &v_in, sizeof v_in);
}

/* The share of the next block's preparation that goes with word j of this
 * block: one pair of cells every second word, before F's step, and the
 * inputs of four words every fourth, after it, once F has read the entries
 * they overwrite. */
static ALWAYS_INLINE void ahead_pre(ahead *a, unsigned j)
{
    if (j == 0)
        ahead_shift(a);
    if (j % 2 == 0)
        ahead_pair(a, j / 2);
}

static ALWAYS_INLINE void ahead_post(ahead *a, unsigned j)
{
    if (j % 4 == 3)
        ahead_inputs(a, j / 4);
}

/* The block path from canonical cells s_0 .. s_15 (block start B = 0):
 * s_16 by the one-step recurrence, s_17 .. s_30 in pairs, then the inputs of
 * the first block. */
static ALWAYS_INLINE void ahead_start(ahead *a, const uint32_t s[16])
{
    a->cell[0] = 0;
    memcpy(a->cell + 1, s, 16 * sizeof s[0]);
    a->cell[17] = lfsr_feedback(s[0], s[4], s[10], s[13], s[15], 0);
    for (unsigned k = 0; k < 9; k++)
        a->h[k] = (v2u64){ a->cell[2 * k], a->cell[2 * k + 1] }; /* (s_{2k-1}, s_{2k}) */
    for (unsigned i = 0; i < 7; i++) {
        v2u64 p = lfsr_pair(a->h);
        for (unsigned k = 0; k < 8; k++)
            a->h[k] = a->h[k + 1];
        a->h[8] = p;
        a->cell[18 + 2 * i] = (uint32_t)p[0];
        a->cell[19 + 2 * i] = (uint32_t)p[1];
    }
    for (unsigned g = 0; g < 4; g++)
        ahead_inputs(a, g);
}

/* The canonical cells after t <= 16 words of the block: s_{B+t} ..
 * s_{B+t+15}. At t = 16 the last one is not made yet. */
static ALWAYS_INLINE void ahead_state(const ahead *a, unsigned t, uint32_t s[16])
{
    if (t < 16) {
        memcpy(s, a->cell + 1 + t, 16 * sizeof s[0]);
        return;
    }
    const uint32_t *c = a->cell + 1; /* c[i] = s_{B+i} */
    memcpy(s, c + 16, 15 * sizeof s[0]);
    s[15] = lfsr_feedback(c[15], c[19], c[25], c[28], c[30], 0);
}

/* Word j of the block: Z (3GPP Doc 2 §3.6.3), F moved on. */
static ALWAYS_INLINE uint32_t block_word(fsm *f, const block_in *in, unsigned j)
{
    uint32_t z = ((in->x0[j] ^ f->r1) + f->r2) ^ in->x3[j];
    if (V_IN_L2) {
        uint32_t w1 = f->r1 + in->x1[j];
        uint32_t u = l1_xor(f->r1_low_up + in->u_in[j], f->l1_r2h);
        uint32_t vr = l2_xor(w1 & 0xFFFF0000u, f->l2_r2l ^ in->v_in[j]);
        fsm_loads(f, u, vr, 0);
    } else {
        fsm_next(f, in->x1[j], in->u_in[j], in->v_in[j], 0);
    }
    return z;
}

/* Clears a local that held key-derived state; the empty asm that reads it
 * keeps the stores. */
#define WIPE_LOCAL(x)                                   \
    do {                                                \
        memset(&(x), 0, sizeof(x));                     \
        __asm__ __volatile__("" : : "m"(x) : "memory"); \
    } while (0)

/* nwords keystream words from F in *f and the canonical cells s; the cells
 * after them go to s_after (which may be s). */
static NOINLINE void keystream_blocks(fsm *f_io, const uint32_t s[16], uint32_t *words,
                                      size_t nwords, uint32_t s_after[16])
{
    ahead a;
    fsm f = *f_io;
    ahead_start(&a, s);
    for (; nwords >= 16; nwords -= 16, words += 16) {
#define KS_WORD(j)                       \
    ahead_pre(&a, j);                    \
    words[j] = block_word(&f, &a.in, j); \
    ahead_post(&a, j);
        REPEAT16(KS_WORD)
#undef KS_WORD
    }
    for (unsigned j = 0; j < nwords; j++)
        words[j] = block_word(&f, &a.in, j);
    ahead_state(&a, (unsigned)nwords, s_after);
    *f_io = f;
    WIPE_LOCAL(a);
    WIPE_LOCAL(f);
}

/* out = in ^ keystream over nbytes, the same way; a last partial word
 * consumes its whole keystream word. s_after may be NULL. */
static NOINLINE void xor_blocks(fsm *f_io, const uint32_t s[16], const uint8_t *in, uint8_t *out,
                                size_t nbytes, uint32_t *s_after)
{
    ahead a;
    fsm f = *f_io;
    ahead_start(&a, s);
    for (; nbytes >= 64; nbytes -= 64, in += 64, out += 64) {
#define XOR_WORD(j)                                                  \
    ahead_pre(&a, j);                                                \
    xor_word(in + 4 * (j), out + 4 * (j), block_word(&f, &a.in, j)); \
    ahead_post(&a, j);
        REPEAT16(XOR_WORD)
#undef XOR_WORD
    }
    unsigned j = 0;
    for (; 4 * j + 4 <= nbytes; j++)
        xor_word(in + 4 * j, out + 4 * j, block_word(&f, &a.in, j));
    if (4 * j < nbytes) {
        xor_partial(in + 4 * j, out + 4 * j, nbytes - 4 * j, block_word(&f, &a.in, j));
        j++;
    }
    if (s_after)
        ahead_state(&a, j, s_after);
    *f_io = f;
    WIPE_LOCAL(a);
    WIPE_LOCAL(f);
}

#endif /* HAVE_BLOCKS */

/* ---- entry points ----------------------------------------------------------- */

/* The copy on the stack holds key-derived state: clear it so that the
 * compiler may not drop the stores. With GNU C, memset and an empty asm that
 * reads the object (wide stores, and the object's address does not escape,
 * which would cost the steps their register allocation); elsewhere volatile
 * stores. */
static ALWAYS_INLINE void core_wipe(core *c)
{
#if defined(__GNUC__)
    /* Two memsets of at most 64 bytes: GCC expands each as a few vector
     * stores, where one of 84 bytes became REP STOSQ, whose start-up cost
     * is a tenth of a short message. */
    memset(c, 0, 64);
    memset((unsigned char *)c + 64, 0, sizeof *c - 64);
    __asm__ __volatile__("" : : "m"(*c));
#else
    volatile uint32_t *p = (volatile uint32_t *)c;
    for (size_t k = 0; k < sizeof *c / sizeof(uint32_t); k++)
        p[k] = 0;
#endif
}

static void scalar_init128(zuc_state *st, const uint8_t key[16], const uint8_t iv[16])
{
    core c;
    zuc128_load(c.s, key, iv);
    core_initialise(&c, 32);
    core_store(st, &c, 1);
    core_wipe(&c);
}

static void scalar_init256(zuc_state *st, const uint8_t key[32], const uint8_t *iv, zuc256_dset d)
{
    core c;
    zuc256_load_fast(c.s, key, iv, d);
    core_initialise(&c, zuc256_init_rounds(d));
    core_store(st, &c, 1);
    core_wipe(&c);
}

static void scalar_keystream(zuc_state *st, uint32_t *words, size_t nwords)
{
#if HAVE_BLOCKS
    if (nwords >= BLOCK_MIN_WORDS) {
        fsm f;
        fsm_set(&f, st->r1_private, st->r2_private);
        keystream_blocks(&f, st->lfsr_private, words, nwords, st->lfsr_private);
        st->r1_private = f.r1;
        st->r2_private = f.r2;
        zuc_wipe(&f, sizeof f);
        return;
    }
#endif
    core c;
    core_load(&c, st);
    for (; nwords >= 16; nwords -= 16, words += 16) {
#define KS_WORD(i) words[i] = work_step(&c, i);
        REPEAT16(KS_WORD)
#undef KS_WORD
    }
    /* Fewer than 16 words: the step with a run-time cell offset. (Leaving
     * the unrolled steps early, as xor_steps does, measured slower here:
     * the state must then be stored from sixteen different exits.) */
    for (unsigned i = 0; i < nwords; i++)
        words[i] = work_step(&c, i);
    core_store(st, &c, (unsigned)nwords);
    core_wipe(&c);
}

/* out = in ^ keystream from a core at `phase` (1 after initialisation, 0
 * from the public state); the state after goes to st unless it is NULL.
 * Works on a local copy: the byte stores to out could alias *c, the copy
 * they cannot. */
static ALWAYS_INLINE void xor_from_core(const core *c, unsigned phase, const uint8_t *in,
                                        uint8_t *out, size_t nbytes, zuc_state *st)
{
#if HAVE_BLOCKS
    if (nbytes >= 4 * BLOCK_MIN_WORDS) {
        uint32_t s[16];
        fsm f = c->f;
        core_cells(c, phase, s);
        xor_blocks(&f, s, in, out, nbytes, st ? st->lfsr_private : NULL);
        if (st) {
            st->r1_private = f.r1;
            st->r2_private = f.r2;
        }
        zuc_wipe(s, sizeof s);
        zuc_wipe(&f, sizeof f);
        return;
    }
#endif
    /* Word by word: core_initialise stored the cells one word at a time,
     * and a wider load of them cannot be forwarded from those stores. */
    core w;
    for (unsigned k = 0; k < 16; k++)
        w.s[k] = opaque(c->s[k]);
    w.f.r1 = opaque(c->f.r1);
    w.f.r1_low_up = opaque(c->f.r1_low_up);
    w.f.r2 = opaque(c->f.r2);
    w.f.l1_r2h = opaque(c->f.l1_r2h);
    w.f.l2_r2l = opaque(c->f.l2_r2l);
    unsigned after = xor_steps(&w, phase, in, out, nbytes);
    if (st)
        core_store(st, &w, after);
    core_wipe(&w);
}

static NOINLINE void xor_after_init(const core *c, const uint8_t *in, uint8_t *out, size_t nbytes)
{
    xor_from_core(c, 1, in, out, nbytes, NULL);
}

static void scalar_xor_keystream(zuc_state *st, const uint8_t *in, uint8_t *out, size_t nbytes)
{
    core c;
    core_load(&c, st);
    xor_from_core(&c, 0, in, out, nbytes, st);
    core_wipe(&c);
}

/* ZUC-128 key loading (3GPP Doc 2 §3.6.1), s_i = k_i || d_i || iv_i, with
 * the 128-EEA3 IV (3GPP Doc 1 §3.3: COUNT || BEARER || DIRECTION || 0,
 * twice) made in place: no IV bytes in memory, the constants folded in. */
static ALWAYS_INLINE void load_eea3(uint32_t s[16], const uint8_t key[16], uint32_t count,
                                    uint8_t bearer, uint8_t direction)
{
    static const uint16_t d[16] = {
        0x44D7, 0x26BC, 0x626B, 0x135E, 0x5789, 0x35E2, 0x7135, 0x09AF,
        0x4D78, 0x2F13, 0x6BC4, 0x1AF1, 0x5E26, 0x3C4D, 0x789A, 0x47AC,
    };
    const uint32_t iv4 = ((uint32_t)bearer << 3) | ((uint32_t)direction << 2);
    for (unsigned i = 0; i < 16; i++) {
        unsigned k = i % 8;
        uint32_t iv = k < 4 ? (count >> (24 - 8 * k)) & 0xFF : k == 4 ? iv4 : 0;
        s[i] = ((uint32_t)key[i] << 23) | ((uint32_t)d[i] << 8) | iv;
    }
}

/* 128-EEA3 and ZUC-256 encryption without the public state in between: the
 * generator stays in the form the steps use from initialisation to the last
 * word, which matters for short messages. */
static void scalar_eea3(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                        const uint8_t *in, uint8_t *out, size_t length_bits)
{
    core c;
    size_t nbytes = zuc_bytes_of_bits(length_bits);
    load_eea3(c.s, key, count, bearer, direction);
    core_initialise(&c, 32);
    xor_after_init(&c, in, out, nbytes);
    if (length_bits % 8)
        out[nbytes - 1] &= (uint8_t)(0xFF << (8 - length_bits % 8));
    core_wipe(&c);
}

static void scalar_zuc256_crypt(zuc256_dset d, const uint8_t key[32], const uint8_t *iv,
                                const uint8_t *in, uint8_t *out, size_t length_bytes)
{
    core c;
    zuc256_load_fast(c.s, key, iv, d);
    core_initialise(&c, zuc256_init_rounds(d));
    xor_after_init(&c, in, out, length_bytes);
    core_wipe(&c);
}

#if defined(__x86_64__) && defined(__AVX2__) && defined(__BMI2__) && defined(__MOVBE__)
#include <cpuid.h>

#define IMPL zuc_impl_scalar_v3
#define IMPL_NAME "scalar-v3"

/* What zuc_scalar_v3.c is built for: AVX2, BMI1, BMI2 and MOVBE on the CPU,
 * and YMM state enabled by the OS (XCR0 bits 1, 2). */
static int scalar_usable(void)
{
    unsigned a, b, c, d;
    if (!zuc_cpu_has_avx2() || !__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_MOVBE))
        return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    return (b & bit_BMI) && (b & bit_BMI2);
}
#else
#define IMPL zuc_impl_scalar
#define IMPL_NAME "scalar"

static int scalar_usable(void)
{
    return 1;
}
#endif

const zuc_impl IMPL = {
    .name = IMPL_NAME,
    .lanes = 1,
    .constant_time = 0,
    .usable = scalar_usable,
    .init128 = scalar_init128,
    .init256 = scalar_init256,
    .keystream = scalar_keystream,
    .xor_keystream = scalar_xor_keystream,
    .eea3 = scalar_eea3,
    .zuc256_crypt = scalar_zuc256_crypt,
};
