/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_input.h — reads typed values off the fuzzer's bytes. Past the end
 * every read gives zeros, so any input, however short, is a whole test case
 * and the fuzzer can grow it a byte at a time. */
#ifndef FUZZ_INPUT_H
#define FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    const uint8_t *p;
    size_t left;
} fuzz_input;

static inline uint8_t fuzz_u8(fuzz_input *in)
{
    if (in->left == 0)
        return 0;
    in->left--;
    return *in->p++;
}

static inline uint64_t fuzz_uint(fuzz_input *in, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v = v << 8 | fuzz_u8(in);
    return v;
}

static inline uint16_t fuzz_u16(fuzz_input *in)
{
    return (uint16_t)fuzz_uint(in, 2);
}
static inline uint32_t fuzz_u32(fuzz_input *in)
{
    return (uint32_t)fuzz_uint(in, 4);
}
static inline uint64_t fuzz_u64(fuzz_input *in)
{
    return fuzz_uint(in, 8);
}

static inline void fuzz_bytes(fuzz_input *in, uint8_t *out, size_t n)
{
    size_t take = n < in->left ? n : in->left;
    memcpy(out, in->p, take);
    memset(out + take, 0, n - take);
    in->p += take;
    in->left -= take;
}

#endif
