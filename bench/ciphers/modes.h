/* SPDX-License-Identifier: Apache-2.0 */
/* modes.h — the classic modes of operation over any block_cipher (block.h).
 *
 *  ECB, CBC, PCBC  whole blocks only (padding is the caller's job);
 *  CFB             full-block feedback (segment = block), NIST SP 800-38A;
 *  OFB             NIST SP 800-38A;
 *  CTR             the IV is the first counter block, incremented as one
 *                  big-endian integer over the whole block (mod 2^bits).
 * CFB, OFB and CTR take any length and stream across calls: splitting a
 * message over several calls gives the bytes of one call. PCBC: C_i =
 * E(P_i ^ P_{i-1} ^ C_{i-1}), with P_{-1} ^ C_{-1} = IV. */
#ifndef BENCH_CIPHERS_MODES_H
#define BENCH_CIPHERS_MODES_H

#include <stddef.h>
#include <stdint.h>

#include "ciphers/block.h"

typedef enum { MODE_ECB, MODE_CBC, MODE_PCBC, MODE_CFB, MODE_OFB, MODE_CTR } block_mode;
#define BLOCK_MODE_COUNT 6

/* "ecb", "cbc", "pcbc", "cfb", "ofb", "ctr"; NULL for a value out of range. */
const char *block_mode_name(block_mode m);
/* 0 and *m set when name is a mode (case-insensitive), else -1. */
int block_mode_parse(const char *name, block_mode *m);

typedef struct {
    _Alignas(16) uint8_t schedule[BLOCK_SCHEDULE_BYTES];
    const block_cipher *bc;
    block_mode mode;
    /* CBC, PCBC: the value XORed into the next block; CFB: the last
     * ciphertext block (filled byte by byte); OFB: the last output block;
     * CTR: the next counter block. */
    uint8_t chain[BLOCK_MAX_BYTES];
    uint8_t stream[BLOCK_MAX_BYTES]; /* CFB, CTR: keystream of the current block */
    size_t used; /* CFB, OFB, CTR: keystream bytes used (block_bytes: none left) */
} mode_ctx;

/* Expands the key and loads the IV (block_bytes; ignored, may be NULL, for
 * ECB). 0 on success, -1 for a NULL cipher, key or (non-ECB) IV, or an
 * unknown mode. */
int mode_init(mode_ctx *c, const block_cipher *bc, block_mode m, const uint8_t *key,
              const uint8_t *iv);

/* n bytes from in to out; in == out allowed (other overlaps not). ECB, CBC
 * and PCBC: n must be a multiple of block_bytes, else -1 and nothing done.
 * 0 on success. */
int mode_encrypt(mode_ctx *c, const uint8_t *in, uint8_t *out, size_t n);
int mode_decrypt(mode_ctx *c, const uint8_t *in, uint8_t *out, size_t n);

#endif
