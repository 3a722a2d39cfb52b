/* SPDX-License-Identifier: Apache-2.0 */
/* be.h — 32-bit words as 4 bytes, most significant first (the byte order of
 * ZUC's keystream words, 3GPP's COUNT and MAC-I, and length prefixes).
 * always_inline: the ablation study's unoptimised (-O0) variants use them
 * where the specification writes a macro, and must not pay a call there. */
#ifndef ZUC_COMMON_BE_H
#define ZUC_COMMON_BE_H

#include <stdint.h>

static inline __attribute__((always_inline)) uint32_t load_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline __attribute__((always_inline)) void store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

#endif
