/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_nxa6.c — ZUC-NEA6, ZUC-NIA6 and ZUC-NCA6, the 3GPP 256-bit
 * algorithms on ZUC-256 version 2023: one message over any one-lane path
 * (the tag: zuc_nxa6_tag.c), the argument checks and the public functions;
 * many messages go to the lanes (zuc_lanes.c). The construction is
 * described in zuc_impl.h. */
#include <string.h>

#include "zuc_nxa6_tag.h"

/* ---- one message over a one-lane path ---------------------------------------- */

/* Bytes encrypted, then hashed while they are in L1 (a multiple of 16). */
#define HASHED_PIECE 2048

/* NCA6 encryption in one pass: out = in ^ keystream a piece at a time, each
 * piece hashed as soon as it is written; the tag in full. */
static void encrypt_and_hash(const zuc_impl *im, zuc_state *st, const uint32_t hqp[12],
                             const uint8_t *aad, size_t aad_bytes, const uint8_t *in, uint8_t *out,
                             size_t length_bytes, uint8_t full[16])
{
    const zuc_polyval_impl *pv = zuc_polyval_active();
    zuc_polyval p;
    zuc_nxa6_tag_start(pv, &p, hqp, aad_bytes, length_bytes);
    if (aad_bytes)
        pv->absorb(&p, aad, aad_bytes);
    for (size_t done = 0; done < length_bytes; done += HASHED_PIECE) {
        size_t k = length_bytes - done < HASHED_PIECE ? length_bytes - done : HASHED_PIECE;
        im->xor_keystream(st, in + done, out + done, k);
        pv->absorb(&p, out + done, k);
    }
    zuc_nxa6_tag_finish(pv, &p, hqp, aad_bytes, length_bytes, full);
}

int zuc_nxa6_modes(const zuc_impl *im, const uint8_t key[32], const uint8_t iv[16],
                   const uint8_t *aad, size_t aad_bytes, const uint8_t *in, uint8_t *out,
                   size_t length_bytes, int op, uint8_t *tag, size_t tag_bytes)
{
    zuc_state st;
    uint32_t hqp[12];
    uint8_t full[16];
    int rc = ZUC_OK;
    im->init256(&st, key, iv, ZUC256_D23_CRYPT);
    if (op == ZUC_NXA6_NEA) {
        im->xor_keystream(&st, in, out, length_bytes);
        zuc_wipe(&st, sizeof st);
        return ZUC_OK;
    }
    im->keystream(&st, hqp, 12);
    switch (op) {
    case ZUC_NXA6_NIA:
        zuc_nxa6_tag(hqp, aad, aad_bytes, NULL, 0, full);
        memcpy(tag, full, tag_bytes);
        break;
    case ZUC_NXA6_ENC:
        encrypt_and_hash(im, &st, hqp, aad, aad_bytes, in, out, length_bytes, full);
        memcpy(tag, full, tag_bytes);
        break;
    default: /* ZUC_NXA6_DEC: verify, then decrypt */
        zuc_nxa6_tag(hqp, aad, aad_bytes, in, length_bytes, full);
        if (zuc_ct_differ(full, tag, tag_bytes))
            rc = ZUC_EAUTH;
        else if (length_bytes)
            im->xor_keystream(&st, in, out, length_bytes);
        break;
    }
    zuc_wipe(&st, sizeof st);
    zuc_wipe(hqp, sizeof hqp);
    zuc_wipe(full, sizeof full);
    return rc;
}

/* ---- public functions --------------------------------------------------------- */

/* Stands in for a NULL buffer of length 0. */
static const uint8_t empty[1];

static int exceeds(uint64_t value, uint64_t limit)
{
    return value > limit;
}

static int tag_size_ok(size_t tag_bytes)
{
    return tag_bytes >= ZUC_NXA6_TAG_MIN && tag_bytes <= ZUC_NXA6_TAG_MAX;
}

static int check_params(const uint8_t *iv, uint8_t bearer, uint8_t direction)
{
    return iv || (bearer <= 31 && direction <= 1) ? ZUC_OK : ZUC_EPARAM;
}

static int check_nea6(const uint8_t *key, const uint8_t *iv, uint8_t bearer, uint8_t direction,
                      const uint8_t *in, const uint8_t *out, size_t length_bits)
{
    if (!key)
        return ZUC_ENULL;
    int rc = check_params(iv, bearer, direction);
    if (rc != ZUC_OK)
        return rc;
    if (exceeds(length_bits, ZUC_NEA6_MAX_BITS))
        return ZUC_ELENGTH;
    if (length_bits && (!in || !out))
        return ZUC_ENULL;
    return ZUC_OK;
}

static int check_nia6(const uint8_t *key, const uint8_t *iv, uint8_t bearer, uint8_t direction,
                      const uint8_t *msg, size_t length_bytes, const uint8_t *tag, size_t tag_bytes)
{
    if (!key || !tag)
        return ZUC_ENULL;
    int rc = check_params(iv, bearer, direction);
    if (rc != ZUC_OK)
        return rc;
    if (!tag_size_ok(tag_bytes))
        return ZUC_ETAGSIZE;
    if (exceeds(length_bytes, ZUC_NXA6_MAX_BYTES))
        return ZUC_ELENGTH;
    if (length_bytes && !msg)
        return ZUC_ENULL;
    return ZUC_OK;
}

static int check_nca6(const uint8_t *key, const uint8_t *iv, uint8_t bearer, uint8_t direction,
                      const uint8_t *aad, size_t aad_bytes, const uint8_t *in, const uint8_t *out,
                      size_t length_bytes, const uint8_t *tag, size_t tag_bytes)
{
    int rc = check_nia6(key, iv, bearer, direction, aad, aad_bytes, tag, tag_bytes);
    if (rc != ZUC_OK)
        return rc;
    if (exceeds(length_bytes, ZUC_NXA6_MAX_BYTES))
        return ZUC_ELENGTH;
    if (length_bytes && (!in || !out))
        return ZUC_ENULL;
    return ZUC_OK;
}

/* op on one message, the arguments checked, on the one-lane path im. */
static int run(const zuc_impl *im, const uint8_t *key, const uint8_t *iv, const uint8_t *aad,
               size_t aad_bytes, const uint8_t *in, uint8_t *out, size_t length_bytes, int op,
               uint8_t *tag, size_t tag_bytes)
{
    if (!aad)
        aad = empty;
    if (!in) {
        in = empty;
        out = (uint8_t *)empty; /* never written: length_bytes is 0 */
    }
    if (im->nxa6)
        return im->nxa6(key, iv, aad, aad_bytes, in, out, length_bytes, op, tag, tag_bytes);
    return zuc_nxa6_modes(im, key, iv, aad, aad_bytes, in, out, length_bytes, op, tag, tag_bytes);
}

static void run_nea6(const zuc_impl *im, const uint8_t *key, const uint8_t *iv, const uint8_t *in,
                     uint8_t *out, size_t length_bits)
{
    if (length_bits == 0)
        return;
    size_t nbytes = zuc_bytes_of_bits(length_bits);
    run(im, key, iv, NULL, 0, in, out, nbytes, ZUC_NXA6_NEA, NULL, 0);
    if (length_bits % 8)
        out[nbytes - 1] &= (uint8_t)(0xFF << (8 - length_bits % 8));
}

int zuc_nxa6_iv(uint8_t iv[16], int algorithm, size_t tag_bytes, uint32_t count, uint8_t bearer,
                uint8_t direction)
{
    if (!iv)
        return ZUC_ENULL;
    if ((algorithm != ZUC_NEA6 && algorithm != ZUC_NIA6 && algorithm != ZUC_NCA6) || bearer > 31 ||
        direction > 1)
        return ZUC_EPARAM;
    if (algorithm != ZUC_NEA6 && !tag_size_ok(tag_bytes))
        return ZUC_ETAGSIZE;
    zuc_nxa6_make_iv(iv, algorithm, tag_bytes, count, bearer, direction);
    return ZUC_OK;
}

int zuc_nea6_iv(const uint8_t key[32], const uint8_t iv[16], const uint8_t *in, uint8_t *out,
                size_t length_bits)
{
    if (!iv)
        return ZUC_ENULL;
    int rc = check_nea6(key, iv, 0, 0, in, out, length_bits);
    if (rc == ZUC_OK)
        run_nea6(zuc_active_impl(), key, iv, in, out, length_bits);
    return rc;
}

int zuc_nea6(const uint8_t key[32], uint32_t count, uint8_t bearer, uint8_t direction,
             const uint8_t *in, uint8_t *out, size_t length_bits)
{
    uint8_t iv[16];
    int rc = check_nea6(key, NULL, bearer, direction, in, out, length_bits);
    if (rc == ZUC_OK) {
        zuc_nxa6_make_iv(iv, ZUC_NEA6, 0, count, bearer, direction);
        run_nea6(zuc_active_impl(), key, iv, in, out, length_bits);
    }
    return rc;
}

int zuc_nia6_iv(const uint8_t key[32], const uint8_t iv[16], const uint8_t *msg,
                size_t length_bytes, uint8_t *tag, size_t tag_bytes)
{
    if (!iv)
        return ZUC_ENULL;
    int rc = check_nia6(key, iv, 0, 0, msg, length_bytes, tag, tag_bytes);
    if (rc == ZUC_OK)
        run(zuc_active_impl(), key, iv, msg, length_bytes, NULL, NULL, 0, ZUC_NXA6_NIA, tag,
            tag_bytes);
    return rc;
}

int zuc_nia6(const uint8_t key[32], uint32_t count, uint8_t bearer, uint8_t direction,
             const uint8_t *msg, size_t length_bytes, uint8_t *tag, size_t tag_bytes)
{
    uint8_t iv[16];
    int rc = check_nia6(key, NULL, bearer, direction, msg, length_bytes, tag, tag_bytes);
    if (rc == ZUC_OK) {
        zuc_nxa6_make_iv(iv, ZUC_NIA6, tag_bytes, count, bearer, direction);
        run(zuc_active_impl(), key, iv, msg, length_bytes, NULL, NULL, 0, ZUC_NXA6_NIA, tag,
            tag_bytes);
    }
    return rc;
}

int zuc_nca6_encrypt_iv(const uint8_t key[32], const uint8_t iv[16], const uint8_t *aad,
                        size_t aad_bytes, const uint8_t *in, uint8_t *out, size_t length_bytes,
                        uint8_t *tag, size_t tag_bytes)
{
    if (!iv)
        return ZUC_ENULL;
    int rc = check_nca6(key, iv, 0, 0, aad, aad_bytes, in, out, length_bytes, tag, tag_bytes);
    if (rc == ZUC_OK)
        rc = run(zuc_active_impl(), key, iv, aad, aad_bytes, in, out, length_bytes, ZUC_NXA6_ENC,
                 tag, tag_bytes);
    return rc;
}

int zuc_nca6_decrypt_iv(const uint8_t key[32], const uint8_t iv[16], const uint8_t *aad,
                        size_t aad_bytes, const uint8_t *in, uint8_t *out, size_t length_bytes,
                        const uint8_t *tag, size_t tag_bytes)
{
    if (!iv)
        return ZUC_ENULL;
    int rc = check_nca6(key, iv, 0, 0, aad, aad_bytes, in, out, length_bytes, tag, tag_bytes);
    if (rc == ZUC_OK)
        rc = run(zuc_active_impl(), key, iv, aad, aad_bytes, in, out, length_bytes, ZUC_NXA6_DEC,
                 (uint8_t *)tag, tag_bytes);
    return rc;
}

int zuc_nca6_encrypt(const uint8_t key[32], uint32_t count, uint8_t bearer, uint8_t direction,
                     const uint8_t *aad, size_t aad_bytes, const uint8_t *in, uint8_t *out,
                     size_t length_bytes, uint8_t *tag, size_t tag_bytes)
{
    uint8_t iv[16];
    int rc = check_nca6(key, NULL, bearer, direction, aad, aad_bytes, in, out, length_bytes, tag,
                        tag_bytes);
    if (rc == ZUC_OK) {
        zuc_nxa6_make_iv(iv, ZUC_NCA6, tag_bytes, count, bearer, direction);
        rc = run(zuc_active_impl(), key, iv, aad, aad_bytes, in, out, length_bytes, ZUC_NXA6_ENC,
                 tag, tag_bytes);
    }
    return rc;
}

int zuc_nca6_decrypt(const uint8_t key[32], uint32_t count, uint8_t bearer, uint8_t direction,
                     const uint8_t *aad, size_t aad_bytes, const uint8_t *in, uint8_t *out,
                     size_t length_bytes, const uint8_t *tag, size_t tag_bytes)
{
    uint8_t iv[16];
    int rc = check_nca6(key, NULL, bearer, direction, aad, aad_bytes, in, out, length_bytes, tag,
                        tag_bytes);
    if (rc == ZUC_OK) {
        zuc_nxa6_make_iv(iv, ZUC_NCA6, tag_bytes, count, bearer, direction);
        rc = run(zuc_active_impl(), key, iv, aad, aad_bytes, in, out, length_bytes, ZUC_NXA6_DEC,
                 (uint8_t *)tag, tag_bytes);
    }
    return rc;
}

/* ---- many messages ------------------------------------------------------------ */

int zuc_nea6_n(const zuc_nea6_job *jobs, size_t n)
{
    if (n && !jobs)
        return ZUC_ENULL;
    for (size_t i = 0; i < n; i++) {
        const zuc_nea6_job *j = &jobs[i];
        int rc = check_nea6(j->key, j->iv, j->bearer, j->direction, j->in, j->out, j->length_bits);
        if (rc != ZUC_OK)
            return rc;
    }
    const zuc_impl *im = zuc_active_impl_n();
    if (im->lanes > 1) {
        zuc_lanes_nea6(im, jobs, n);
        return ZUC_OK;
    }
    for (size_t i = 0; i < n; i++) {
        const zuc_nea6_job *j = &jobs[i];
        uint8_t buf[16];
        run_nea6(im, j->key,
                 zuc_nxa6_job_iv(buf, j->iv, ZUC_NEA6, 0, j->count, j->bearer, j->direction), j->in,
                 j->out, j->length_bits);
    }
    return ZUC_OK;
}

int zuc_nia6_n(const zuc_nia6_job *jobs, size_t n)
{
    if (n && !jobs)
        return ZUC_ENULL;
    for (size_t i = 0; i < n; i++) {
        const zuc_nia6_job *j = &jobs[i];
        int rc = check_nia6(j->key, j->iv, j->bearer, j->direction, j->msg, j->length_bytes, j->tag,
                            j->tag_bytes);
        if (rc != ZUC_OK)
            return rc;
    }
    const zuc_impl *im = zuc_active_impl_n();
    if (im->lanes > 1) {
        zuc_lanes_nia6(im, jobs, n);
        return ZUC_OK;
    }
    for (size_t i = 0; i < n; i++) {
        const zuc_nia6_job *j = &jobs[i];
        uint8_t buf[16];
        run(im, j->key,
            zuc_nxa6_job_iv(buf, j->iv, ZUC_NIA6, j->tag_bytes, j->count, j->bearer, j->direction),
            j->msg, j->length_bytes, NULL, NULL, 0, ZUC_NXA6_NIA, j->tag, j->tag_bytes);
    }
    return ZUC_OK;
}

static int check_nca6_jobs(const zuc_nca6_job *jobs, size_t n)
{
    if (n && !jobs)
        return ZUC_ENULL;
    for (size_t i = 0; i < n; i++) {
        const zuc_nca6_job *j = &jobs[i];
        int rc = check_nca6(j->key, j->iv, j->bearer, j->direction, j->aad, j->aad_bytes, j->in,
                            j->out, j->length_bytes, j->tag, j->tag_bytes);
        if (rc != ZUC_OK)
            return rc;
    }
    return ZUC_OK;
}

int zuc_nca6_encrypt_n(const zuc_nca6_job *jobs, size_t n)
{
    int rc = check_nca6_jobs(jobs, n);
    if (rc != ZUC_OK)
        return rc;
    const zuc_impl *im = zuc_active_impl_n();
    if (im->lanes > 1) {
        zuc_lanes_nca6_encrypt(im, zuc_polyval_active(), jobs, n);
        return ZUC_OK;
    }
    for (size_t i = 0; i < n; i++) {
        const zuc_nca6_job *j = &jobs[i];
        uint8_t buf[16];
        run(im, j->key,
            zuc_nxa6_job_iv(buf, j->iv, ZUC_NCA6, j->tag_bytes, j->count, j->bearer, j->direction),
            j->aad, j->aad_bytes, j->in, j->out, j->length_bytes, ZUC_NXA6_ENC, j->tag,
            j->tag_bytes);
    }
    return ZUC_OK;
}

#define NCA6_WINDOW 256 /* jobs whose verdicts are kept at once */

int zuc_nca6_decrypt_n(const zuc_nca6_job *jobs, size_t n)
{
    int rc = check_nca6_jobs(jobs, n);
    if (rc != ZUC_OK)
        return rc;
    const zuc_impl *im = zuc_active_impl_n();
    uint8_t ok[NCA6_WINDOW];
    int all = 1;
    for (size_t first = 0; first < n; first += NCA6_WINDOW) {
        size_t count = n - first < NCA6_WINDOW ? n - first : NCA6_WINDOW;
        const zuc_nca6_job *w = jobs + first;
        if (im->lanes > 1) {
            zuc_lanes_nca6_decrypt(im, w, count, ok);
        } else {
            for (size_t i = 0; i < count; i++) {
                uint8_t buf[16];
                ok[i] = run(im, w[i].key,
                            zuc_nxa6_job_iv(buf, w[i].iv, ZUC_NCA6, w[i].tag_bytes, w[i].count,
                                            w[i].bearer, w[i].direction),
                            w[i].aad, w[i].aad_bytes, w[i].in, w[i].out, w[i].length_bytes,
                            ZUC_NXA6_DEC, (uint8_t *)w[i].tag, w[i].tag_bytes) == ZUC_OK;
            }
        }
        for (size_t i = 0; i < count; i++) {
            if (w[i].verified)
                *w[i].verified = ok[i];
            all &= ok[i];
        }
    }
    return all ? ZUC_OK : ZUC_EAUTH;
}
