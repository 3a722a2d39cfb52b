/* SPDX-License-Identifier: Apache-2.0 */
/* modes.c — ECB, CBC, PCBC, CFB, OFB and CTR over any block_cipher.
 * Where a mode allows it (ECB both ways, CBC, PCBC and CFB decryption, CTR)
 * the blocks go to the cipher MODE_CHUNK_BLOCKS at a time, so its groups of
 * lanes (8, 16 or 32 blocks) are full; the rest chain one block per call. */
#include "ciphers/modes.h"

#include <string.h>

#define MODE_CHUNK_BLOCKS 64 /* blocks handed to the cipher at once */
#define MODE_CHUNK (MODE_CHUNK_BLOCKS * BLOCK_MAX_BYTES)

static const char *const mode_names[BLOCK_MODE_COUNT] = {
    "ecb", "cbc", "pcbc", "cfb", "ofb", "ctr"
};

const char *block_mode_name(block_mode m)
{
    return (unsigned)m < BLOCK_MODE_COUNT ? mode_names[m] : NULL;
}

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

int block_mode_parse(const char *name, block_mode *m)
{
    for (unsigned i = 0; name && i < BLOCK_MODE_COUNT; i++) {
        const char *a = mode_names[i], *b = name;
        while (*a && *a == lower((unsigned char)*b))
            a++, b++;
        if (!*a && !*b) {
            *m = (block_mode)i;
            return 0;
        }
    }
    return -1;
}

int mode_init(mode_ctx *c, const block_cipher *bc, block_mode m, const uint8_t *key,
              const uint8_t *iv)
{
    if (!c || !bc || !key || (unsigned)m >= BLOCK_MODE_COUNT || (m != MODE_ECB && !iv))
        return -1;
    memset(c, 0, sizeof *c);
    c->bc = bc;
    c->mode = m;
    bc->expand(c->schedule, key);
    if (m != MODE_ECB)
        memcpy(c->chain, iv, bc->block_bytes);
    c->used = bc->block_bytes;
    return 0;
}

static void xor_into(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = a[i] ^ b[i];
}

static void increment_be(uint8_t *ctr, size_t n)
{
    while (n-- && ++ctr[n] == 0) {
    }
}

static void cbc_encrypt(mode_ctx *c, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    size_t bs = c->bc->block_bytes;
    for (; nblocks--; in += bs, out += bs) {
        xor_into(c->chain, c->chain, in, bs);
        c->bc->encrypt(c->schedule, c->chain, c->chain, 1);
        memcpy(out, c->chain, bs);
    }
}

/* CBC (pcbc = 0) and PCBC (pcbc = 1) decryption: the block decryptions of
 * a chunk at once, then the chain. */
static void cbc_decrypt(mode_ctx *c, const uint8_t *in, uint8_t *out, size_t nblocks, int pcbc)
{
    size_t bs = c->bc->block_bytes, most = MODE_CHUNK_BLOCKS;
    uint8_t d[MODE_CHUNK], cipher[BLOCK_MAX_BYTES];
    while (nblocks) {
        size_t k = nblocks < most ? nblocks : most;
        c->bc->decrypt(c->schedule, in, d, k);
        for (size_t i = 0; i < k; i++, in += bs, out += bs) {
            memcpy(cipher, in, bs); /* in may be out */
            xor_into(out, d + i * bs, c->chain, bs);
            if (pcbc)
                xor_into(c->chain, out, cipher, bs);
            else
                memcpy(c->chain, cipher, bs);
        }
        nblocks -= k;
    }
}

static void pcbc_encrypt(mode_ctx *c, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    size_t bs = c->bc->block_bytes;
    uint8_t plain[BLOCK_MAX_BYTES], t[BLOCK_MAX_BYTES];
    for (; nblocks--; in += bs, out += bs) {
        memcpy(plain, in, bs); /* in may be out */
        xor_into(t, plain, c->chain, bs);
        c->bc->encrypt(c->schedule, t, out, 1);
        xor_into(c->chain, plain, out, bs);
    }
}

/* CFB, OFB, CTR: the whole blocks of a call, with no keystream left over. */
static void stream_blocks(mode_ctx *c, const uint8_t *in, uint8_t *out, size_t nblocks, int decrypt)
{
    const block_cipher *bc = c->bc;
    size_t bs = bc->block_bytes, most = MODE_CHUNK_BLOCKS;
    uint8_t ks[MODE_CHUNK];
    switch (c->mode) {
    case MODE_CFB:
        if (!decrypt) {
            for (; nblocks--; in += bs, out += bs) {
                bc->encrypt(c->schedule, c->chain, ks, 1);
                xor_into(c->chain, in, ks, bs);
                memcpy(out, c->chain, bs);
            }
            return;
        }
        while (nblocks) { /* E(C_{i-1}) of a chunk at once */
            size_t k = nblocks < most ? nblocks : most;
            memcpy(ks, c->chain, bs);
            memcpy(ks + bs, in, (k - 1) * bs);
            memcpy(c->chain, in + (k - 1) * bs, bs);
            bc->encrypt(c->schedule, ks, ks, k);
            xor_into(out, in, ks, k * bs);
            in += k * bs, out += k * bs, nblocks -= k;
        }
        return;
    case MODE_OFB:
        for (; nblocks--; in += bs, out += bs) {
            bc->encrypt(c->schedule, c->chain, c->chain, 1);
            xor_into(out, in, c->chain, bs);
        }
        return;
    case MODE_CTR:
        while (nblocks) {
            size_t k = nblocks < most ? nblocks : most;
            for (size_t i = 0; i < k; i++) {
                memcpy(ks + i * bs, c->chain, bs);
                increment_be(c->chain, bs);
            }
            bc->encrypt(c->schedule, ks, ks, k);
            xor_into(out, in, ks, k * bs);
            in += k * bs, out += k * bs, nblocks -= k;
        }
        return;
    default: return;
    }
}

/* The next keystream block of CFB, OFB or CTR into c->stream (OFB: c->chain). */
static void stream_refill(mode_ctx *c)
{
    const block_cipher *bc = c->bc;
    if (c->mode == MODE_OFB) {
        bc->encrypt(c->schedule, c->chain, c->chain, 1);
    } else {
        bc->encrypt(c->schedule, c->chain, c->stream, 1);
        if (c->mode == MODE_CTR)
            increment_be(c->chain, bc->block_bytes);
    }
    c->used = 0;
}

/* One byte of CFB, OFB or CTR from the current keystream block. */
static uint8_t stream_byte(mode_ctx *c, uint8_t b, int decrypt)
{
    size_t i = c->used++;
    if (c->mode == MODE_OFB)
        return b ^ c->chain[i];
    uint8_t r = b ^ c->stream[i];
    if (c->mode == MODE_CFB)
        c->chain[i] = decrypt ? b : r; /* the ciphertext feeds back */
    return r;
}

static void stream_crypt(mode_ctx *c, const uint8_t *in, uint8_t *out, size_t n, int decrypt)
{
    size_t bs = c->bc->block_bytes;
    for (; n && c->used < bs; n--)
        *out++ = stream_byte(c, *in++, decrypt);
    size_t whole = n / bs;
    if (whole) {
        stream_blocks(c, in, out, whole, decrypt);
        in += whole * bs, out += whole * bs, n -= whole * bs;
    }
    if (n) {
        stream_refill(c);
        for (; n; n--)
            *out++ = stream_byte(c, *in++, decrypt);
    }
}

static int mode_crypt(mode_ctx *c, const uint8_t *in, uint8_t *out, size_t n, int decrypt)
{
    if (!c || !c->bc)
        return -1;
    const block_cipher *bc = c->bc;
    size_t bs = bc->block_bytes;
    if (c->mode == MODE_ECB || c->mode == MODE_CBC || c->mode == MODE_PCBC) {
        if (n % bs)
            return -1;
        if (!n)
            return 0;
    }
    switch (c->mode) {
    case MODE_ECB: (decrypt ? bc->decrypt : bc->encrypt)(c->schedule, in, out, n / bs); return 0;
    case MODE_CBC:
        if (decrypt)
            cbc_decrypt(c, in, out, n / bs, 0);
        else
            cbc_encrypt(c, in, out, n / bs);
        return 0;
    case MODE_PCBC:
        if (decrypt)
            cbc_decrypt(c, in, out, n / bs, 1);
        else
            pcbc_encrypt(c, in, out, n / bs);
        return 0;
    case MODE_CFB:
    case MODE_OFB:
    case MODE_CTR: stream_crypt(c, in, out, n, decrypt); return 0;
    }
    return -1;
}

int mode_encrypt(mode_ctx *c, const uint8_t *in, uint8_t *out, size_t n)
{
    return mode_crypt(c, in, out, n, 0);
}

int mode_decrypt(mode_ctx *c, const uint8_t *in, uint8_t *out, size_t n)
{
    return mode_crypt(c, in, out, n, 1);
}
