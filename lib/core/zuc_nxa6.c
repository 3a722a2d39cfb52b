/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_nxa6.c — ZUC-NEA6, ZUC-NIA6 and ZUC-NCA6, the 3GPP 256-bit
 * algorithms on ZUC-256 version 2023: their IVs, their tag (POLYVAL with
 * carry-less multiplication where the CPU has it, else constant-time
 * portable C), one message over any one-lane path, and the public
 * functions. The construction is described in zuc_impl.h. */
#include <stdatomic.h>
#include <string.h>

#include "zuc_impl.h"

/* ---- POLYVAL, portable and constant time ----------------------------------- */

/* Carry-less 32 x 32 -> 64 bits with integer multiplications: each operand
 * split into four with one bit in four kept, so that a product's terms for
 * one result bit (at most 8) sum without carrying into the next kept bit. */
static uint64_t clmul32(uint32_t a, uint32_t b)
{
    const uint64_t m0 = 0x1111111111111111u, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
    uint64_t a0 = a & m0, a1 = a & m1, a2 = a & m2, a3 = a & m3;
    uint64_t b0 = b & m0, b1 = b & m1, b2 = b & m2, b3 = b & m3;
    uint64_t r0 = (a0 * b0) ^ (a1 * b3) ^ (a2 * b2) ^ (a3 * b1);
    uint64_t r1 = (a0 * b1) ^ (a1 * b0) ^ (a2 * b3) ^ (a3 * b2);
    uint64_t r2 = (a0 * b2) ^ (a1 * b1) ^ (a2 * b0) ^ (a3 * b3);
    uint64_t r3 = (a0 * b3) ^ (a1 * b2) ^ (a2 * b1) ^ (a3 * b0);
    return (r0 & m0) | (r1 & m1) | (r2 & m2) | (r3 & m3);
}

/* Carry-less 64 x 64 -> 128 bits (Karatsuba over clmul32). */
static void clmul64(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    uint64_t l = clmul32(a0, b0), h = clmul32(a1, b1);
    uint64_t m = clmul32(a0 ^ a1, b0 ^ b1) ^ l ^ h;
    *lo = l ^ (m << 32);
    *hi = h ^ (m >> 32);
}

/* dot(a, b) = a * b * x^-128 mod x^128 + x^127 + x^126 + x^121 + 1: the
 * product, then two Montgomery folds (see zuc_polyval_pclmul.c); the
 * multiplication of a word t by x^63 + x^62 + x^57 is three shifts. */
static void dot_portable(uint64_t r[2], const uint64_t a[2], const uint64_t b[2])
{
    uint64_t l0, l1, h0, h1, m0, m1;
    clmul64(a[0], b[0], &l0, &l1);
    clmul64(a[1], b[1], &h0, &h1);
    clmul64(a[0] ^ a[1], b[0] ^ b[1], &m0, &m1);
    m0 ^= l0 ^ h0;
    m1 ^= l1 ^ h1;
    uint64_t t0 = l0, t1 = l1 ^ m0, t2 = h0 ^ m1, t3 = h1;
    t1 ^= (t0 << 63) ^ (t0 << 62) ^ (t0 << 57);
    t2 ^= (t0 >> 1) ^ (t0 >> 2) ^ (t0 >> 7) ^ t0;
    t2 ^= (t1 << 63) ^ (t1 << 62) ^ (t1 << 57);
    t3 ^= (t1 >> 1) ^ (t1 >> 2) ^ (t1 >> 7) ^ t1;
    r[0] = t2;
    r[1] = t3;
}

static uint64_t load_le64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

void zuc_polyval_portable(uint64_t acc[2], const uint64_t h[2], const uint8_t *data, size_t nbytes)
{
    for (size_t i = 0; i < nbytes; i += 16) {
        uint8_t block[16] = { 0 };
        memcpy(block, data + i, nbytes - i < 16 ? nbytes - i : 16);
        uint64_t x[2] = { acc[0] ^ load_le64(block), acc[1] ^ load_le64(block + 8) };
        dot_portable(acc, x, h);
        zuc_wipe(block, sizeof block);
    }
}

typedef void (*polyval_fn)(uint64_t acc[2], const uint64_t h[2], const uint8_t *data,
                           size_t nbytes);

/* Carry-less multiplication where the CPU has it, else the portable C. */
static polyval_fn best_polyval(void)
{
#if defined(__x86_64__)
    if (zuc_cpu_has_pclmul())
        return zuc_polyval_pclmul;
#elif defined(ZUC_HAVE_PMULL)
    if (zuc_cpu_has_pmull())
        return zuc_polyval_pmull;
#endif
    return zuc_polyval_portable;
}

/* acc = dot(acc ^ X_i, h) over the 16-byte blocks of data, the last one
 * zero-padded (RFC 8452 POLYVAL, continued from acc); the version is chosen
 * once. */
static void polyval(uint64_t acc[2], const uint64_t h[2], const uint8_t *data, size_t nbytes)
{
    static _Atomic(polyval_fn) chosen;
    polyval_fn fn = atomic_load_explicit(&chosen, memory_order_relaxed);
    if (!fn) {
        fn = best_polyval();
        atomic_store_explicit(&chosen, fn, memory_order_relaxed);
    }
    fn(acc, h, data, nbytes);
}

void zuc_nxa6_tag(const uint32_t hqp[12], const uint8_t *aad, size_t aad_bytes, const uint8_t *ct,
                  size_t ct_bytes, uint8_t tag[16])
{
    static const uint8_t zero_block[16];
    uint8_t keys[48];
    for (int i = 0; i < 12; i++)
        zuc_store_be32(keys + 4 * i, hqp[i]);
    uint64_t h[2] = { load_le64(keys), load_le64(keys + 8) };
    uint64_t q[2] = { load_le64(keys + 16), load_le64(keys + 24) };
    uint64_t acc[2] = { 0, 0 };
    if (aad_bytes)
        polyval(acc, h, aad, aad_bytes);
    if (ct_bytes)
        polyval(acc, h, ct, ct_bytes);
    acc[0] ^= 8 * (uint64_t)ct_bytes; /* LE64(bits of C) || LE64(bits of A) */
    acc[1] ^= 8 * (uint64_t)aad_bytes;
    polyval(acc, q, zero_block, 16); /* dot(acc, Q) */
    for (int i = 0; i < 8; i++) {
        tag[i] = (uint8_t)(acc[0] >> 8 * i) ^ keys[32 + i];
        tag[8 + i] = (uint8_t)(acc[1] >> 8 * i) ^ keys[40 + i];
    }
    zuc_wipe(keys, sizeof keys);
    zuc_wipe(h, sizeof h);
    zuc_wipe(q, sizeof q);
    zuc_wipe(acc, sizeof acc);
}

int zuc_ct_differ(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint8_t diff = 0;
    for (size_t i = 0; i < n; i++)
        diff |= (uint8_t)(a[i] ^ b[i]);
    /* 1 if any bit differs, without a branch on the bytes */
    return (int)((uint32_t)(diff + 0xFFu) >> 8);
}

/* ---- one message over a one-lane path ---------------------------------------- */

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
        if (length_bytes)
            im->xor_keystream(&st, in, out, length_bytes);
        zuc_nxa6_tag(hqp, aad, aad_bytes, out, length_bytes, full);
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

/* ---- IVs -------------------------------------------------------------------- */

/* The layout is inferred from the published test vectors (see zuc.h):
 * byte 0 the algorithm and tag size, byte 1 BEARER || DIRECTION, bytes
 * 8..11 COUNT. */
static void make_iv(uint8_t iv[16], int alg, size_t tag_bytes, uint32_t count, uint8_t bearer,
                    uint8_t direction)
{
    memset(iv, 0, 16);
    iv[0] = alg == ZUC_NEA6 ? 0 : (uint8_t)(8 * tag_bytes + (alg == ZUC_NCA6 ? 4 : 0));
    iv[1] = (uint8_t)(bearer << 1 | direction);
    zuc_store_be32(iv + 8, count);
}

const uint8_t *zuc_nxa6_job_iv(uint8_t buf[16], const uint8_t *iv, int alg, size_t tag_bytes,
                               uint32_t count, uint8_t bearer, uint8_t direction)
{
    if (iv)
        return iv;
    make_iv(buf, alg, tag_bytes, count, bearer, direction);
    return buf;
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
    make_iv(iv, algorithm, tag_bytes, count, bearer, direction);
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
        make_iv(iv, ZUC_NEA6, 0, count, bearer, direction);
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
        make_iv(iv, ZUC_NIA6, tag_bytes, count, bearer, direction);
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
        make_iv(iv, ZUC_NCA6, tag_bytes, count, bearer, direction);
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
        make_iv(iv, ZUC_NCA6, tag_bytes, count, bearer, direction);
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
        zuc_lanes_nca6_encrypt(im, jobs, n);
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
