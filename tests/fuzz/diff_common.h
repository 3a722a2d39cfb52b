/* SPDX-License-Identifier: Apache-2.0 */
/* diff_common.h — what the differential target's cases share: the
 * implementations to compare, error codes as sets, lengths near the limits,
 * and message buffers sized exactly, so AddressSanitizer sees any byte read
 * or written past a message. */
#ifndef DIFF_COMMON_H
#define DIFF_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "fuzz_input.h"
#include "fuzz_report.h"

/* The longest message one call runs here: long enough for every lane and
 * MAC fold path, short enough that the fuzzer runs thousands of cases a
 * second. A length at or below an algorithm's limit but above this is
 * folded into it; valid lengths up to the limits are tests/limits' job. */
#define DIFF_CAP_BYTES 4096
/* The buffers handed over with a length beyond the limit: the call must
 * return ZUC_ELENGTH without touching them. */
#define DIFF_BEYOND_BYTES 64

/* The paths to compare, "ref" (the oracle) first: those that run one
 * message per call (and the keystream API), and those that run the
 * many-message calls, as zuc_impl_name() and zuc_impl_name_n() name them
 * after each usable implementation is forced, each once. */
typedef enum { DIFF_ONE, DIFF_MANY } diff_calls;
void diff_setup(void);
size_t diff_impl_count(diff_calls calls);
const char *diff_impl(diff_calls calls, size_t i);
void diff_use(const char *impl);

/* A set of ZUC_E* codes; the empty set means the call must succeed. */
#define DIFF_ERR(code) (1u << -(code))
/* rc must be ZUC_OK when `allowed` is empty, else one of its codes. */
void diff_check_rc(const char *call, const char *impl, int rc, unsigned allowed);

/* An invalid argument, chosen by the fuzzer: the call must return an error
 * in the set diff_rules.h gives, and write nothing. */
typedef enum {
    FAULT_NONE,
    FAULT_BEARER,    /* bearer > 31 */
    FAULT_DIRECTION, /* direction > 1 */
    FAULT_NULL_KEY,
    FAULT_NULL_IV,
    FAULT_NULL_IN,   /* the message (in / msg) */
    FAULT_NULL_OUT,  /* out / mac / tag */
    FAULT_TAG_SIZE,  /* a ZUC-256 tag size other than 4, 8, 16 */
    FAULT_LENGTH,    /* a length beyond the limit */
    FAULT_NULL_JOBS, /* the job array of an _n call */
    FAULT_KINDS
} diff_fault;
/* FAULT_NONE about two times in three, so that most cases run. */
diff_fault diff_pick_fault(fuzz_input *in);

/* A length near an algorithm's limit: limit + 1 + d, across the limit,
 * SIZE_MAX - d, around 2^32, powers of two, where bits * 8 or L + 16 *
 * tag bytes would wrap, or any 64-bit value. Saturated to SIZE_MAX. */
uint64_t diff_edge_length(fuzz_input *in, uint64_t limit);
/* An edge length that is beyond the limit. */
size_t diff_beyond_length(fuzz_input *in, uint64_t limit);

/* A length in the algorithm's unit: mostly up to `cap` (half of these up to
 * cap / 16), sometimes an edge
 * length. beyond: the value exceeds `limit`. A value within the limit but
 * over `cap` is folded to at most `cap`. */
typedef struct {
    size_t value;
    int beyond;
} diff_length;
diff_length diff_pick_length(fuzz_input *in, uint64_t limit, size_t cap);

/* A ZUC-256 tag size: 4, 8 or 16, or with FAULT_TAG_SIZE anything else. */
size_t diff_pick_tag_bytes(fuzz_input *in, diff_fault fault);

/* Bytes that hold `bits` bits. */
size_t diff_bytes_of_bits(size_t bits);

/* malloc of exactly n bytes (n may be 0), or the run fails. */
uint8_t *diff_alloc(size_t n);
uint8_t *diff_copy(const uint8_t *p, size_t n);
/* Reproducible message bytes from a seed, so short inputs make long messages. */
void diff_fill(uint8_t *buf, size_t n, uint64_t seed);
/* Clears the bits of buf beyond the first `bits`. */
void diff_clear_tail(uint8_t *buf, size_t bits);

#define DIFF_CANARY 0xA5
void diff_canary(uint8_t *buf, size_t n);

/* Fails the run unless a and b hold the same n bytes. */
void diff_same(const char *call, const char *impl, const char *what, const uint8_t *a,
               const uint8_t *b, size_t n);

#endif
