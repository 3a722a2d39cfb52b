/* SPDX-License-Identifier: Apache-2.0 */
/* block.c — the list of our block ciphers and lookup by name. */
#include "ciphers/block.h"

#include <stddef.h>

const block_cipher *const *block_ciphers(void)
{
    static const block_cipher *const list[] = {
        &block_simon32_64,   &block_simon48_72,   &block_simon48_96,
        &block_simon64_96,   &block_simon64_128,  &block_simon96_96,
        &block_simon96_144,  &block_simon128_128, &block_simon128_192,
        &block_simon128_256, &block_speck32_64,   &block_speck48_72,
        &block_speck48_96,   &block_speck64_96,   &block_speck64_128,
        &block_speck96_96,   &block_speck96_144,  &block_speck128_128,
        &block_speck128_192, &block_speck128_256, NULL,
    };
    return list;
}

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

const block_cipher *block_cipher_find(const char *name)
{
    if (!name)
        return NULL;
    for (const block_cipher *const *p = block_ciphers(); *p; p++) {
        const char *a = (*p)->name, *b = name;
        while (*a && lower((unsigned char)*a) == lower((unsigned char)*b))
            a++, b++;
        if (!*a && !*b)
            return *p;
    }
    return NULL;
}
