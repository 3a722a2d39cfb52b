/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_polyval_vpclmul.c — POLYVAL (RFC 8452) with 256-bit VPCLMULQDQ, two
 * blocks per register, for the tags of ZUC-NIA6 / NCA6 on AVX2 CPUs that
 * have it (built with -mavx2 -mpclmul -mvpclmulqdq on this file only).
 *
 * zuc_polyval_avx512.c's method at half the width: short hashes (eight
 * blocks or fewer in all) take one reduction with a power per block; long
 * ones take 16 blocks per step,
 *   acc = reduce(acc * H_16 + Y_0 * H_14 + ... + Y_6 * H_2) + Y_7,
 * each segment led by zero blocks to a whole number of steps, and lane j
 * ends short of H_(2-j): they need H_1, H_2 and every second power to
 * H_16, five products to make. Products are Karatsuba's three
 * multiplications (the key's folded halves made once per call): on these
 * CPUs the shuffles run beside the multiplications.
 * Constant time: no table lookups, no data-dependent branches. */
#include <immintrin.h>
#include <string.h>

#include "zuc_polyval.h"

#define LANES 2      /* blocks per register */
#define SHORT_MOST 8 /* blocks of the longest short hash (one reduction) */

typedef __m256i v256;

typedef struct {
    v256 lo, mid, hi;
} wide;

static inline wide wide_zero(void)
{
    wide w = { _mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256() };
    return w;
}

/* Each lane's halves XORed, in its low half: Karatsuba's middle factor. */
static inline v256 fold_halves(v256 a)
{
    return _mm256_xor_si256(a, _mm256_bsrli_epi128(a, 8));
}

/* w += a * b in every lane; b_fold = fold_halves(b). */
static inline void mul_add(wide *w, v256 a, v256 b, v256 b_fold)
{
    w->lo = _mm256_xor_si256(w->lo, _mm256_clmulepi64_epi128(a, b, 0x00));
    w->hi = _mm256_xor_si256(w->hi, _mm256_clmulepi64_epi128(a, b, 0x11));
    w->mid = _mm256_xor_si256(w->mid, _mm256_clmulepi64_epi128(fold_halves(a), b_fold, 0x00));
}

/* Each lane's sum times x^-128, reduced: hi + fold(mid + fold(lo)), fold(a)
 * = a * x^-64 (zuc_polyval_avx512.c), mid never split across lo and hi. */
static inline v256 reduce(wide w)
{
    const v256 poly = _mm256_set1_epi64x((long long)0xC200000000000000u);
    v256 mid = _mm256_xor_si256(w.mid, _mm256_xor_si256(w.lo, w.hi)); /* Karatsuba's */
    v256 t = _mm256_xor_si256(_mm256_xor_si256(mid, _mm256_shuffle_epi32(w.lo, 0x4E)),
                              _mm256_clmulepi64_epi128(w.lo, poly, 0x00));
    return _mm256_xor_si256(_mm256_xor_si256(w.hi, _mm256_shuffle_epi32(t, 0x4E)),
                            _mm256_clmulepi64_epi128(t, poly, 0x00));
}

static inline v256 dot(v256 a, v256 b)
{
    wide w = wide_zero();
    mul_add(&w, a, b, fold_halves(b));
    return reduce(w);
}

static inline __m128i lanes_sum(v256 v)
{
    return _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
}

/* [H_k, H_(k-1)] of a short hash */
static inline v256 powers_from(const zuc_polyval *p, unsigned k)
{
    return _mm256_loadu_si256((const __m256i *)p->pow[ZUC_POLYVAL_POWERS - k]);
}

/* Lane 0 of a in both lanes. */
static inline v256 lane0_everywhere(v256 a)
{
    return _mm256_permute4x64_epi64(a, 0x44);
}

/* Lane 1 of a in both lanes. */
static inline v256 lane1_everywhere(v256 a)
{
    return _mm256_permute4x64_epi64(a, 0xEE);
}

/* The two forms of a hash's powers (zuc_polyval_avx512.c): a short one's
 * H_1..H_n, n <= SHORT_MOST, a long one's steps. */
enum { SHORT_FORM, LONG_FORM };

/* Where a long hash keeps its powers: the last ten entries, [H_2, H_4],
 * [H_6, H_8], [H_10, H_12], [H_14, H_16], then [H_2, H_1] (npow 10: what
 * is wiped). */
#define LONG_2 (ZUC_POLYVAL_POWERS - 10)

/* H_2t (t = 1..8) of a long hash in both lanes. */
static inline v256 long_power(const zuc_polyval *p, unsigned t)
{
    return _mm256_broadcastsi128_si256(_mm_load_si128((const __m128i *)p->pow[LONG_2 + t - 1]));
}

/* A long hash's powers from [H_2, H_1]: four products, three deep. */
static void start_long(zuc_polyval *p, v256 two)
{
    v256 h2 = lane0_everywhere(two), h4 = dot(h2, h2);
    v256 h2_4 = _mm256_blend_epi32(h2, h4, 0xF0);
    v256 h6_8 = dot(h4, h2_4), h8 = lane1_everywhere(h6_8);
    _mm256_storeu_si256((__m256i *)p->pow[LONG_2], h2_4);
    _mm256_storeu_si256((__m256i *)p->pow[LONG_2 + 2], h6_8);
    _mm256_storeu_si256((__m256i *)p->pow[LONG_2 + 4], dot(h8, h2_4));
    _mm256_storeu_si256((__m256i *)p->pow[LONG_2 + 6], dot(h8, h6_8));
    _mm256_storeu_si256((__m256i *)p->pow[ZUC_POLYVAL_POWERS - LANES], two);
    p->npow = 10;
    p->form = LONG_FORM;
}

/* H_1, then [H_2, H_1] for a short hash of n > 1 blocks or a long one; a
 * short hash's powers two at a time: [H_2q, H_2q-1] = [H_2r, H_2r-1] *
 * H_b, b the largest power of two below 2q, 2r = 2q - b, each from the
 * registers of the ones before (loads of what was just stored in smaller
 * pieces would wait for the stores). Powers made: n rounded up to two; the
 * entries past H_1 zero. */
static void start_vpclmul(zuc_polyval *p, const uint64_t h[2], size_t nblocks)
{
    unsigned n = nblocks < SHORT_MOST ? (unsigned)nblocks : SHORT_MOST;
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
    v256 h1 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)h));
    v256 two[SHORT_MOST / LANES]; /* two[q - 1] = [H_2q, H_2q-1] */
    two[0] = _mm256_blend_epi32(dot(h1, h1), h1, 0xF0);
    if (nblocks > SHORT_MOST) {
        start_long(p, two[0]);
        return;
    }
    _mm256_storeu_si256((__m256i *)pw[ZUC_POLYVAL_POWERS - LANES], two[0]);
    for (unsigned q = 2; q <= SHORT_MOST / LANES; q++) {
        if (LANES * (q - 1) >= n)
            break;
        unsigned b = 1u << (31 - __builtin_clz(LANES * q - 1));
        two[q - 1] = dot(two[(LANES * q - b) / LANES - 1], lane0_everywhere(two[b / LANES - 1]));
        _mm256_storeu_si256((__m256i *)pw[ZUC_POLYVAL_POWERS - LANES * q], two[q - 1]);
    }
    p->npow = (n + 1) / LANES * LANES;
}

/* Two blocks: x[0..16) and second (the next 16 bytes, a padded copy of the
 * last partial block, or zeros). */
static inline v256 two_blocks(const uint8_t *x, const uint8_t *second)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)x)),
                                   _mm_loadu_si128((const __m128i *)second), 1);
}

/* s (lane 0) continued over the n <= npow blocks of a short hash (nbytes
 * bytes, the last block zero-padded): one reduction. */
static v256 tail(const zuc_polyval *p, v256 s, const uint8_t *x, size_t nbytes)
{
    static const uint8_t zeros[16];
    uint8_t last[16] = { 0 };
    unsigned n = (unsigned)zuc_polyval_blocks(nbytes), whole = (unsigned)(nbytes / 16);
    for (size_t i = 0; i < nbytes % 16; i++)
        last[i] = x[16 * whole + i];
    wide w = wide_zero();
    for (unsigned b = 0; b < n; b += LANES, s = _mm256_setzero_si256()) {
        const uint8_t *first = b < whole ? x + 16 * b : last;
        const uint8_t *second = b + 1 < whole ? x + 16 * (b + 1) : b + 1 < n ? last : zeros;
        v256 k = powers_from(p, n - b);
        mul_add(&w, _mm256_xor_si256(two_blocks(first, second), s), k, fold_halves(k));
    }
    zuc_wipe(last, sizeof last);
    return _mm256_zextsi128_si256(lanes_sum(reduce(w)));
}

/* The last `left` (1..15) bytes of a message of at least 16 bytes ending
 * at end, zero-padded: one load of its last 16 bytes, shifted down. */
static inline __m128i last_partial(const uint8_t *end, size_t left)
{
    const __m128i iota = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i from = _mm_add_epi8(iota, _mm_set1_epi8((char)(16 - left)));
    __m128i beyond = _mm_cmpgt_epi8(_mm_set1_epi8((char)left), iota); /* bytes kept */
    return _mm_shuffle_epi8(
        _mm_loadu_si128((const __m128i *)(end - 16)),
        _mm_or_si128(from, _mm_andnot_si128(beyond, _mm_set1_epi8((char)0x80))));
}

/* Block b of a message of nbytes bytes (zero-padded; zero for b < 0),
 * plus the sum so far at b = 0. */
static inline __m128i block_at(const uint8_t *msg, size_t nbytes, long b, const uint64_t sum[2])
{
    if (b < 0)
        return _mm_setzero_si128();
    size_t left = nbytes - 16 * (size_t)b;
    __m128i x;
    if (left >= 16) {
        x = _mm_loadu_si128((const __m128i *)(msg + 16 * b));
    } else if (nbytes >= 16) {
        x = last_partial(msg + nbytes, left);
    } else {
        uint8_t last[16] = { 0 };
        memcpy(last, msg, left);
        x = _mm_loadu_si128((const __m128i *)last);
        zuc_wipe(last, sizeof last);
    }
    return b ? x : _mm_xor_si128(x, _mm_loadu_si128((const __m128i *)sum));
}

static inline v256 pair(__m128i a, __m128i b)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(a), b, 1);
}

/* Blocks b and b + 1 of a segment whose sum so far (sum) joins block 0: a
 * load where both are whole blocks, else block by block (block_at: zero
 * before the segment, the last one padded). */
static inline v256 blocks_from(const uint8_t *x, size_t nbytes, long b, const uint64_t sum[2])
{
    if (b >= 0 && 16 * (size_t)b + 32 <= nbytes) {
        v256 y = _mm256_loadu_si256((const __m256i *)(x + 16 * b));
        return b ? y
                 : _mm256_xor_si256(y,
                                    _mm256_zextsi128_si256(_mm_loadu_si128((const __m128i *)sum)));
    }
    return pair(block_at(x, nbytes, b, sum), block_at(x, nbytes, b + 1, sum));
}

/* s (lane 0) continued over a segment of a long hash in 16-block steps,
 * led by zero blocks to a whole number of steps; the loads of the first
 * and last steps check where the segment starts and ends, the ones between
 * them do not. */
static v256 long_steps(const zuc_polyval *p, v256 s, const uint8_t *x, size_t nbytes)
{
    v256 k[8], kf[8], y[8];
    for (unsigned t = 0; t < 8; t++) {
        k[t] = long_power(p, 8 - t); /* H_16, H_14, .., H_2 */
        kf[t] = fold_halves(k[t]);
    }
    uint64_t sum[2];
    _mm_storeu_si128((__m128i *)sum, _mm256_castsi256_si128(s));
    size_t nblocks = zuc_polyval_blocks(nbytes);
    long lead = (long)((16 - nblocks % 16) % 16), at = -lead; /* the step's first block */
    wide w = wide_zero();
    for (int t = (int)lead / 2; t < 8; t++) /* the leading zero registers skipped */
        y[t] = blocks_from(x, nbytes, at + 2 * t, sum);
    for (int t = (int)lead / 2; t < 7; t++)
        mul_add(&w, y[t], k[t + 1], kf[t + 1]);
    v256 acc = _mm256_xor_si256(reduce(w), y[7]);
    for (at += 16; 16 * (size_t)at + 256 <= nbytes; at += 16) {
        const __m256i *d = (const __m256i *)(x + 16 * at);
        w = wide_zero();
        mul_add(&w, acc, k[0], kf[0]);
        for (int t = 0; t < 7; t++)
            mul_add(&w, _mm256_loadu_si256(d + t), k[t + 1], kf[t + 1]);
        acc = _mm256_xor_si256(reduce(w), _mm256_loadu_si256(d + 7));
    }
    if (16 * (size_t)at < nbytes) { /* a partial last block */
        w = wide_zero();
        mul_add(&w, acc, k[0], kf[0]);
        for (int t = 0; t < 7; t++)
            mul_add(&w, blocks_from(x, nbytes, at + 2 * t, sum), k[t + 1], kf[t + 1]);
        acc = _mm256_xor_si256(reduce(w), blocks_from(x, nbytes, at + 14, sum));
    }
    zuc_wipe(sum, sizeof sum);
    return _mm256_zextsi128_si256(lanes_sum(dot(acc, powers_from(p, LANES))));
}

static void absorb_vpclmul(zuc_polyval *p, const uint8_t *data, size_t nbytes)
{
    if (nbytes == 0) /* no blocks: the sum stays (a long step would lead it with zeros) */
        return;
    v256 s = _mm256_zextsi128_si256(_mm_loadu_si128((const __m128i *)p->acc));
    s = p->form == LONG_FORM ? long_steps(p, s, data, nbytes) : tail(p, s, data, nbytes);
    _mm_storeu_si128((__m128i *)p->acc, _mm256_castsi256_si128(s));
}

/* ---- many messages, two per register ------------------------------------------
 * zuc_polyval_avx512.c's side-by-side hash at half the width: lane j hashes
 * message j of two with its own key and sum, the shorter message led by
 * zero blocks, four blocks of each per step with one reduction; four
 * messages go through two registers step by step. */

/* regs (1 or 2) registers of two messages each, side by side; inlined
 * with regs a constant, so that the loops over the registers unroll. */
static inline __attribute__((always_inline)) void side_by_side(uint64_t acc_io[][2],
                                                               const uint64_t h[][2],
                                                               const uint8_t *const msg[],
                                                               const size_t nbytes[], int regs)
{
    zuc_polyval_plan plan;
    zuc_polyval_plan_group(&plan, nbytes, 2 * regs);
    v256 h1[2], hk[2][4], hf[2][4], acc[2];
#pragma GCC unroll 2
    for (int r = 0; r < regs; r++)
        h1[r] = _mm256_loadu_si256((const __m256i *)h[2 * r]);
    if (plan.steps == 1) { /* four blocks or fewer each: block by block, no powers to make */
        for (int r = 0; r < regs; r++)
            acc[r] = _mm256_setzero_si256();
        for (long t = plan.from; t < 4; t++)
            for (int r = 0; r < regs; r++)
                acc[r] =
                    dot(_mm256_xor_si256(
                            acc[r], pair(block_at(msg[2 * r], nbytes[2 * r], t - plan.lead[2 * r],
                                                  acc_io[2 * r]),
                                         block_at(msg[2 * r + 1], nbytes[2 * r + 1],
                                                  t - plan.lead[2 * r + 1], acc_io[2 * r + 1]))),
                        h1[r]);
    } else {
#pragma GCC unroll 2
        for (int r = 0; r < regs; r++) {
            v256 h2 = dot(h1[r], h1[r]);
            hk[r][0] = dot(h2, h2); /* H_4, H_3, H_2, H_1 */
            hk[r][1] = dot(h2, h1[r]);
            hk[r][2] = h2;
            hk[r][3] = h1[r];
            for (int k = 0; k < 4; k++)
                hf[r][k] = fold_halves(hk[r][k]);
            acc[r] = _mm256_setzero_si256();
        }
        /* where each message's step starts in the whole steps: the loads
         * take constant offsets from pointers that move 64 bytes a step
         * (where there are whole steps: then no message is empty) */
        const uint8_t *at[4] = { NULL };
        for (int j = 0; plan.first_whole < plan.last_whole && j < 2 * regs; j++)
            at[j] = msg[j] + 16 * (4 * plan.first_whole - plan.lead[j]);
        for (long s = 0; s < plan.steps; s++) {
            v256 x[2][4];
            if (s >= plan.first_whole && s < plan.last_whole) {
#pragma GCC unroll 2
                for (int r = 0; r < regs; r++)
#pragma GCC unroll 4
                    for (int k = 0; k < 4; k++)
                        x[r][k] = pair(_mm_loadu_si128((const __m128i *)(at[2 * r] + 16 * k)),
                                       _mm_loadu_si128((const __m128i *)(at[2 * r + 1] + 16 * k)));
#pragma GCC unroll 4
                for (int j = 0; j < 2 * regs; j++)
                    at[j] += 64;
            } else {
                for (int r = 0; r < regs; r++)
                    for (long k = 0, t = 4 * s; k < 4; k++, t++)
                        x[r][k] = pair(block_at(msg[2 * r], nbytes[2 * r], t - plan.lead[2 * r],
                                                acc_io[2 * r]),
                                       block_at(msg[2 * r + 1], nbytes[2 * r + 1],
                                                t - plan.lead[2 * r + 1], acc_io[2 * r + 1]));
            }
#pragma GCC unroll 2
            for (int r = 0; r < regs; r++) {
                wide w = wide_zero();
#pragma GCC unroll 4
                for (int k = 0; k < 4; k++)
                    mul_add(&w, k ? x[r][k] : _mm256_xor_si256(acc[r], x[r][0]), hk[r][k],
                            hf[r][k]);
                acc[r] = reduce(w);
            }
        }
    }
#pragma GCC unroll 2
    for (int r = 0; r < regs; r++) {
        long long keep0 = -(long long)(plan.empty >> 2 * r & 1), /* they keep their sum */
            keep1 = -(long long)(plan.empty >> (2 * r + 1) & 1);
        v256 mask = _mm256_set_epi64x(keep1, keep1, keep0, keep0);
        __m256i *io = (__m256i *)acc_io[2 * r];
        _mm256_storeu_si256(io, _mm256_blendv_epi8(acc[r], _mm256_loadu_si256(io), mask));
    }
}

static void two_messages(uint64_t acc_io[][2], const uint64_t h[][2], const uint8_t *const msg[],
                         const size_t nbytes[])
{
    side_by_side(acc_io, h, msg, nbytes, 1);
}

static void four_messages(uint64_t acc_io[][2], const uint64_t h[][2], const uint8_t *const msg[],
                          const size_t nbytes[])
{
    side_by_side(acc_io, h, msg, nbytes, 2);
}

/* Groups of four; a last group of two or fewer as two. */
static void many_vpclmul(uint64_t acc[][2], const uint64_t h[][2], const uint8_t *const msg[],
                         const size_t nbytes[], size_t count)
{
    zuc_polyval_many_pairs(four_messages, two_messages, 2, acc, h, msg, nbytes, count);
}

static int usable_vpclmul(void)
{
    return zuc_cpu_has_vpclmul();
}

const zuc_polyval_impl zuc_polyval_vpclmul256 = {
    .name = "vpclmul256",
    .usable = usable_vpclmul,
    .start = start_vpclmul,
    .absorb = absorb_vpclmul,
    .dot = zuc_polyval_dot_pclmul,
    .many = many_vpclmul,
    .many_most = 6144, /* AMD EPYC (Zen 3): side by side level with one at a time at 6 KiB */
};
