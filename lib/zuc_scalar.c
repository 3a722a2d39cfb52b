/* zuc_scalar.c — the fastest one-stream portable C.
 *
 * Indexes S-box tables with secret data: NOT constant time (cache timing).
 *
 * One stream is bound by the serial loop of F (R1, R2 -> L1/L2 -> S-boxes ->
 * R1, R2) and, on wide cores, by the instructions of a step as much; the LFSR
 * of working mode does not depend on F and runs alongside.
 * Techniques (each kept because it measured faster here):
 *  - F rewritten so that R2 reaches the next L1/L2 through tables: L1 and L2
 *    are linear and the halves of R2 they take are disjoint, so the L1/L2
 *    image of each S-box output byte is precomputed next to the byte itself
 *    (64-bit entries). Only R1, which meets X1 in a modular addition, still
 *    goes through the rotations, and it comes with its low half pre-shifted;
 *  - the LFSR feedback is summed in 64 bits, multiplications by 2^k as plain
 *    shifts, and reduced mod 2^31 - 1 with two folds (lazy reduction);
 *  - 16 steps unrolled, so the LFSR cells are renamed, never shifted; the
 *    initialisation is unrolled the same way (two blocks of 16 rounds);
 *    fewer than 16 words run the step with a run-time cell offset and rotate
 *    the cells once at the end (no memmove per word), or, where the state is
 *    not kept, leave the unrolled steps early;
 *  - 128-EEA3 and ZUC-256 encryption keep the generator in that form from the
 *    first round to the last word (no round trip through zuc_state);
 *  - the tables are constant expressions built from the S-box bytes (no
 *    start-up code, read-only data);
 *  - keystream XORed into the message in the same pass.
 */
#include <string.h>

#include "zuc_impl.h"

#define MASK31 0x7FFFFFFFu

#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define NOINLINE __attribute__((noinline))
#else
#define ALWAYS_INLINE inline
#define NOINLINE
#endif

/* ---- tables ------------------------------------------------------------
 * The S-boxes S0 and S1 (3GPP Doc 2 §3.4.2, the same bytes as zuc_sbox.c)
 * as lists, so that every table below is a constant expression. */
#define S0_BYTES(X) \
    X(0x3e) X(0x72) X(0x5b) X(0x47) X(0xca) X(0xe0) X(0x00) X(0x33) \
    X(0x04) X(0xd1) X(0x54) X(0x98) X(0x09) X(0xb9) X(0x6d) X(0xcb) \
    X(0x7b) X(0x1b) X(0xf9) X(0x32) X(0xaf) X(0x9d) X(0x6a) X(0xa5) \
    X(0xb8) X(0x2d) X(0xfc) X(0x1d) X(0x08) X(0x53) X(0x03) X(0x90) \
    X(0x4d) X(0x4e) X(0x84) X(0x99) X(0xe4) X(0xce) X(0xd9) X(0x91) \
    X(0xdd) X(0xb6) X(0x85) X(0x48) X(0x8b) X(0x29) X(0x6e) X(0xac) \
    X(0xcd) X(0xc1) X(0xf8) X(0x1e) X(0x73) X(0x43) X(0x69) X(0xc6) \
    X(0xb5) X(0xbd) X(0xfd) X(0x39) X(0x63) X(0x20) X(0xd4) X(0x38) \
    X(0x76) X(0x7d) X(0xb2) X(0xa7) X(0xcf) X(0xed) X(0x57) X(0xc5) \
    X(0xf3) X(0x2c) X(0xbb) X(0x14) X(0x21) X(0x06) X(0x55) X(0x9b) \
    X(0xe3) X(0xef) X(0x5e) X(0x31) X(0x4f) X(0x7f) X(0x5a) X(0xa4) \
    X(0x0d) X(0x82) X(0x51) X(0x49) X(0x5f) X(0xba) X(0x58) X(0x1c) \
    X(0x4a) X(0x16) X(0xd5) X(0x17) X(0xa8) X(0x92) X(0x24) X(0x1f) \
    X(0x8c) X(0xff) X(0xd8) X(0xae) X(0x2e) X(0x01) X(0xd3) X(0xad) \
    X(0x3b) X(0x4b) X(0xda) X(0x46) X(0xeb) X(0xc9) X(0xde) X(0x9a) \
    X(0x8f) X(0x87) X(0xd7) X(0x3a) X(0x80) X(0x6f) X(0x2f) X(0xc8) \
    X(0xb1) X(0xb4) X(0x37) X(0xf7) X(0x0a) X(0x22) X(0x13) X(0x28) \
    X(0x7c) X(0xcc) X(0x3c) X(0x89) X(0xc7) X(0xc3) X(0x96) X(0x56) \
    X(0x07) X(0xbf) X(0x7e) X(0xf0) X(0x0b) X(0x2b) X(0x97) X(0x52) \
    X(0x35) X(0x41) X(0x79) X(0x61) X(0xa6) X(0x4c) X(0x10) X(0xfe) \
    X(0xbc) X(0x26) X(0x95) X(0x88) X(0x8a) X(0xb0) X(0xa3) X(0xfb) \
    X(0xc0) X(0x18) X(0x94) X(0xf2) X(0xe1) X(0xe5) X(0xe9) X(0x5d) \
    X(0xd0) X(0xdc) X(0x11) X(0x66) X(0x64) X(0x5c) X(0xec) X(0x59) \
    X(0x42) X(0x75) X(0x12) X(0xf5) X(0x74) X(0x9c) X(0xaa) X(0x23) \
    X(0x0e) X(0x86) X(0xab) X(0xbe) X(0x2a) X(0x02) X(0xe7) X(0x67) \
    X(0xe6) X(0x44) X(0xa2) X(0x6c) X(0xc2) X(0x93) X(0x9f) X(0xf1) \
    X(0xf6) X(0xfa) X(0x36) X(0xd2) X(0x50) X(0x68) X(0x9e) X(0x62) \
    X(0x71) X(0x15) X(0x3d) X(0xd6) X(0x40) X(0xc4) X(0xe2) X(0x0f) \
    X(0x8e) X(0x83) X(0x77) X(0x6b) X(0x25) X(0x05) X(0x3f) X(0x0c) \
    X(0x30) X(0xea) X(0x70) X(0xb7) X(0xa1) X(0xe8) X(0xa9) X(0x65) \
    X(0x8d) X(0x27) X(0x1a) X(0xdb) X(0x81) X(0xb3) X(0xa0) X(0xf4) \
    X(0x45) X(0x7a) X(0x19) X(0xdf) X(0xee) X(0x78) X(0x34) X(0x60)

#define S1_BYTES(X) \
    X(0x55) X(0xc2) X(0x63) X(0x71) X(0x3b) X(0xc8) X(0x47) X(0x86) \
    X(0x9f) X(0x3c) X(0xda) X(0x5b) X(0x29) X(0xaa) X(0xfd) X(0x77) \
    X(0x8c) X(0xc5) X(0x94) X(0x0c) X(0xa6) X(0x1a) X(0x13) X(0x00) \
    X(0xe3) X(0xa8) X(0x16) X(0x72) X(0x40) X(0xf9) X(0xf8) X(0x42) \
    X(0x44) X(0x26) X(0x68) X(0x96) X(0x81) X(0xd9) X(0x45) X(0x3e) \
    X(0x10) X(0x76) X(0xc6) X(0xa7) X(0x8b) X(0x39) X(0x43) X(0xe1) \
    X(0x3a) X(0xb5) X(0x56) X(0x2a) X(0xc0) X(0x6d) X(0xb3) X(0x05) \
    X(0x22) X(0x66) X(0xbf) X(0xdc) X(0x0b) X(0xfa) X(0x62) X(0x48) \
    X(0xdd) X(0x20) X(0x11) X(0x06) X(0x36) X(0xc9) X(0xc1) X(0xcf) \
    X(0xf6) X(0x27) X(0x52) X(0xbb) X(0x69) X(0xf5) X(0xd4) X(0x87) \
    X(0x7f) X(0x84) X(0x4c) X(0xd2) X(0x9c) X(0x57) X(0xa4) X(0xbc) \
    X(0x4f) X(0x9a) X(0xdf) X(0xfe) X(0xd6) X(0x8d) X(0x7a) X(0xeb) \
    X(0x2b) X(0x53) X(0xd8) X(0x5c) X(0xa1) X(0x14) X(0x17) X(0xfb) \
    X(0x23) X(0xd5) X(0x7d) X(0x30) X(0x67) X(0x73) X(0x08) X(0x09) \
    X(0xee) X(0xb7) X(0x70) X(0x3f) X(0x61) X(0xb2) X(0x19) X(0x8e) \
    X(0x4e) X(0xe5) X(0x4b) X(0x93) X(0x8f) X(0x5d) X(0xdb) X(0xa9) \
    X(0xad) X(0xf1) X(0xae) X(0x2e) X(0xcb) X(0x0d) X(0xfc) X(0xf4) \
    X(0x2d) X(0x46) X(0x6e) X(0x1d) X(0x97) X(0xe8) X(0xd1) X(0xe9) \
    X(0x4d) X(0x37) X(0xa5) X(0x75) X(0x5e) X(0x83) X(0x9e) X(0xab) \
    X(0x82) X(0x9d) X(0xb9) X(0x1c) X(0xe0) X(0xcd) X(0x49) X(0x89) \
    X(0x01) X(0xb6) X(0xbd) X(0x58) X(0x24) X(0xa2) X(0x5f) X(0x38) \
    X(0x78) X(0x99) X(0x15) X(0x90) X(0x50) X(0xb8) X(0x95) X(0xe4) \
    X(0xd0) X(0x91) X(0xc7) X(0xce) X(0xed) X(0x0f) X(0xb4) X(0x6f) \
    X(0xa0) X(0xcc) X(0xf0) X(0x02) X(0x4a) X(0x79) X(0xc3) X(0xde) \
    X(0xa3) X(0xef) X(0xea) X(0x51) X(0xe6) X(0x6b) X(0x18) X(0xec) \
    X(0x1b) X(0x2c) X(0x80) X(0xf7) X(0x74) X(0xe7) X(0xff) X(0x21) \
    X(0x5a) X(0x6a) X(0x54) X(0x1e) X(0x41) X(0x31) X(0x92) X(0x35) \
    X(0xc4) X(0x33) X(0x07) X(0x0a) X(0xba) X(0x7e) X(0x0e) X(0x34) \
    X(0x88) X(0xb1) X(0x98) X(0x7c) X(0xf3) X(0x3d) X(0x60) X(0x6c) \
    X(0x7b) X(0xca) X(0xd3) X(0x1f) X(0x32) X(0x65) X(0x04) X(0x28) \
    X(0x64) X(0xbe) X(0x85) X(0x9b) X(0x2f) X(0x59) X(0x8a) X(0xd7) \
    X(0xb0) X(0x25) X(0xac) X(0xaf) X(0x12) X(0x03) X(0xe2) X(0xf2)

#define ROTL32_C(x, k) ((uint32_t)(((x) << (k)) | ((x) >> (32 - (k)))))
#define L1_C(x) ((x) ^ ROTL32_C(x, 2) ^ ROTL32_C(x, 10) ^ ROTL32_C(x, 18) ^ ROTL32_C(x, 24))
#define L2_C(x) ((x) ^ ROTL32_C(x, 8) ^ ROTL32_C(x, 14) ^ ROTL32_C(x, 22) ^ ROTL32_C(x, 30))

/* R1 = S(u) (3GPP Doc 2 §3.4.2): byte j of u picks S0 (j even) or S1 (j odd)
 * of itself, placed in byte position j; the four are disjoint, so OR combines
 * them. Bytes 0 and 1 index s1_high. Bytes 2 and 3 index s1_low, whose low
 * half is the S-box byte in place (R1L) and whose high half is the same moved
 * up 16 bits: (R1 + X1) << 16 = (R1 << 16) + (X1 << 16), so the next L1 input
 * W1L || W2H is one addition away from these loads (R1 "enters pre-shifted"). */
#define AT24(b) ((uint32_t)(b) << 24),
#define AT16(b) ((uint32_t)(b) << 16),
#define LOW_AT(b, k) (((uint64_t)(b) << (k + 48)) | ((uint32_t)(b) << (k))),
#define LOW8(b) LOW_AT(b, 8)
#define LOW0(b) LOW_AT(b, 0)

/* R2 = S(v), and what R2 gives to the next step's L1 and L2 inputs
 * (u = W1L || W2H, v = W2L || W1H with W2 = R2 ^ X2): byte j of v indexes
 * s2_out[j], whose high half is the S-box output in byte position j (R2) and
 * whose low half is that byte's image under L1 (bytes 0, 1: they form R2H,
 * which lands in the low half of u) or L2 (bytes 2, 3: R2L, high half of v).
 * L1 and L2 are linear, so XORing the images gives L1(R2H) and L2(R2L << 16). */
#define R2_ENTRY(out, image) (((uint64_t)(out) << 32) | (image))
#define B0_L1(b) R2_ENTRY((uint32_t)(b) << 24, L1_C((uint32_t)(b) << 8)),
#define B1_L1(b) R2_ENTRY((uint32_t)(b) << 16, L1_C((uint32_t)(b))),
#define B2_L2(b) R2_ENTRY((uint32_t)(b) << 8,  L2_C((uint32_t)(b) << 24)),
#define B3_L2(b) R2_ENTRY((uint32_t)(b),       L2_C((uint32_t)(b) << 16)),

/* One object, so one base register reaches all eight tables (14 KiB, in L1). */
static const struct {
    uint32_t s1_high[2][256];
    uint64_t s1_low[2][256];
    uint64_t s2_out[4][256];
} tab __attribute__((aligned(64))) = {
    .s1_high = { { S0_BYTES(AT24) }, { S1_BYTES(AT16) } },
    .s1_low = { { S0_BYTES(LOW8) }, { S1_BYTES(LOW0) } },
    .s2_out = { { S0_BYTES(B0_L1) }, { S1_BYTES(B1_L1) }, { S0_BYTES(B2_L2) }, { S1_BYTES(B3_L2) } },
};

/* ---- the core ---------------------------------------------------------- */

/* The generator between steps. The cells are renamed, not shifted: cell k
 * of the spec's s_0..s_15 is s[(k + phase) & 15], the phase being the number
 * of steps made since the cells were last put in canonical order. R1 comes
 * with r1_low_up = R1 << 16 and R2 with its share of the next L1/L2 inputs,
 * l1_r2h = L1(R2H) and l2_r2l = L2(R2L << 16): both made by table loads, so
 * the next step does not wait for shifts and rotations of them. */
typedef struct {
    uint32_t s[16];
    uint32_t r1, r1_low_up;
    uint32_t r2, l1_r2h, l2_r2l;
} core;

static inline uint32_t rotl32(uint32_t x, unsigned k)
{
    return (x << k) | (x >> (32 - k));
}

/* L1 and L2 (3GPP Doc 2 §3.4.1), XORed with p. With a = x ^ (x <<< 8), two
 * pairs of rotations share one: L1 = (a <<< 2) ^ (a <<< 24) ^ (x <<< 18) and
 * L2 = a ^ (a <<< 14) ^ (x <<< 30). One level deeper than balanced trees of
 * five rotations, but fewer instructions, and here instruction count bounds
 * the step more than this chain does (the balanced form measured 8% slower). */
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

static inline uint32_t byte_at(uint32_t x, unsigned shift)
{
    return (x >> shift) & 0xFF;
}

/* R1 = S(u) (3GPP Doc 2 §3.4.2), and R1 << 16. */
static ALWAYS_INLINE void set_r1(core *c, uint32_t u)
{
    uint64_t low = tab.s1_low[0][byte_at(u, 8)] | tab.s1_low[1][u & 0xFF];
    c->r1 = (tab.s1_high[0][u >> 24] | tab.s1_high[1][byte_at(u, 16)]) | (uint32_t)low;
    c->r1_low_up = (uint32_t)(low >> 32);
}

/* R2 = S(v), and R2's share of the next L1/L2 inputs. */
static ALWAYS_INLINE void set_r2(core *c, uint32_t v)
{
    uint64_t high = tab.s2_out[0][v >> 24] ^ tab.s2_out[1][byte_at(v, 16)];
    uint64_t low = tab.s2_out[2][byte_at(v, 8)] ^ tab.s2_out[3][v & 0xFF];
    c->r2 = (uint32_t)((high ^ low) >> 32);
    c->l1_r2h = (uint32_t)high;
    c->l2_r2l = (uint32_t)low;
}

/* The same from the public state, on entry. */
static void set_r1_r2_words(core *c, uint32_t r1, uint32_t r2)
{
    c->r1 = r1;
    c->r1_low_up = r1 << 16;
    c->r2 = r2;
    c->l1_r2h = l1_xor(r2 >> 16, 0);
    c->l2_r2l = l2_xor(r2 << 16, 0);
}

/* F (3GPP Doc 2 §3.4): returns W and moves R1, R2 on. X1 and X2 come as
 *   u_in = (X1 << 16) | X2H = s9H || s7L   (W1L || W2H = (R1 << 16) + u_in ^ R2H)
 *   v_in = X2L << 16 = s5H || 0            (W2L || W1H = (W1 >> 16) | v_in ^ R2L << 16)
 * and R2's parts enter through l1_r2h and l2_r2l. */
static ALWAYS_INLINE uint32_t f_step(core *c, uint32_t x0, uint32_t x1, uint32_t u_in,
                                     uint32_t v_in)
{
    uint32_t w = (x0 ^ c->r1) + c->r2;
    uint32_t w1 = c->r1 + x1;
    uint32_t u = l1_xor(c->r1_low_up + u_in, c->l1_r2h);
    uint32_t v = l2_xor((w1 >> 16) | v_in, c->l2_r2l);
    set_r1(c, u);
    set_r2(c, v);
    return w;
}

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

/* Cell k of the spec at step i of a block. */
#define CELL(c, i, k) ((c)->s[((i) + (k)) & 15])

/* BitReorganization X0 (3GPP Doc 2 §3.3): s15H || s14L. */
static inline uint32_t br_x0(uint32_t s15, uint32_t s14)
{
    return ((s15 << 1) & 0xFFFF0000u) | (s14 & 0xFFFF);
}

/* X1, X2, X3 (3GPP Doc 2 §3.3): lo_cellL || hi_cellH. */
static inline uint32_t br_hl(uint32_t lo_cell, uint32_t hi_cell)
{
    return (lo_cell << 16) | (hi_cell >> 15);
}

/* The inputs of F's L1 and L2 that come from the LFSR (see f_step). */
static inline uint32_t f_u_in(uint32_t s9, uint32_t s7)
{
    return ((s9 << 1) & 0xFFFF0000u) | (s7 & 0xFFFF);
}

static inline uint32_t f_v_in(uint32_t s5)
{
    return (s5 << 1) & 0xFFFF0000u;
}

/* One working step (keystream mode): returns Z. */
static ALWAYS_INLINE uint32_t work_step(core *c, unsigned i)
{
    uint32_t x0 = br_x0(CELL(c, i, 15), CELL(c, i, 14));
    uint32_t x1 = br_hl(CELL(c, i, 11), CELL(c, i, 9));
    uint32_t x3 = br_hl(CELL(c, i, 2), CELL(c, i, 0));
    uint32_t z = f_step(c, x0, x1, f_u_in(CELL(c, i, 9), CELL(c, i, 7)), f_v_in(CELL(c, i, 5))) ^ x3;
    CELL(c, i, 0) = lfsr_feedback(CELL(c, i, 0), CELL(c, i, 4), CELL(c, i, 10), CELL(c, i, 13),
                                  CELL(c, i, 15), 0);
    return z;
}

/* One initialisation round: LFSRWithInitialisationMode(W >> 1). */
static ALWAYS_INLINE void init_step(core *c, unsigned i)
{
    uint32_t x0 = br_x0(CELL(c, i, 15), CELL(c, i, 14));
    uint32_t x1 = br_hl(CELL(c, i, 11), CELL(c, i, 9));
    uint32_t w = f_step(c, x0, x1, f_u_in(CELL(c, i, 9), CELL(c, i, 7)), f_v_in(CELL(c, i, 5)));
    CELL(c, i, 0) = lfsr_feedback(CELL(c, i, 0), CELL(c, i, 4), CELL(c, i, 10), CELL(c, i, 13),
                                  CELL(c, i, 15), w >> 1);
}

static void core_load(core *c, const zuc_state *st)
{
    memcpy(c->s, st->lfsr_private, sizeof c->s);
    set_r1_r2_words(c, st->r1_private, st->r2_private);
}

/* Back to the public layout, the cells in canonical order after `phase`
 * renamed steps. */
static void core_store(zuc_state *st, const core *c, unsigned phase)
{
    for (unsigned k = 0; k < 16; k++)
        st->lfsr_private[k] = c->s[(k + phase) & 15];
    st->r1_private = c->r1;
    st->r2_private = c->r2;
}

/* The copy on the stack holds key-derived state: clear it, word by word,
 * through volatile stores the compiler may not drop. */
static void core_wipe(core *c)
{
    volatile uint32_t *p = (volatile uint32_t *)c;
    for (size_t k = 0; k < sizeof *c / sizeof(uint32_t); k++)
        p[k] = 0;
}

#define REPEAT16(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) \
                    M(8) M(9) M(10) M(11) M(12) M(13) M(14) M(15)

/* 32 rounds of initialisation, then one working step whose output is
 * discarded (3GPP Doc 2 §3.6.2), on cells loaded in c->s. The cells are
 * left renamed by one step (phase 1). */
static NOINLINE void core_initialise(core *c)
{
    set_r1_r2_words(c, 0, 0);
#define INIT_ROUND(i) init_step(c, i);
    for (int half = 0; half < 2; half++) {
        REPEAT16(INIT_ROUND)
    }
#undef INIT_ROUND
    (void)work_step(c, 0);
}

static void scalar_init128(zuc_state *st, const uint8_t key[16], const uint8_t iv[16])
{
    core c;
    zuc128_load(c.s, key, iv);
    core_initialise(&c);
    core_store(st, &c, 1);
    core_wipe(&c);
}

static void scalar_init256(zuc_state *st, const uint8_t key[32], const uint8_t iv[25],
                           zuc256_dset d)
{
    core c;
    zuc256_load(c.s, key, iv, d);
    core_initialise(&c);
    core_store(st, &c, 1);
    core_wipe(&c);
}

static void scalar_keystream(zuc_state *st, uint32_t *words, size_t nwords)
{
    core c;
    core_load(&c, st);
    for (; nwords >= 16; nwords -= 16, words += 16) {
#define KS_WORD(i) words[i] = work_step(&c, i);
        REPEAT16(KS_WORD)
#undef KS_WORD
    }
    /* Fewer than 16 words: the step with a run-time cell offset. (Leaving
     * the unrolled steps early, as xor_stream does, measured slower here:
     * the state must then be stored from sixteen different exits.) */
    for (unsigned i = 0; i < nwords; i++)
        words[i] = work_step(&c, i);
    core_store(st, &c, (unsigned)nwords);
    core_wipe(&c);
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

/* out = in ^ keystream over nbytes, from a core whose cells are renamed by
 * `phase` steps (a constant where this is inlined); returns the phase after.
 * A last partial word consumes its whole keystream word. */
static ALWAYS_INLINE unsigned xor_stream(core *c, unsigned phase, const uint8_t *in, uint8_t *out,
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
#define TAIL_WORD(k)                                                      \
    if (4 * (k) >= nbytes)                                                \
        goto tail_done;                                                   \
    z = work_step(c, phase + (k));                                        \
    i = (k) + 1;                                                          \
    if (4 * (k) + 4 > nbytes)                                             \
        goto tail_done;                                                   \
    xor_word(in + 4 * (k), out + 4 * (k), z);
    REPEAT16(TAIL_WORD)
#undef TAIL_WORD
tail_done:
    if (4 * i > nbytes) {       /* a partial last word: its other bytes are consumed */
        size_t at = 4 * (size_t)(i - 1);
        for (size_t j = 0; at + j < nbytes; j++)
            out[at + j] = in[at + j] ^ (uint8_t)(z >> (24 - 8 * j));
    }
    return phase + i;
}

static void scalar_xor_keystream(zuc_state *st, const uint8_t *in, uint8_t *out, size_t nbytes)
{
    core c;
    core_load(&c, st);
    core_store(st, &c, xor_stream(&c, 0, in, out, nbytes));
    core_wipe(&c);
}

/* Straight after core_initialise, whose cells are at phase 1. Works on a
 * local copy: the byte stores to out could alias *c, the copy they cannot. */
static NOINLINE void xor_stream_after_init(const core *c, const uint8_t *in, uint8_t *out,
                                           size_t nbytes)
{
    core w = *c;
    (void)xor_stream(&w, 1, in, out, nbytes);
    core_wipe(&w);
}

/* 128-EEA3 and ZUC-256 encryption without the public state in between: the
 * generator stays in the form the steps use from initialisation to the last
 * word, which matters for short messages. */
static void scalar_eea3(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                        const uint8_t *in, uint8_t *out, size_t length_bits)
{
    uint8_t iv[16];
    core c;
    size_t nbytes = (length_bits + 7) / 8;
    zuc_iv_of_eea3(iv, count, bearer, direction);
    zuc128_load(c.s, key, iv);
    core_initialise(&c);
    xor_stream_after_init(&c, in, out, nbytes);
    if (length_bits % 8)
        out[nbytes - 1] &= (uint8_t)(0xFF << (8 - length_bits % 8));
    core_wipe(&c);
}

static void scalar_zuc256_crypt(const uint8_t key[32], const uint8_t iv[25], const uint8_t *in,
                                uint8_t *out, size_t length_bytes)
{
    core c;
    zuc256_load(c.s, key, iv, ZUC256_D_CRYPT);
    core_initialise(&c);
    xor_stream_after_init(&c, in, out, length_bytes);
    core_wipe(&c);
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
    .eea3 = scalar_eea3,
    .zuc256_crypt = scalar_zuc256_crypt,
};
