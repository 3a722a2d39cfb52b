/* SPDX-License-Identifier: Apache-2.0 */
/* random.c — splitmix64 (Steele, Lea and Flood, 2014), as random.h says. */
#include "random.h"

uint64_t splitmix64_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void splitmix64_fill(uint8_t *p, size_t n, uint64_t *state)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)splitmix64_next(state);
}
