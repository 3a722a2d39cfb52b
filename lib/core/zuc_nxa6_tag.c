/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_nxa6_tag.c — the tag of ZUC-NIA6 / NCA6 from the first twelve
 * keystream words (H, Q, P; see zuc_impl.h) with the POLYVAL version in use,
 * in one call or in pieces (the lanes hash each ciphertext block as they
 * write it). */
#include "zuc_nxa6_tag.h"

/* Keystream words z[0..3] as the bytes they stand for (big-endian words),
 * read as a little-endian field element. */
static void element_of(uint64_t e[2], const uint32_t z[4])
{
    e[0] = (uint64_t)__builtin_bswap32(z[1]) << 32 | __builtin_bswap32(z[0]);
    e[1] = (uint64_t)__builtin_bswap32(z[3]) << 32 | __builtin_bswap32(z[2]);
}

void zuc_nxa6_tag_start(const zuc_polyval_impl *pv, zuc_polyval *p, const uint32_t hqp[12],
                        size_t aad_bytes, size_t ct_bytes)
{
    uint64_t h[2];
    element_of(h, hqp);
    pv->start(p, h, zuc_polyval_blocks(aad_bytes) + zuc_polyval_blocks(ct_bytes));
    zuc_wipe(h, sizeof h);
}

/* The tag from the POLYVAL sum over A || pad || C || pad (acc, overwritten). */
static void tag_of_sum(const zuc_polyval_impl *pv, uint64_t acc[2], const uint32_t hqp[12],
                       size_t aad_bytes, size_t ct_bytes, uint8_t tag[16])
{
    uint64_t q[2], mask[2], s[2];
    element_of(q, hqp + 4);
    acc[0] ^= 8 * (uint64_t)ct_bytes; /* LE64(bits of C) || LE64(bits of A) */
    acc[1] ^= 8 * (uint64_t)aad_bytes;
    pv->dot(s, acc, q);
    element_of(mask, hqp + 8);
    for (int i = 0; i < 8; i++) {
        tag[i] = (uint8_t)((s[0] ^ mask[0]) >> 8 * i);
        tag[8 + i] = (uint8_t)((s[1] ^ mask[1]) >> 8 * i);
    }
    zuc_wipe(s, sizeof s);
    zuc_wipe(acc, 2 * sizeof acc[0]);
    zuc_wipe(q, sizeof q);
    zuc_wipe(mask, sizeof mask);
}

void zuc_nxa6_tag_finish(const zuc_polyval_impl *pv, zuc_polyval *p, const uint32_t hqp[12],
                         size_t aad_bytes, size_t ct_bytes, uint8_t tag[16])
{
    tag_of_sum(pv, p->acc, hqp, aad_bytes, ct_bytes, tag);
    zuc_polyval_wipe(p);
}

void zuc_nxa6_tag(const uint32_t hqp[12], const uint8_t *aad, size_t aad_bytes, const uint8_t *ct,
                  size_t ct_bytes, uint8_t tag[16])
{
    const zuc_polyval_impl *pv = zuc_polyval_active();
    zuc_polyval p;
    zuc_nxa6_tag_start(pv, &p, hqp, aad_bytes, ct_bytes);
    if (aad_bytes)
        pv->absorb(&p, aad, aad_bytes);
    if (ct_bytes)
        pv->absorb(&p, ct, ct_bytes);
    zuc_nxa6_tag_finish(pv, &p, hqp, aad_bytes, ct_bytes, tag);
}

/* Indices 0..n-1 in order of decreasing length (insertion sort: n is a
 * window of jobs), so that messages hashed side by side are alike. */
static void longest_first(size_t order[], const size_t bytes[], size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t k = i;
        for (; k > 0 && bytes[order[k - 1]] < bytes[i]; k--)
            order[k] = order[k - 1];
        order[k] = i;
    }
}

void zuc_nia6_tags(const uint32_t (*hqp)[12], const uint8_t *const msg[], const size_t bytes[],
                   uint8_t (*tags)[16], size_t n)
{
    const zuc_polyval_impl *pv = zuc_polyval_active();
    if (!pv->many || n < 2) {
        for (size_t i = 0; i < n; i++)
            zuc_nxa6_tag(hqp[i], msg[i], bytes[i], NULL, 0, tags[i]);
        return;
    }
    size_t order[ZUC_NIA6_TAGS_MAX];
    uint64_t h[ZUC_NIA6_TAGS_MAX][2], acc[ZUC_NIA6_TAGS_MAX][2];
    const uint8_t *m[ZUC_NIA6_TAGS_MAX];
    size_t len[ZUC_NIA6_TAGS_MAX];
    longest_first(order, bytes, n);
    for (size_t i = 0; i < n; i++) {
        element_of(h[i], hqp[order[i]]);
        m[i] = msg[order[i]];
        len[i] = bytes[order[i]];
    }
    pv->many(acc, (const uint64_t(*)[2])h, m, len, n);
    for (size_t i = 0; i < n; i++)
        tag_of_sum(pv, acc[i], hqp[order[i]], len[i], 0, tags[order[i]]);
    zuc_wipe(h, n * sizeof h[0]);
}

int zuc_ct_differ(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint8_t diff = 0;
    for (size_t i = 0; i < n; i++)
        diff |= (uint8_t)(a[i] ^ b[i]);
    /* 1 if any bit differs, without a branch on the bytes */
    return (int)((uint32_t)(diff + 0xFFu) >> 8);
}
