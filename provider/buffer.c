/* SPDX-License-Identifier: Apache-2.0 */
/* buffer.c — the growing, wiped byte buffer of buffer.h. */
#include "buffer.h"

#include <openssl/crypto.h>
#include <stdlib.h>
#include <string.h>

/* Moves the contents to a block of cap bytes, wiping the old one (realloc
 * would leave a copy behind). */
static int regrow(zp_buf *b, size_t cap)
{
    uint8_t *next = malloc(cap);
    if (!next)
        return 0;
    if (b->len)
        memcpy(next, b->data, b->len);
    if (b->data) {
        OPENSSL_cleanse(b->data, b->cap);
        free(b->data);
    }
    b->data = next;
    b->cap = cap;
    return 1;
}

int zp_buf_append(zp_buf *b, const uint8_t *data, size_t n, size_t max)
{
    if (n == 0)
        return 1;
    if (n > max || b->len > max - n)
        return 0;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n)
            cap = cap > SIZE_MAX / 2 ? b->len + n : 2 * cap;
        if (!regrow(b, cap))
            return 0;
    }
    memcpy(b->data + b->len, data, n);
    b->len += n;
    return 1;
}

void zp_buf_clear(zp_buf *b)
{
    if (b->data && b->len)
        OPENSSL_cleanse(b->data, b->len);
    b->len = 0;
}

void zp_buf_free(zp_buf *b)
{
    if (b->data) {
        OPENSSL_cleanse(b->data, b->cap);
        free(b->data);
    }
    b->data = NULL;
    b->len = b->cap = 0;
}

int zp_buf_dup(zp_buf *dst, const zp_buf *src)
{
    dst->data = NULL;
    dst->len = dst->cap = 0;
    if (!src->len)
        return 1;
    if (!regrow(dst, src->len))
        return 0;
    memcpy(dst->data, src->data, src->len);
    dst->len = src->len;
    return 1;
}
