/* SPDX-License-Identifier: Apache-2.0 */
/* ipsecmb_jobs.c — filling jobs for ipsec-mb, submitting them and
 * collecting them. */
#include "backends/ipsecmb_jobs.h"

#include <string.h>

IMB_JOB *ipsecmb_job_begin(IMB_MGR *mgr, ipsecmb_key *k, const uint8_t *key, size_t key_bytes,
                           size_t len, size_t min, size_t max)
{
    if (!mgr || len < min || len > max || key_bytes > sizeof k->bytes)
        return NULL;
    memcpy(k->bytes, key, key_bytes);
    return IMB_GET_NEXT_JOB(mgr);
}

void ipsecmb_fill_cipher(IMB_JOB *job, IMB_CIPHER_MODE mode, IMB_CIPHER_DIRECTION direction,
                         const uint8_t *key, size_t key_bytes, const uint8_t *iv, size_t iv_bytes,
                         const uint8_t *in, uint8_t *out, size_t len_bytes)
{
    job->cipher_mode = mode;
    job->cipher_direction = direction;
    job->chain_order = direction == IMB_DIR_ENCRYPT ? IMB_ORDER_CIPHER_HASH : IMB_ORDER_HASH_CIPHER;
    job->hash_alg = IMB_AUTH_NULL;
    job->enc_keys = key;
    job->key_len_in_bytes = key_bytes;
    job->iv = iv;
    job->iv_len_in_bytes = iv_bytes;
    job->src = in;
    job->dst = out;
    job->cipher_start_src_offset_in_bytes = 0;
    job->msg_len_to_cipher_in_bytes = len_bytes;
}

void ipsecmb_fill_hash(IMB_JOB *job, IMB_HASH_ALG alg, const uint8_t *msg, uint8_t *tag,
                       size_t tag_bytes)
{
    job->cipher_mode = IMB_CIPHER_NULL;
    job->chain_order = IMB_ORDER_HASH_CIPHER;
    job->hash_alg = alg;
    job->src = msg;
    job->hash_start_src_offset_in_bytes = 0;
    job->auth_tag_output = tag;
    job->auth_tag_output_len_in_bytes = tag_bytes;
}

int ipsecmb_run_job(IMB_MGR *mgr)
{
    IMB_JOB *job = IMB_SUBMIT_JOB(mgr);
    while (!job)
        job = IMB_FLUSH_JOB(mgr);
    int ok = job->status == IMB_STATUS_COMPLETED;
    while ((job = IMB_FLUSH_JOB(mgr)) != NULL)
        ok &= job->status == IMB_STATUS_COMPLETED;
    return ok ? 0 : -1;
}

static int lengths_fit(const bench_batch *b, size_t min_bytes, size_t max_bytes)
{
    for (size_t i = 0; i < b->n; i++)
        if (b->len[i] < min_bytes || b->len[i] > max_bytes)
            return 0;
    return 1;
}

int ipsecmb_run_jobs_in_flight(IMB_MGR *mgr, const bench_batch *b, ipsecmb_job_filler fill,
                               size_t min_bytes, size_t max_bytes)
{
    if (!mgr || !lengths_fit(b, min_bytes, max_bytes))
        return -1;
    size_t completed = 0, n_in_flight = bench_in_flight();
    int ok = 1;
    IMB_JOB *job;
    for (size_t i = 0; i < b->n; i++) {
        fill(IMB_GET_NEXT_JOB(mgr), b, i);
        for (job = IMB_SUBMIT_JOB(mgr); job; job = IMB_GET_COMPLETED_JOB(mgr), completed++)
            ok &= job->status == IMB_STATUS_COMPLETED;
        if ((i + 1) % n_in_flight == 0 || i + 1 == b->n)
            for (; (job = IMB_FLUSH_JOB(mgr)) != NULL; completed++)
                ok &= job->status == IMB_STATUS_COMPLETED;
    }
    return ok && completed == b->n ? 0 : -1;
}
