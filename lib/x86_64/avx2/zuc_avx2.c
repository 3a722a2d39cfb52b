/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_avx2.c — ZUC on eight independent streams at once with AVX2 (x8).
 *
 * One 256-bit register holds one ZUC word of all eight lanes (LFSR cell j,
 * R1, R2); initialisation (ZUC-128 or ZUC-256, 33 rounds) and keystream run
 * in the lanes, and an 8x8 transpose turns eight steps into 32 contiguous
 * keystream bytes per lane, XORed into each message.
 * Constant time: the S-boxes are computed, not looked up (AESENCLAST and
 * nibble vpshufb, zuc_avx2_sbox.h); no branch or address depends on keys or
 * data, only on message lengths. Built with -mavx2 -maes for this file only.
 *
 * The same source builds two paths: "avx2" (AESENCLAST on each 128-bit half)
 * and, from zuc_avx2_vaes.c with -mvaes, "avx2-vaes" (one 256-bit
 * VAESENCLAST), which needs VAES too. The tests build it a third time,
 * without VAES code, as "avx2-vaes-emu" (zuc_avx2_vaes_emu.c).
 *
 * Techniques: the LFSR feedback sums its five terms with vector adds and
 * min(c, c - p) as the reduction, one fold at the end; the rotations by 16 of
 * F's halves are folded into L1/L2, which become three byte shuffles, one
 * bit rotation and four XORs each; S0 and S1 run once per step on the 32
 * bytes of both words that each box needs.
 * (What was measured slower and left out: docs/performance.md.)
 */
#include <cpuid.h>
#include <immintrin.h>

#include "zuc_avx2_sbox.h"
#include "zuc_head_store.h"
#include "zuc_impl.h"

#if defined(ZUC_AVX2_VAES_EMULATED)
#define IMPL zuc_impl_avx2_vaes_emu
#define IMPL_NAME "avx2-vaes-emu"
#elif defined(__VAES__)
#define IMPL zuc_impl_avx2_vaes
#define IMPL_NAME "avx2-vaes"
#else
#define IMPL zuc_impl_avx2
#define IMPL_NAME "avx2"
#endif

#define INLINE ZUC_AVX2_INLINE
#define LANES 8
#define BLOCK_WORDS 8 /* keystream words per lane made by one block */
#define MASK31 0x7FFFFFFF

typedef __m256i v8;

/* The working copy of a lanes state: cell (base + j) & 15 holds s_j. */
typedef struct {
    v8 s[16];
    v8 r1, r2;
} lanes8;

/* ---- vector helpers ------------------------------------------------------ */

INLINE v8 vxor(v8 a, v8 b)
{
    return _mm256_xor_si256(a, b);
}
INLINE v8 vadd(v8 a, v8 b)
{
    return _mm256_add_epi32(a, b);
}

/* Rotation of every byte quadruple (32-bit word) by 8, 16 or 24, as a shuffle. */
INLINE v8 rot8(v8 x)
{
    return _mm256_shuffle_epi8(x, _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13,
                                                   14, 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12,
                                                   13, 14));
}

INLINE v8 rot16(v8 x)
{
    return _mm256_shuffle_epi8(x, _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12,
                                                   13, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15,
                                                   12, 13));
}

INLINE v8 rot24(v8 x)
{
    return _mm256_shuffle_epi8(x, _mm256_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15,
                                                   12, 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14,
                                                   15, 12));
}

INLINE v8 rot32(v8 x, int k)
{
    return _mm256_or_si256(_mm256_slli_epi32(x, k), _mm256_srli_epi32(x, 32 - k));
}

INLINE v8 bswap32(v8 x)
{
    return _mm256_shuffle_epi8(x, _mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13,
                                                   12, 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14,
                                                   13, 12));
}

/* x * 2^k mod (2^31 - 1) for x < 2^31: a 31-bit rotation. */
INLINE v8 mul_pow2(v8 x, int k)
{
    v8 r = _mm256_or_si256(_mm256_slli_epi32(x, k), _mm256_srli_epi32(x, 31 - k));
    return _mm256_and_si256(r, _mm256_set1_epi32(MASK31));
}

/* a + b mod (2^31 - 1) for a, b in [0, p]: the result is in [0, p]
 * (c - p wraps to a large number when c < p, so min keeps c). */
INLINE v8 add_mod_lazy(v8 a, v8 b)
{
    v8 c = vadd(a, b);
    return _mm256_min_epu32(c, _mm256_sub_epi32(c, _mm256_set1_epi32(MASK31)));
}

/* a + b mod (2^31 - 1) for a in [1, p], b in [0, p]: the result is in
 * [1, p], so a zero sum comes out as p, as the LFSR requires. */
INLINE v8 add_mod_final(v8 a, v8 b)
{
    v8 c = vadd(a, b);
    return vadd(_mm256_and_si256(c, _mm256_set1_epi32(MASK31)), _mm256_srli_epi32(c, 31));
}

/* ---- one step ------------------------------------------------------------ */

#define CELL(w, base, j) ((w)->s[((base) + (j)) & 15])

typedef struct {
    v8 x0, x1, x2, x3;
} br8;

/* BitReorganization */
INLINE br8 bit_reorganization(const lanes8 *w, int base)
{
    br8 x;
    x.x0 = _mm256_blend_epi16(CELL(w, base, 14), _mm256_slli_epi32(CELL(w, base, 15), 1), 0xAA);
    x.x1 = _mm256_or_si256(_mm256_slli_epi32(CELL(w, base, 11), 16),
                           _mm256_srli_epi32(CELL(w, base, 9), 15));
    x.x2 = _mm256_or_si256(_mm256_slli_epi32(CELL(w, base, 7), 16),
                           _mm256_srli_epi32(CELL(w, base, 5), 15));
    x.x3 = _mm256_or_si256(_mm256_slli_epi32(CELL(w, base, 2), 16),
                           _mm256_srli_epi32(CELL(w, base, 0), 15));
    return x;
}

/* L1(rot16(t)) = rot16 t ^ rot8 t ^ rot2(t ^ rot16 t ^ rot24 t) */
INLINE v8 l1_of_rot16(v8 t)
{
    v8 a = rot16(t);
    v8 d = vxor(vxor(t, a), rot24(t));
    return vxor(vxor(a, rot8(t)), rot32(d, 2));
}

/* L2(rot16(t)) = rot16 t ^ rot24 t ^ rot6(t ^ rot8 t ^ rot24 t) */
INLINE v8 l2_of_rot16(v8 t)
{
    v8 c = rot24(t);
    v8 d = vxor(vxor(t, rot8(t)), c);
    return vxor(vxor(rot16(t), c), rot32(d, 6));
}

/* F: returns W and updates R1, R2. The words W1L || W2H and W2L || W1H are
 * rot16 of one 16-bit blend each; the rot16 is folded into L1 / L2. */
INLINE v8 f(lanes8 *w, br8 x)
{
    v8 wout = vadd(vxor(x.x0, w->r1), w->r2);
    v8 w1 = vadd(w->r1, x.x1), w2 = vxor(w->r2, x.x2);
    v8 u = l1_of_rot16(_mm256_blend_epi16(w1, w2, 0xAA)); /* W2H || W1L */
    v8 v = l2_of_rot16(_mm256_blend_epi16(w2, w1, 0xAA)); /* W1H || W2L */
    zuc_avx2_sbox_pair(u, v, &w->r1, &w->r2);
    return wout;
}

/* 2^15 s15 + 2^17 s13 + 2^21 s10 + 2^20 s4 + 2^8 s0, in [0, p]: the
 * feedback without its s0 term, which add_mod_final adds last. */
INLINE v8 feedback_terms(const lanes8 *w, int base)
{
    v8 a = add_mod_lazy(mul_pow2(CELL(w, base, 15), 15), mul_pow2(CELL(w, base, 13), 17));
    v8 b = add_mod_lazy(mul_pow2(CELL(w, base, 10), 21), mul_pow2(CELL(w, base, 4), 20));
    return add_mod_lazy(add_mod_lazy(a, b), mul_pow2(CELL(w, base, 0), 8));
}

/* LFSRWithWorkMode: s16 replaces s0, which is cell base. */
INLINE void lfsr_work(lanes8 *w, int base)
{
    CELL(w, base, 0) = add_mod_final(CELL(w, base, 0), feedback_terms(w, base));
}

/* LFSRWithInitialisationMode(W >> 1) */
INLINE void lfsr_init(lanes8 *w, int base, v8 wout)
{
    v8 t = add_mod_lazy(feedback_terms(w, base), _mm256_srli_epi32(wout, 1));
    CELL(w, base, 0) = add_mod_final(CELL(w, base, 0), t);
}

/* One keystream step at cell offset base: returns Z for every lane. */
INLINE v8 keystream_step(lanes8 *w, int base)
{
    br8 x = bit_reorganization(w, base);
    v8 z = vxor(f(w, x), x.x3);
    lfsr_work(w, base);
    return z;
}

/* ---- state in and out ------------------------------------------------------ */

INLINE v8 lane_mask(unsigned mask)
{
    const v8 bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    v8 m = _mm256_and_si256(_mm256_set1_epi32((int)mask), bits);
    return _mm256_cmpeq_epi32(m, bits);
}

static void load_lanes(lanes8 *w, const zuc_lanes *st)
{
    for (int j = 0; j < 16; j++)
        w->s[j] = _mm256_load_si256((const v8 *)st->s[j]);
    w->r1 = _mm256_load_si256((const v8 *)st->r1);
    w->r2 = _mm256_load_si256((const v8 *)st->r2);
}

/* Stores w, whose s_0 is in cell `base`, back with s_0 in row 0. */
static void store_lanes(zuc_lanes *st, const lanes8 *w, int base)
{
    for (int j = 0; j < 16; j++)
        _mm256_store_si256((v8 *)st->s[j], w->s[(base + j) & 15]);
    _mm256_store_si256((v8 *)st->r1, w->r1);
    _mm256_store_si256((v8 *)st->r2, w->r2);
}

/* 8 x 8 transpose of 32-bit words: r[k] = word k of every lane becomes
 * r[l] = the eight words of lane l. */
INLINE void transpose8(v8 r[8])
{
    v8 t0 = _mm256_unpacklo_epi32(r[0], r[1]), t1 = _mm256_unpackhi_epi32(r[0], r[1]);
    v8 t2 = _mm256_unpacklo_epi32(r[2], r[3]), t3 = _mm256_unpackhi_epi32(r[2], r[3]);
    v8 t4 = _mm256_unpacklo_epi32(r[4], r[5]), t5 = _mm256_unpackhi_epi32(r[4], r[5]);
    v8 t6 = _mm256_unpacklo_epi32(r[6], r[7]), t7 = _mm256_unpackhi_epi32(r[6], r[7]);
    v8 u0 = _mm256_unpacklo_epi64(t0, t2), u1 = _mm256_unpackhi_epi64(t0, t2);
    v8 u2 = _mm256_unpacklo_epi64(t1, t3), u3 = _mm256_unpackhi_epi64(t1, t3);
    v8 u4 = _mm256_unpacklo_epi64(t4, t6), u5 = _mm256_unpackhi_epi64(t4, t6);
    v8 u6 = _mm256_unpacklo_epi64(t5, t7), u7 = _mm256_unpackhi_epi64(t5, t7);
    r[0] = _mm256_permute2x128_si256(u0, u4, 0x20);
    r[1] = _mm256_permute2x128_si256(u1, u5, 0x20);
    r[2] = _mm256_permute2x128_si256(u2, u6, 0x20);
    r[3] = _mm256_permute2x128_si256(u3, u7, 0x20);
    r[4] = _mm256_permute2x128_si256(u0, u4, 0x31);
    r[5] = _mm256_permute2x128_si256(u1, u5, 0x31);
    r[6] = _mm256_permute2x128_si256(u2, u6, 0x31);
    r[7] = _mm256_permute2x128_si256(u3, u7, 0x31);
}

/* ---- initialisation -------------------------------------------------------- */

/* 16 * blocks rounds of LFSRWithInitialisationMode(W >> 1) (2 blocks; 3
 * for ZUC-256 version 2023), then one working round whose output is
 * discarded. Leaves s_0 in cell 1. */
static void initialise(lanes8 *w, unsigned blocks)
{
    for (unsigned block = 0; block < blocks; block++) {
#pragma GCC unroll 16
        for (int i = 0; i < 16; i++) {
            br8 x = bit_reorganization(w, i);
            lfsr_init(w, i, f(w, x));
        }
    }
    br8 x = bit_reorganization(w, 0);
    (void)f(w, x);
    lfsr_work(w, 0);
}

/* Loads and initialises the lanes of `mask` from their cells (cells[l][j] =
 * s_j of lane l after key loading); the other lanes keep their streams. */
static void avx2_lanes_init(zuc_lanes *st, unsigned mask, const uint32_t (*cells)[16],
                            unsigned rounds, unsigned head_words, uint32_t (*head)[16])
{
    lanes8 fresh;
    for (int half = 0; half < 2; half++) {
        v8 r[8];
        for (int l = 0; l < LANES; l++)
            r[l] = _mm256_loadu_si256((const v8 *)(cells[l] + 8 * half));
        transpose8(r);
        for (int k = 0; k < 8; k++)
            fresh.s[8 * half + k] = r[k];
    }
    fresh.r1 = fresh.r2 = _mm256_setzero_si256();
    initialise(&fresh, rounds / 16);
    /* the first keystream words of the fresh lanes, word k of every lane in
     * z[k], then lane by lane into head */
    _Alignas(32) uint32_t z[16][LANES];
    for (unsigned k = 0; k < head_words; k++)
        _mm256_store_si256((v8 *)z[k], keystream_step(&fresh, (int)(1 + k) & 15));
    /* transposed, eight words at a time: lane l's words in r[l], the first
     * head_words kept */
    for (unsigned half = 0; 8 * half < head_words; half++) {
        v8 r[8];
        for (int k = 0; k < 8; k++)
            r[k] = _mm256_load_si256((const v8 *)z[8 * half + k]);
        transpose8(r);
        for (unsigned busy = mask; busy; busy &= busy - 1) {
            unsigned l = (unsigned)__builtin_ctz(busy);
            zuc_head_store8(head[l] + 8 * half, r[l], head_words - 8 * half);
        }
        zuc_wipe(r, sizeof r);
    }
    if (st) {
        v8 m = lane_mask(mask);
        for (int j = 0; j < 16; j++) {
            v8 old = _mm256_load_si256((const v8 *)st->s[j]);
            _mm256_store_si256((v8 *)st->s[j],
                               _mm256_blendv_epi8(old, fresh.s[(j + 1 + head_words) & 15], m));
        }
        v8 r1 = _mm256_load_si256((const v8 *)st->r1), r2 = _mm256_load_si256((const v8 *)st->r2);
        _mm256_store_si256((v8 *)st->r1, _mm256_blendv_epi8(r1, fresh.r1, m));
        _mm256_store_si256((v8 *)st->r2, _mm256_blendv_epi8(r2, fresh.r2, m));
    }
    zuc_wipe(&fresh, sizeof fresh);
    zuc_wipe(z, sizeof z);
}

/* ---- keystream blocks ------------------------------------------------------ */

/* Eight steps from cell offset base; z[l] = lane l's eight keystream words. */
INLINE void block8(lanes8 *w, int base, v8 z[8])
{
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
        z[i] = keystream_step(w, base + i);
    transpose8(z);
}

INLINE void xor_block(const v8 z[8], const uint8_t *const *in, uint8_t *const *out, size_t off)
{
    for (int l = 0; l < LANES; l++)
        if (in[l]) {
            v8 m = _mm256_loadu_si256((const v8 *)(in[l] + off));
            _mm256_storeu_si256((v8 *)(out[l] + off), vxor(m, bswap32(z[l])));
        }
}

INLINE void store_block(const v8 z[8], uint32_t *const *out, size_t off)
{
    for (int l = 0; l < LANES; l++)
        if (out[l])
            _mm256_storeu_si256((v8 *)(out[l] + off), z[l]);
}

/* out[l] = in[l] XOR keystream, nblocks x 32 bytes per lane; lanes whose in
 * is NULL only advance. */
static void avx2_lanes_xor(zuc_lanes *st, const uint8_t *const *in, uint8_t *const *out,
                           size_t nblocks)
{
    lanes8 w;
    v8 z[8];
    size_t b = 0;
    load_lanes(&w, st);
    for (; b + 2 <= nblocks; b += 2) {
        block8(&w, 0, z);
        xor_block(z, in, out, 32 * b);
        block8(&w, 8, z);
        xor_block(z, in, out, 32 * b + 32);
    }
    if (b < nblocks) {
        block8(&w, 0, z);
        xor_block(z, in, out, 32 * b);
    }
    store_lanes(st, &w, b < nblocks ? 8 : 0);
    zuc_wipe(&w, sizeof w);
    zuc_wipe(z, sizeof z);
}

/* out[l][0 .. 8 nblocks) = lane l's next keystream words (NULL: skipped). */
static void avx2_lanes_keystream(zuc_lanes *st, uint32_t *const *out, size_t nblocks)
{
    lanes8 w;
    v8 z[8];
    size_t b = 0;
    load_lanes(&w, st);
    for (; b + 2 <= nblocks; b += 2) {
        block8(&w, 0, z);
        store_block(z, out, 8 * b);
        block8(&w, 8, z);
        store_block(z, out, 8 * b + 8);
    }
    if (b < nblocks) {
        block8(&w, 0, z);
        store_block(z, out, 8 * b);
    }
    store_lanes(st, &w, b < nblocks ? 8 : 0);
    zuc_wipe(&w, sizeof w);
    zuc_wipe(z, sizeof z);
}

/* ---- the descriptor ---------------------------------------------------------- */

/* AVX2 and AES-NI (and VAES for avx2-vaes) on the CPU, and YMM state
 * enabled by the OS (XCR0 bits 1, 2). */
static int avx2_usable(void)
{
    unsigned a, b, c, d;
    if (!zuc_cpu_has_avx2() || !__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    if (!(c & bit_AES) || !(c & bit_SSSE3))
        return 0;
#if defined(__VAES__)
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || !(c & bit_VAES))
        return 0;
#endif
#if defined(ZUC_AVX2_MAC_FOLD)
    if (!zuc_cpu_has_pclmul()) /* the emulated fold's 128-bit halves */
        return 0;
#endif
    return 1;
}

const zuc_impl IMPL = {
    .name = IMPL_NAME,
    .lanes = LANES,
    .constant_time = 1,
    .usable = avx2_usable,
    .block_words = BLOCK_WORDS,
    .lanes_init = avx2_lanes_init,
    .lanes_keystream = avx2_lanes_keystream,
    .lanes_xor = avx2_lanes_xor,
#if defined(ZUC_AVX2_MAC_FOLD)
    .mac_fold = ZUC_AVX2_MAC_FOLD, /* set by zuc_avx2_vaes_emu.c only */
#endif
};
