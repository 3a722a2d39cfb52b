/* SPDX-License-Identifier: Apache-2.0 */
/* testutil.h — helpers shared by the C tests: hex, random data, canaries. */
#ifndef TESTS_TESTUTIL_H
#define TESTS_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>

/* Decodes hex into a new buffer (at least 1 byte allocated); *len receives
 * the byte count. Exits with a message on bad hex (common/hex.h otherwise). */
uint8_t *hex_decode(const char *hex, size_t *len);

/* A seeded generator (xoshiro256**): reproducible random tests. */
void rng_seed(uint64_t seed);
uint64_t rng_next(void);
uint64_t rng_below(uint64_t n);
void rng_fill(uint8_t *p, size_t n);

/* A buffer with CANARY random bytes on each side of `len` usable bytes, to
 * catch writes out of bounds. */
#define CANARY 16
typedef struct { uint8_t *base, *data; size_t len; uint8_t guard[2 * CANARY]; } guarded;
guarded guarded_new(size_t len);
int canaries_intact(const guarded *g);
void guarded_free(guarded *g);

/* The directory holding the vector files: $ZUC_VECTORS, else the build's. */
const char *vectors_dir(void);

/* Counts checks and prints a closing line "N passed, N failed". */
void check_count(int ok);
int check_report(const char *suite);

#endif
