/* SPDX-License-Identifier: Apache-2.0 */
/* ipsecmb_jobs.c — submitting jobs to ipsec-mb and collecting them. */
#include "backends/ipsecmb_jobs.h"

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
