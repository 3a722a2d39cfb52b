/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_nxa6_tag.h — the 16-byte tag of ZUC-NIA6 / NCA6 (zuc_nxa6_tag.c):
 *   dot(POLYVAL_H(A || pad || C || pad) ^ LE64(8 |C|) || LE64(8 |A|), Q) ^ P,
 * H, Q, P being z_0..z_3, z_4..z_7, z_8..z_11 (hqp). Internal. */
#ifndef ZUC_NXA6_TAG_H
#define ZUC_NXA6_TAG_H

#include "zuc_polyval.h"

/* The tag in one call (NIA6: aad = the message, no ct). */
ZUC_INTERNAL void zuc_nxa6_tag(const uint32_t hqp[12], const uint8_t *aad, size_t aad_bytes,
                               const uint8_t *ct, size_t ct_bytes, uint8_t tag[16]);

/* The tag in pieces: start (the hash of a message of these sizes), then
 * pv->absorb over the associated data and over the ciphertext (each ending
 * with its partial block, if any), then finish, which wipes p. */
ZUC_INTERNAL void zuc_nxa6_tag_start(const zuc_polyval_impl *pv, zuc_polyval *p,
                                     const uint32_t hqp[12], size_t aad_bytes, size_t ct_bytes);
ZUC_INTERNAL void zuc_nxa6_tag_finish(const zuc_polyval_impl *pv, zuc_polyval *p,
                                      const uint32_t hqp[12], size_t aad_bytes, size_t ct_bytes,
                                      uint8_t tag[16]);

/* The tags of n <= ZUC_NXA6_TAGS_MAX messages at once (ct NULL: NIA6,
 * whose message is aad), hashed side by side where the POLYVAL version
 * can. */
#define ZUC_NXA6_TAGS_MAX 64
ZUC_INTERNAL void zuc_nxa6_tags(const uint32_t (*hqp)[12], const uint8_t *const aad[],
                                const size_t aad_bytes[], const uint8_t *const ct[],
                                const size_t ct_bytes[], uint8_t (*tags)[16], size_t n);

/* Tags made beside the lanes (ZUC-NCA6 encryption in one pass, where the
 * POLYVAL version has lanes_steps): each lane's hash keys, sum, Q, P and
 * lengths. start takes the lanes of mask from their head words (H, Q, P;
 * head is read for every lane) and hashes their associated data; the lanes
 * then continue the sums over their ciphertext with pv->lanes_steps and
 * pv->lanes_tail; finish makes the tags of the lanes of mask. The caller
 * wipes the whole struct last. */
typedef struct {
    const zuc_polyval_impl *pv;
    zuc_polyval_lanes s;
    uint64_t lengths[ZUC_LANES_MAX][2]; /* LE64(bits of C), LE64(bits of A) */
} zuc_nxa6_lane_tags;

ZUC_INTERNAL void zuc_nxa6_lanes_start(zuc_nxa6_lane_tags *t, unsigned mask,
                                       const uint32_t (*head)[16], const uint8_t *const aad[],
                                       const size_t aad_bytes[], const size_t ct_bytes[]);
ZUC_INTERNAL void zuc_nxa6_lanes_finish(zuc_nxa6_lane_tags *t, unsigned mask, uint8_t (*tags)[16]);

/* Constant-time comparison of n bytes: 0 when equal. */
ZUC_INTERNAL int zuc_ct_differ(const uint8_t *a, const uint8_t *b, size_t n);

#endif /* ZUC_NXA6_TAG_H */
