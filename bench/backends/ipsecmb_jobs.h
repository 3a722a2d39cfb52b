/* SPDX-License-Identifier: Apache-2.0 */
/* ipsecmb_jobs.h — ipsec-mb's job API as the backend uses it: one job per
 * call, or a batch's messages with N jobs in flight (--lanes); and the
 * cipher half of a job, which every ZUC cipher of ipsec-mb fills alike. */
#ifndef BENCH_IPSECMB_JOBS_H
#define BENCH_IPSECMB_JOBS_H

#include <intel-ipsec-mb.h>
#include <stddef.h>
#include <stdint.h>

#include "registry.h"

/* A key where ipsec-mb's ZUC code wants it: 16-byte aligned. */
typedef struct {
    _Alignas(16) uint8_t bytes[32];
} ipsecmb_key;

/* Begins one job on mgr: NULL if mgr is NULL or len is outside min..max
 * (the unit the caller's limits have); else mgr's next job, with key_bytes
 * of key copied into *k, which must live until the job completes. */
IMB_JOB *ipsecmb_job_begin(IMB_MGR *mgr, ipsecmb_key *k, const uint8_t *key, size_t key_bytes,
                           size_t len, size_t min, size_t max);

/* Submits the job filled last on mgr and waits for it; 0 if it completed. */
int ipsecmb_run_job(IMB_MGR *mgr);

/* Fills the cipher half of a job for mode in direction (cipher first when
 * encrypting, hash first when decrypting) over len_bytes of in from offset
 * 0, with no hash: an AEAD mode sets its hash after. Key, IV and buffers
 * must live until the job completes. */
void ipsecmb_fill_cipher(IMB_JOB *job, IMB_CIPHER_MODE mode, IMB_CIPHER_DIRECTION direction,
                         const uint8_t *key, size_t key_bytes, const uint8_t *iv, size_t iv_bytes,
                         const uint8_t *in, uint8_t *out, size_t len_bytes);
/* Fills a hash-only job for alg over msg from offset 0, writing a tag of
 * tag_bytes: the caller sets the key, the IV and the length, whose fields
 * differ between the algorithms. */
void ipsecmb_fill_hash(IMB_JOB *job, IMB_HASH_ALG alg, const uint8_t *msg, uint8_t *tag,
                       size_t tag_bytes);

/* Fills the job for message m of the batch. */
typedef void (*ipsecmb_job_filler)(IMB_JOB *job, const bench_batch *b, size_t m);

/* Submits every message of b, flushing after every bench_in_flight() so
 * that at most that many are in flight; 0 if every one completed. Messages
 * of fewer than min_bytes or more than max_bytes are refused (-1) before
 * any is submitted. */
int ipsecmb_run_jobs_in_flight(IMB_MGR *mgr, const bench_batch *b, ipsecmb_job_filler fill,
                               size_t min_bytes, size_t max_bytes);

#endif
