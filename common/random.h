/* SPDX-License-Identifier: Apache-2.0 */
/* random.h — splitmix64, the small reproducible generator of the tools,
 * the harness and the tests: the same numbers from the same seed on every
 * machine. For workloads and test data, never for keys that protect
 * anything. */
#ifndef ZUC_COMMON_RANDOM_H
#define ZUC_COMMON_RANDOM_H

#include <stddef.h>
#include <stdint.h>

/* The next number of the sequence whose state is *state (any value, zero
 * included, is a good seed). */
uint64_t splitmix64_next(uint64_t *state);

/* n bytes, the low byte of one number each. */
void splitmix64_fill(uint8_t *p, size_t n, uint64_t *state);

#endif
