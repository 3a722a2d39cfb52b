/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_modes.c — 128-EEA3, 128-EIA3 and ZUC-256 encryption/MACs, word-wise, over
 * any implementation's keystream primitives.
 *
 * The MACs never loop over bits: the message is folded against keystream
 * windows 64 bits at a time by zuc_mac_fold (carry-less multiplication where
 * the CPU has it, see zuc_mac_fold.c). */
#include <string.h>

#include "zuc_impl.h"

void zuc_modes_eea3(const zuc_impl *im, const uint8_t key[16], uint32_t count, uint8_t bearer,
                    uint8_t direction, const uint8_t *in, uint8_t *out, size_t length_bits)
{
    uint8_t iv[16];
    zuc_state st;
    size_t nbytes = zuc_bytes_of_bits(length_bits);
    zuc_iv_of_eea3(iv, count, bearer, direction);
    im->init128(&st, key, iv);
    im->xor_keystream(&st, in, out, nbytes);
    if (length_bits % 8)
        out[nbytes - 1] &= (uint8_t)(0xFF << (8 - length_bits % 8));
    zuc_wipe(&st, sizeof st);
}

void zuc_modes_zuc256_crypt(const zuc_impl *im, zuc256_dset d, const uint8_t key[32],
                            const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t length_bytes)
{
    zuc_state st;
    im->init256(&st, key, iv, d);
    im->xor_keystream(&st, in, out, length_bytes);
    zuc_wipe(&st, sizeof st);
}

/* ---- MACs ----------------------------------------------------------------
 * Both MACs are sums of keystream windows: for a tag word at word offset s,
 *   acc = XOR over message bits i < L with m_i = 1 of the 32-bit window of
 *         the keystream starting at bit 32*s + i.
 * The keystream is made in groups of KS_GROUP words; a group folds the
 * KS_GROUP * 32 message bits that start at its first word, and keeps
 * KS_LEAD words beyond it for the windows that cross into the next group. */
/* 1024 words: a keystream call's fixed cost (a ct path copies the cells in
 * and out, makes 16 cells and their inputs before F's first step, and wipes
 * them after) spread over 4 KiB. On Zen 3, ct-aesni's 128-EIA3 was
 * 1.02-1.07x slower at 1500-8188 bytes with 256, 1.15x with 64; 2048 was no
 * faster. */
#define KS_GROUP 1024
/* >= 2 * (largest tag in words) + 4: what folds read past a group; 16 makes
 * the first fill whole 16-word blocks. */
#define KS_LEAD 16

typedef struct {
    const zuc_impl *im;
    zuc_state st;
    size_t made;                    /* keystream words made so far */
    size_t needed;                  /* keystream words the MAC needs */
    uint32_t z[KS_GROUP + KS_LEAD]; /* words [base, base + KS_GROUP + KS_LEAD) */
} mac_stream;

/* Make words until z holds up to min(base + KS_GROUP + KS_LEAD, needed). */
static void fill_group(mac_stream *ms, size_t base)
{
    size_t end = base + KS_GROUP + KS_LEAD;
    if (end > ms->needed)
        end = ms->needed;
    if (end > ms->made) {
        ms->im->keystream(&ms->st, ms->z + (ms->made - base), end - ms->made);
        ms->made = end;
    }
}

/* Slide the window one group on: keep the KS_LEAD words already made. */
static void next_group(mac_stream *ms, size_t base)
{
    memmove(ms->z, ms->z + KS_GROUP, KS_LEAD * sizeof ms->z[0]);
    fill_group(ms, base + KS_GROUP);
}

uint32_t zuc_mac_window32(const uint32_t *z, size_t bit)
{
    size_t w = bit / 32, t = bit % 32;
    return t == 0 ? z[w] : (z[w] << t) | (z[w + 1] >> (32 - t));
}

void zuc_mac_fold_tags(const zuc_impl *im, uint32_t acc[4], unsigned tag_words, const uint8_t *msg,
                       size_t nchunks, const uint32_t *z)
{
    if (im->mac_fold) {
        im->mac_fold(msg, nchunks, z, tag_words, acc);
        return;
    }
    for (unsigned j = 0; j < tag_words; j++)
        acc[j] ^= zuc_mac_fold(msg, nchunks, z + j);
}

void zuc_mac_fold_last(const zuc_impl *im, uint32_t acc[4], unsigned tag_words, const uint8_t *msg,
                       size_t tail_bits, const uint32_t *z)
{
    uint8_t last[8] = { 0 };
    size_t tail_bytes = (tail_bits + 7) / 8;
    memcpy(last, msg, tail_bytes);
    if (tail_bits % 8)
        last[tail_bytes - 1] &= (uint8_t)(0xFF << (8 - tail_bits % 8));
    zuc_mac_fold_tags(im, acc, tag_words, last, 1, z);
    zuc_wipe(last, sizeof last);
}

/* A message of at most this many bytes whose last chunk is partial is
 * folded in one call of the path's own fold, from a zero-padded copy: one
 * fold's set-up and sums instead of two. */
#define EIA3_ONE_FOLD_BYTES 64

uint32_t zuc_eia3_of_keystream(const zuc_impl *im, const uint8_t *msg, size_t length_bits,
                               const uint32_t *z)
{
    uint32_t acc[4] = { 0, 0, 0, 0 };
    size_t chunks = length_bits / 64;
    if (im->mac_fold && length_bits % 64 && length_bits <= 8 * EIA3_ONE_FOLD_BYTES) {
        uint8_t padded[EIA3_ONE_FOLD_BYTES] = { 0 };
        size_t nbytes = zuc_bytes_of_bits(length_bits);
        memcpy(padded, msg, nbytes);
        if (length_bits % 8) /* the bits past L */
            padded[nbytes - 1] &= (uint8_t)(0xFF << (8 - length_bits % 8));
        im->mac_fold(padded, chunks + 1, z, 1, acc);
        zuc_wipe(padded, sizeof padded);
    } else {
        if (chunks)
            zuc_mac_fold_tags(im, acc, 1, msg, chunks, z);
        if (length_bits % 64)
            zuc_mac_fold_last(im, acc, 1, msg + 8 * chunks, length_bits % 64, z + 2 * chunks);
    }
    uint32_t mac = acc[0] ^ zuc_mac_window32(z, length_bits) ^ z[(length_bits + 64 + 31) / 32 - 1];
    zuc_wipe(acc, sizeof acc);
    return mac;
}

/* Folds the message into acc[0..nacc) (tag word j uses word offset
 * first_offset + j) and leaves the keystream group that holds bit L in ms->z;
 * returns that group's first word index. */
static size_t fold_message(mac_stream *ms, const uint8_t *msg, size_t length_bits,
                           size_t first_offset, uint32_t *acc, size_t nacc)
{
    size_t base = 0;
    fill_group(ms, 0);
    while (length_bits - base * 32 >= KS_GROUP * 32) {
        zuc_mac_fold_tags(ms->im, acc, (unsigned)nacc, msg + base * 4, KS_GROUP / 2,
                          ms->z + first_offset);
        next_group(ms, base);
        base += KS_GROUP;
    }
    size_t rest_bits = length_bits - base * 32;
    size_t chunks = rest_bits / 64;
    const uint8_t *m = msg + base * 4;
    if (chunks)
        zuc_mac_fold_tags(ms->im, acc, (unsigned)nacc, m, chunks, ms->z + first_offset);
    if (rest_bits % 64) /* the last partial chunk, masked to L */
        zuc_mac_fold_last(ms->im, acc, (unsigned)nacc, m + chunks * 8, rest_bits % 64,
                          ms->z + first_offset + 2 * chunks);
    return base;
}

/* Words of z the MAC may touch: those it needs, and KS_LEAD beyond them
 * that folds of the last chunk read (times zero bits of the message). */
static size_t touched_words(const mac_stream *ms)
{
    size_t n = ms->needed + KS_LEAD, cap = sizeof ms->z / sizeof ms->z[0];
    return n < cap ? n : cap;
}

/* Zeroes the words past those needed that folds may read before anything
 * is made there (a short message's), so no uninitialised memory is read. */
static void mac_stream_zero_tail(mac_stream *ms)
{
    size_t cap = sizeof ms->z / sizeof ms->z[0];
    size_t from = ms->needed < cap ? ms->needed : cap;
    memset(ms->z + from, 0, (touched_words(ms) - from) * sizeof ms->z[0]);
}

/* Wipes the state and what was made (not the whole window: a short
 * message's MAC would pay for a kilobyte it never wrote). */
static void mac_stream_wipe(mac_stream *ms)
{
    zuc_wipe(&ms->st, sizeof ms->st);
    zuc_wipe(ms->z, touched_words(ms) * sizeof ms->z[0]);
}

uint32_t zuc_modes_eia3(const zuc_impl *im, const uint8_t key[16], uint32_t count, uint8_t bearer,
                        uint8_t direction, const uint8_t *msg, size_t length_bits)
{
    uint8_t iv[16];
    mac_stream ms;
    uint32_t t = 0;
    zuc_iv_of_eia3(iv, count, bearer, direction);
    ms.im = im;
    ms.made = 0;
    ms.needed = (size_t)(((uint64_t)length_bits + 64 + 31) / 32); /* L of Doc 1 §4.4 */
    mac_stream_zero_tail(&ms);
    im->init128(&ms.st, key, iv);
    size_t base = fold_message(&ms, msg, length_bits, 0, &t, 1);
    size_t rel = length_bits - base * 32;
    t ^= zuc_mac_window32(ms.z, rel);
    t ^= ms.z[ms.needed - 1 - base];
    mac_stream_wipe(&ms);
    return t;
}

void zuc_modes_zuc256_mac(const zuc_impl *im, int version, const uint8_t key[32], const uint8_t *iv,
                          const uint8_t *msg, size_t length_bits, uint8_t *tag, size_t tag_bytes)
{
    size_t tw = tag_bytes / 4;
    mac_stream ms;
    uint32_t acc[4];
    ms.im = im;
    ms.made = 0;
    ms.needed = (size_t)(((uint64_t)length_bits + 64 * tw + 31) / 32); /* L + 2t bits */
    mac_stream_zero_tail(&ms);
    im->init256(&ms.st, key, iv, zuc256_dset_of(version, tag_bytes));
    fill_group(&ms, 0);
    for (size_t j = 0; j < tw; j++)
        acc[j] = ms.z[j]; /* Tag = z_0 .. z_{t-1} */
    size_t base = fold_message(&ms, msg, length_bits, tw, acc, tw);
    size_t rel = length_bits - base * 32;
    for (size_t j = 0; j < tw; j++)
        acc[j] ^= zuc_mac_window32(ms.z, rel + 32 * (tw + j));
    for (size_t j = 0; j < tw; j++)
        zuc_store_be32(tag + 4 * j, acc[j]);
    zuc_wipe(acc, sizeof acc);
    mac_stream_wipe(&ms);
}
