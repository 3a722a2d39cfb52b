/* SPDX-License-Identifier: Apache-2.0 */
/* block_words.h — the n-bit words of Simon and Speck (n = 16, 24, 32, 48,
 * 64): little-endian loads and stores of n/8 bytes, rotations, addition and
 * subtraction mod 2^n. 24- and 48-bit words live in uint32_t and uint64_t,
 * masked after every operation that could carry past bit n - 1. Private to
 * simon.c and speck.c. */
#ifndef BENCH_CIPHERS_BLOCK_WORDS_H
#define BENCH_CIPHERS_BLOCK_WORDS_H

#include <stdint.h>
#include <string.h>

typedef uint16_t word16;
typedef uint32_t word24;
typedef uint32_t word32;
typedef uint64_t word48;
typedef uint64_t word64;

#define MASK16 0xffffu
#define MASK24 0xffffffu
#define MASK32 0xffffffffu
#define MASK48 0xffffffffffffull
#define MASK64 0xffffffffffffffffull

static inline uint32_t bw_le32(uint32_t v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}

static inline uint64_t bw_le64(uint64_t v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

static inline word16 load16(const uint8_t *p)
{
    return (word16)(p[0] | p[1] << 8);
}
static inline word24 load24(const uint8_t *p)
{
    return (word24)p[0] | (word24)p[1] << 8 | (word24)p[2] << 16;
}
static inline word32 load32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return bw_le32(v);
}
static inline word48 load48(const uint8_t *p)
{
    return load32(p) | (word48)load16(p + 4) << 32;
}
static inline word64 load64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return bw_le64(v);
}

static inline void store16(uint8_t *p, word16 v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}
static inline void store24(uint8_t *p, word24 v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
}
static inline void store32(uint8_t *p, word32 v)
{
    v = bw_le32(v);
    memcpy(p, &v, 4);
}
static inline void store48(uint8_t *p, word48 v)
{
    store32(p, (word32)v);
    store16(p + 4, (word16)(v >> 32));
}
static inline void store64(uint8_t *p, word64 v)
{
    v = bw_le64(v);
    memcpy(p, &v, 8);
}

/* rol/ror by 0 < r < n; add and sub mod 2^n. (16-bit operands promote to
 * int: their shifts stay below 2^31 and the casts reduce mod 2^16.) */
#define BW_DEFINE(N)                                             \
    static inline word##N rol##N(word##N x, unsigned r)          \
    {                                                            \
        return (word##N)(((x << r) | (x >> (N - r))) & MASK##N); \
    }                                                            \
    static inline word##N ror##N(word##N x, unsigned r)          \
    {                                                            \
        return (word##N)(((x >> r) | (x << (N - r))) & MASK##N); \
    }                                                            \
    static inline word##N add##N(word##N a, word##N b)           \
    {                                                            \
        return (word##N)((a + b) & MASK##N);                     \
    }                                                            \
    static inline word##N sub##N(word##N a, word##N b)           \
    {                                                            \
        return (word##N)((a - b) & MASK##N);                     \
    }

BW_DEFINE(16)
BW_DEFINE(24)
BW_DEFINE(32)
BW_DEFINE(48)
BW_DEFINE(64)
#undef BW_DEFINE

/* Lanes: 32 bytes of words, operated on with GCC's vector extensions.
 * Compilers lower them to what the target has (two SSE2 or NEON registers,
 * one AVX2 register, plain words), so the code stays portable. Vectors are
 * only ever local variables (never arguments), which keeps the ABI out of it. */
#define BW_VECTOR_BYTES 32
typedef word16 vec16 __attribute__((vector_size(BW_VECTOR_BYTES)));
typedef word24 vec24 __attribute__((vector_size(BW_VECTOR_BYTES)));
typedef word32 vec32 __attribute__((vector_size(BW_VECTOR_BYTES)));
typedef word48 vec48 __attribute__((vector_size(BW_VECTOR_BYTES)));
typedef word64 vec64 __attribute__((vector_size(BW_VECTOR_BYTES)));
#define VROL(N, x, r) ((((x) << (r)) | ((x) >> ((N) - (r)))) & MASK##N)
#define VROR(N, x, r) ((((x) >> (r)) | ((x) << ((N) - (r)))) & MASK##N)

/* A group: 2 vectors of lanes, block j's words y, x in lane j % L of
 * vector j / L (L lanes a vector). GROUP_LOAD declares x0, x1, y0, y1 from
 * `in`; GROUP_STORE writes them to `out`. */
#define BW_LANES(N) (BW_VECTOR_BYTES / sizeof(word##N))
#define GROUP_LOAD(N)                                   \
    word##N xs_[2 * BW_LANES(N)], ys_[2 * BW_LANES(N)]; \
    for (unsigned j = 0; j < 2 * BW_LANES(N); j++) {    \
        ys_[j] = load##N(in + j * ((N) / 4));           \
        xs_[j] = load##N(in + j * ((N) / 4) + (N) / 8); \
    }                                                   \
    vec##N x0, x1, y0, y1;                              \
    memcpy(&x0, xs_, sizeof x0);                        \
    memcpy(&x1, xs_ + BW_LANES(N), sizeof x1);          \
    memcpy(&y0, ys_, sizeof y0);                        \
    memcpy(&y1, ys_ + BW_LANES(N), sizeof y1)
#define GROUP_STORE(N)                                   \
    memcpy(xs_, &x0, sizeof x0);                         \
    memcpy(xs_ + BW_LANES(N), &x1, sizeof x1);           \
    memcpy(ys_, &y0, sizeof y0);                         \
    memcpy(ys_ + BW_LANES(N), &y1, sizeof y1);           \
    for (unsigned j = 0; j < 2 * BW_LANES(N); j++) {     \
        store##N(out + j * ((N) / 4), ys_[j]);           \
        store##N(out + j * ((N) / 4) + (N) / 8, xs_[j]); \
    }

/* On x86-64, the bulk functions are built twice, for AVX2 and for the
 * baseline, and the loader picks one for the CPU (GCC function
 * multiversioning); elsewhere, once. */
#if defined(__x86_64__) && defined(__ELF__) && defined(__GNUC__) && !defined(__clang__)
#define BW_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define BW_CLONES
#endif
#define BW_INLINE static inline __attribute__((always_inline))

/* Tails of at least this many blocks go through a zero-padded group. */
#define BW_TAIL_AS_GROUP 3

/* The bulk of encrypt and decrypt, for a cipher with N-bit words whose
 * functions are named PREFIX_*: whole groups, then the tail. */
#define BW_BULK(PREFIX, N, DIR)                                                                 \
    BW_CLONES static void PREFIX##_##DIR(const void *schedule, const uint8_t *in, uint8_t *out, \
                                         size_t nblocks)                                        \
    {                                                                                           \
        enum { B = 2 * ((N) / 8), G = 2 * (BW_VECTOR_BYTES / sizeof(word##N)) };                \
        word##N copy[sizeof(PREFIX##_rounds_t) / sizeof(word##N)];                              \
        const word##N *rk = bw_round_keys(schedule, copy, sizeof copy, sizeof(word##N));        \
        for (; nblocks >= G; nblocks -= G, in += G * B, out += G * B)                           \
            PREFIX##_group_##DIR(rk, in, out);                                                  \
        if (nblocks >= BW_TAIL_AS_GROUP) {                                                      \
            uint8_t pad[G * B] = { 0 };                                                         \
            memcpy(pad, in, nblocks *B);                                                        \
            PREFIX##_group_##DIR(rk, pad, pad);                                                 \
            memcpy(out, pad, nblocks *B);                                                       \
            return;                                                                             \
        }                                                                                       \
        for (; nblocks; nblocks--, in += B, out += B)                                           \
            PREFIX##_one_##DIR(rk, in, out);                                                    \
    }

/* The round keys as words: the schedule itself when aligned, else a copy. */
static inline const void *bw_round_keys(const void *schedule, void *copy, size_t bytes,
                                        size_t align)
{
    if ((uintptr_t)schedule % align == 0)
        return schedule;
    memcpy(copy, schedule, bytes);
    return copy;
}

#endif
