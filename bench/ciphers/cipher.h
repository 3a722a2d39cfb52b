/* SPDX-License-Identifier: Apache-2.0 */
/* cipher.h — our own implementations of ciphers no maintained library
 * offers, behind one descriptor each so the harness, the tests and the
 * known-answer checks treat them alike. Keystream bytes follow the eSTREAM
 * API (ECRYPT_keystream_bytes) of each design's reference code. */
#ifndef BENCH_CIPHERS_CIPHER_H
#define BENCH_CIPHERS_CIPHER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The largest state of any own cipher, so callers can hold one on the stack. */
#define OWN_STATE_BYTES 128

typedef struct own_cipher {
    const char *algorithm;      /* registry name: "trivium", "grain-128", ... */
    const char *spec;           /* the designers' specification it follows */
    size_t key_bytes, iv_bytes; /* as benchmarked (the document's key+IV) */
    size_t max_iv_bytes;        /* shorter IVs are accepted (eSTREAM vector sets) */
    size_t state_bytes;         /* <= OWN_STATE_BYTES */
    /* Loads key and IV (iv_bytes <= max_iv_bytes) and runs the initialisation. */
    void (*init)(void *state, const uint8_t *key, const uint8_t *iv, size_t iv_bytes);
    /* out = in XOR the next n keystream bytes; in == out allowed. */
    void (*crypt)(void *state, const uint8_t *in, uint8_t *out, size_t n);
} own_cipher;

extern const own_cipher own_trivium, own_grain128, own_mickey128, own_enocoro128v2;

/* Every own cipher, NULL-terminated. */
const own_cipher *const *own_ciphers(void);

/* Little-endian loads and stores (single moves on x86-64 and AArch64). */
static inline uint64_t own_load_le64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

static inline void own_store_le64(uint8_t *p, uint64_t v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    memcpy(p, &v, 8);
}

/* The leftover of a keystream block between calls. */
typedef struct {
    uint8_t bytes[32];
    unsigned used, size; /* used == size: empty */
} own_leftover;

/* Shared by the ciphers' crypt: finishes the leftover, runs `bulk` over
 * whole blocks, and keeps the tail of one more block for the next call. */
typedef void (*own_bulk_fn)(void *state, const uint8_t *in, uint8_t *out, size_t nblocks);
void own_crypt_blocks(void *state, own_leftover *left, own_bulk_fn bulk, const uint8_t *in,
                      uint8_t *out, size_t n);

#endif
