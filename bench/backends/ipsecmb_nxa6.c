/* SPDX-License-Identifier: Apache-2.0 */
/* ipsecmb_nxa6.c — ZUC-NEA6 / NIA6 / NCA6 through ipsec-mb's job API, one
 * job per call or N in flight (--lanes), each message with its own key and
 * the 3GPP IV made from its COUNT, BEARER and DIRECTION (zuc_nxa6_iv, as
 * libzuc's rows make it inside the call). ipsec-mb has them from 3.0
 * (cmake/ipsecmb.cmake defines IPSECMB_HAVE_NXA6); before, the rows are
 * listed as absent with the reason. Pitfalls of its API: the NIA6 job takes
 * the message length in bytes (msg_len_to_hash_in_bytes, a union with
 * msg_len_to_hash_in_bits), and NEA6 and NIA6 refuse empty messages. */
#include <intel-ipsec-mb.h>

#include "backends/backends.h"
#include "backends/ipsecmb.h"
#include "registry.h"
#include "zuc.h"

/* ipsec-mb 3.0.0-dev accepts NEA6 and NIA6 messages of up to 2^32 - 1 bits,
 * but from 65536 bytes on its output is wrong (seen with its AVX2 and SSE
 * code: as if the length were taken modulo 65536): its rows stop below. */
#define NEA6_MAX_BYTES IPSECMB_NEA6_NIA6_MAX_BYTES
#define NIA6_MAX_BYTES IPSECMB_NEA6_NIA6_MAX_BYTES

#ifdef IPSECMB_HAVE_NXA6
#include "backends/ipsecmb_jobs.h"

const char *ipsecmb_nxa6_unavailable(void)
{
    return ipsecmb_unavailable();
}

/* The fillers: key (16-byte aligned), IV, AAD and buffers must live until
 * the job completes. */
static void fill_nea6(IMB_JOB *job, const uint8_t *key, const uint8_t *iv, const uint8_t *in,
                      uint8_t *out, size_t len_bytes)
{
    ipsecmb_fill_cipher(job, IMB_CIPHER_ZUC_NEA6, IMB_DIR_ENCRYPT, key, 32, iv, 16, in, out,
                        len_bytes);
}

static void fill_nia6(IMB_JOB *job, const uint8_t *key, const uint8_t *iv, const uint8_t *msg,
                      size_t len_bytes, uint8_t *tag, size_t tag_bytes)
{
    ipsecmb_fill_hash(job, IMB_AUTH_ZUC_NIA6, msg, tag, tag_bytes);
    job->u.NIA._key = key;
    job->u.NIA._iv = iv;
    job->msg_len_to_hash_in_bytes = len_bytes; /* bytes, though EIA3's are bits */
}

/* Decryption writes the tag it computes over aad and the ciphertext. */
static void fill_nca6(IMB_JOB *job, IMB_CIPHER_DIRECTION direction, const uint8_t *key,
                      const uint8_t *iv, const uint8_t *aad, size_t aad_bytes, const uint8_t *in,
                      uint8_t *out, size_t len_bytes, uint8_t *tag, size_t tag_bytes)
{
    ipsecmb_fill_cipher(job, IMB_CIPHER_ZUC_NCA6, direction, key, 32, iv, 16, in, out, len_bytes);
    job->hash_alg = IMB_AUTH_ZUC_NCA6;
    job->dec_keys = key;
    job->u.NCA.aad = aad;
    job->u.NCA.aad_len_in_bytes = aad_bytes;
    job->auth_tag_output = tag;
    job->auth_tag_output_len_in_bytes = tag_bytes;
}

/* ---- one message per call ------------------------------------------------ */

int ipsecmb_nea6(const uint8_t key[32], const uint8_t iv[16], const uint8_t *in, uint8_t *out,
                 size_t len_bytes)
{
    IMB_MGR *mgr = ipsecmb_manager();
    ipsecmb_key k;
    IMB_JOB *job = ipsecmb_job_begin(mgr, &k, key, 32, len_bytes, 1, NEA6_MAX_BYTES);
    if (!job)
        return -1;
    fill_nea6(job, k.bytes, iv, in, out, len_bytes);
    return ipsecmb_run_job(mgr);
}

int ipsecmb_nia6(const uint8_t key[32], const uint8_t iv[16], const uint8_t *msg, size_t len_bytes,
                 uint8_t *tag, size_t tag_bytes)
{
    IMB_MGR *mgr = ipsecmb_manager();
    ipsecmb_key k;
    IMB_JOB *job = ipsecmb_job_begin(mgr, &k, key, 32, len_bytes, 1, NIA6_MAX_BYTES);
    if (!job)
        return -1;
    fill_nia6(job, k.bytes, iv, msg, len_bytes, tag, tag_bytes);
    return ipsecmb_run_job(mgr);
}

static int nca6(IMB_CIPHER_DIRECTION direction, const uint8_t key[32], const uint8_t iv[16],
                const uint8_t *aad, size_t aad_bytes, const uint8_t *in, uint8_t *out,
                size_t len_bytes, uint8_t *tag, size_t tag_bytes)
{
    IMB_MGR *mgr = ipsecmb_manager();
    ipsecmb_key k;
    IMB_JOB *job = ipsecmb_job_begin(mgr, &k, key, 32, len_bytes, 0, IPSECMB_NCA6_MAX_BYTES);
    if (!job)
        return -1;
    fill_nca6(job, direction, k.bytes, iv, aad, aad_bytes, in, out, len_bytes, tag, tag_bytes);
    return ipsecmb_run_job(mgr);
}

int ipsecmb_nca6_encrypt(const uint8_t key[32], const uint8_t iv[16], const uint8_t *aad,
                         size_t aad_bytes, const uint8_t *in, uint8_t *out, size_t len_bytes,
                         uint8_t *tag, size_t tag_bytes)
{
    return nca6(IMB_DIR_ENCRYPT, key, iv, aad, aad_bytes, in, out, len_bytes, tag, tag_bytes);
}

int ipsecmb_nca6_decrypt(const uint8_t key[32], const uint8_t iv[16], const uint8_t *aad,
                         size_t aad_bytes, const uint8_t *in, uint8_t *out, size_t len_bytes,
                         uint8_t *tag, size_t tag_bytes)
{
    return nca6(IMB_DIR_DECRYPT, key, iv, aad, aad_bytes, in, out, len_bytes, tag, tag_bytes);
}

/* ---- the harness's entries: one job per call ----------------------------- */

static void iv_of(uint8_t iv[16], int algorithm, size_t tag_bytes, const bench_batch *b, size_t m)
{
    zuc_nxa6_iv(iv, algorithm, tag_bytes, b->counts[m], b->bearers[m], b->directions[m]);
}

static int run_nea6(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0; i < b->n; i++) {
        _Alignas(16) uint8_t iv[16];
        iv_of(iv, ZUC_NEA6, 0, b, i);
        rc |= ipsecmb_nea6(b->keys + 32 * i, iv, b->msg[i], b->out[i], b->len[i]);
    }
    return rc;
}

static int run_nia6(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0; i < b->n; i++) {
        _Alignas(16) uint8_t iv[16];
        iv_of(iv, ZUC_NIA6, b->tag_bytes, b, i);
        rc |= ipsecmb_nia6(b->keys + 32 * i, iv, b->msg[i], b->len[i], b->out[i], b->tag_bytes);
    }
    return rc;
}

static int run_nca6(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0; i < b->n; i++) {
        _Alignas(16) uint8_t iv[16];
        iv_of(iv, ZUC_NCA6, b->tag_bytes, b, i);
        rc |= ipsecmb_nca6_encrypt(b->keys + 32 * i, iv, b->aad + BENCH_AAD_BYTES * i,
                                   BENCH_AAD_BYTES, b->msg[i], b->out[i], b->len[i],
                                   b->out[i] + b->len[i], b->tag_bytes);
    }
    return rc;
}

/* ---- N jobs in flight ------------------------------------------------------
 * The IVs of the jobs in flight, one slot per job: a group of
 * bench_in_flight() jobs is flushed before the next one reuses the slots.
 * The batch's keys are 16-byte aligned. */
static _Thread_local _Alignas(16) uint8_t ivs_in_flight[BENCH_IN_FLIGHT_MAX][16];

static uint8_t *iv_slot(size_t m)
{
    return ivs_in_flight[m % bench_in_flight()];
}

static void fill_nea6_of(IMB_JOB *job, const bench_batch *b, size_t m)
{
    uint8_t *iv = iv_slot(m);
    iv_of(iv, ZUC_NEA6, 0, b, m);
    fill_nea6(job, b->keys + 32 * m, iv, b->msg[m], b->out[m], b->len[m]);
}

static void fill_nia6_of(IMB_JOB *job, const bench_batch *b, size_t m)
{
    uint8_t *iv = iv_slot(m);
    iv_of(iv, ZUC_NIA6, b->tag_bytes, b, m);
    fill_nia6(job, b->keys + 32 * m, iv, b->msg[m], b->len[m], b->out[m], b->tag_bytes);
}

static void fill_nca6_of(IMB_JOB *job, const bench_batch *b, size_t m)
{
    uint8_t *iv = iv_slot(m);
    iv_of(iv, ZUC_NCA6, b->tag_bytes, b, m);
    fill_nca6(job, IMB_DIR_ENCRYPT, b->keys + 32 * m, iv, b->aad + BENCH_AAD_BYTES * m,
              BENCH_AAD_BYTES, b->msg[m], b->out[m], b->len[m], b->out[m] + b->len[m],
              b->tag_bytes);
}

static int run_nea6_jobs(const bench_batch *b)
{
    return ipsecmb_run_jobs_in_flight(ipsecmb_manager(), b, fill_nea6_of, 1, NEA6_MAX_BYTES);
}

static int run_nia6_jobs(const bench_batch *b)
{
    return ipsecmb_run_jobs_in_flight(ipsecmb_manager(), b, fill_nia6_of, 1, NIA6_MAX_BYTES);
}

static int run_nca6_jobs(const bench_batch *b)
{
    return ipsecmb_run_jobs_in_flight(ipsecmb_manager(), b, fill_nca6_of, 0,
                                      IPSECMB_NCA6_MAX_BYTES);
}
#else /* an ipsec-mb before 3.0 */
#define NXA6_ABSENT "ipsec-mb " IMB_VERSION_STR " has no ZUC-NEA6/NIA6/NCA6 (they came with 3.0)"

const char *ipsecmb_nxa6_unavailable(void)
{
    return NXA6_ABSENT;
}

int ipsecmb_nea6(const uint8_t key[32], const uint8_t iv[16], const uint8_t *in, uint8_t *out,
                 size_t len_bytes)
{
    (void)key, (void)iv, (void)in, (void)out, (void)len_bytes;
    return -1;
}

int ipsecmb_nia6(const uint8_t key[32], const uint8_t iv[16], const uint8_t *msg, size_t len_bytes,
                 uint8_t *tag, size_t tag_bytes)
{
    (void)key, (void)iv, (void)msg, (void)len_bytes, (void)tag, (void)tag_bytes;
    return -1;
}

int ipsecmb_nca6_encrypt(const uint8_t key[32], const uint8_t iv[16], const uint8_t *aad,
                         size_t aad_bytes, const uint8_t *in, uint8_t *out, size_t len_bytes,
                         uint8_t *tag, size_t tag_bytes)
{
    (void)key, (void)iv, (void)aad, (void)aad_bytes, (void)in, (void)out, (void)len_bytes;
    (void)tag, (void)tag_bytes;
    return -1;
}

int ipsecmb_nca6_decrypt(const uint8_t key[32], const uint8_t iv[16], const uint8_t *aad,
                         size_t aad_bytes, const uint8_t *in, uint8_t *out, size_t len_bytes,
                         uint8_t *tag, size_t tag_bytes)
{
    return ipsecmb_nca6_encrypt(key, iv, aad, aad_bytes, in, out, len_bytes, tag, tag_bytes);
}

#define run_nea6 NULL
#define run_nia6 NULL
#define run_nca6 NULL
#define run_nea6_jobs NULL
#define run_nia6_jobs NULL
#define run_nca6_jobs NULL
#endif

void bench_register_ipsecmb_nxa6(void)
{
    static const struct {
        const char *algorithm;
        bench_output_kind output;
        size_t max_bytes;
        int (*run_one)(const bench_batch *), (*run_jobs)(const bench_batch *);
    } algs[] = {
        { "zuc-nea6", OUT_CIPHERTEXT, NEA6_MAX_BYTES, run_nea6, run_nea6_jobs },
        { "zuc-nia6-32", OUT_TAG4, NIA6_MAX_BYTES, run_nia6, run_nia6_jobs },
        { "zuc-nia6-64", OUT_TAG8, NIA6_MAX_BYTES, run_nia6, run_nia6_jobs },
        { "zuc-nia6-128", OUT_TAG16, NIA6_MAX_BYTES, run_nia6, run_nia6_jobs },
        { "zuc-nca6-32", OUT_SEALED4, IPSECMB_NCA6_MAX_BYTES, run_nca6, run_nca6_jobs },
        { "zuc-nca6-64", OUT_SEALED8, IPSECMB_NCA6_MAX_BYTES, run_nca6, run_nca6_jobs },
        { "zuc-nca6", OUT_SEALED16, IPSECMB_NCA6_MAX_BYTES, run_nca6, run_nca6_jobs },
    };
    const char *absent = ipsecmb_nxa6_unavailable();
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++)
        for (int in_flight = 0; in_flight <= 1; in_flight++) {
            bench_entry e = {
                .algorithm = algs[a].algorithm,
                .backend = "ipsec-mb",
                .variant = in_flight ? bench_label_n_jobs() : "job",
                .uses_in_flight = in_flight,
                .side_by_side = in_flight,
                .output = algs[a].output,
                .max_bytes = algs[a].max_bytes,
                .unavailable = absent,
                .source = "library: Intel ipsec-mb",
                .prepare = bench_prepare_nothing,
                .run = in_flight ? algs[a].run_jobs : algs[a].run_one,
            };
            bench_register(&e);
        }
}
