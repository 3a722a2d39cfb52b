/* SPDX-License-Identifier: Apache-2.0 */
/* stream.h — a ZUC keystream XORed over data given in pieces of any size:
 * the state of libzuc's keystream interface and the unused bytes of its
 * last word. */
#ifndef ZUCPROV_STREAM_H
#define ZUCPROV_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "zuc.h"

typedef struct {
    zuc_state st;
    uint8_t spare[4]; /* the last keystream word, big-endian */
    unsigned spare_n; /* how many of its bytes (the last ones) are unused */
} zp_stream;

/* out = in XOR the next n keystream bytes; in == out allowed. */
void zp_stream_xor(zp_stream *s, const uint8_t *in, uint8_t *out, size_t n);
/* Drops the next n keystream bytes (those a one-message call already used). */
void zp_stream_skip_bytes(zp_stream *s, uint64_t n);
/* Drops the next nwords keystream words (NCA6's tag keys). */
void zp_stream_skip(zp_stream *s, uint32_t *words, size_t nwords);
/* Zeroes the state (it holds key material). */
void zp_stream_wipe(zp_stream *s);

#endif
