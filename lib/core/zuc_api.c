/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_api.c — the public functions: argument checks, then the active
 * implementation. Nothing is written when a check fails. */
#include "zuc_impl.h"

/* Stands in for a NULL buffer of length 0, so no NULL + 0 reaches the modes. */
static const uint8_t empty_buffer[1];

const char *zuc_strerror(int code)
{
    switch (code) {
    case ZUC_OK: return "ok";
    case ZUC_ENULL: return "a required pointer is NULL";
    case ZUC_EPARAM: return "bearer must be 0..31 and direction 0 or 1";
    case ZUC_ELENGTH: return "length beyond the algorithm's limit";
    case ZUC_ETAGSIZE:
        return "tag size must be 4, 8 or 16 bytes (ZUC-256 MAC) or 4 to 16 "
               "bytes (ZUC-NIA6, ZUC-NCA6)";
    case ZUC_EIMPL: return "no such implementation, or it cannot run on this CPU";
    case ZUC_EVERSION: return "ZUC-256 version must be 2018, 2021 or 2023";
    case ZUC_EAUTH: return "the tag does not verify";
    default: return "unknown error";
    }
}

/* value > limit; a function so that 32-bit targets, where a size_t can
 * never exceed 2^32 - 1, do not warn that the test is always false.
 * Every length check compares the caller's value with a limit computed from
 * constants alone: nothing the caller passes is ever added or multiplied, so
 * no check can wrap. */
static int exceeds(uint64_t value, uint64_t limit)
{
    return value > limit;
}

/* ZUC-256 MACs: L + 2t <= 2^32 keystream bits, t = 8 * tag_bytes, as
 * L <= 2^32 - 16 * tag_bytes (tag_bytes is 4, 8 or 16 here). */
static uint64_t zuc256_mac_max_bits(size_t tag_bytes)
{
    return ((uint64_t)1 << 32) - 16u * (uint64_t)tag_bytes;
}

static int check_3gpp(const uint8_t *key, uint8_t bearer, uint8_t direction, size_t length_bits)
{
    if (!key)
        return ZUC_ENULL;
    if (bearer > 31 || direction > 1)
        return ZUC_EPARAM;
    if (exceeds(length_bits, ZUC_EEA3_MAX_BITS))
        return ZUC_ELENGTH;
    return ZUC_OK;
}

static int check_eea3(const uint8_t *key, uint8_t bearer, uint8_t direction, const uint8_t *in,
                      const uint8_t *out, size_t length_bits)
{
    int rc = check_3gpp(key, bearer, direction, length_bits);
    if (rc == ZUC_OK && length_bits && (!in || !out))
        rc = ZUC_ENULL;
    return rc;
}

static int check_eia3(const uint8_t *key, uint8_t bearer, uint8_t direction, const uint8_t *msg,
                      size_t length_bits, const uint32_t *mac)
{
    int rc = check_3gpp(key, bearer, direction, length_bits);
    if (rc == ZUC_OK && (!mac || (length_bits && !msg)))
        rc = ZUC_ENULL;
    return rc;
}

static void run_eea3(const zuc_impl *im, const uint8_t *key, uint32_t count, uint8_t bearer,
                     uint8_t direction, const uint8_t *in, uint8_t *out, size_t length_bits)
{
    if (length_bits == 0)
        return;
    if (im->eea3)
        im->eea3(key, count, bearer, direction, in, out, length_bits);
    else
        zuc_modes_eea3(im, key, count, bearer, direction, in, out, length_bits);
}

static uint32_t run_eia3(const zuc_impl *im, const uint8_t *key, uint32_t count, uint8_t bearer,
                         uint8_t direction, const uint8_t *msg, size_t length_bits)
{
    if (!msg)
        msg = empty_buffer;
    if (im->eia3)
        return im->eia3(key, count, bearer, direction, msg, length_bits);
    return zuc_modes_eia3(im, key, count, bearer, direction, msg, length_bits);
}

int zuc_eea3(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
             const uint8_t *in, uint8_t *out, size_t length_bits)
{
    int rc = check_eea3(key, bearer, direction, in, out, length_bits);
    if (rc == ZUC_OK)
        run_eea3(zuc_active_impl(), key, count, bearer, direction, in, out, length_bits);
    return rc;
}

int zuc_eia3(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
             const uint8_t *msg, size_t length_bits, uint32_t *mac)
{
    int rc = check_eia3(key, bearer, direction, msg, length_bits, mac);
    if (rc == ZUC_OK)
        *mac = run_eia3(zuc_active_impl(), key, count, bearer, direction, msg, length_bits);
    return rc;
}

static int version_ok(int version)
{
    return version == ZUC256_V2018 || version == ZUC256_V2021 || version == ZUC256_V2023;
}

static int check_zuc256_crypt(int version, const uint8_t *key, const uint8_t *iv, const uint8_t *in,
                              const uint8_t *out, size_t length_bytes)
{
    if (!version_ok(version))
        return ZUC_EVERSION;
    if (!key || !iv)
        return ZUC_ENULL;
    if (exceeds(length_bytes, ZUC256_MAX_BYTES))
        return ZUC_ELENGTH;
    if (length_bytes && (!in || !out))
        return ZUC_ENULL;
    return ZUC_OK;
}

static void run_zuc256_crypt(const zuc_impl *im, int version, const uint8_t *key, const uint8_t *iv,
                             const uint8_t *in, uint8_t *out, size_t length_bytes)
{
    if (length_bytes == 0)
        return;
    zuc256_dset d = zuc256_dset_of(version, 0);
    if (im->zuc256_crypt)
        im->zuc256_crypt(d, key, iv, in, out, length_bytes);
    else
        zuc_modes_zuc256_crypt(im, d, key, iv, in, out, length_bytes);
}

int zuc256v_crypt(int version, const uint8_t key[32], const uint8_t *iv, const uint8_t *in,
                  uint8_t *out, size_t length_bytes)
{
    int rc = check_zuc256_crypt(version, key, iv, in, out, length_bytes);
    if (rc == ZUC_OK)
        run_zuc256_crypt(zuc_active_impl(), version, key, iv, in, out, length_bytes);
    return rc;
}

int zuc256_crypt(const uint8_t key[32], const uint8_t iv[25], const uint8_t *in, uint8_t *out,
                 size_t length_bytes)
{
    return zuc256v_crypt(ZUC256_V2018, key, iv, in, out, length_bytes);
}

size_t zuc256v_iv_bytes(int version)
{
    if (!version_ok(version))
        return 0;
    return version == ZUC256_V2018 ? ZUC256_IV_BYTES : ZUC256_IV128_BYTES;
}

int zuc256_iv_unpack(uint8_t iv25[25], const uint8_t iv23[23])
{
    if (!iv25 || !iv23)
        return ZUC_ENULL;
    uint64_t packed = 0; /* the 48 bits of IV17..IV24 */
    for (int i = 17; i < 23; i++)
        packed = (packed << 8) | iv23[i];
    for (int i = 0; i < 17; i++)
        iv25[i] = iv23[i];
    for (int i = 0; i < 8; i++)
        iv25[17 + i] = (uint8_t)((packed >> (42 - 6 * i)) & 0x3F);
    return ZUC_OK;
}

static int check_zuc256_mac(int version, const uint8_t *key, const uint8_t *iv, const uint8_t *msg,
                            size_t length_bits, const uint8_t *tag, size_t tag_bytes)
{
    if (!version_ok(version))
        return ZUC_EVERSION;
    if (!key || !iv || !tag)
        return ZUC_ENULL;
    if (tag_bytes != 4 && tag_bytes != 8 && tag_bytes != 16)
        return ZUC_ETAGSIZE;
    if (exceeds(length_bits, zuc256_mac_max_bits(tag_bytes)))
        return ZUC_ELENGTH;
    if (length_bits && !msg)
        return ZUC_ENULL;
    return ZUC_OK;
}

static void run_zuc256_mac(const zuc_impl *im, int version, const uint8_t *key, const uint8_t *iv,
                           const uint8_t *msg, size_t length_bits, uint8_t *tag, size_t tag_bytes)
{
    if (!msg)
        msg = empty_buffer;
    if (im->zuc256_mac)
        im->zuc256_mac(version, key, iv, msg, length_bits, tag, tag_bytes);
    else
        zuc_modes_zuc256_mac(im, version, key, iv, msg, length_bits, tag, tag_bytes);
}

int zuc256v_mac(int version, const uint8_t key[32], const uint8_t *iv, const uint8_t *msg,
                size_t length_bits, uint8_t *tag, size_t tag_bytes)
{
    int rc = check_zuc256_mac(version, key, iv, msg, length_bits, tag, tag_bytes);
    if (rc == ZUC_OK)
        run_zuc256_mac(zuc_active_impl(), version, key, iv, msg, length_bits, tag, tag_bytes);
    return rc;
}

int zuc256_mac(const uint8_t key[32], const uint8_t iv[25], const uint8_t *msg, size_t length_bits,
               uint8_t *tag, size_t tag_bytes)
{
    return zuc256v_mac(ZUC256_V2018, key, iv, msg, length_bits, tag, tag_bytes);
}

int zuc128_keystream_init(zuc_state *st, const uint8_t key[16], const uint8_t iv[16])
{
    if (!st || !key || !iv)
        return ZUC_ENULL;
    zuc_active_impl()->init128(st, key, iv);
    return ZUC_OK;
}

int zuc256v_keystream_init(zuc_state *st, int version, const uint8_t key[32], const uint8_t *iv)
{
    if (!version_ok(version))
        return ZUC_EVERSION;
    if (!st || !key || !iv)
        return ZUC_ENULL;
    zuc_active_impl()->init256(st, key, iv, zuc256_dset_of(version, 0));
    return ZUC_OK;
}

int zuc256_keystream_init(zuc_state *st, const uint8_t key[32], const uint8_t iv[25])
{
    return zuc256v_keystream_init(st, ZUC256_V2018, key, iv);
}

int zuc128_init(zuc_state *st, const uint8_t key[16], const uint8_t iv[16])
{
    return zuc128_keystream_init(st, key, iv);
}

void zuc_keystream(zuc_state *st, uint32_t *words, size_t nwords)
{
    if (!st || !words || nwords == 0)
        return;
    zuc_active_impl()->keystream(st, words, nwords);
}

/* Many messages: over the lanes of a multi-lane path, else one by one. */
int zuc_eea3_n(const zuc_eea3_job *jobs, size_t n)
{
    if (n && !jobs)
        return ZUC_ENULL;
    for (size_t i = 0; i < n; i++) {
        const zuc_eea3_job *j = &jobs[i];
        int rc = check_eea3(j->key, j->bearer, j->direction, j->in, j->out, j->length_bits);
        if (rc != ZUC_OK)
            return rc;
    }
    const zuc_impl *im = zuc_active_impl_n();
    if (im->lanes > 1) {
        zuc_lanes_eea3(im, jobs, n);
        return ZUC_OK;
    }
    for (size_t i = 0; i < n; i++) {
        const zuc_eea3_job *j = &jobs[i];
        run_eea3(im, j->key, j->count, j->bearer, j->direction, j->in, j->out, j->length_bits);
    }
    return ZUC_OK;
}

int zuc_eia3_n(const zuc_eia3_job *jobs, size_t n)
{
    if (n && !jobs)
        return ZUC_ENULL;
    for (size_t i = 0; i < n; i++) {
        const zuc_eia3_job *j = &jobs[i];
        int rc = check_eia3(j->key, j->bearer, j->direction, j->msg, j->length_bits, j->mac);
        if (rc != ZUC_OK)
            return rc;
    }
    const zuc_impl *im = zuc_active_impl_n();
    if (im->lanes > 1) {
        zuc_lanes_eia3(im, jobs, n);
        return ZUC_OK;
    }
    for (size_t i = 0; i < n; i++) {
        const zuc_eia3_job *j = &jobs[i];
        *j->mac = run_eia3(im, j->key, j->count, j->bearer, j->direction, j->msg, j->length_bits);
    }
    return ZUC_OK;
}

int zuc256v_crypt_n(int version, const zuc256_crypt_job *jobs, size_t n)
{
    if (!version_ok(version))
        return ZUC_EVERSION;
    if (n && !jobs)
        return ZUC_ENULL;
    for (size_t i = 0; i < n; i++) {
        const zuc256_crypt_job *j = &jobs[i];
        int rc = check_zuc256_crypt(version, j->key, j->iv, j->in, j->out, j->length_bytes);
        if (rc != ZUC_OK)
            return rc;
    }
    const zuc_impl *im = zuc_active_impl_n();
    if (im->lanes > 1) {
        zuc_lanes_zuc256_crypt(im, version, jobs, n);
        return ZUC_OK;
    }
    for (size_t i = 0; i < n; i++)
        run_zuc256_crypt(im, version, jobs[i].key, jobs[i].iv, jobs[i].in, jobs[i].out,
                         jobs[i].length_bytes);
    return ZUC_OK;
}

int zuc256_crypt_n(const zuc256_crypt_job *jobs, size_t n)
{
    return zuc256v_crypt_n(ZUC256_V2018, jobs, n);
}

int zuc256v_mac_n(int version, const zuc256_mac_job *jobs, size_t n)
{
    if (!version_ok(version))
        return ZUC_EVERSION;
    if (n && !jobs)
        return ZUC_ENULL;
    for (size_t i = 0; i < n; i++) {
        const zuc256_mac_job *j = &jobs[i];
        int rc =
            check_zuc256_mac(version, j->key, j->iv, j->msg, j->length_bits, j->tag, j->tag_bytes);
        if (rc != ZUC_OK)
            return rc;
    }
    const zuc_impl *im = zuc_active_impl_n();
    if (im->lanes > 1) {
        zuc_lanes_zuc256_mac(im, version, jobs, n);
        return ZUC_OK;
    }
    for (size_t i = 0; i < n; i++)
        run_zuc256_mac(im, version, jobs[i].key, jobs[i].iv, jobs[i].msg, jobs[i].length_bits,
                       jobs[i].tag, jobs[i].tag_bytes);
    return ZUC_OK;
}

int zuc256_mac_n(const zuc256_mac_job *jobs, size_t n)
{
    return zuc256v_mac_n(ZUC256_V2018, jobs, n);
}

#define ZUC_STRINGIFY(x) #x
#define ZUC_VERSION_TEXT(a, b, c) ZUC_STRINGIFY(a) "." ZUC_STRINGIFY(b) "." ZUC_STRINGIFY(c)

const char *zuc_version(void)
{
    return ZUC_VERSION_TEXT(ZUC_VERSION_MAJOR, ZUC_VERSION_MINOR, ZUC_VERSION_PATCH);
}
