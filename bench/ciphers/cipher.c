/* SPDX-License-Identifier: Apache-2.0 */
#include "ciphers/cipher.h"

#include <string.h>

const own_cipher *const *own_ciphers(void)
{
    static const own_cipher *const list[] = { &own_trivium, &own_grain128, &own_mickey128,
                                              &own_enocoro128v2, NULL };
    return list;
}

void own_crypt_blocks(void *state, own_leftover *left, own_bulk_fn bulk, const uint8_t *in,
                      uint8_t *out, size_t n)
{
    while (n && left->used < left->size) {
        *out++ = *in++ ^ left->bytes[left->used++];
        n--;
    }
    size_t whole = n / left->size;
    if (whole) {
        bulk(state, in, out, whole);
        in += whole * left->size;
        out += whole * left->size;
        n -= whole * left->size;
    }
    if (n) {
        static const uint8_t zero[32];
        bulk(state, zero, left->bytes, 1); /* one block of pure keystream */
        for (left->used = 0; left->used < n; left->used++)
            out[left->used] = in[left->used] ^ left->bytes[left->used];
    }
}
