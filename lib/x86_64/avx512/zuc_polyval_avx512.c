/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_polyval_avx512.c — POLYVAL (RFC 8452) with 512-bit VPCLMULQDQ, four
 * blocks per register, for the tags of ZUC-NIA6 / NCA6 (AVX-512 F/BW/VL and
 * VPCLMULQDQ; the flags are on this file only).
 *
 * The arithmetic is zuc_polyval_pclmul.c's, in each 128-bit lane: dot(a, b)
 * = a * b * x^-128 as a schoolbook product (four multiplications: on the
 * CPUs that have this, the shuffles of Karatsuba's middle term would take
 * the same port) and two Montgomery folds by 0xC200000000000000. Where a
 * power's multiple by x^-64 is kept beside it (many messages side by side,
 * and the tags beside the lanes), a product has no middle term and a sum of
 * products one fold (kmul2, kreduce).
 *
 * Short hashes (16 blocks or fewer in all) take one reduction, each block
 * against its own power (a load of consecutive powers H_n..H_1). Longer
 * ones go 32 blocks per step, one reduction: the four lanes of acc each
 * carry a sum, and a step is
 *   acc = reduce(acc * H_32 + Y_0 * H_28 + ... + Y_6 * H_4) + Y_7,
 * Y_t being blocks 4t..4t+3 of the step (one per lane), so that the chain
 * from step to step is one product and one reduction. A segment is led by
 * zero blocks to a whole number of steps (they leave a sum at zero), and at
 * its end lane j is short of H_(4-j): acc * [H_4, H_3, H_2, H_1], summed
 * over the lanes. Such a hash needs only H_1..H_4 and every fourth power to
 * H_32: five products to make, where 32 consecutive powers take nine.
 * Constant time: no table lookups, no data-dependent branches. The tests
 * also build it through SIMDe (zuc_polyval_avx512_emu.c). */
#include "zuc_avx512_intrin.h"
#include "zuc_polyval.h"

#if !defined(ZUC_POLYVAL512_NAME)
#define ZUC_POLYVAL512_NAME "vpclmul512"
#endif

#define LANES 4 /* blocks per register */

typedef __m512i v512;

typedef struct {
    v512 lo, mid, hi;
} wide;

static inline v512 xor3(v512 a, v512 b, v512 c)
{
    return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

static inline wide wide_zero(void)
{
    wide w = { _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512() };
    return w;
}

/* w += a * b in every lane. */
static inline void mul_add(wide *w, v512 a, v512 b)
{
    w->lo = _mm512_xor_si512(w->lo, _mm512_clmulepi64_epi128(a, b, 0x00));
    w->hi = _mm512_xor_si512(w->hi, _mm512_clmulepi64_epi128(a, b, 0x11));
    w->mid =
        xor3(w->mid, _mm512_clmulepi64_epi128(a, b, 0x01), _mm512_clmulepi64_epi128(a, b, 0x10));
}

/* The two 64-bit halves of every lane exchanged. */
static inline v512 swap_halves(v512 a)
{
    return _mm512_shuffle_epi32(a, (_MM_PERM_ENUM)0x4E);
}

/* A 128-bit value in lane 0, zeros in the others. */
static inline v512 in_lane0(__m128i a)
{
    return _mm512_inserti32x4(_mm512_setzero_si512(), a, 0);
}

/* Each lane's sum times x^-128, reduced. With fold(a) = a * x^-64 (the
 * halves exchanged, the low one's multiple of the polynomial added), lo +
 * mid x^64 + hi x^128 times x^-128 is hi + fold(mid + fold(lo)): mid is
 * never split across lo and hi. */
static inline v512 reduce(wide w)
{
    const v512 poly = _mm512_set1_epi64((long long)0xC200000000000000u);
    v512 t = xor3(w.mid, swap_halves(w.lo), _mm512_clmulepi64_epi128(w.lo, poly, 0x00));
    return xor3(w.hi, swap_halves(t), _mm512_clmulepi64_epi128(t, poly, 0x00));
}

/* w += a0 * b0 + a1 * b1 in every lane: two products, four three-way XORs. */
static inline void mul_add2(wide *w, v512 a0, v512 b0, v512 a1, v512 b1)
{
    w->lo =
        xor3(w->lo, _mm512_clmulepi64_epi128(a0, b0, 0x00), _mm512_clmulepi64_epi128(a1, b1, 0x00));
    w->hi =
        xor3(w->hi, _mm512_clmulepi64_epi128(a0, b0, 0x11), _mm512_clmulepi64_epi128(a1, b1, 0x11));
    w->mid = xor3(w->mid, _mm512_clmulepi64_epi128(a0, b0, 0x01),
                  _mm512_clmulepi64_epi128(a0, b0, 0x10));
    w->mid = xor3(w->mid, _mm512_clmulepi64_epi128(a1, b1, 0x01),
                  _mm512_clmulepi64_epi128(a1, b1, 0x10));
}

/* t * x^-64 in every lane: the halves exchanged, the low one's multiple
 * of the polynomial added. */
static inline v512 fold(v512 t)
{
    const v512 poly = _mm512_set1_epi64((long long)0xC200000000000000u);
    return _mm512_xor_si512(swap_halves(t), _mm512_clmulepi64_epi128(t, poly, 0x00));
}

/* Products against a power h given with k = fold(h) (its x^-64 multiple):
 * a * h * x^-128 = a_hi * h * x^-64 + a_lo * k * x^-64, so that each product
 * is four multiplications into two sums, lo = a_hi h_lo + a_lo k_lo and hi
 * = a_hi h_hi + a_lo k_hi, and the sum of them all is reduced by one fold:
 * hi + fold(lo). No middle term, one fold where reduce() takes two. */
typedef struct {
    v512 lo, hi;
} ksum;

/* a0 * (h0, k0) + a1 * (h1, k1), a new sum. */
static inline ksum kmul2(v512 a0, v512 h0, v512 k0, v512 a1, v512 h1, v512 k1)
{
    v512 lo = xor3(_mm512_clmulepi64_epi128(a0, k0, 0x00), _mm512_clmulepi64_epi128(a0, h0, 0x01),
                   _mm512_clmulepi64_epi128(a1, k1, 0x00));
    v512 hi = xor3(_mm512_clmulepi64_epi128(a0, k0, 0x10), _mm512_clmulepi64_epi128(a0, h0, 0x11),
                   _mm512_clmulepi64_epi128(a1, k1, 0x10));
    ksum s = { _mm512_xor_si512(lo, _mm512_clmulepi64_epi128(a1, h1, 0x01)),
               _mm512_xor_si512(hi, _mm512_clmulepi64_epi128(a1, h1, 0x11)) };
    return s;
}

/* s += a * (h, k). */
static inline void kmul_add(ksum *s, v512 a, v512 h, v512 k)
{
    s->lo = xor3(s->lo, _mm512_clmulepi64_epi128(a, k, 0x00), _mm512_clmulepi64_epi128(a, h, 0x01));
    s->hi = xor3(s->hi, _mm512_clmulepi64_epi128(a, k, 0x10), _mm512_clmulepi64_epi128(a, h, 0x11));
}

/* s += a0 * (h0, k0) + a1 * (h1, k1). */
static inline void kmul2_add(ksum *s, v512 a0, v512 h0, v512 k0, v512 a1, v512 h1, v512 k1)
{
    kmul_add(s, a0, h0, k0);
    kmul_add(s, a1, h1, k1);
}

static inline v512 kreduce(ksum s)
{
    const v512 poly = _mm512_set1_epi64((long long)0xC200000000000000u);
    return xor3(s.hi, swap_halves(s.lo), _mm512_clmulepi64_epi128(s.lo, poly, 0x00));
}

/* dot(a, h) with k = fold(h). */
static inline v512 kdot(v512 a, v512 h, v512 k)
{
    v512 lo = _mm512_xor_si512(_mm512_clmulepi64_epi128(a, k, 0x00),
                               _mm512_clmulepi64_epi128(a, h, 0x01));
    v512 hi = _mm512_xor_si512(_mm512_clmulepi64_epi128(a, k, 0x10),
                               _mm512_clmulepi64_epi128(a, h, 0x11));
    ksum s = { lo, hi };
    return kreduce(s);
}

static inline v512 dot(v512 a, v512 b)
{
    wide w = wide_zero();
    mul_add(&w, a, b);
    return reduce(w);
}

/* The XOR of the four lanes. */
static inline __m128i lanes_sum(v512 v)
{
    __m256i h = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
}

/* [H_k, H_(k-1), H_(k-2), H_(k-3)] of a short hash */
static inline v512 powers_from(const zuc_polyval *p, unsigned k)
{
    return _mm512_loadu_si512(p->pow[ZUC_POLYVAL_POWERS - k]);
}

/* Lane 0 of a in every lane. */
static inline v512 lane0_everywhere(v512 a)
{
    return _mm512_shuffle_i32x4(a, a, 0x00);
}

/* Lane 1 of a in every lane. */
static inline v512 lane1_everywhere(v512 a)
{
    return _mm512_shuffle_i32x4(a, a, 0x55);
}

/* The two forms of a hash's powers: a short one's H_1..H_n (n <= 16, made
 * as [H_4q .. H_4q-3] = [H_4r .. H_4r-3] * H_b, b the largest power of two
 * below 4q, 4r = 4q - b), a long one's steps. */
enum { SHORT_FORM, LONG_FORM };
#define SHORT_MOST 16

/* Where a long hash keeps its powers: the last twelve entries, [H_20,
 * H_24, H_28, H_32], [H_4, H_8, H_12, H_16], [H_4, H_3, H_2, H_1] (npow 12:
 * what is wiped). */
#define LONG_20 (ZUC_POLYVAL_POWERS - 12)
#define LONG_4 (ZUC_POLYVAL_POWERS - 8)

/* H_4t (t = 1..8) of a long hash in every lane. */
static inline v512 long_power(const zuc_polyval *p, unsigned t)
{
    unsigned at = t <= 4 ? LONG_4 + t - 1 : LONG_20 + t - 5;
    return _mm512_broadcast_i32x4(_mm_load_si128((const __m128i *)p->pow[at]));
}

/* A long hash's powers from [H_4, H_3, H_2, H_1]: three products, each
 * making the next from the one before. */
static void start_long(zuc_polyval *p, v512 four)
{
    v512 h4 = lane0_everywhere(four), h8 = dot(h4, h4);
    v512 h12_16 = dot(h8, _mm512_mask_blend_epi64(0xCC, h4, h8)); /* [H_12, H_16, H_12, H_16] */
    v512 h4_16 = _mm512_mask_blend_epi64(0xF0, _mm512_mask_blend_epi64(0x0C, h4, h8), h12_16);
    v512 h20_32 = dot(lane1_everywhere(h12_16), h4_16);
    _mm512_storeu_si512(p->pow[LONG_20], h20_32);
    _mm512_storeu_si512(p->pow[LONG_4], h4_16);
    _mm512_storeu_si512(p->pow[ZUC_POLYVAL_POWERS - LANES], four);
    p->npow = 12;
    p->form = LONG_FORM;
}

/* H_1, then [H_4, H_3, H_2, H_1] for a short hash of n > 4 blocks or a long
 * one; each power from the registers of the ones before (a store and a load
 * between them would cost the loads their forwarding: they span several
 * stores). A short hash's powers: n rounded up to four, the three entries
 * past H_1 zero. */
static void start_avx512(zuc_polyval *p, const uint64_t h[2], size_t nblocks)
{
    unsigned n = nblocks < ZUC_POLYVAL_POWERS ? (unsigned)nblocks : ZUC_POLYVAL_POWERS;
    uint64_t(*pw)[2] = p->pow;
    for (int i = 0; i < 3; i++)
        pw[ZUC_POLYVAL_POWERS + i][0] = pw[ZUC_POLYVAL_POWERS + i][1] = 0;
    pw[ZUC_POLYVAL_POWERS - 1][0] = h[0];
    pw[ZUC_POLYVAL_POWERS - 1][1] = h[1];
    p->npow = 1;
    p->form = SHORT_FORM;
    p->acc[0] = p->acc[1] = 0;
    if (n < 2)
        return;
    v512 h1 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)h)), h2 = dot(h1, h1);
    /* [H_2, H_2] * [H_2, H_1] = [H_4, H_3] in lanes 0 and 1; H_2, H_1 in 2, 3 */
    v512 four[SHORT_MOST / LANES]; /* four[q - 1] = [H_4q .. H_4q-3] */
    four[0] = _mm512_mask_blend_epi64(0xF0, dot(h2, _mm512_mask_blend_epi64(0x0C, h2, h1)),
                                      _mm512_mask_blend_epi64(0xC0, h2, h1));
    if (nblocks > SHORT_MOST) {
        start_long(p, four[0]);
        return;
    }
    _mm512_storeu_si512(pw[ZUC_POLYVAL_POWERS - LANES], four[0]);
#pragma GCC unroll 4
    for (unsigned q = 2; q <= SHORT_MOST / LANES; q++) {
        if (LANES * (q - 1) >= n)
            break;
        unsigned b = 1u << (31 - __builtin_clz(LANES * q - 1));
        four[q - 1] = dot(four[(LANES * q - b) / LANES - 1], lane0_everywhere(four[b / LANES - 1]));
        _mm512_storeu_si512(pw[ZUC_POLYVAL_POWERS - LANES * q], four[q - 1]);
    }
    p->npow = (n + LANES - 1) / LANES * LANES;
}

/* The bytes of the next four blocks that lie within nbytes. */
static inline uint64_t bytes_mask(size_t nbytes)
{
    return nbytes >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << nbytes) - 1;
}

/* s (lane 0) continued over the n <= npow blocks of a short hash (nbytes
 * bytes, the last block zero-padded): one reduction. */
static v512 tail(const zuc_polyval *p, v512 s, const uint8_t *x, size_t nbytes)
{
    unsigned n = (unsigned)zuc_polyval_blocks(nbytes), g = 0;
    wide w = wide_zero();
    for (; LANES * (g + 1) < n; g += 2) { /* two registers of blocks at a time (mul_add2) */
        v512 y0 = _mm512_xor_si512(s, _mm512_maskz_loadu_epi8(bytes_mask(nbytes), x));
        v512 y1 = _mm512_maskz_loadu_epi8(bytes_mask(nbytes - 64), x + 64);
        mul_add2(&w, y0, powers_from(p, n - LANES * g), y1, powers_from(p, n - LANES * (g + 1)));
        s = _mm512_setzero_si512();
        x += 128;
        nbytes -= nbytes < 128 ? nbytes : 128;
    }
    if (LANES * g < n)
        mul_add(&w, _mm512_xor_si512(s, _mm512_maskz_loadu_epi8(bytes_mask(nbytes), x)),
                powers_from(p, n - LANES * g));
    return in_lane0(lanes_sum(reduce(w)));
}

/* The 64 bytes at x + from (from may be negative), those outside x's
 * nbytes zero and never read. */
static inline v512 load_within(const uint8_t *x, long from, size_t nbytes)
{
    uint64_t keep = from < 0 ? ~(uint64_t)0 << -from : ~(uint64_t)0;
    if ((long)nbytes - from < 64)
        keep &= bytes_mask((size_t)((long)nbytes - from));
    return _mm512_maskz_loadu_epi8(keep, (const uint8_t *)((uintptr_t)x + (uintptr_t)from));
}

/* s (lane 0) continued over a segment of a long hash in 32-block steps,
 * led by zero blocks to a whole number of steps. The products go in pairs,
 * their terms summed by three-way XORs (mul_add2), so that the XORs fit
 * beside VPCLMULQDQ and the reduction's shuffles, which share one port and
 * set the step's pace (35 cycles for 36 of them on an Intel Xeon). The
 * first and last steps load within the segment, the ones between them
 * whole registers. */
static v512 long_steps(const zuc_polyval *p, v512 s, const uint8_t *x, size_t nbytes)
{
    v512 k[8];
    for (unsigned t = 0; t < 8; t++)
        k[t] = long_power(p, 8 - t); /* H_32, H_28, .., H_4 */
    size_t nblocks = zuc_polyval_blocks(nbytes);
    unsigned lead = (unsigned)((32 - nblocks % 32) % 32), first = lead / 4;
    long at = -16 * (long)lead; /* where the step starts in the segment */
    /* the sum so far joins the first block: lane lead % 4 of register lead / 4 */
    v512 y[8];
    for (unsigned t = first; t < 8; t++)
        y[t] = load_within(x, at + 64 * t, nbytes);
    y[first] = _mm512_xor_si512(
        y[first], _mm512_maskz_mov_epi64((uint8_t)(3u << 2 * (lead % 4)), lane0_everywhere(s)));
    wide w = wide_zero();
    for (unsigned t = first; t < 7; t++) /* the leading zero registers skipped */
        mul_add(&w, y[t], k[t + 1]);
    v512 acc = _mm512_xor_si512(reduce(w), y[7]);
    for (at += 512; at + 512 <= (long)nbytes; at += 512) {
        const uint8_t *d = x + at;
        w = wide_zero();
        mul_add2(&w, acc, k[0], _mm512_loadu_si512(d), k[1]);
        for (int t = 1; t < 7; t += 2)
            mul_add2(&w, _mm512_loadu_si512(d + 64 * t), k[t + 1],
                     _mm512_loadu_si512(d + 64 * (t + 1)), k[t + 2]);
        acc = _mm512_xor_si512(reduce(w), _mm512_loadu_si512(d + 64 * 7));
    }
    if (at < (long)nbytes) { /* a partial last block */
        for (unsigned t = 0; t < 8; t++)
            y[t] = load_within(x, at + 64 * t, nbytes);
        w = wide_zero();
        mul_add2(&w, acc, k[0], y[0], k[1]);
        for (int t = 1; t < 7; t += 2)
            mul_add2(&w, y[t], k[t + 1], y[t + 1], k[t + 2]);
        acc = _mm512_xor_si512(reduce(w), y[7]);
    }
    return in_lane0(lanes_sum(dot(acc, powers_from(p, LANES))));
}

static void absorb_avx512(zuc_polyval *p, const uint8_t *data, size_t nbytes)
{
    if (nbytes == 0) /* no blocks: the sum stays (a long step would lead it with zeros) */
        return;
    v512 s = in_lane0(_mm_loadu_si128((const __m128i *)p->acc));
    s = p->form == LONG_FORM ? long_steps(p, s, data, nbytes) : tail(p, s, data, nbytes);
    _mm_storeu_si128((__m128i *)p->acc, _mm512_castsi512_si128(s));
}

/* ---- many messages, four per register ----------------------------------------
 * Lane j of a register hashes message j of four, with its own key and sum:
 * the shorter messages are led by zero blocks (which leave a POLYVAL sum at
 * zero; a lane's sum so far joins its first block), so that all four end
 * together, and a step takes four blocks of each:
 *   acc = reduce((acc + X_0) * H_4 + X_1 * H_3 + X_2 * H_2 + X_3 * H_1),
 * H_k being each lane's own powers. No powers to keep, no sums to fold: the
 * set-up of a message is three products shared by four messages; messages
 * of four blocks or fewer (a short message's tag, the tags' last product)
 * skip it and take a product a block, acc = (acc + X_t) * H. Eight
 * messages go through two registers step by step, so that one register's
 * products fill the other's wait on its reduction. */

/* Block b of a message of nbytes bytes (zero-padded; zero for b < 0),
 * plus the sum so far at b = 0. */
static inline __m128i block_at(const uint8_t *msg, size_t nbytes, long b, const uint64_t sum[2])
{
    if (b < 0)
        return _mm_setzero_si128();
    size_t left = nbytes - 16 * (size_t)b;
    __m128i x =
        left >= 16
            ? _mm_loadu_si128((const __m128i *)(msg + 16 * b))
            : _mm512_castsi512_si128(_mm512_maskz_loadu_epi8(bytes_mask(left), msg + 16 * b));
    return b ? x : _mm_xor_si128(x, _mm_loadu_si128((const __m128i *)sum));
}

/* The register of block k of four messages from where each one's step
 * starts (whole blocks: no lane before its message, at its first block or
 * at its end). */
static inline v512 blocks_whole(const uint8_t *const at[4], int k)
{
    v512 x = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)(at[0] + 16 * k)));
    x = _mm512_inserti32x4(x, _mm_loadu_si128((const __m128i *)(at[1] + 16 * k)), 1);
    x = _mm512_inserti32x4(x, _mm_loadu_si128((const __m128i *)(at[2] + 16 * k)), 2);
    return _mm512_inserti32x4(x, _mm_loadu_si128((const __m128i *)(at[3] + 16 * k)), 3);
}

/* The same at the edges. */
static inline v512 blocks_edge(const uint8_t *const msg[4], const size_t nbytes[4],
                               const long lead[4], long t, const uint64_t sums[4][2])
{
    v512 x = _mm512_castsi128_si512(block_at(msg[0], nbytes[0], t - lead[0], sums[0]));
    x = _mm512_inserti32x4(x, block_at(msg[1], nbytes[1], t - lead[1], sums[1]), 1);
    x = _mm512_inserti32x4(x, block_at(msg[2], nbytes[2], t - lead[2], sums[2]), 2);
    return _mm512_inserti32x4(x, block_at(msg[3], nbytes[3], t - lead[3], sums[3]), 3);
}

/* regs (1 or 2) registers of four messages each, side by side; inlined
 * with regs a constant, so that the loops over the registers unroll. */
static inline __attribute__((always_inline)) void side_by_side(uint64_t acc_io[][2],
                                                               const uint64_t h[][2],
                                                               const uint8_t *const msg[],
                                                               const size_t nbytes[], int regs)
{
    zuc_polyval_plan plan;
    zuc_polyval_plan_group(&plan, nbytes, 4 * regs);
    unsigned empty[2] = { 0, 0 }; /* 64-bit words of lanes with no blocks: they keep their sum */
    for (int j = 0; j < 4 * regs; j++)
        if (plan.empty >> j & 1)
            empty[j / 4] |= 3u << 2 * (j % 4);
    const uint64_t(*sums)[2] = (const uint64_t(*)[2])acc_io;
    v512 h1[2], h2[2], h3[2], h4[2], k1[2], k2[2], k3[2], k4[2], acc[2];
#pragma GCC unroll 2
    for (int r = 0; r < regs; r++)
        h1[r] = _mm512_loadu_si512(h + 4 * r);
    if (plan.steps == 1) { /* four blocks or fewer each: block by block, no powers to make */
#pragma GCC unroll 2
        for (int r = 0; r < regs; r++)
            acc[r] = _mm512_setzero_si512();
        for (long t = plan.from; t < 4; t++)
#pragma GCC unroll 2
            for (int r = 0; r < regs; r++)
                acc[r] =
                    dot(_mm512_xor_si512(acc[r], blocks_edge(msg + 4 * r, nbytes + 4 * r,
                                                             plan.lead + 4 * r, t, sums + 4 * r)),
                        h1[r]);
    } else {
#pragma GCC unroll 2
        for (int r = 0; r < regs; r++) {
            k1[r] = fold(h1[r]);
            h2[r] = kdot(h1[r], h1[r], k1[r]);
            h3[r] = kdot(h2[r], h1[r], k1[r]);
            k2[r] = fold(h2[r]);
            h4[r] = kdot(h2[r], h2[r], k2[r]);
            k3[r] = fold(h3[r]);
            k4[r] = fold(h4[r]);
            acc[r] = _mm512_setzero_si512();
        }
        /* where each message's step starts in the whole steps: the loads
         * take constant offsets from pointers that move 64 bytes a step
         * (where there are whole steps: then no message is empty) */
        const uint8_t *at[8] = { NULL };
        for (int j = 0; plan.first_whole < plan.last_whole && j < 4 * regs; j++)
            at[j] = msg[j] + 16 * (4 * plan.first_whole - plan.lead[j]);
        for (long s = 0; s < plan.steps; s++) {
            v512 x[2][4];
            if (s >= plan.first_whole && s < plan.last_whole) {
#pragma GCC unroll 8
                for (int r = 0; r < regs; r++)
#pragma GCC unroll 4
                    for (int k = 0; k < 4; k++)
                        x[r][k] = blocks_whole(at + 4 * r, k);
#pragma GCC unroll 8
                for (int j = 0; j < 4 * regs; j++)
                    at[j] += 64;
            } else {
                for (int r = 0; r < regs; r++)
                    for (int k = 0; k < 4; k++)
                        x[r][k] = blocks_edge(msg + 4 * r, nbytes + 4 * r, plan.lead + 4 * r,
                                              4 * s + k, sums + 4 * r);
            }
#pragma GCC unroll 2
            for (int r = 0; r < regs; r++) {
                ksum w =
                    kmul2(_mm512_xor_si512(acc[r], x[r][0]), h4[r], k4[r], x[r][1], h3[r], k3[r]);
                kmul2_add(&w, x[r][2], h2[r], k2[r], x[r][3], h1[r], k1[r]);
                acc[r] = kreduce(w);
            }
        }
    }
#pragma GCC unroll 2
    for (int r = 0; r < regs; r++)
        _mm512_storeu_si512(
            acc_io + 4 * r,
            _mm512_mask_blend_epi64(empty[r], acc[r], _mm512_loadu_si512(acc_io + 4 * r)));
}

static void four_messages(uint64_t acc_io[][2], const uint64_t h[][2], const uint8_t *const msg[],
                          const size_t nbytes[])
{
    side_by_side(acc_io, h, msg, nbytes, 1);
}

static void eight_messages(uint64_t acc_io[][2], const uint64_t h[][2], const uint8_t *const msg[],
                           const size_t nbytes[])
{
    side_by_side(acc_io, h, msg, nbytes, 2);
}

/* Groups of eight; a last group of four or fewer as four. */
static void many_avx512(uint64_t acc[][2], const uint64_t h[][2], const uint8_t *const msg[],
                        const size_t nbytes[], size_t count)
{
    zuc_polyval_many_pairs(eight_messages, four_messages, 4, acc, h, msg, nbytes, count);
}

/* r[i] = dot(a[i], b[i]), four products per register. */
static void dots_avx512(uint64_t r[][2], const uint64_t a[][2], const uint64_t b[][2], size_t n)
{
    size_t i = 0;
    for (; i + LANES <= n; i += LANES)
        _mm512_storeu_si512(r + i, dot(_mm512_loadu_si512(a + i), _mm512_loadu_si512(b + i)));
    if (i < n) {
        uint64_t k = bytes_mask(16 * (n - i));
        v512 x = _mm512_maskz_loadu_epi8(k, a + i), y = _mm512_maskz_loadu_epi8(k, b + i);
        _mm512_mask_storeu_epi8(r + i, k, dot(x, y));
    }
}

/* ---- hashes beside the lanes -------------------------------------------------
 * Register r holds lanes 4r..4r+3 of the lanes (ZUC_LANES_MAX), each lane
 * with its own powers and sum, so that a 64-byte step of every lane is the
 * side-by-side step above, acc = reduce((acc + X_0) * H_4 + X_1 * H_3 + X_2 *
 * H_2 + X_3 * H_1), with no leads to plan: the lanes write their messages
 * 64 bytes at a time, all of them together. Two registers go step by step
 * together, as above. */

#define LANE_REGS (ZUC_LANES_MAX / LANES)

/* The lanes of mask in register r: four bits. */
static inline unsigned lanes_in(unsigned mask, int r)
{
    return mask >> (LANES * r) & 0xF;
}

/* Four lane bits as the mask of their eight 64-bit words, and of their 64
 * bytes. */
static inline unsigned words_of(unsigned four)
{
    return (four & 1) * 0x3u | (four & 2) * 0x6u | (four & 4) * 0xCu | (four & 8) * 0x18u;
}

static inline uint64_t bytes_of(unsigned four)
{
    uint64_t m = 0;
    for (int j = 0; j < LANES; j++)
        m |= (uint64_t)(four >> j & 1) * ((uint64_t)0xFFFF << 16 * j);
    return m;
}

/* Keystream words 4i..4i+3 of lanes 4r..4r+3 as field elements: each
 * word's bytes in big-endian order (i = 0, 1, 2: H, Q, P). */
static inline v512 lane_values(const uint32_t (*words)[16], int r, int i)
{
    const uint8_t *const at[LANES] = { (const uint8_t *)words[LANES * r],
                                       (const uint8_t *)words[LANES * r + 1],
                                       (const uint8_t *)words[LANES * r + 2],
                                       (const uint8_t *)words[LANES * r + 3] };
    const v512 swap =
        _mm512_broadcast_i32x4(_mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12));
    return _mm512_shuffle_epi8(blocks_whole(at, i), swap);
}

/* Every register's powers made together (four chains of products side by
 * side, not one after the other), kept for the lanes of mask. */
static void lanes_start_avx512(zuc_polyval_lanes *s, unsigned mask, const uint32_t (*words)[16])
{
    v512 hp[4][LANE_REGS], kp[4][LANE_REGS];
#pragma GCC unroll 4
    for (int r = 0; r < LANE_REGS; r++) {
        hp[0][r] = lane_values(words, r, 0);
        kp[0][r] = fold(hp[0][r]);
    }
#pragma GCC unroll 4
    for (int r = 0; r < LANE_REGS; r++) {
        hp[1][r] = kdot(hp[0][r], hp[0][r], kp[0][r]);
        kp[1][r] = fold(hp[1][r]);
    }
#pragma GCC unroll 4
    for (int r = 0; r < LANE_REGS; r++) {
        hp[2][r] = kdot(hp[1][r], hp[0][r], kp[0][r]);
        hp[3][r] = kdot(hp[1][r], hp[1][r], kp[1][r]);
        kp[2][r] = fold(hp[2][r]);
        kp[3][r] = fold(hp[3][r]);
    }
    for (int r = 0; r < LANE_REGS; r++) {
        uint64_t m = bytes_of(lanes_in(mask, r));
        for (int q = 0; q < 4; q++) {
            _mm512_mask_storeu_epi8(s->h[q] + LANES * r, m, hp[q][r]);
            _mm512_mask_storeu_epi8(s->k[q] + LANES * r, m, kp[q][r]);
        }
        _mm512_mask_storeu_epi8(s->acc + LANES * r, m, _mm512_setzero_si512());
        _mm512_mask_storeu_epi8(s->q + LANES * r, m, lane_values(words, r, 1));
        _mm512_mask_storeu_epi8(s->p + LANES * r, m, lane_values(words, r, 2));
    }
}

static void lanes_finish_avx512(const zuc_polyval_lanes *s, unsigned mask,
                                const uint64_t lengths[][2], uint8_t (*tags)[16])
{
    for (int r = 0; r < LANE_REGS; r++) {
        unsigned four = lanes_in(mask, r);
        if (!four)
            continue;
        int l = LANES * r;
        v512 a = _mm512_xor_si512(_mm512_loadu_si512(s->acc + l),
                                  _mm512_maskz_loadu_epi8(bytes_of(four), lengths + l));
        v512 q = _mm512_loadu_si512(s->q + l);
        v512 tag = _mm512_xor_si512(kdot(a, q, fold(q)), _mm512_loadu_si512(s->p + l));
        _mm512_mask_storeu_epi8(tags + l, bytes_of(four), tag);
    }
}

/* Register r's step pointers: each lane's of the mask, and for a lane
 * outside it, one of those (read, its sum not kept). */
static void register_pointers(const uint8_t *p[LANES], unsigned mask, int r,
                              const uint8_t *const at[])
{
    unsigned four = lanes_in(mask, r);
    const uint8_t *any = at[LANES * r + __builtin_ctz(four)];
    for (int j = 0; j < LANES; j++)
        p[j] = four >> j & 1 ? at[LANES * r + j] : any;
}

/* regs (1 or 2) registers, rs[], through `steps` steps; inlined with regs
 * a constant, so that the loops over the registers unroll. */
static inline __attribute__((always_inline)) void lane_steps(zuc_polyval_lanes *s, unsigned mask,
                                                             const int rs[2],
                                                             const uint8_t *const at[],
                                                             size_t steps, int regs)
{
    const uint8_t *p[2][LANES];
    v512 acc[2];
#pragma GCC unroll 2
    for (int i = 0; i < regs; i++) {
        register_pointers(p[i], mask, rs[i], at);
        acc[i] = _mm512_loadu_si512(s->acc + LANES * rs[i]);
    }
    for (size_t t = 0; t < steps; t++) {
#pragma GCC unroll 2
        for (int i = 0; i < regs; i++) {
            int l = LANES * rs[i];
            v512 x0 = blocks_whole(p[i], 0), x1 = blocks_whole(p[i], 1);
            v512 x2 = blocks_whole(p[i], 2), x3 = blocks_whole(p[i], 3);
            ksum w = kmul2(_mm512_xor_si512(acc[i], x0), _mm512_loadu_si512(s->h[3] + l),
                           _mm512_loadu_si512(s->k[3] + l), x1, _mm512_loadu_si512(s->h[2] + l),
                           _mm512_loadu_si512(s->k[2] + l));
            kmul2_add(&w, x2, _mm512_loadu_si512(s->h[1] + l), _mm512_loadu_si512(s->k[1] + l), x3,
                      _mm512_loadu_si512(s->h[0] + l), _mm512_loadu_si512(s->k[0] + l));
            acc[i] = kreduce(w);
#pragma GCC unroll 4
            for (int j = 0; j < LANES; j++)
                p[i][j] += 64;
        }
    }
#pragma GCC unroll 2
    for (int i = 0; i < regs; i++)
        _mm512_mask_storeu_epi8(s->acc + LANES * rs[i], bytes_of(lanes_in(mask, rs[i])), acc[i]);
}

static void lanes_steps_avx512(zuc_polyval_lanes *s, unsigned mask, const uint8_t *const at[],
                               size_t steps)
{
    int rs[LANE_REGS], n = 0;
    for (int r = 0; r < LANE_REGS; r++)
        if (lanes_in(mask, r))
            rs[n++] = r;
    int i = 0;
    for (; i + 1 < n; i += 2)
        lane_steps(s, mask, rs + i, at, steps, 2);
    if (i < n)
        lane_steps(s, mask, rs + i, at, steps, 1);
}

/* Block t of each lane of register r that has one within its nbytes (the
 * last zero-padded), zeros in the others; *live: the words of those lanes.
 * Lane j's bytes are loaded to bytes 16j.. of the register, from 16j
 * before them, with only theirs read. */
static inline v512 tail_blocks(unsigned four, int r, const uint8_t *const at[],
                               const size_t nbytes[], unsigned t, unsigned *live)
{
    v512 x = _mm512_setzero_si512();
    unsigned has = 0;
    for (int j = 0; j < LANES; j++) {
        size_t n = nbytes[LANES * r + j];
        if (!(four >> j & 1) || n <= 16 * t)
            continue;
        size_t left = n - 16 * t;
        uintptr_t from = (uintptr_t)at[LANES * r + j] + 16 * t - 16 * (uintptr_t)j;
        uint64_t keep = bytes_mask(left < 16 ? left : 16) << 16 * j;
        x = _mm512_or_si512(x, _mm512_maskz_loadu_epi8(keep, (const uint8_t *)from));
        has |= 1u << j;
    }
    *live = words_of(has);
    return x;
}

/* Block t of a lane's n bytes (n > 16 t), the last one zero-padded. */
static inline __m128i lane_block(const uint8_t *p, size_t n, unsigned t)
{
    size_t left = n - 16 * t;
    if (left >= 16)
        return _mm_loadu_si128((const __m128i *)(p + 16 * t));
    return _mm512_castsi512_si128(_mm512_maskz_loadu_epi8(bytes_mask(left), p + 16 * t));
}

/* A tail of the same n bytes (1..64) in every lane of the mask, the usual
 * case: its b blocks against H_b .. H_1, one reduction. */
static void equal_tail(zuc_polyval_lanes *s, unsigned mask, const uint8_t *const at[], size_t n)
{
    unsigned b = (unsigned)zuc_polyval_blocks(n);
    for (int r = 0; r < LANE_REGS; r++) {
        if (!lanes_in(mask, r))
            continue;
        const uint8_t *p[LANES];
        register_pointers(p, mask, r, at);
        int l = LANES * r;
        ksum w = { _mm512_loadu_si512(s->acc + l), _mm512_setzero_si512() };
        for (unsigned t = 0; t < b; t++) {
            v512 x = _mm512_castsi128_si512(lane_block(p[0], n, t));
            x = _mm512_inserti32x4(x, lane_block(p[1], n, t), 1);
            x = _mm512_inserti32x4(x, lane_block(p[2], n, t), 2);
            x = _mm512_inserti32x4(x, lane_block(p[3], n, t), 3);
            v512 h = _mm512_loadu_si512(s->h[b - 1 - t] + l);
            v512 k = _mm512_loadu_si512(s->k[b - 1 - t] + l);
            if (t == 0) {
                x = _mm512_xor_si512(x, w.lo);
                w.lo = _mm512_setzero_si512();
            }
            kmul_add(&w, x, h, k);
        }
        _mm512_mask_storeu_epi8(s->acc + l, bytes_of(lanes_in(mask, r)), kreduce(w));
    }
}

/* Unequal tails a block at a time (the lanes end apart), every register's
 * block t before any register's block t + 1: four chains of products side
 * by side. */
static void lanes_tail_avx512(zuc_polyval_lanes *s, unsigned mask, const uint8_t *const at[],
                              const size_t nbytes[])
{
    if (!mask)
        return;
    size_t n = nbytes[__builtin_ctz(mask)];
    int equal = 1;
    for (unsigned m = mask, l; m; m &= m - 1) {
        l = (unsigned)__builtin_ctz(m);
        equal &= nbytes[l] == n;
    }
    if (equal && n == 0)
        return;
    if (equal) {
        equal_tail(s, mask, at, n);
        return;
    }
    v512 acc[LANE_REGS];
    for (int r = 0; r < LANE_REGS; r++)
        acc[r] = _mm512_loadu_si512(s->acc + LANES * r);
    for (unsigned t = 0, any = 1; t < LANES && any; t++) {
        any = 0;
        for (int r = 0; r < LANE_REGS; r++) {
            unsigned live;
            v512 x = tail_blocks(lanes_in(mask, r), r, at, nbytes, t, &live);
            if (!live)
                continue;
            any = 1;
            v512 h1 = _mm512_loadu_si512(s->h[0] + LANES * r);
            v512 k1 = _mm512_loadu_si512(s->k[0] + LANES * r);
            acc[r] =
                _mm512_mask_blend_epi64(live, acc[r], kdot(_mm512_xor_si512(acc[r], x), h1, k1));
        }
    }
    for (int r = 0; r < LANE_REGS; r++)
        _mm512_mask_storeu_epi8(s->acc + LANES * r, bytes_of(lanes_in(mask, r)), acc[r]);
}

static int usable_avx512(void)
{
    return zuc_cpu_has_avx512() && zuc_cpu_has_vpclmul();
}

const zuc_polyval_impl zuc_polyval_vpclmul512 = {
    .name = ZUC_POLYVAL512_NAME,
    .usable = usable_avx512,
    .start = start_avx512,
    .absorb = absorb_avx512,
    .dot = zuc_polyval_dot_pclmul,
    .dots = dots_avx512,
    .many = many_avx512,
    .many_most = 4096, /* Intel Xeon (AVX-512): side by side ahead to 4 KiB */
    .lanes_start = lanes_start_avx512,
    .lanes_steps = lanes_steps_avx512,
    .lanes_tail = lanes_tail_avx512,
    .lanes_finish = lanes_finish_avx512,
};
