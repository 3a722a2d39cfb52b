/* SPDX-License-Identifier: Apache-2.0 */
/* testutil.h — helpers shared by the C tests: hex, random data, canaries. */
#ifndef TESTS_TESTUTIL_H
#define TESTS_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "json.h"

/* Decodes hex into a new buffer (at least 1 byte allocated); *len receives
 * the byte count. Exits with a message on bad hex (common/hex.h otherwise). */
uint8_t *hex_decode(const char *hex, size_t *len);

/* A seeded generator (xoshiro256**): reproducible random tests. */
void rng_seed(uint64_t seed);
uint64_t rng_next(void);
uint64_t rng_below(uint64_t n);
void rng_fill(uint8_t *p, size_t n);
/* Seeds the generator with argv[1] (a number), else with `fallback`, and
 * prints "seed N (rerun with: PROGRAM N)". */
void rng_seed_from_args(int argc, char **argv, const char *program, uint64_t fallback);
/* A random 32-byte key (ZUC-128 takes its first 16 bytes) and 25-byte IV
 * whose IV17..IV24 are 6-bit values, as ZUC-256's 25-byte form has them. */
void rng_key_iv(uint8_t key[32], uint8_t iv[25]);
/* A random 3GPP COUNT, BEARER (0..31) and DIRECTION (0 or 1). */
void rng_link_params(uint32_t *count, uint8_t *bearer, uint8_t *direction);
/* A message length, mostly short: 1..600 bytes three times in four, else
 * 1..max. */
size_t rng_len_bytes(size_t max);

/* Bytes that hold `bits` bits. */
static inline size_t nbytes_of(size_t bits)
{
    return (bits + 7) / 8;
}

/* Forces the libzuc path `name` (zuc_force_impl), or exits with status 2. */
void use_impl(const char *name);
/* For the loops over zuc_impl_list(): 1 for a path to test; 0 for "ref",
 * the oracle, and for a path this machine cannot run, which gets its line
 * "*  NAME  UNAVAILABLE" (the first column `width` wide). */
int impl_to_test(const char *name, int width);

/* A buffer with CANARY random bytes on each side of `len` usable bytes, to
 * catch writes out of bounds. */
#define CANARY 16
typedef struct {
    uint8_t *base, *data;
    size_t len;
    uint8_t guard[2 * CANARY];
} guarded;
guarded guarded_new(size_t len);
int canaries_intact(const guarded *g);
void guarded_free(guarded *g);

/* The directory holding the vector files: $ZUC_VECTORS, else the build's. */
const char *vectors_dir(void);
/* The vector file `name` of that directory, parsed; NULL (with a message on
 * stderr) if it cannot be read or parsed. */
json *vectors_load(const char *name);
/* check(item, arg) on every item of a vector file, each counted by
 * check_count; a failing one prints "FAIL LABEL WHO ID" (the item's "id").
 * Returns how many passed. */
size_t check_items(const json *file, int (*check)(const json *item, const void *arg),
                   const void *arg, const char *label, const char *who);

/* The keystream checks of a vector: `keystream` is a list of {"index": i,
 * "word": hex} (z_i, counted from 1), `keystream_words` a list of hex words
 * from z_1 on. The largest index of such a list; and 1 if the words z[]
 * computed agree with the list. */
size_t keystream_last_index(const json *keystream);
int keystream_matches(const json *keystream, const uint32_t *z);
int keystream_words_match(const json *words, const uint32_t *z);

/* A call that must fail with a given code: its name, what it returned, what
 * it must return. */
typedef struct {
    const char *what;
    int rc, want;
} rc_case;
/* Each case counted by check_count; a wrong one prints "  WHAT: got RC, want
 * WANT". Returns the number of wrong ones. */
long check_rc_cases(const rc_case *cases, size_t n);

/* Counts checks and prints a closing line "N passed, N failed". */
void check_count(int ok);
int check_report(const char *suite);

#endif
