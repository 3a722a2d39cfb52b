/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_polyval.h — POLYVAL (RFC 8452), the hash of the ZUC-NIA6 / NCA6 tags,
 * with its own choice of version (zuc_polyval.c): 512-bit VPCLMULQDQ
 * (AVX-512), 256-bit VPCLMULQDQ (AVX2), PCLMULQDQ, PMULL (64-bit ARM), then
 * portable constant-time C. Every version is constant time: no table
 * lookups, no data-dependent branches or addresses. Internal. */
#ifndef ZUC_POLYVAL_H
#define ZUC_POLYVAL_H

#include <stddef.h>
#include <stdint.h>

#include "zuc_impl.h"

/* Field elements are the low and high 64 bits of a little-endian 128-bit
 * number; dot(a, b) = a * b * x^-128 mod x^128 + x^127 + x^126 + x^121 + 1.
 * The key powers H_1 = H, H_(a+b) = dot(H_a, H_b) let many blocks share one
 * reduction: POLYVAL over X_1..X_n is the sum of dot(X_i, H_(n+1-i)). */
#define ZUC_POLYVAL_POWERS 32

/* A hash in progress. pow[ZUC_POLYVAL_POWERS - p] = H_p, highest power
 * first, so that the powers of the last n blocks are n consecutive entries
 * ending at H_1; three zero entries follow, for vector loads that run past
 * H_1. A version makes the powers it uses, as far as the message needs them
 * (npow, the entries at the end that it wrote); one with a second way for
 * long hashes keeps other powers there (form). */
typedef struct {
    _Alignas(64) uint64_t pow[ZUC_POLYVAL_POWERS + 3][2];
    uint64_t acc[2];
    unsigned npow;
    unsigned form;
} zuc_polyval;

/* Tags made along with the lanes (ZUC_LANES_MAX of them): the ciphertext
 * of ZUC-NCA6 encryption hashed as the lanes write it. Lane l's powers
 * H_1..H_4, their multiples by x^-64, its sum so far, and the Q and P of
 * its tag, laid out so that four lanes' values are one 64-byte load. */
typedef struct {
    _Alignas(64) uint64_t h[4][ZUC_LANES_MAX][2]; /* h[p - 1][l] = H_p of lane l */
    _Alignas(64) uint64_t k[4][ZUC_LANES_MAX][2]; /* k[p - 1][l] = H_p x^-64 */
    _Alignas(64) uint64_t acc[ZUC_LANES_MAX][2];
    _Alignas(64) uint64_t q[ZUC_LANES_MAX][2];
    _Alignas(64) uint64_t p[ZUC_LANES_MAX][2];
} zuc_polyval_lanes;

typedef struct zuc_polyval_impl {
    const char *name;
    int (*usable)(void); /* CPU and OS support */
    /* A new hash with key h (acc = 0) for data of at most nblocks 16-byte
     * blocks in all. */
    void (*start)(zuc_polyval *p, const uint64_t h[2], size_t nblocks);
    /* acc = POLYVAL over the blocks of data, continued from acc, the last one
     * zero-padded: a call whose nbytes is not a multiple of 16 ends a
     * segment (the associated data, or the ciphertext). */
    void (*absorb)(zuc_polyval *p, const uint8_t *data, size_t nbytes);
    /* r = dot(a, b), one product (the tag's last step) */
    void (*dot)(uint64_t r[2], const uint64_t a[2], const uint64_t b[2]);
    /* r[i] = dot(a[i], b[i]) for i < n, the last steps of many tags; NULL
     * in the versions that make them one at a time (zuc_polyval_dots). */
    void (*dots)(uint64_t r[][2], const uint64_t a[][2], const uint64_t b[][2], size_t n);
    /* acc[i] = POLYVAL with key h[i] over the nbytes[i] bytes of msg[i]
     * (the last block zero-padded), continued from acc[i], for i < count:
     * messages hashed side by side; NULL in the versions that hash one
     * message at a time. */
    void (*many)(uint64_t acc[][2], const uint64_t h[][2], const uint8_t *const msg[],
                 const size_t nbytes[], size_t count);
    /* Longer messages (associated data and ciphertext) than this go to
     * absorb one at a time: with key powers and fewer reductions, that is
     * faster once the set-up is shared by enough blocks (measured). */
    size_t many_most;
    /* Optional (NULL: the tags are made after the lanes, by many): tags
     * made beside the lanes. For the lanes of mask, lanes_start takes H, Q
     * and P of lane l from its first twelve keystream words, words[l][0..12)
     * (each value the big-endian bytes of four words; words is read for
     * every lane), makes the powers of H and sets acc[l] = 0; lanes_steps
     * continues acc[l] over `steps` 64-byte steps at at[l], the same number
     * for every lane; lanes_tail over the nbytes[l] <= 64 bytes at at[l]
     * (the last block zero-padded; 0: acc[l] unchanged); lanes_finish makes
     * tags[l] = dot(acc[l] ^ lengths[l], Q) ^ P. Lanes outside the mask keep
     * everything; their at[], lengths[] and tags[] are not touched. */
    void (*lanes_start)(zuc_polyval_lanes *s, unsigned mask, const uint32_t (*words)[16]);
    void (*lanes_steps)(zuc_polyval_lanes *s, unsigned mask, const uint8_t *const at[],
                        size_t steps);
    void (*lanes_tail)(zuc_polyval_lanes *s, unsigned mask, const uint8_t *const at[],
                       const size_t nbytes[]);
    void (*lanes_finish)(const zuc_polyval_lanes *s, unsigned mask, const uint64_t lengths[][2],
                         uint8_t (*tags)[16]);
} zuc_polyval_impl;

/* The versions built in, best first, NULL-terminated (the tests run each). */
ZUC_INTERNAL extern const zuc_polyval_impl *const zuc_polyval_impls[];

/* The version in use: the first usable one, chosen once. */
ZUC_INTERNAL const zuc_polyval_impl *zuc_polyval_active(void);

/* The start of a version that takes one block at a time: H_1 only. */
ZUC_INTERNAL void zuc_polyval_start_h1(zuc_polyval *p, const uint64_t h[2], size_t nblocks);

/* A version's side-by-side hash of exactly `width` messages, as many()
 * defines it. */
#define ZUC_POLYVAL_GROUP_MAX 8
typedef void (*zuc_polyval_group)(uint64_t acc[][2], const uint64_t h[][2],
                                  const uint8_t *const msg[], const size_t nbytes[]);

/* How a group of n <= ZUC_POLYVAL_GROUP_MAX messages goes side by side, four
 * blocks of each per step: the shorter ones led by zero blocks so that all
 * end together. Steps first_whole .. last_whole - 1 hold whole blocks of
 * every message (no lane before its message, at its first block, where
 * the sum joins, or at a partial last block; none beside an empty message);
 * with one step, block `from` is the first of the longest message. */
typedef struct {
    long steps, first_whole, last_whole, from;
    long lead[ZUC_POLYVAL_GROUP_MAX]; /* zero blocks before message j */
    unsigned empty;                   /* bit j: message j has no blocks (it keeps its sum) */
} zuc_polyval_plan;

ZUC_INTERNAL void zuc_polyval_plan_group(zuc_polyval_plan *plan, const size_t nbytes[], int n);

/* many() over groups of 2 * width messages, a last group of width or fewer
 * as one of width (the register pairs of the wide versions). */
ZUC_INTERNAL void zuc_polyval_many_pairs(zuc_polyval_group pair, zuc_polyval_group one,
                                         unsigned width, uint64_t acc[][2], const uint64_t h[][2],
                                         const uint8_t *const msg[], const size_t nbytes[],
                                         size_t count);

/* many() over groups of `width` messages, the last group made up with
 * empty messages (which keep their sum). */
ZUC_INTERNAL void zuc_polyval_many_groups(zuc_polyval_group group, unsigned width,
                                          uint64_t acc[][2], const uint64_t h[][2],
                                          const uint8_t *const msg[], const size_t nbytes[],
                                          size_t count);

/* r[i] = dot(a[i], b[i]) for i < n, with the version's dots, else its dot. */
ZUC_INTERNAL void zuc_polyval_dots(const zuc_polyval_impl *pv, uint64_t r[][2],
                                   const uint64_t a[][2], const uint64_t b[][2], size_t n);

/* Overwrites the key powers and the sum. */
ZUC_INTERNAL void zuc_polyval_wipe(zuc_polyval *p);

/* Blocks of 16 bytes in nbytes, the last one partial. */
static inline size_t zuc_polyval_blocks(size_t nbytes)
{
    return nbytes / 16 + (nbytes % 16 != 0);
}

/* Versions outside zuc_polyval.c (each in the folder of its instructions). */
#if defined(__x86_64__)
ZUC_INTERNAL extern const zuc_polyval_impl zuc_polyval_pclmul;
/* dot(a, b) with PCLMULQDQ, for every x86 version */
ZUC_INTERNAL void zuc_polyval_dot_pclmul(uint64_t r[2], const uint64_t a[2], const uint64_t b[2]);
ZUC_INTERNAL extern const zuc_polyval_impl zuc_polyval_vpclmul256;
#if !defined(ZUC_NO_AVX512)
ZUC_INTERNAL extern const zuc_polyval_impl zuc_polyval_vpclmul512;
#endif
#endif
#if defined(ZUC_HAVE_PMULL)
ZUC_INTERNAL extern const zuc_polyval_impl zuc_polyval_pmull;
#endif

#endif /* ZUC_POLYVAL_H */
