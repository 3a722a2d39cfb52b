/* SPDX-License-Identifier: Apache-2.0 */
/* estream_vectors.h — reader for the eSTREAM test-vector files
 * ("Set 1, vector#  0:", key, IV, stream[a..b] and xor-digest blocks). */
#ifndef TESTS_ESTREAM_VECTORS_H
#define TESTS_ESTREAM_VECTORS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define ESTREAM_MAX_SEGMENTS 8

typedef struct {
    char label[48]; /* "Set 1, vector#  0" */
    uint8_t key[32], iv[32];
    size_t key_bytes, iv_bytes;
    size_t nseg;
    struct {
        size_t first, last; /* stream[first..last] */
        uint8_t bytes[64];
    } seg[ESTREAM_MAX_SEGMENTS];
    uint8_t digest[64]; /* XOR of every 64-byte block of the stream */
    int has_digest;
} estream_vector;

/* Reads the next vector; 1 if one was read, 0 at the end, -1 on a malformed one. */
int estream_next(FILE *f, estream_vector *v);

/* Bytes of keystream the vector describes: 512, or 131072 for set 6. */
size_t estream_stream_bytes(const estream_vector *v);

#endif
