/* SPDX-License-Identifier: Apache-2.0 */
/* vectors_3gpp.h — test data that several test sets of 3GPP TS 33.401
 * Annex C share, for the backends' published-vector checks: test set 1 of
 * 128-EEA1 (C.3) and 128-EEA2 (C.1) encrypts the same 253-bit plaintext
 * under the same key (COUNT 0x398a59b4, BEARER 0x15, DIRECTION 1), and
 * 128-EIA2's test set 2 (C.2) has that key too. */
#ifndef BENCH_BACKENDS_VECTORS_3GPP_H
#define BENCH_BACKENDS_VECTORS_3GPP_H

#include <stdint.h>

#define BENCH_3GPP_SET1_COUNT 0x398a59b4u
#define BENCH_3GPP_SET1_BEARER 0x15
#define BENCH_3GPP_SET1_DIRECTION 1

extern const uint8_t bench_3gpp_set1_key[16];
extern const uint8_t bench_3gpp_set1_plaintext[32];

/* 0 if out is ciphertext want over the 253 bits (the last byte compared on
 * its top 5 bits), else -1. */
int bench_3gpp_set1_check(const uint8_t out[32], const uint8_t want[32]);

#endif
