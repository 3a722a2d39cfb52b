/* SPDX-License-Identifier: Apache-2.0 */
/* stream.c — the keystream XOR of stream.h: whole words in blocks of
 * ZP_BLOCK_WORDS through zuc_keystream, a partial last word kept for the
 * next piece. */
#include "stream.h"

#include <openssl/crypto.h>
#include <string.h>

#define ZP_BLOCK_WORDS 128

static uint32_t load_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static void xor_words(const uint32_t *ks, const uint8_t *in, uint8_t *out, size_t nwords)
{
    for (size_t i = 0; i < nwords; i++)
        store_be32(out + 4 * i, load_be32(in + 4 * i) ^ ks[i]);
}

void zp_stream_xor(zp_stream *s, const uint8_t *in, uint8_t *out, size_t n)
{
    for (; n && s->spare_n; n--, s->spare_n--)
        *out++ = *in++ ^ s->spare[4 - s->spare_n];
    uint32_t ks[ZP_BLOCK_WORDS];
    size_t used = n ? 1 : 0; /* words of ks written, to wipe */
    while (n >= 4) {
        size_t nwords = n / 4 < ZP_BLOCK_WORDS ? n / 4 : ZP_BLOCK_WORDS;
        used = nwords > used ? nwords : used;
        zuc_keystream(&s->st, ks, nwords);
        xor_words(ks, in, out, nwords);
        in += 4 * nwords;
        out += 4 * nwords;
        n -= 4 * nwords;
    }
    if (n) {
        zuc_keystream(&s->st, ks, 1);
        store_be32(s->spare, ks[0]);
        for (size_t i = 0; i < n; i++)
            out[i] = in[i] ^ s->spare[i];
        s->spare_n = 4 - (unsigned)n;
    }
    if (used)
        OPENSSL_cleanse(ks, 4 * used);
}

void zp_stream_skip_bytes(zp_stream *s, uint64_t n)
{
    uint32_t ks[ZP_BLOCK_WORDS];
    uint64_t nwords = n / 4;
    while (nwords) {
        size_t k = nwords < ZP_BLOCK_WORDS ? (size_t)nwords : ZP_BLOCK_WORDS;
        zuc_keystream(&s->st, ks, k);
        nwords -= k;
    }
    s->spare_n = 0;
    if (n % 4) {
        zuc_keystream(&s->st, ks, 1);
        store_be32(s->spare, ks[0]);
        s->spare_n = 4 - (unsigned)(n % 4);
    }
    OPENSSL_cleanse(ks, sizeof ks);
}

void zp_stream_skip(zp_stream *s, uint32_t *words, size_t nwords)
{
    zuc_keystream(&s->st, words, nwords);
    s->spare_n = 0;
}

void zp_stream_wipe(zp_stream *s)
{
    OPENSSL_cleanse(s, sizeof *s);
}
