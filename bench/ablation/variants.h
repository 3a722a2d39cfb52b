/* SPDX-License-Identifier: Apache-2.0 */
/* variants.h — the variants of the ablation study: one-stream ZUC-128 and
 * ZUC-256 built from one source file (zuc_variant.c) with the second source
 * document's eight optimisations switched on or off by macros and compiler
 * options. The variant's id names its methods, joined by '+':
 *
 *   baseline   the specification's C code: calls where it has functions,
 *              -O0, add mod 2^31 - 1 per term,
 *              S = four 8-bit lookups, LFSR shifted by 16 assignments,
 *              L1/L2 by rotations, one thread
 *   call       those functions always_inline, register locals    (§3.1)
 *   compile    -O3 -march=native -funroll-loops instead of -O0   (§3.2)
 *   lazy       LFSR feedback: one 64-bit sum, two folds          (§3.3)
 *   sbox1      S0/S1 merged: one 16-bit-in/16-bit-out table      (§3.4)
 *   sbox2      two pre-shifted 16-bit-in/32-bit-out tables       (§3.4)
 *   simd       AVX2 computes four LFSR words at once             (§3.5)
 *   threads    LFSR in a second thread, handshake by spin lock   (§3.6)
 *   circular   LFSR as a circular array                          (§3.7)
 *   ltable     L1/L2 by four 8-bit -> 32-bit tables each         (§3.8)
 *
 * These are study objects, not library code: they index tables with secret
 * data (not constant time) and do not wipe their state. */
#ifndef BENCH_ABLATION_VARIANTS_H
#define BENCH_ABLATION_VARIANTS_H

#include <stddef.h>
#include <stdint.h>

struct abl_worker;

/* Keystream generator state of every variant. */
typedef struct abl_state {
    uint32_t s[20]; /* s0..s15; the SIMD variants compute s16..s19 here */
    uint32_t r1, r2;
    unsigned head;             /* circular variants: the cell that holds s0 */
    struct abl_worker *worker; /* threads variant: its LFSR thread */
} abl_state;

typedef struct abl_variant {
    const char *id;      /* "call+compile+lazy+sbox1" */
    const char *options; /* the compiler options that differ between variants */
    /* 1 if this CPU runs the variant's instructions (AVX2, -march=native). */
    int (*usable)(void);
    /* Load key and IV and run the initialisation (32 rounds and the discarded
     * one), as zuc128_keystream_init / zuc256_keystream_init (2018, encryption constants). 0, or
     * -1 if the LFSR thread could not start. Every successful init is paired
     * with one finish before the state is reused or dropped. */
    int (*init128)(abl_state *st, const uint8_t key[16], const uint8_t iv[16]);
    int (*init256)(abl_state *st, const uint8_t key[32], const uint8_t iv[25]);
    /* The next nwords keystream words; the stream continues across calls. */
    void (*keystream)(abl_state *st, uint32_t *words, size_t nwords);
    /* Stops the LFSR thread of the threads variant; a no-op otherwise. */
    void (*finish)(abl_state *st);
    /* One message: init, then out = in XOR keystream (words big-endian), then
     * finish. in == out allowed. 0, or -1 as init. */
    int (*encrypt128)(const uint8_t key[16], const uint8_t iv[16], const uint8_t *in, uint8_t *out,
                      size_t nbytes);
    int (*encrypt256)(const uint8_t key[32], const uint8_t iv[25], const uint8_t *in, uint8_t *out,
                      size_t nbytes);
} abl_variant;

/* Every variant built here, NULL-terminated; and one by id (NULL if it is not
 * built, e.g. simd off x86-64). Either call first builds the shared tables. */
const abl_variant *const *abl_variants(void);
const abl_variant *abl_variant_find(const char *id);

/* The 128-EEA3 IV of COUNT, BEARER, DIRECTION (3GPP Doc 1 §3.3), so that a
 * variant's encrypt128 gives zuc_eea3's output. */
void abl_eea3_iv(uint8_t iv[16], uint32_t count, uint8_t bearer, uint8_t direction);

/* Checks a variant against libzuc: the official ZUC-128 and ZUC-256
 * keystream vectors, then random keys/IVs, lengths and call splits for the
 * keystream, zuc_eea3 and zuc256_crypt. 0 if it agrees; else -1 with what
 * differed in why. Uses whichever libzuc path is in use; changes no choice. */
int abl_check(const abl_variant *v, char *why, size_t why_len);

#endif
