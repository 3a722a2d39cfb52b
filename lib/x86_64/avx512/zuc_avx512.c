/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_avx512.c — ZUC on sixteen independent streams at once with AVX-512
 * (x16), for the many-message calls.
 *
 * One 512-bit register holds one ZUC word of all sixteen lanes (LFSR cell j,
 * R1, R2); initialisation (ZUC-128 or ZUC-256, 33 rounds) and keystream run
 * in the lanes, and a 16x16 transpose turns sixteen steps into 64 contiguous
 * keystream bytes per lane, XORed into each message.
 * Constant time: S0 is a table held in registers (VPERMT2B), S1 is computed
 * with GFNI (zuc_avx512_sbox.h); no branch or address depends on keys or
 * data, only on message lengths. Built with -mavx512f -mavx512bw
 * -mavx512vbmi -mavx512vbmi2 -mgfni -mvpclmulqdq for this file only.
 * zuc_avx512_aesni.c builds it again for AVX-512 CPUs without GFNI, VBMI
 * and VPCLMULQDQ (Skylake-SP, Cascade Lake), as "avx512-aesni": S-boxes
 * computed with nibble shuffles and AES-NI (zuc_avx512_sbox_aesni.h), two
 * shifts for each VPSHLDD, and the MACs folded by PCLMULQDQ.
 *
 * Techniques: the cells live in a ring in memory, each kept twice, as s
 * (31 bits) and as 2s, read as memory operands; only the newest cell and
 * R1, R2 stay in registers (sixteen cells and their doubles in registers
 * made the compiler spill on every step). With s and 2s, each word of
 * BitReorganization, each 31-bit rotation of the feedback and each half
 * that L1 and L2 take is one VPSHLDD; X2 and X3 are the X1 of earlier
 * steps, kept in a ring of their own. The loop is bounded by its count of
 * shift and permute instructions (two a cycle, on two ports), not by F's
 * chain: rotations by whole bytes go to the permute port as VPSHUFB, and
 * F's two words share one pass of each S-box.
 *
 * The same source, compiled with ZUC_AVX512_EMULATED against SIMDe
 * (zuc_avx512_emu.c, zuc_avx512_aesni_emu.c), is the test-only
 * implementations "avx512-emu" and "avx512-aesni-emu". */
#include <stddef.h>
#include <string.h>

#include "zuc_avx512_intrin.h"
#include "zuc_impl.h"

#include "../avx2/zuc_head_store.h"

/* The variants this source is built as: GFNI S-boxes, VBMI2 double shifts
 * and VPCLMULQDQ folds ("avx512-gfni"), or, for AVX-512 CPUs without them,
 * computed S-boxes with AES-NI and shifts ("avx512-aesni",
 * ZUC_AVX512_AESNI); each also through SIMDe for the tests. */
#if defined(ZUC_AVX512_AESNI)
#include "zuc_avx512_sbox_aesni.h"
#else
#include "zuc_avx512_fold.h"
#include "zuc_avx512_sbox.h"
#endif

#if defined(ZUC_AVX512_EMULATED) && defined(ZUC_AVX512_AESNI)
#define IMPL zuc_impl_avx512_aesni_emu
#define IMPL_NAME "avx512-aesni-emu"
#elif defined(ZUC_AVX512_EMULATED)
#define IMPL zuc_impl_avx512_emu
#define IMPL_NAME "avx512-emu"
#elif defined(ZUC_AVX512_AESNI)
#define IMPL zuc_impl_avx512_aesni
#define IMPL_NAME "avx512-aesni"
#else
#define IMPL zuc_impl_avx512_gfni
#define IMPL_NAME "avx512-gfni"
#endif
#if !defined(ZUC_AVX512_EMULATED) || defined(ZUC_AVX512_AESNI)
#include <cpuid.h>
#endif

#define INLINE ZUC_AVX512_INLINE
#define LANES 16
#define BLOCK_WORDS 16 /* keystream words per lane made by one block */
#define MASK31 0x7FFFFFFF
#define XOR3 0x96 /* VPTERNLOGD: a ^ b ^ c */

typedef __m512i v16;

/* The working state of the lanes. The sixteen cells live in memory, in a
 * ring: cell (base + j) & 15 of s holds s_j, and the same index of d holds
 * 2 s_j; a step reads them as memory operands (loads are cheap, registers
 * are not: held in registers, sixteen cells and their doubles spill). The
 * newest cell, which the next step's feedback waits for, and R1, R2 stay
 * in registers. */
typedef struct {
    v16 s[16], d[16];
    v16 z[16];  /* a block's keystream words, step by step */
    v16 x1[16]; /* X1 of the step at ring offset base, at entry base */
} ring16;

typedef struct {
    v16 r1, r2, s15, d15;
    zuc_sbox_regs t;
} regs16;

/* Tells the compiler that a ring entry may have changed in memory, so that
 * it reads the entry back there instead of holding it in a register. */
#if defined(ZUC_AVX512_EMULATED)
#define RING_KEEP(entry) ((void)0)
#else
#define RING_KEEP(entry) __asm__("" : "+m"(entry))
#endif
#define RING_S(r, base, j) _mm512_load_si512((const void *)&(r)->s[((base) + (j)) & 15])
#define RING_D(r, base, j) _mm512_load_si512((const void *)&(r)->d[((base) + (j)) & 15])

/* ---- vector helpers ------------------------------------------------------ */

INLINE v16 vxor(v16 a, v16 b)
{
    return _mm512_xor_si512(a, b);
}
INLINE v16 vadd(v16 a, v16 b)
{
    return _mm512_add_epi32(a, b);
}
INLINE v16 vxor3(v16 a, v16 b, v16 c)
{
    return _mm512_ternarylogic_epi32(a, b, c, XOR3);
}

/* The upper 32 bits of (a:b) << k in every element (0 < k < 32): VPSHLDD,
 * or two shifts where VBMI2 is absent. Macros: k is an immediate. */
#if defined(ZUC_AVX512_AESNI)
#define shld(a, b, k) _mm512_or_si512(_mm512_slli_epi32((a), (k)), _mm512_srli_epi32((b), 32 - (k)))
#else
#define shld(a, b, k) _mm512_shldi_epi32((a), (b), (k))
#endif

/* s * 2^k mod (2^31 - 1) for s < 2^31, from s and d = 2s: a 31-bit
 * rotation. */
#define mul_pow2(s, d, k) _mm512_and_si512(shld((s), (d), (k)), _mm512_set1_epi32(MASK31))

/* a + b mod (2^31 - 1) for a, b in [0, p]: the result is in [0, p]. */
INLINE v16 add_mod_lazy(v16 a, v16 b)
{
    v16 c = vadd(a, b);
    return _mm512_min_epu32(c, _mm512_sub_epi32(c, _mm512_set1_epi32(MASK31)));
}

/* a + b mod (2^31 - 1) for a in [1, p], b in [0, p]: the result is in
 * [1, p], so a zero sum comes out as p, as the LFSR requires. */
INLINE v16 add_mod_final(v16 a, v16 b)
{
    v16 c = vadd(a, b);
    return vadd(_mm512_and_si512(c, _mm512_set1_epi32(MASK31)), _mm512_srli_epi32(c, 31));
}

/* ---- one step ------------------------------------------------------------ */

/* Every word rotated left by 8 or 24 bits as a byte shuffle: VPSHUFB runs
 * on the permute port, VPROLD on the busier shift port. */
INLINE v16 rol_bytes(v16 x, int bits)
{
    const v16 by8 =
        _mm512_broadcast_i32x4(_mm_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14));
    const v16 by24 =
        _mm512_broadcast_i32x4(_mm_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12));
    return _mm512_shuffle_epi8(x, bits == 8 ? by8 : by24);
}

/* L1(x) = x ^ x<<<2 ^ x<<<10 ^ x<<<18 ^ x<<<24: four rotations and two
 * VPTERNLOGD. */
INLINE v16 l1(v16 x)
{
    v16 a = vxor3(_mm512_rol_epi32(x, 2), _mm512_rol_epi32(x, 10), x);
    return vxor3(_mm512_rol_epi32(x, 18), rol_bytes(x, 24), a);
}

/* L2(x) = x ^ x<<<8 ^ x<<<14 ^ x<<<22 ^ x<<<30 */
INLINE v16 l2(v16 x)
{
    v16 a = vxor3(rol_bytes(x, 8), _mm512_rol_epi32(x, 14), x);
    return vxor3(_mm512_rol_epi32(x, 22), _mm512_rol_epi32(x, 30), a);
}

/* 2^17 s13 + 2^21 s10 + 2^20 s4 + (2^8 + 1) s0, in [0, p]: the feedback
 * terms of the older cells, off the chain from step to step. */
INLINE v16 feedback_old_terms(const ring16 *r, int base)
{
    v16 a = add_mod_lazy(mul_pow2(RING_S(r, base, 13), RING_D(r, base, 13), 17),
                         mul_pow2(RING_S(r, base, 10), RING_D(r, base, 10), 21));
    v16 b = add_mod_lazy(mul_pow2(RING_S(r, base, 4), RING_D(r, base, 4), 20),
                         mul_pow2(RING_S(r, base, 0), RING_D(r, base, 0), 8));
    return add_mod_lazy(add_mod_lazy(a, b), RING_S(r, base, 0));
}

/* One step at ring offset base: BitReorganization, F, and the LFSR in
 * working mode (init = 0: returns Z = W ^ X3) or in initialisation mode
 * (init = 1: W >> 1 joins the feedback; returns W). The new cell replaces
 * s_0, which is ring entry base. */
INLINE v16 ring_step(ring16 *r, regs16 *g, int base, int init)
{
    /* BitReorganization: X0 = s15H || s14L; (a << 16) | (2b >> 16) = aL || bH
     * for X1 = s11L || s9H. X2 = s7L || s5H is X1 of four steps back and
     * X3 = s2L || s0H X1 of nine: kept, not made again. */
    v16 x0 = _mm512_mask_blend_epi16(0xAAAAAAAA, RING_S(r, base, 14), g->d15);
    v16 x1 = shld(RING_S(r, base, 11), RING_D(r, base, 9), 16);
    _mm512_store_si512((void *)&r->x1[base & 15], x1);
    RING_KEEP(r->x1[base & 15]);
    v16 x2 = _mm512_load_si512((const void *)&r->x1[(base - 4) & 15]);
    v16 x3 = _mm512_load_si512((const void *)&r->x1[(base - 9) & 15]);
    /* F: W = (X0 ^ R1) + R2; R1 = S(L1(W1L || W2H)), R2 = S(L2(W2L || W1H)) */
    v16 w = vadd(vxor(x0, g->r1), g->r2);
    v16 w1 = vadd(g->r1, x1), w2 = vxor(g->r2, x2);
    zuc_avx512_sbox_pair(l1(shld(w1, w2, 16)), l2(shld(w2, w1, 16)), &g->r1, &g->r2, &g->t);
    /* the LFSR: the term of the newest cell (and of W) is added last */
    v16 t = feedback_old_terms(r, base);
    if (init)
        t = add_mod_lazy(t, _mm512_srli_epi32(w, 1));
    v16 s16 = add_mod_final(mul_pow2(g->s15, g->d15, 15), t);
    g->s15 = s16;
    g->d15 = vadd(s16, s16);
    _mm512_store_si512((void *)&r->s[base & 15], g->s15);
    _mm512_store_si512((void *)&r->d[base & 15], g->d15);
    RING_KEEP(r->s[base & 15]);
    RING_KEEP(r->d[base & 15]);
    return init ? w : vxor(w, x3);
}

/* ---- state in and out ------------------------------------------------------ */

/* The ring from its cells r->s[j] = s_j, with R1 and R2, for a first step
 * at ring offset 0: the X1 of the nine steps before it, as they were. */
static void ring_start(ring16 *r, regs16 *g, v16 r1, v16 r2)
{
    for (int j = 0; j < 16; j++)
        r->d[j] = vadd(r->s[j], r->s[j]);
    for (int k = 1; k <= 9; k++)
        r->x1[16 - k] = shld(r->s[11 - k], r->d[9 - k], 16);
    g->s15 = r->s[15];
    g->d15 = r->d[15];
    g->r1 = r1;
    g->r2 = r2;
    g->t = zuc_avx512_sbox_regs();
}

static void load_lanes(ring16 *r, regs16 *g, const zuc_lanes *st)
{
    for (int j = 0; j < 16; j++)
        r->s[j] = _mm512_load_si512((const void *)st->s[j]);
    ring_start(r, g, _mm512_load_si512((const void *)st->r1),
               _mm512_load_si512((const void *)st->r2));
}

/* Stores the ring, whose s_0 is at entry `base`, back with s_0 in row 0. */
static void store_lanes(zuc_lanes *st, const ring16 *r, const regs16 *g, int base)
{
    for (int j = 0; j < 16; j++)
        _mm512_store_si512((void *)st->s[j], r->s[(base + j) & 15]);
    _mm512_store_si512((void *)st->r1, g->r1);
    _mm512_store_si512((void *)st->r2, g->r2);
}

static void wipe_working_state(ring16 *r, regs16 *g)
{
    zuc_wipe(r, sizeof *r);
    zuc_wipe(g, sizeof *g);
}

/* 4x4 transpose of 32-bit words inside every 128-bit block of r[0..3]:
 * afterwards block b of r[c] holds word c of each of the four rows. */
INLINE void transpose4_in_blocks(v16 *r0, v16 *r1, v16 *r2, v16 *r3)
{
    v16 t0 = _mm512_unpacklo_epi32(*r0, *r1), t1 = _mm512_unpackhi_epi32(*r0, *r1);
    v16 t2 = _mm512_unpacklo_epi32(*r2, *r3), t3 = _mm512_unpackhi_epi32(*r2, *r3);
    *r0 = _mm512_unpacklo_epi64(t0, t2);
    *r1 = _mm512_unpackhi_epi64(t0, t2);
    *r2 = _mm512_unpacklo_epi64(t1, t3);
    *r3 = _mm512_unpackhi_epi64(t1, t3);
}

/* 4x4 transpose of the 128-bit blocks of four registers. */
INLINE void transpose4_blocks(v16 *u0, v16 *u1, v16 *u2, v16 *u3)
{
    v16 v0 = _mm512_shuffle_i32x4(*u0, *u1, 0x44), v1 = _mm512_shuffle_i32x4(*u0, *u1, 0xEE);
    v16 v2 = _mm512_shuffle_i32x4(*u2, *u3, 0x44), v3 = _mm512_shuffle_i32x4(*u2, *u3, 0xEE);
    *u0 = _mm512_shuffle_i32x4(v0, v2, 0x88);
    *u1 = _mm512_shuffle_i32x4(v0, v2, 0xDD);
    *u2 = _mm512_shuffle_i32x4(v1, v3, 0x88);
    *u3 = _mm512_shuffle_i32x4(v1, v3, 0xDD);
}

/* 16 x 16 transpose of 32-bit words: r[k] = word k of every lane becomes
 * r[l] = the sixteen words of lane l (and back: it is its own inverse). */
INLINE void transpose16(v16 r[16])
{
    for (int a = 0; a < 4; a++)
        transpose4_in_blocks(&r[4 * a], &r[4 * a + 1], &r[4 * a + 2], &r[4 * a + 3]);
    for (int c = 0; c < 4; c++)
        transpose4_blocks(&r[c], &r[4 + c], &r[8 + c], &r[12 + c]);
}

/* ---- initialisation -------------------------------------------------------- */

/* 16 * blocks rounds of LFSRWithInitialisationMode(W >> 1) (2 blocks; 3
 * for ZUC-256 version 2023), then one working round whose output is
 * discarded. Leaves s_0 at ring entry 1. */
static void initialise(ring16 *r, regs16 *g, unsigned blocks)
{
    for (unsigned block = 0; block < blocks; block++) {
#pragma GCC unroll 16
        for (int i = 0; i < 16; i++)
            (void)ring_step(r, g, i, 1);
    }
    (void)ring_step(r, g, 0, 0);
}

/* The first `left` (1 to 16) words of v to dst (zuc_head_store.h). */
INLINE void store_head(uint32_t *dst, v16 v, unsigned left)
{
    if (left >= 16) {
        _mm512_storeu_si512((void *)dst, v);
    } else if (left > 8) {
        _mm256_storeu_si256((__m256i *)dst, _mm512_castsi512_si256(v));
        zuc_head_store8(dst + 8, _mm512_extracti64x4_epi64(v, 1), left - 8);
    } else {
        zuc_head_store8(dst, _mm512_castsi512_si256(v), left);
    }
}

/* Loads and initialises the lanes of `mask` from their cells (cells[l][j] =
 * s_j of lane l after key loading); the other lanes keep their streams. */
static void avx512_lanes_init(zuc_lanes *st, unsigned mask, const uint32_t (*cells)[16],
                              unsigned rounds, unsigned head_words, uint32_t (*head)[16])
{
    ring16 r;
    regs16 g;
    for (int l = 0; l < LANES; l++)
        r.s[l] = _mm512_loadu_si512((const void *)cells[l]);
    transpose16(r.s);
    ring_start(&r, &g, _mm512_setzero_si512(), _mm512_setzero_si512());
    initialise(&r, &g, rounds / 16);
    /* the first keystream words of the fresh lanes, word k of every lane in
     * r.z[k], then lane by lane into head */
    for (unsigned k = 0; k < head_words; k++)
        _mm512_store_si512((void *)&r.z[k], ring_step(&r, &g, (int)(1 + k) & 15, 0));
    if (head_words) { /* transposed: lane l's words in r.z[l], the first head_words kept */
        transpose16(r.z);
        for (unsigned busy = mask; busy; busy &= busy - 1) {
            unsigned l = (unsigned)__builtin_ctz(busy);
            store_head(head[l], r.z[l], head_words);
        }
    }
    uint16_t m = (uint16_t)mask;
    for (int j = 0; st && j < 16; j++) {
        v16 old = _mm512_load_si512((const void *)st->s[j]);
        _mm512_store_si512((void *)st->s[j],
                           _mm512_mask_blend_epi32(m, old, r.s[(j + 1 + head_words) & 15]));
    }
    if (st) {
        v16 r1 = _mm512_load_si512((const void *)st->r1);
        v16 r2 = _mm512_load_si512((const void *)st->r2);
        _mm512_store_si512((void *)st->r1, _mm512_mask_blend_epi32(m, r1, g.r1));
        _mm512_store_si512((void *)st->r2, _mm512_mask_blend_epi32(m, r2, g.r2));
    }
    zuc_wipe(&r, sizeof r); /* the cells and the head words */
    zuc_wipe(&g, sizeof g);
}

/* ---- keystream blocks ------------------------------------------------------ */

/* Sixteen steps; z[l] = lane l's sixteen keystream words. */
INLINE void block16(ring16 *r, regs16 *g, v16 z[16])
{
#pragma GCC unroll 16
    for (int i = 0; i < 16; i++)
        _mm512_store_si512((void *)&r->z[i], ring_step(r, g, i, 0));
    for (int i = 0; i < 16; i++)
        z[i] = _mm512_load_si512((const void *)&r->z[i]);
    transpose16(z);
}

INLINE v16 bswap32(v16 x)
{
    const v16 order = _mm512_set_epi8(
        60, 61, 62, 63, 56, 57, 58, 59, 52, 53, 54, 55, 48, 49, 50, 51, 44, 45, 46, 47, 40, 41, 42,
        43, 36, 37, 38, 39, 32, 33, 34, 35, 28, 29, 30, 31, 24, 25, 26, 27, 20, 21, 22, 23, 16, 17,
        18, 19, 12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    return _mm512_shuffle_epi8(x, order);
}

/* out[l] = in[l] XOR keystream, nblocks x 64 bytes per lane; lanes whose in
 * is NULL only advance. */
static void avx512_lanes_xor(zuc_lanes *st, const uint8_t *const *in, uint8_t *const *out,
                             size_t nblocks)
{
    ring16 r;
    regs16 g;
    v16 z[16];
    load_lanes(&r, &g, st);
    for (size_t b = 0; b < nblocks; b++) {
        block16(&r, &g, z);
        for (int l = 0; l < LANES; l++)
            if (in[l]) {
                v16 m = _mm512_loadu_si512((const void *)(in[l] + 64 * b));
                _mm512_storeu_si512((void *)(out[l] + 64 * b), vxor(m, bswap32(z[l])));
            }
    }
    store_lanes(st, &r, &g, 0);
    wipe_working_state(&r, &g);
    zuc_wipe(z, sizeof z);
}

/* The last block of messages that end in it: nwords (<= 16) steps, and
 * each lane's nbytes[l] bytes XORed in place with byte-masked loads and
 * stores, nothing beyond them read or written. */
static void avx512_lanes_xor_partial(zuc_lanes *st, const uint8_t *const *in, uint8_t *const *out,
                                     const size_t *nbytes, unsigned nwords)
{
    ring16 r;
    regs16 g;
    load_lanes(&r, &g, st);
    if (nwords == BLOCK_WORDS) {
        block16(&r, &g, r.z);
    } else {
#pragma GCC unroll 16
        for (int i = 0; i < 16; i++)
            r.z[i] = (unsigned)i < nwords ? ring_step(&r, &g, i, 0) : _mm512_setzero_si512();
        transpose16(r.z);
    }
    for (int l = 0; l < LANES; l++)
        if (in[l]) {
            uint64_t k = nbytes[l] >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << nbytes[l]) - 1;
            v16 m = _mm512_maskz_loadu_epi8(k, in[l]);
            _mm512_mask_storeu_epi8(out[l], k, vxor(m, bswap32(r.z[l])));
        }
    store_lanes(st, &r, &g, (int)nwords & 15);
    wipe_working_state(&r, &g);
}

/* out[l][0 .. 16 nblocks) = lane l's next keystream words (NULL: skipped). */
static void avx512_lanes_keystream(zuc_lanes *st, uint32_t *const *out, size_t nblocks)
{
    ring16 r;
    regs16 g;
    v16 z[16];
    load_lanes(&r, &g, st);
    for (size_t b = 0; b < nblocks; b++) {
        block16(&r, &g, z);
        for (int l = 0; l < LANES; l++)
            if (out[l])
                _mm512_storeu_si512((void *)(out[l] + 16 * b), z[l]);
    }
    store_lanes(st, &r, &g, 0);
    wipe_working_state(&r, &g);
    zuc_wipe(z, sizeof z);
}

/* ---- the descriptor ---------------------------------------------------------- */

#if defined(ZUC_AVX512_AESNI)
/* AVX-512 F, BW and VL with the OS's ZMM state (zuc_cpu_has_avx512), and
 * AES-NI (CPUID leaf 1, ECX bit 25); emulated, AES-NI alone. */
static int avx512_usable(void)
{
    unsigned a, b, c, d;
#if !defined(ZUC_AVX512_EMULATED)
    if (!zuc_cpu_has_avx512())
        return 0;
#endif
    return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_AES);
}
#elif defined(ZUC_AVX512_EMULATED)
/* SIMDe computes every intrinsic with what the compiler targets (x86-64). */
static int avx512_usable(void)
{
    return 1;
}
#else
/* CPUID leaf 7: ECX VBMI (1), GFNI (8), VBMI2 (6), VPCLMULQDQ (10); AVX-512
 * F, BW, VL and the OS's ZMM state are zuc_cpu_has_avx512's. */
static int avx512_usable(void)
{
    unsigned a, b, c, d;
    const unsigned need = (1u << 1) | (1u << 6) | (1u << 8) | (1u << 10);
    if (!zuc_cpu_has_avx512() || !__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    return (c & need) == need;
}
#endif

const zuc_impl IMPL = {
    .name = IMPL_NAME,
    .lanes = LANES,
    .constant_time = 1,
#if !defined(ZUC_AVX512_EMULATED)
    .needs_avx512 = 1,
#endif
    .usable = avx512_usable,
    .block_words = BLOCK_WORDS,
    .lanes_init = avx512_lanes_init,
    .lanes_keystream = avx512_lanes_keystream,
    .lanes_xor = avx512_lanes_xor,
    .lanes_xor_partial = avx512_lanes_xor_partial,
#if !defined(ZUC_AVX512_AESNI) /* else zuc_mac_fold, with PCLMULQDQ */
    .mac_fold = zuc_avx512_mac_fold,
#endif
};
