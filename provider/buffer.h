/* SPDX-License-Identifier: Apache-2.0 */
/* buffer.h — a growing byte buffer for the message a MAC or ZUC-NCA6 tags
 * at its end (libzuc computes tags over whole messages); wiped whenever
 * it is given back, as it may hold plaintext. */
#ifndef ZUCPROV_BUFFER_H
#define ZUCPROV_BUFFER_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint8_t *data;
    size_t len, cap;
} zp_buf;

/* Appends n bytes; 0 if the buffer would pass max bytes or memory runs out
 * (the buffer is then unchanged). */
int zp_buf_append(zp_buf *b, const uint8_t *data, size_t n, size_t max);
/* Empties it (wiping what it held), keeping its memory. */
void zp_buf_clear(zp_buf *b);
/* Wipes and frees it. */
void zp_buf_free(zp_buf *b);
/* A copy of src in *dst (whose own memory is not freed); 0 without memory. */
int zp_buf_dup(zp_buf *dst, const zp_buf *src);

#endif
