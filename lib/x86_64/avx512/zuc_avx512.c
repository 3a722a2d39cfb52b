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
 *
 * Techniques: every cell is kept twice, as s (31 bits) and as 2s. Then each
 * of BitReorganization's words is one VPSHLDD, (a << 16) | (2b >> 16), and
 * each 31-bit rotation of the feedback is one VPSHLDD and a mask,
 * (s << k) | (2s >> (32 - k)); only the new cell is doubled, once. L1 and L2
 * take the rotation by 16 of F's halves into their own rotations (VPROLD),
 * share three of them, and make their five-way XORs with two VPTERNLOGD.
 *
 * The same source, compiled with ZUC_AVX512_EMULATED against SIMDe
 * (zuc_avx512_emu.c), is the test-only implementation "avx512-emu". */
#include <string.h>

#include "zuc_avx512_fold.h"
#include "zuc_avx512_intrin.h"
#include "zuc_avx512_sbox.h"
#include "zuc_impl.h"

#if defined(ZUC_AVX512_EMULATED)
#define IMPL zuc_impl_avx512_emu
#define IMPL_NAME "avx512-emu"
#else
#include <cpuid.h>
#define IMPL zuc_impl_avx512_gfni
#define IMPL_NAME "avx512-gfni"
#endif

#define INLINE ZUC_AVX512_INLINE
#define LANES 16
#define BLOCK_WORDS 16             /* keystream words per lane made by one block */
#define MASK31 0x7FFFFFFF
#define XOR3 0x96                  /* VPTERNLOGD: a ^ b ^ c */

typedef __m512i v16;

/* The working copy of a lanes state: cell (base + j) & 15 holds s_j, and
 * the same index of d holds 2 s_j. */
typedef struct { v16 s[16]; v16 r1, r2; zuc_s0_table t; } lanes16;

#define CELL(w, base, j) ((w)->s[((base) + (j)) & 15])
#define DBL(w, base, j) _mm512_add_epi32(CELL(w, base, j), CELL(w, base, j))

/* ---- vector helpers ------------------------------------------------------ */

INLINE v16 vxor(v16 a, v16 b) { return _mm512_xor_si512(a, b); }
INLINE v16 vadd(v16 a, v16 b) { return _mm512_add_epi32(a, b); }
INLINE v16 vxor3(v16 a, v16 b, v16 c) { return _mm512_ternarylogic_epi32(a, b, c, XOR3); }

/* s * 2^k mod (2^31 - 1) for s < 2^31, from s and d = 2s: a 31-bit
 * rotation. A macro: VPSHLDD takes k as an immediate. */
#define mul_pow2(s, d, k) \
    _mm512_and_si512(_mm512_shldi_epi32((s), (d), (k)), _mm512_set1_epi32(MASK31))

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

typedef struct { v16 x0, x1, x2, x3; } br16;

/* BitReorganization: X0 = s15H || s14L, then (a << 16) | (2b >> 16) =
 * aL || bH for X1 = s11L || s9H, X2 = s7L || s5H, X3 = s2L || s0H. */
INLINE br16 bit_reorganization(const lanes16 *w, int base)
{
    br16 x;
    x.x0 = _mm512_mask_blend_epi16(0xAAAAAAAA, CELL(w, base, 14), DBL(w, base, 15));
    x.x1 = _mm512_shldi_epi32(CELL(w, base, 11), DBL(w, base, 9), 16);
    x.x2 = _mm512_shldi_epi32(CELL(w, base, 7), DBL(w, base, 5), 16);
    x.x3 = _mm512_shldi_epi32(CELL(w, base, 2), DBL(w, base, 0), 16);
    return x;
}

/* L1(t <<< 16) = t<<<16 ^ t<<<18 ^ t<<<26 ^ t<<<2 ^ t<<<8: five rotations
 * side by side and two VPTERNLOGD, so two instructions deep (F's chain from
 * step to step runs through L1 and L2). */
INLINE v16 l1_of_rot16(v16 t)
{
    v16 a = vxor3(_mm512_rol_epi32(t, 16), _mm512_rol_epi32(t, 18), _mm512_rol_epi32(t, 26));
    return vxor3(a, _mm512_rol_epi32(t, 2), _mm512_rol_epi32(t, 8));
}

/* L2(t <<< 16) = t<<<16 ^ t<<<24 ^ t<<<30 ^ t<<<6 ^ t<<<14 */
INLINE v16 l2_of_rot16(v16 t)
{
    v16 a = vxor3(_mm512_rol_epi32(t, 16), _mm512_rol_epi32(t, 24), _mm512_rol_epi32(t, 30));
    return vxor3(a, _mm512_rol_epi32(t, 6), _mm512_rol_epi32(t, 14));
}

/* F: returns W and updates R1, R2. W1L || W2H and W2L || W1H are rot16 of
 * one 16-bit blend each; the rot16 is folded into L1 / L2. */
INLINE v16 f(lanes16 *w, br16 x)
{
    v16 wout = vadd(vxor(x.x0, w->r1), w->r2);
    v16 w1 = vadd(w->r1, x.x1), w2 = vxor(w->r2, x.x2);
    v16 u = l1_of_rot16(_mm512_mask_blend_epi16(0xAAAAAAAA, w1, w2));   /* W2H || W1L */
    v16 v = l2_of_rot16(_mm512_mask_blend_epi16(0xAAAAAAAA, w2, w1));   /* W1H || W2L */
    w->r1 = zuc_avx512_sbox(u, &w->t);
    w->r2 = zuc_avx512_sbox(v, &w->t);
    return wout;
}

/* 2^17 s13 + 2^21 s10 + 2^20 s4 + 2^8 s0, in [0, p]: the feedback terms
 * of the older cells. */
INLINE v16 feedback_old_terms(const lanes16 *w, int base)
{
    v16 a = add_mod_lazy(mul_pow2(CELL(w, base, 13), DBL(w, base, 13), 17),
                         mul_pow2(CELL(w, base, 10), DBL(w, base, 10), 21));
    v16 b = add_mod_lazy(mul_pow2(CELL(w, base, 4), DBL(w, base, 4), 20),
                         mul_pow2(CELL(w, base, 0), DBL(w, base, 0), 8));
    return add_mod_lazy(a, b);
}

/* 2^15 s15 from s15 alone (two shifts and one VPTERNLOGD, (a | b) & c):
 * in the initialisation s15 is the cell made one step before, and this is
 * one instruction shorter a path than from its double. */
INLINE v16 s15_term(const lanes16 *w, int base)
{
    v16 s15 = CELL(w, base, 15);
    return _mm512_ternarylogic_epi32(_mm512_slli_epi32(s15, 15), _mm512_srli_epi32(s15, 16),
                                     _mm512_set1_epi32(MASK31), 0xA8);
}

/* s16 replaces s0, which is cell base; its double too. */
INLINE void lfsr_shift_in(lanes16 *w, int base, v16 s16)
{
    CELL(w, base, 0) = s16;
}

/* LFSRWithWorkMode */
INLINE void lfsr_work(lanes16 *w, int base)
{
    v16 t = add_mod_lazy(feedback_old_terms(w, base),
                         mul_pow2(CELL(w, base, 15), DBL(w, base, 15), 15));
    lfsr_shift_in(w, base, add_mod_final(CELL(w, base, 0), t));
}

/* LFSRWithInitialisationMode(W >> 1) */
INLINE void lfsr_init(lanes16 *w, int base, v16 wout)
{
    /* the terms that wait for the last cell and for W are added last */
    v16 recent = add_mod_lazy(s15_term(w, base), _mm512_srli_epi32(wout, 1));
    v16 t = add_mod_lazy(feedback_old_terms(w, base), recent);
    lfsr_shift_in(w, base, add_mod_final(CELL(w, base, 0), t));
}

/* One keystream step at cell offset base: returns Z for every lane. */
INLINE v16 keystream_step(lanes16 *w, int base)
{
    br16 x = bit_reorganization(w, base);
    v16 z = vxor(f(w, x), x.x3);
    lfsr_work(w, base);
    return z;
}

/* ---- state in and out ------------------------------------------------------ */

static void load_lanes(lanes16 *w, const zuc_lanes *st)
{
    for (int j = 0; j < 16; j++) {
        w->s[j] = _mm512_load_si512((const void *)st->s[j]);
    }
    w->r1 = _mm512_load_si512((const void *)st->r1);
    w->r2 = _mm512_load_si512((const void *)st->r2);
    w->t = zuc_avx512_s0_table();
}

/* Stores w, whose s_0 is in cell `base`, back with s_0 in row 0. */
static void store_lanes(zuc_lanes *st, const lanes16 *w, int base)
{
    for (int j = 0; j < 16; j++)
        _mm512_store_si512((void *)st->s[j], w->s[(base + j) & 15]);
    _mm512_store_si512((void *)st->r1, w->r1);
    _mm512_store_si512((void *)st->r2, w->r2);
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

/* 32 rounds of LFSRWithInitialisationMode(W >> 1), then one working round
 * whose output is discarded. Leaves s_0 in cell 1. */
static void initialise(lanes16 *w)
{
    for (int half = 0; half < 2; half++) {
#pragma GCC unroll 16
        for (int i = 0; i < 16; i++) {
            br16 x = bit_reorganization(w, i);
            lfsr_init(w, i, f(w, x));
        }
    }
    br16 x = bit_reorganization(w, 0);
    (void)f(w, x);
    lfsr_work(w, 0);
}

/* Loads and initialises the lanes of `mask` from their cells (cells[l][j] =
 * s_j of lane l after key loading); the other lanes keep their streams. */
static void avx512_lanes_init(zuc_lanes *st, unsigned mask, const uint32_t (*cells)[16])
{
    lanes16 fresh;
    v16 r[16];
    for (int l = 0; l < LANES; l++)
        r[l] = _mm512_loadu_si512((const void *)cells[l]);
    transpose16(r);
    for (int j = 0; j < 16; j++) {
        fresh.s[j] = r[j];
    }
    fresh.r1 = fresh.r2 = _mm512_setzero_si512();
    fresh.t = zuc_avx512_s0_table();
    initialise(&fresh);
    uint16_t m = (uint16_t)mask;
    for (int j = 0; j < 16; j++) {
        v16 old = _mm512_load_si512((const void *)st->s[j]);
        _mm512_store_si512((void *)st->s[j], _mm512_mask_blend_epi32(m, old, fresh.s[(j + 1) & 15]));
    }
    v16 r1 = _mm512_load_si512((const void *)st->r1), r2 = _mm512_load_si512((const void *)st->r2);
    _mm512_store_si512((void *)st->r1, _mm512_mask_blend_epi32(m, r1, fresh.r1));
    _mm512_store_si512((void *)st->r2, _mm512_mask_blend_epi32(m, r2, fresh.r2));
    zuc_wipe(&fresh, sizeof fresh);
    zuc_wipe(r, sizeof r);
}

/* ---- keystream blocks ------------------------------------------------------ */

/* Sixteen steps; z[l] = lane l's sixteen keystream words. */
INLINE void block16(lanes16 *w, v16 z[16])
{
#pragma GCC unroll 16
    for (int i = 0; i < 16; i++)
        z[i] = keystream_step(w, i);
    transpose16(z);
}

INLINE v16 bswap32(v16 x)
{
    const v16 order = _mm512_set_epi8(
        60, 61, 62, 63, 56, 57, 58, 59, 52, 53, 54, 55, 48, 49, 50, 51,
        44, 45, 46, 47, 40, 41, 42, 43, 36, 37, 38, 39, 32, 33, 34, 35,
        28, 29, 30, 31, 24, 25, 26, 27, 20, 21, 22, 23, 16, 17, 18, 19,
        12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    return _mm512_shuffle_epi8(x, order);
}

/* out[l] = in[l] XOR keystream, nblocks x 64 bytes per lane; lanes whose in
 * is NULL only advance. */
static void avx512_lanes_xor(zuc_lanes *st, const uint8_t *const *in, uint8_t *const *out,
                             size_t nblocks)
{
    lanes16 w;
    v16 z[16];
    load_lanes(&w, st);
    for (size_t b = 0; b < nblocks; b++) {
        block16(&w, z);
        for (int l = 0; l < LANES; l++)
            if (in[l]) {
                v16 m = _mm512_loadu_si512((const void *)(in[l] + 64 * b));
                _mm512_storeu_si512((void *)(out[l] + 64 * b), vxor(m, bswap32(z[l])));
            }
    }
    store_lanes(st, &w, 0);
    zuc_wipe(&w, sizeof w);
    zuc_wipe(z, sizeof z);
}

/* The last block of messages that end in it: nwords (<= 16) steps, and
 * each lane's nbytes[l] bytes XORed in place with byte-masked loads and
 * stores, nothing beyond them read or written. */
static void avx512_lanes_xor_partial(zuc_lanes *st, const uint8_t *const *in,
                                     uint8_t *const *out, const size_t *nbytes, unsigned nwords)
{
    lanes16 w;
    v16 z[16];
    load_lanes(&w, st);
    if (nwords == BLOCK_WORDS) {
        block16(&w, z);
    } else {
        for (unsigned i = 0; i < 16; i++)
            z[i] = i < nwords ? keystream_step(&w, (int)i) : _mm512_setzero_si512();
        transpose16(z);
    }
    for (int l = 0; l < LANES; l++)
        if (in[l]) {
            uint64_t k = nbytes[l] >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << nbytes[l]) - 1;
            v16 m = _mm512_maskz_loadu_epi8(k, in[l]);
            _mm512_mask_storeu_epi8(out[l], k, vxor(m, bswap32(z[l])));
        }
    store_lanes(st, &w, (int)nwords & 15);
    zuc_wipe(&w, sizeof w);
    zuc_wipe(z, sizeof z);
}

/* out[l][0 .. 16 nblocks) = lane l's next keystream words (NULL: skipped). */
static void avx512_lanes_keystream(zuc_lanes *st, uint32_t *const *out, size_t nblocks)
{
    lanes16 w;
    v16 z[16];
    load_lanes(&w, st);
    for (size_t b = 0; b < nblocks; b++) {
        block16(&w, z);
        for (int l = 0; l < LANES; l++)
            if (out[l])
                _mm512_storeu_si512((void *)(out[l] + 16 * b), z[l]);
    }
    store_lanes(st, &w, 0);
    zuc_wipe(&w, sizeof w);
    zuc_wipe(z, sizeof z);
}

/* ---- the descriptor ---------------------------------------------------------- */

#if defined(ZUC_AVX512_EMULATED)
/* SIMDe computes every intrinsic with what the compiler targets (x86-64). */
static int avx512_usable(void) { return 1; }
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
    .mac_fold = zuc_avx512_mac_fold,
};
