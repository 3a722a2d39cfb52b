/* SPDX-License-Identifier: Apache-2.0 */
/* block.h — our own block ciphers (Simon and Speck, every size of the
 * designers' paper) behind one descriptor, for the generic modes of modes.h.
 *
 * Byte order, as in the designers' implementation guide (Beaulieu et al.,
 * "Simon and Speck: Block Ciphers for the Internet of Things", 2015) and the
 * reference code: every n-bit word is stored little-endian in n/8 bytes.
 *  - A block (x, y), as written in the paper, is the bytes of y then of x.
 *  - A key is its words from k_0 upwards: Simon (k_0, k_1, ..., k_{m-1}),
 *    Speck (k_0, l_0, ..., l_{m-2}).
 * So a test vector of ePrint 2013/404 (words written most significant
 * first, left to right) is our byte string read backwards: Simon32/64's key
 * "1918 1110 0908 0100" is the bytes 00 01 08 09 10 11 18 19, the plaintext
 * "6565 6877" is 77 68 65 65. Crypto++ (8.x) uses the same bytes. */
#ifndef BENCH_CIPHERS_BLOCK_H
#define BENCH_CIPHERS_BLOCK_H

#include <stddef.h>
#include <stdint.h>

#define BLOCK_MAX_BYTES 16     /* largest block (128 bits) */
#define BLOCK_MAX_KEY_BYTES 32 /* largest key (256 bits) */
/* >= every cipher's expanded key (rounds x word): Simon-128/256's 72 x 8 bytes. */
#define BLOCK_SCHEDULE_BYTES 640

typedef struct block_cipher {
    const char *name;              /* "simon-128/128", "speck-64/96", ... */
    const char *family;            /* "simon" or "speck" */
    size_t block_bytes, key_bytes; /* 4,6,8,12,16 ; 8,9,12,16,18,24,32 */
    unsigned rounds;
    /* Writes the round keys into schedule (BLOCK_SCHEDULE_BYTES, any
     * alignment; 8-byte aligned saves a copy per call). */
    void (*expand)(void *schedule, const uint8_t *key);
    /* nblocks independent blocks (ECB); in == out allowed (other overlaps not). */
    void (*encrypt)(const void *schedule, const uint8_t *in, uint8_t *out, size_t nblocks);
    void (*decrypt)(const void *schedule, const uint8_t *in, uint8_t *out, size_t nblocks);
} block_cipher;

/* Every Simon and Speck size, NULL-terminated. */
const block_cipher *const *block_ciphers(void);
/* Lookup by name (case-insensitive), NULL if none. */
const block_cipher *block_cipher_find(const char *name);

extern const block_cipher block_simon32_64, block_simon48_72, block_simon48_96, block_simon64_96,
    block_simon64_128, block_simon96_96, block_simon96_144, block_simon128_128, block_simon128_192,
    block_simon128_256;
extern const block_cipher block_speck32_64, block_speck48_72, block_speck48_96, block_speck64_96,
    block_speck64_128, block_speck96_96, block_speck96_144, block_speck128_128, block_speck128_192,
    block_speck128_256;

#endif
