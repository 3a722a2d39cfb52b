/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_variant.c — one-stream ZUC-128 / ZUC-256 whose optimisations are
 * chosen by macros. CMake compiles this file once per variant of the
 * ablation study (bench/ablation/CMakeLists.txt), each time with its own
 * macros, compiler options and symbol prefix. Indexes tables with secret
 * data: not constant time.
 *
 *   ABL_PREFIX    prefix of every external symbol, e.g. abl_call_compile_
 *   ABL_ID        the variant's id, e.g. "call+compile"
 *   ABL_OPTIONS   its compiler options, as text
 *   ABL_CALL      1: the spec's functions always_inline, register locals
 *                 (§3.1); 0: each of them a real call (noinline)
 *   ABL_LAZY      1: LFSR feedback as one 64-bit sum and two folds (§3.3);
 *                 0: addition mod 2^31 - 1 after every term, as the spec
 *   ABL_SBOX      0: S as four 8-bit lookups; 1: one merged 16-bit table;
 *                 2: two pre-shifted 16-bit -> 32-bit tables (§3.4)
 *   ABL_SIMD      1: AVX2 computes four LFSR words at once (§3.5; -mavx2)
 *   ABL_THREADS   1: the LFSR runs in a second thread (§3.6)
 *   ABL_CIRCULAR  1: the LFSR is a circular array (§3.7)
 *   ABL_LTABLE    1: L1/L2 by table lookups (§3.8)
 * The compiler-optimisation method (§3.2) is the options, not a macro. */
#include "ablation/tables.h"
#include "ablation/variants.h"
#include "be.h" /* load_be32, store_be32: always inlined, as ABL_MACRO */

#if ABL_THREADS
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#endif
#if ABL_SIMD
#include <immintrin.h>
#endif

#if !defined(ABL_PREFIX) || !defined(ABL_ID)
#error "ABL_PREFIX and ABL_ID name the variant"
#endif
#if ABL_SIMD && (ABL_CIRCULAR || ABL_THREADS)
#error "the SIMD LFSR needs the shifted array and one thread"
#endif
#if ABL_THREADS && ABL_CIRCULAR
#error "the threads variant shares a shifted LFSR between its threads"
#endif

#ifndef ABL_OPTIONS
#define ABL_OPTIONS ""
#endif

#define ABL_CAT2(a, b) a##b
#define ABL_CAT(a, b) ABL_CAT2(a, b)
#define ABL_NAME(name) ABL_CAT(ABL_PREFIX, name)

/* ABL_FN: what the specification's C code writes as a function (AddM, L1,
 * L2, BitReorganization, F, the LFSR modes): a call in the baseline, inlined
 * with "call". ABL_MACRO: what it writes as a macro or inline code
 * (MulByPow2, ROT, MAKEU31, MAKEU32, the S-box lookups): inlined always. */
#define ABL_MACRO static inline __attribute__((always_inline))
#if ABL_CALL
#define ABL_FN static inline __attribute__((always_inline))
#define ABL_REG register
#else
#define ABL_FN static __attribute__((noinline))
#define ABL_REG
#endif

#define M31 0x7FFFFFFFu

/* Word k of the LFSR window, s_k */
#if ABL_CIRCULAR
#define S(st, k) ((st)->s[((st)->head + (k)) & 15])
#else
#define S(st, k) ((st)->s[k])
#endif

/* ---- key loading (3GPP Doc 2 §3.6.1; ZUC-256 paper §2.2) ---------------- */

static const uint16_t d128[16] = {
    0x44D7, 0x26BC, 0x626B, 0x135E, 0x5789, 0x35E2, 0x7135, 0x09AF,
    0x4D78, 0x2F13, 0x6BC4, 0x1AF1, 0x5E26, 0x3C4D, 0x789A, 0x47AC,
};

/* the 7-bit constants d0..d15 of ZUC-256 encryption (2018) */
static const uint8_t d256[16] = {
    0x22, 0x2F, 0x24, 0x2A, 0x6D, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x52, 0x10, 0x30,
};

ABL_MACRO void load128(abl_state *st, const uint8_t key[16], const uint8_t iv[16])
{
    for (ABL_REG int i = 0; i < 16; i++)
        st->s[i] = (uint32_t)key[i] << 23 | (uint32_t)d128[i] << 8 | iv[i];
}

/* a (8 bits) || b (7 bits) || c (8 bits) || e (8 bits) */
ABL_MACRO uint32_t cell(uint32_t a, uint32_t b, uint32_t c, uint32_t e)
{
    return a << 23 | b << 16 | c << 8 | e;
}

ABL_MACRO void load256(abl_state *st, const uint8_t k[32], const uint8_t iv[25])
{
    const uint8_t *d = d256;
    uint32_t *s = st->s;
    s[0] = cell(k[0], d[0], k[21], k[16]);
    s[1] = cell(k[1], d[1], k[22], k[17]);
    s[2] = cell(k[2], d[2], k[23], k[18]);
    s[3] = cell(k[3], d[3], k[24], k[19]);
    s[4] = cell(k[4], d[4], k[25], k[20]);
    /* IV17..IV24 are 6-bit values in the low bits of iv[17..24] */
    s[5] = cell(iv[0], d[5] | (iv[17] & 0x3F), k[5], k[26]);
    s[6] = cell(iv[1], d[6] | (iv[18] & 0x3F), k[6], k[27]);
    s[7] = cell(iv[10], d[7] | (iv[19] & 0x3F), k[7], iv[2]);
    s[8] = cell(k[8], d[8] | (iv[20] & 0x3F), iv[3], iv[11]);
    s[9] = cell(k[9], d[9] | (iv[21] & 0x3F), iv[12], iv[4]);
    s[10] = cell(iv[5], d[10] | (iv[22] & 0x3F), k[10], k[28]);
    s[11] = cell(k[11], d[11] | (iv[23] & 0x3F), iv[6], iv[13]);
    s[12] = cell(k[12], d[12] | (iv[24] & 0x3F), iv[7], iv[14]);
    s[13] = cell(k[13], d[13], iv[15], iv[8]);
    s[14] = cell(k[14], d[14] | (k[31] >> 4), iv[16], iv[9]);
    s[15] = cell(k[15], d[15] | (k[31] & 0x0F), k[30], k[29]);
}

/* ---- the LFSR (§2.2; §3.3 lazy reduction; §3.7 circular array) ---------- */

#if ABL_LAZY || ABL_SIMD
/* t mod (2^31 - 1) for t < 2^62, in [1, 2^31 - 1] when t > 0: every LFSR
 * cell is nonzero, so the spec's "if s16 = 0" never applies here */
ABL_MACRO uint32_t fold31(uint64_t t)
{
    t = (t & M31) + (t >> 31);
    return (uint32_t)((t & M31) + (t >> 31));
}
#endif

#if !ABL_LAZY
/* a + b mod (2^31 - 1), the spec's two steps */
ABL_FN uint32_t add_mod(uint32_t a, uint32_t b)
{
    ABL_REG uint32_t c = a + b;
    return (c & M31) + (c >> 31);
}

/* x * 2^k mod (2^31 - 1): a 31-bit rotation */
ABL_MACRO uint32_t mul_pow2(uint32_t x, unsigned k)
{
    return ((x << k) | (x >> (31 - k))) & M31;
}
#endif

#if ABL_LAZY
/* 2^15 s15 + 2^17 s13 + 2^21 s10 + 2^20 s4 + (1 + 2^8) s0 as one 64-bit sum,
 * not reduced: lazy reduction folds it once, at the end */
ABL_MACRO uint64_t feedback_sum(const abl_state *st)
{
    return ((uint64_t)S(st, 15) << 15) + ((uint64_t)S(st, 13) << 17) + ((uint64_t)S(st, 10) << 21) +
           ((uint64_t)S(st, 4) << 20) + ((uint64_t)S(st, 0) << 8) + S(st, 0);
}
#else
/* the same mod 2^31 - 1 as the spec computes it: five modular
 * multiplications by powers of 2 and five modular additions */
ABL_MACRO uint32_t feedback_mod(const abl_state *st)
{
    ABL_REG uint32_t v = S(st, 0);
    v = add_mod(v, mul_pow2(S(st, 0), 8));
    v = add_mod(v, mul_pow2(S(st, 4), 20));
    v = add_mod(v, mul_pow2(S(st, 10), 21));
    v = add_mod(v, mul_pow2(S(st, 13), 17));
    v = add_mod(v, mul_pow2(S(st, 15), 15));
    return v;
}
#endif

/* (s1, ..., s16) -> (s0, ..., s15) */
ABL_MACRO void lfsr_push(abl_state *st, uint32_t s16)
{
#if ABL_CIRCULAR
    st->s[st->head] = s16; /* s16 takes the cell of s0, which leaves */
    st->head = (st->head + 1) & 15;
#else
    for (ABL_REG int i = 0; i < 15; i++)
        st->s[i] = st->s[i + 1];
    st->s[15] = s16;
#endif
}

/* LFSRWithInitialisationMode(u) */
ABL_FN void lfsr_init_mode(abl_state *st, uint32_t u)
{
#if ABL_LAZY
    lfsr_push(st, fold31(feedback_sum(st) + u));
#else
    ABL_REG uint32_t s16 = add_mod(feedback_mod(st), u);
    lfsr_push(st, s16 ? s16 : M31); /* if s16 = 0, set s16 = 2^31 - 1 */
#endif
}

/* LFSRWithWorkMode() */
ABL_FN void lfsr_work_mode(abl_state *st)
{
#if ABL_LAZY
    lfsr_push(st, fold31(feedback_sum(st)));
#else
    ABL_REG uint32_t s16 = feedback_mod(st);
    lfsr_push(st, s16 ? s16 : M31);
#endif
}

/* ---- bit reorganisation and F (§2.3, §2.4; §3.4 S-boxes; §3.8 L) -------- */

typedef struct {
    uint32_t x0, x1, x2, x3;
} words4;

/* BitReorganization of the window that starts k words on (SIMD: 0..3) */
ABL_FN words4 bit_reorganization(const abl_state *st, unsigned k)
{
    words4 x;
    x.x0 = ((S(st, k + 15) & 0x7FFF8000u) << 1) | (S(st, k + 14) & 0xFFFF);
    x.x1 = (S(st, k + 11) << 16) | (S(st, k + 9) >> 15);
    x.x2 = (S(st, k + 7) << 16) | (S(st, k + 5) >> 15);
    x.x3 = (S(st, k + 2) << 16) | (S(st, k + 0) >> 15);
    return x;
}

#if !ABL_LTABLE
ABL_MACRO uint32_t rotl(uint32_t x, unsigned k)
{
    return (x << k) | (x >> (32 - k));
}
#endif

ABL_FN uint32_t l1(uint32_t x)
{
#if ABL_LTABLE
    return abl_l1_table[0][x >> 24] ^ abl_l1_table[1][(x >> 16) & 0xFF] ^
           abl_l1_table[2][(x >> 8) & 0xFF] ^ abl_l1_table[3][x & 0xFF];
#else
    return x ^ rotl(x, 2) ^ rotl(x, 10) ^ rotl(x, 18) ^ rotl(x, 24);
#endif
}

ABL_FN uint32_t l2(uint32_t x)
{
#if ABL_LTABLE
    return abl_l2_table[0][x >> 24] ^ abl_l2_table[1][(x >> 16) & 0xFF] ^
           abl_l2_table[2][(x >> 8) & 0xFF] ^ abl_l2_table[3][x & 0xFF];
#else
    return x ^ rotl(x, 8) ^ rotl(x, 14) ^ rotl(x, 22) ^ rotl(x, 30);
#endif
}

/* S = (S0, S1, S0, S1) on the four bytes of x */
ABL_MACRO uint32_t sbox(uint32_t x)
{
#if ABL_SBOX == 1
    return (uint32_t)abl_big_s[x >> 16] << 16 | abl_big_s[x & 0xFFFF];
#elif ABL_SBOX == 2
    return abl_big_s_high[x >> 16] ^ abl_big_s_low[x & 0xFFFF];
#else
    return (uint32_t)abl_s0[x >> 24] << 24 | (uint32_t)abl_s1[(x >> 16) & 0xFF] << 16 |
           (uint32_t)abl_s0[(x >> 8) & 0xFF] << 8 | abl_s1[x & 0xFF];
#endif
}

/* F(X0, X1, X2): returns W, updates R1 and R2 */
ABL_FN uint32_t f(abl_state *st, uint32_t x0, uint32_t x1, uint32_t x2)
{
    ABL_REG uint32_t w = (x0 ^ st->r1) + st->r2;
    ABL_REG uint32_t w1 = st->r1 + x1;
    ABL_REG uint32_t w2 = st->r2 ^ x2;
    st->r1 = sbox(l1((w1 << 16) | (w2 >> 16)));
    st->r2 = sbox(l2((w2 << 16) | (w1 >> 16)));
    return w;
}

/* ---- initialisation ------------------------------------------------------ */

/* 32 rounds in initialisation mode, then one in work mode whose output is
 * discarded */
ABL_FN void initialise(abl_state *st)
{
    st->r1 = st->r2 = 0;
    st->head = 0;
    st->worker = NULL;
    for (ABL_REG int round = 0; round < 32; round++) {
        words4 x = bit_reorganization(st, 0);
        lfsr_init_mode(st, f(st, x.x0, x.x1, x.x2) >> 1);
    }
    words4 x = bit_reorganization(st, 0);
    (void)f(st, x.x0, x.x1, x.x2);
    lfsr_work_mode(st);
}

/* ---- keystream: one word at a time --------------------------------------- */

#if !ABL_THREADS
ABL_MACRO uint32_t keystream_word(abl_state *st)
{
    words4 x = bit_reorganization(st, 0);
    ABL_REG uint32_t z = f(st, x.x0, x.x1, x.x2) ^ x.x3;
    lfsr_work_mode(st);
    return z;
}
#endif

/* ---- keystream: four LFSR words at once with AVX2 (§3.5) ----------------- */

#if ABL_SIMD
/* 32-bit words p[0..3] (lanes 0..2 only when `three`) as 64-bit lanes */
ABL_MACRO __m256i widen(const uint32_t *p, int three)
{
    __m128i all = _mm_set1_epi32(-1), first3 = _mm_set_epi32(0, -1, -1, -1);
    return _mm256_cvtepu32_epi64(_mm_maskload_epi32((const int *)p, three ? first3 : all));
}

/* s16..s19: the terms known before any of them in four 64-bit lanes at once,
 * then, in order, the terms that need the new words */
ABL_FN void lfsr_work_mode4(abl_state *st)
{
    uint32_t *s = st->s;
    __m256i r0 = widen(s + 0, 0);  /* s0..s3 */
    __m256i r1 = widen(s + 4, 0);  /* s4..s7 */
    __m256i r2 = widen(s + 10, 0); /* s10..s13 */
    __m256i r3 = widen(s + 13, 1); /* s13, s14, s15 and s16 = 0 for now */
    r0 = _mm256_add_epi64(r0, _mm256_slli_epi64(r0, 8));
    r1 = _mm256_slli_epi64(r1, 20);
    r2 = _mm256_slli_epi64(r2, 21);
    r3 = _mm256_slli_epi64(r3, 17);
    __m256i sum = _mm256_add_epi64(_mm256_add_epi64(r0, r1), _mm256_add_epi64(r2, r3));
    uint64_t t[4];
    _mm256_storeu_si256((__m256i *)t, sum);
    s[16] = fold31(t[0] + ((uint64_t)s[15] << 15));
    s[17] = fold31(t[1] + ((uint64_t)s[16] << 15));
    s[18] = fold31(t[2] + ((uint64_t)s[17] << 15));
    s[19] = fold31(t[3] + ((uint64_t)s[18] << 15) + ((uint64_t)s[16] << 17));
}

/* Four keystream words: the LFSR's next four words first (work mode takes
 * no input from F), then bit reorganisation and F on the four windows. */
ABL_MACRO void keystream_block4(abl_state *st, uint32_t *z)
{
    lfsr_work_mode4(st);
    for (ABL_REG unsigned k = 0; k < 4; k++) {
        words4 x = bit_reorganization(st, k);
        z[k] = f(st, x.x0, x.x1, x.x2) ^ x.x3;
    }
    for (ABL_REG int i = 0; i < 16; i++)
        st->s[i] = st->s[i + 4];
}
#endif

/* ---- keystream: the LFSR in a second thread (§3.6) ----------------------- */

#if ABL_THREADS
/* The F thread (the caller) and the LFSR thread take turns on the LFSR:
 * `ready` says whose turn it is; a spin lock guards it (and `stop`). */
struct abl_worker {
    pthread_t thread;
    atomic_flag lock;
    int ready; /* 1: the LFSR holds the next round's words */
    int stop;
    abl_state *st;
};

#define SPINS_BEFORE_YIELD 1024 /* so that two threads sharing one core still progress */

ABL_FN void spin_lock(struct abl_worker *w)
{
    for (unsigned tries = 1; atomic_flag_test_and_set_explicit(&w->lock, memory_order_acquire);
         tries++)
        if (tries % SPINS_BEFORE_YIELD == 0)
            sched_yield();
}

ABL_FN void spin_unlock(struct abl_worker *w)
{
    atomic_flag_clear_explicit(&w->lock, memory_order_release);
}

/* Busy-waits until ready == want (or stop); returns stop. */
ABL_FN int wait_ready(struct abl_worker *w, int want)
{
    for (unsigned tries = 1;; tries++) {
        spin_lock(w);
        int ready = w->ready, stop = w->stop;
        spin_unlock(w);
        if (ready == want || stop)
            return stop;
        if (tries % SPINS_BEFORE_YIELD == 0)
            sched_yield();
    }
}

ABL_FN void set_ready(struct abl_worker *w, int ready)
{
    spin_lock(w);
    w->ready = ready;
    spin_unlock(w);
}

static void *lfsr_thread(void *arg)
{
    struct abl_worker *w = arg;
    while (!wait_ready(w, 0)) {
        lfsr_work_mode(w->st);
        set_ready(w, 1);
    }
    return NULL;
}

static int start_worker(abl_state *st)
{
    struct abl_worker *w = calloc(1, sizeof *w);
    if (!w)
        return -1;
    atomic_flag_clear(&w->lock);
    w->ready = 1; /* after initialisation the LFSR is ready */
    w->st = st;
    if (pthread_create(&w->thread, NULL, lfsr_thread, w) != 0) {
        free(w);
        return -1;
    }
    st->worker = w;
    return 0;
}

/* Each round: wait for the LFSR, reorganise its bits, hand it back to the
 * LFSR thread, and compute F meanwhile. */
ABL_FN void keystream_threaded(abl_state *st, uint32_t *z, size_t nwords)
{
    struct abl_worker *w = st->worker;
    for (size_t i = 0; i < nwords; i++) {
        wait_ready(w, 1);
        words4 x = bit_reorganization(st, 0);
        set_ready(w, 0);
        z[i] = f(st, x.x0, x.x1, x.x2) ^ x.x3;
    }
}
#endif

/* ---- the variant's functions --------------------------------------------- */

int ABL_NAME(init128)(abl_state *st, const uint8_t key[16], const uint8_t iv[16])
{
    load128(st, key, iv);
    initialise(st);
#if ABL_THREADS
    return start_worker(st);
#else
    return 0;
#endif
}

int ABL_NAME(init256)(abl_state *st, const uint8_t key[32], const uint8_t iv[25])
{
    load256(st, key, iv);
    initialise(st);
#if ABL_THREADS
    return start_worker(st);
#else
    return 0;
#endif
}

void ABL_NAME(keystream)(abl_state *st, uint32_t *restrict words, size_t nwords)
{
#if ABL_THREADS
    keystream_threaded(st, words, nwords);
#else
    size_t i = 0;
#if ABL_SIMD
    for (; i + 4 <= nwords; i += 4)
        keystream_block4(st, words + i);
#endif
    for (; i < nwords; i++)
        words[i] = keystream_word(st);
#endif
}

void ABL_NAME(finish)(abl_state *st)
{
#if ABL_THREADS
    struct abl_worker *w = st->worker;
    if (!w)
        return;
    wait_ready(w, 1); /* the LFSR thread has finished its round */
    spin_lock(w);
    w->stop = 1;
    spin_unlock(w);
    pthread_join(w->thread, NULL);
    free(w);
    st->worker = NULL;
#else
    (void)st;
#endif
}

#define CHUNK_WORDS 64

/* out = in XOR keystream, a chunk of keystream words at a time */
ABL_FN void xor_keystream(abl_state *st, const uint8_t *in, uint8_t *out, size_t nbytes)
{
    uint32_t z[CHUNK_WORDS];
    while (nbytes) {
        size_t n = nbytes < 4 * CHUNK_WORDS ? nbytes : 4 * CHUNK_WORDS, i = 0;
        ABL_NAME(keystream)(st, z, (n + 3) / 4);
        for (; i + 4 <= n; i += 4)
            store_be32(out + i, load_be32(in + i) ^ z[i / 4]);
        for (; i < n; i++)
            out[i] = in[i] ^ (uint8_t)(z[i / 4] >> (24 - 8 * (i % 4)));
        in += n;
        out += n;
        nbytes -= n;
    }
}

int ABL_NAME(encrypt128)(const uint8_t key[16], const uint8_t iv[16], const uint8_t *in,
                         uint8_t *out, size_t nbytes)
{
    abl_state st;
    if (ABL_NAME(init128)(&st, key, iv) != 0)
        return -1;
    xor_keystream(&st, in, out, nbytes);
    ABL_NAME(finish)(&st);
    return 0;
}

int ABL_NAME(encrypt256)(const uint8_t key[32], const uint8_t iv[25], const uint8_t *in,
                         uint8_t *out, size_t nbytes)
{
    abl_state st;
    if (ABL_NAME(init256)(&st, key, iv) != 0)
        return -1;
    xor_keystream(&st, in, out, nbytes);
    ABL_NAME(finish)(&st);
    return 0;
}

/* 1 if the CPU has every instruction set this object was compiled for
 * (-mavx2, and whatever -march=native chose on the build machine). */
int ABL_NAME(usable)(void)
{
    int ok = 1;
#if defined(__x86_64__)
    __builtin_cpu_init();
#ifdef __SSE4_2__
    ok &= __builtin_cpu_supports("sse4.2") != 0;
#endif
#ifdef __AVX__
    ok &= __builtin_cpu_supports("avx") != 0;
#endif
#ifdef __AVX2__
    ok &= __builtin_cpu_supports("avx2") != 0;
#endif
#ifdef __BMI__
    ok &= __builtin_cpu_supports("bmi") != 0;
#endif
#ifdef __BMI2__
    ok &= __builtin_cpu_supports("bmi2") != 0;
#endif
#ifdef __AVX512F__
    ok &= __builtin_cpu_supports("avx512f") != 0;
#endif
#ifdef __AVX512BW__
    ok &= __builtin_cpu_supports("avx512bw") != 0;
#endif
#ifdef __AVX512VL__
    ok &= __builtin_cpu_supports("avx512vl") != 0;
#endif
#endif
    return ok;
}

const abl_variant ABL_NAME(variant) = {
    .id = ABL_ID,
    .options = ABL_OPTIONS,
    .usable = ABL_NAME(usable),
    .init128 = ABL_NAME(init128),
    .init256 = ABL_NAME(init256),
    .keystream = ABL_NAME(keystream),
    .finish = ABL_NAME(finish),
    .encrypt128 = ABL_NAME(encrypt128),
    .encrypt256 = ABL_NAME(encrypt256),
};
