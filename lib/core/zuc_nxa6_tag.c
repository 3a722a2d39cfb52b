/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_nxa6_tag.c — the tag of ZUC-NIA6 / NCA6 from the first twelve
 * keystream words (H, Q, P; see zuc_impl.h) with the POLYVAL version in use,
 * in one call, in pieces (the one-message calls hash each ciphertext piece
 * as they write it), or for many messages side by side (the lanes). */
#include "zuc_nxa6_tag.h"

#include <string.h>

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

/* The tag from the POLYVAL sum over A || pad || C || pad (acc, changed:
 * the caller wipes it). */
static void tag_of_sum(const zuc_polyval_impl *pv, uint64_t acc[2], const uint32_t hqp[12],
                       size_t aad_bytes, size_t ct_bytes, uint8_t tag[16])
{
    uint64_t t[6]; /* Q, the mask, the product: one wipe */
    element_of(t, hqp + 4);
    acc[0] ^= 8 * (uint64_t)ct_bytes; /* LE64(bits of C) || LE64(bits of A) */
    acc[1] ^= 8 * (uint64_t)aad_bytes;
    pv->dot(t + 4, acc, t);
    element_of(t + 2, hqp + 8);
    zuc_store_le64(tag, t[4] ^ t[2]);
    zuc_store_le64(tag + 8, t[5] ^ t[3]);
    zuc_wipe(t, sizeof t);
}

void zuc_nxa6_tag_finish(const zuc_polyval_impl *pv, zuc_polyval *p, const uint32_t hqp[12],
                         size_t aad_bytes, size_t ct_bytes, uint8_t tag[16])
{
    tag_of_sum(pv, p->acc, hqp, aad_bytes, ct_bytes, tag);
    zuc_polyval_wipe(p);
}

/* The tag of a started hash: the associated data, the ciphertext, the last
 * step. */
static void hash_and_finish(const zuc_polyval_impl *pv, zuc_polyval *p, const uint32_t hqp[12],
                            const uint8_t *aad, size_t aad_bytes, const uint8_t *ct,
                            size_t ct_bytes, uint8_t tag[16])
{
    if (aad_bytes)
        pv->absorb(p, aad, aad_bytes);
    if (ct_bytes)
        pv->absorb(p, ct, ct_bytes);
    zuc_nxa6_tag_finish(pv, p, hqp, aad_bytes, ct_bytes, tag);
}

void zuc_nxa6_tag(const uint32_t hqp[12], const uint8_t *aad, size_t aad_bytes, const uint8_t *ct,
                  size_t ct_bytes, uint8_t tag[16])
{
    const zuc_polyval_impl *pv = zuc_polyval_active();
    zuc_polyval p;
    zuc_nxa6_tag_start(pv, &p, hqp, aad_bytes, ct_bytes);
    hash_and_finish(pv, &p, hqp, aad, aad_bytes, ct, ct_bytes, tag);
}

/* Indices 0..n-1 in order of decreasing length (insertion sort: n is a
 * window of jobs), so that messages hashed side by side are alike. */
static void longest_first(size_t order[], const size_t bytes[], const size_t more[], size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t k = i, len = bytes[i] + (more ? more[i] : 0);
        for (; k > 0 && bytes[order[k - 1]] + (more ? more[order[k - 1]] : 0) < len; k--)
            order[k] = order[k - 1];
        order[k] = i;
    }
}

/* The segments of the window in sorted order, hashed side by side from acc. */
static void hash_side_by_side(const zuc_polyval_impl *pv, uint64_t acc[][2], const uint64_t h[][2],
                              const size_t order[], const uint8_t *const seg[],
                              const size_t seg_bytes[], size_t n)
{
    const uint8_t *m[ZUC_NXA6_TAGS_MAX];
    size_t len[ZUC_NXA6_TAGS_MAX];
    for (size_t i = 0; i < n; i++) {
        m[i] = seg[order[i]];
        len[i] = seg_bytes[order[i]];
    }
    pv->many(acc, h, m, len, n);
}

/* The last step of the tags side by side: dot(acc ^ lengths, Q), then XOR
 * P. */
static void finish_side_by_side(const zuc_polyval_impl *pv, uint64_t acc[][2],
                                const uint32_t (*hqp)[12], const size_t order[],
                                const size_t aad_bytes[], const size_t ct_bytes[],
                                uint8_t (*tags)[16], size_t n)
{
    uint64_t q[ZUC_NXA6_TAGS_MAX][2], s[ZUC_NXA6_TAGS_MAX][2], mask[2];
    for (size_t i = 0; i < n; i++) {
        size_t j = order[i];
        element_of(q[i], hqp[j] + 4);
        acc[i][0] ^= 8 * (uint64_t)(ct_bytes ? ct_bytes[j] : 0); /* LE64(bits of C) */
        acc[i][1] ^= 8 * (uint64_t)aad_bytes[j];                 /* LE64(bits of A) */
    }
    zuc_polyval_dots(pv, s, (const uint64_t(*)[2])acc, (const uint64_t(*)[2])q, n);
    for (size_t i = 0; i < n; i++) {
        element_of(mask, hqp[order[i]] + 8);
        zuc_store_le64(tags[order[i]], s[i][0] ^ mask[0]);
        zuc_store_le64(tags[order[i]] + 8, s[i][1] ^ mask[1]);
    }
    zuc_wipe(q, n * sizeof q[0]);
    zuc_wipe(s, n * sizeof s[0]);
    zuc_wipe(mask, sizeof mask);
}

/* The tags of jobs order[0..count) (order NULL: 0..count) one message at a
 * time. The key powers of the next message are made before this one is
 * hashed: they are a chain of products, which then runs beside the hash
 * instead of stalling it. */
static void one_at_a_time(const zuc_polyval_impl *pv, const uint32_t (*hqp)[12],
                          const uint8_t *const aad[], const size_t aad_bytes[],
                          const uint8_t *const ct[], const size_t ct_bytes[], uint8_t (*tags)[16],
                          const size_t order[], size_t count)
{
    zuc_polyval p[2];
    for (size_t i = 0; i < count; i++) {
        size_t j = order ? order[i] : i, ct_j = ct ? ct_bytes[j] : 0;
        if (i == 0)
            zuc_nxa6_tag_start(pv, &p[0], hqp[j], aad_bytes[j], ct_j);
        if (i + 1 < count) {
            size_t next = order ? order[i + 1] : i + 1;
            zuc_nxa6_tag_start(pv, &p[(i + 1) % 2], hqp[next], aad_bytes[next],
                               ct ? ct_bytes[next] : 0);
        }
        hash_and_finish(pv, &p[i % 2], hqp[j], aad[j], aad_bytes[j], ct ? ct[j] : NULL, ct_j,
                        tags[j]);
    }
}

void zuc_nxa6_tags(const uint32_t (*hqp)[12], const uint8_t *const aad[], const size_t aad_bytes[],
                   const uint8_t *const ct[], const size_t ct_bytes[], uint8_t (*tags)[16],
                   size_t n)
{
    const zuc_polyval_impl *pv = zuc_polyval_active();
    size_t order[ZUC_NXA6_TAGS_MAX], first = 0;
    if (pv->many)
        longest_first(order, aad_bytes, ct_bytes, n);
    else
        first = n;
    /* the longest ones, and all where the version hashes one message at a time */
    for (; first < n && aad_bytes[order[first]] + (ct ? ct_bytes[order[first]] : 0) > pv->many_most;
         first++)
        ;
    one_at_a_time(pv, hqp, aad, aad_bytes, ct, ct_bytes, tags, pv->many ? order : NULL, first);
    if (first == n)
        return;
    uint64_t h[ZUC_NXA6_TAGS_MAX][2], acc[ZUC_NXA6_TAGS_MAX][2];
    size_t k = n - first;
    for (size_t i = 0; i < k; i++) {
        element_of(h[i], hqp[order[first + i]]);
        acc[i][0] = acc[i][1] = 0;
    }
    hash_side_by_side(pv, acc, (const uint64_t(*)[2])h, order + first, aad, aad_bytes, k);
    if (ct)
        hash_side_by_side(pv, acc, (const uint64_t(*)[2])h, order + first, ct, ct_bytes, k);
    finish_side_by_side(pv, acc, hqp, order + first, aad_bytes, ct ? ct_bytes : NULL, tags, k);
    zuc_wipe(h, k * sizeof h[0]);
    zuc_wipe(acc, k * sizeof acc[0]);
}

void zuc_nxa6_lanes_start(zuc_nxa6_lane_tags *t, unsigned mask, const uint32_t (*head)[16],
                          const uint8_t *const aad[], const size_t aad_bytes[],
                          const size_t ct_bytes[])
{
    /* lanes whose associated data goes in one tail of the lanes (64 bytes
     * or fewer), or one message at a time */
    unsigned short_aad = 0, long_aad = 0;
    size_t nbytes[ZUC_LANES_MAX] = { 0 };
    for (unsigned m = mask, l; m; m &= m - 1) {
        l = (unsigned)__builtin_ctz(m);
        t->lengths[l][0] = 8 * (uint64_t)ct_bytes[l];
        t->lengths[l][1] = 8 * (uint64_t)aad_bytes[l];
        nbytes[l] = aad_bytes[l];
        short_aad |= (unsigned)(aad_bytes[l] && aad_bytes[l] <= 64) << l;
        long_aad |= (unsigned)(aad_bytes[l] > 64) << l;
    }
    t->pv->lanes_start(&t->s, mask, head);
    if (short_aad)
        t->pv->lanes_tail(&t->s, short_aad, aad, nbytes);
    for (unsigned l; long_aad; long_aad &= long_aad - 1) {
        l = (unsigned)__builtin_ctz(long_aad);
        zuc_polyval p;
        zuc_nxa6_tag_start(t->pv, &p, head[l], aad_bytes[l], 0);
        t->pv->absorb(&p, aad[l], aad_bytes[l]);
        memcpy(t->s.acc[l], p.acc, sizeof p.acc);
        zuc_polyval_wipe(&p);
    }
}

void zuc_nxa6_lanes_finish(zuc_nxa6_lane_tags *t, unsigned mask, uint8_t (*tags)[16])
{
    t->pv->lanes_finish(&t->s, mask, (const uint64_t(*)[2])t->lengths, tags);
}

int zuc_ct_differ(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint8_t diff = 0;
    for (size_t i = 0; i < n; i++)
        diff |= (uint8_t)(a[i] ^ b[i]);
    /* 1 if any bit differs, without a branch on the bytes */
    return (int)((uint32_t)(diff + 0xFFu) >> 8);
}
