/* SPDX-License-Identifier: Apache-2.0 */
/* ipsecmb_jobs.h — ipsec-mb's job API as the backend uses it: one job per
 * call, or a batch's messages with N jobs in flight (--lanes). */
#ifndef BENCH_IPSECMB_JOBS_H
#define BENCH_IPSECMB_JOBS_H

#include <intel-ipsec-mb.h>
#include <stddef.h>

#include "registry.h"

/* Submits the job filled last on mgr and waits for it; 0 if it completed. */
int ipsecmb_run_job(IMB_MGR *mgr);

/* Fills the job for message m of the batch. */
typedef void (*ipsecmb_job_filler)(IMB_JOB *job, const bench_batch *b, size_t m);

/* Submits every message of b, flushing after every bench_in_flight() so
 * that at most that many are in flight; 0 if every one completed. Messages
 * of fewer than min_bytes or more than max_bytes are refused (-1) before
 * any is submitted. */
int ipsecmb_run_jobs_in_flight(IMB_MGR *mgr, const bench_batch *b, ipsecmb_job_filler fill,
                               size_t min_bytes, size_t max_bytes);

#endif
