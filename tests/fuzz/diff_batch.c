/* SPDX-License-Identifier: Apache-2.0 */
/* diff_batch.c — the many-message calls (zuc_eea3_n, zuc_eia3_n,
 * zuc256_crypt_n, zuc256_mac_n) on every implementation: up to 40 jobs of
 * mixed lengths (and, for the MAC, mixed tag sizes), in place or not, keys
 * and IVs shared between jobs. A valid batch must give each job ref's
 * one-message result; a batch with an invalid job (at most two faults,
 * anywhere) must return the error ref's one-message call gives for the first
 * invalid job, and leave every output as it was. */
#include <stdlib.h>
#include <string.h>

#include "diff_cases.h"
#include "diff_common.h"
#include "diff_rules.h"
#include "zuc.h"

#define MAX_JOBS 40
#define JOB_CAP_BYTES 1500   /* a packet */
#define BATCH_CAP_BYTES 8192 /* all jobs together, to keep the fuzzer fast */
#define POOL 4               /* keys and IVs the jobs share */
#define MAX_FAULTS 2

typedef struct {
    size_t length; /* bits, or bytes for zuc256_crypt */
    size_t msg_bytes, out_bytes;
    int in_place;
    unsigned pool; /* which key and IV */
    uint32_t count;
    uint8_t bearer, direction;
    size_t tag_bytes;
    uint8_t *msg, *msg_for_ref, *pristine;
    uint8_t *expected; /* ref's one-message output */
} job;

typedef struct {
    size_t n;
    job jobs[MAX_JOBS];
    diff_fault fault[MAX_FAULTS];
    size_t victim[MAX_FAULTS];
    uint8_t key[POOL][32], iv[POOL][25], iv_for_ref[POOL][25];
} batch;

/* What differs between the four calls. */
typedef struct {
    const char *one_name, *many_name;
    int bits, mac, has_link;
    uint64_t (*limit)(size_t tag_bytes); /* of the length, in its unit */
    unsigned (*rules)(const batch *b, size_t j);
    /* job j alone, on the message given, into out */
    int (*one)(const batch *b, size_t j, const uint8_t *msg, uint8_t *out);
    /* every job, on its message (or in place in outs[j]), into outs */
    int (*many)(const batch *b, uint8_t *const *outs);
} batch_call;

static int faulty(const batch *b, size_t j, diff_fault f)
{
    for (int i = 0; i < MAX_FAULTS; i++)
        if (b->fault[i] == f && b->victim[i] == j)
            return 1;
    return 0;
}

static int null_jobs(const batch *b)
{
    for (int i = 0; i < MAX_FAULTS; i++)
        if (b->fault[i] == FAULT_NULL_JOBS)
            return 1;
    return 0;
}

static const uint8_t *key_of(const batch *b, size_t j)
{
    return faulty(b, j, FAULT_NULL_KEY) ? NULL : b->key[b->jobs[j].pool];
}

static const uint8_t *iv_of(const batch *b, size_t j, int for_ref)
{
    if (faulty(b, j, FAULT_NULL_IV))
        return NULL;
    return for_ref ? b->iv_for_ref[b->jobs[j].pool] : b->iv[b->jobs[j].pool];
}

static const uint8_t *in_of(const batch *b, size_t j, const uint8_t *msg, const uint8_t *out)
{
    if (faulty(b, j, FAULT_NULL_IN))
        return NULL;
    return b->jobs[j].in_place ? out : msg;
}

static uint8_t *out_of(const batch *b, size_t j, uint8_t *out)
{
    return faulty(b, j, FAULT_NULL_OUT) ? NULL : out;
}

/* ---- the four calls ------------------------------------------------------ */

static uint64_t link_limit(size_t tag_bytes)
{
    (void)tag_bytes;
    return ZUC_EEA3_MAX_BITS;
}
static uint64_t crypt_limit(size_t tag_bytes)
{
    (void)tag_bytes;
    return ZUC256_MAX_BYTES;
}

static unsigned eea3_rules(const batch *b, size_t j)
{
    const job *x = &b->jobs[j];
    return diff_rules_eea3(key_of(b, j), x->bearer, x->direction, in_of(b, j, x->msg, x->msg),
                           out_of(b, j, x->msg), x->length);
}

static int eea3_one(const batch *b, size_t j, const uint8_t *msg, uint8_t *out)
{
    const job *x = &b->jobs[j];
    return zuc_eea3(key_of(b, j), x->count, x->bearer, x->direction, in_of(b, j, msg, out),
                    out_of(b, j, out), x->length);
}

static int eea3_many(const batch *b, uint8_t *const *outs)
{
    zuc_eea3_job jobs[MAX_JOBS];
    for (size_t j = 0; j < b->n; j++) {
        const job *x = &b->jobs[j];
        jobs[j] = (zuc_eea3_job){
            key_of(b, j),          x->count, x->bearer, x->direction, in_of(b, j, x->msg, outs[j]),
            out_of(b, j, outs[j]), x->length
        };
    }
    return zuc_eea3_n(null_jobs(b) ? NULL : jobs, b->n);
}

static unsigned eia3_rules(const batch *b, size_t j)
{
    const job *x = &b->jobs[j];
    return diff_rules_eia3(key_of(b, j), x->bearer, x->direction, in_of(b, j, x->msg, NULL),
                           x->length, out_of(b, j, x->msg));
}

static int eia3_one(const batch *b, size_t j, const uint8_t *msg, uint8_t *out)
{
    const job *x = &b->jobs[j];
    return zuc_eia3(key_of(b, j), x->count, x->bearer, x->direction, in_of(b, j, msg, NULL),
                    x->length, (uint32_t *)(void *)out_of(b, j, out));
}

static int eia3_many(const batch *b, uint8_t *const *outs)
{
    zuc_eia3_job jobs[MAX_JOBS];
    for (size_t j = 0; j < b->n; j++) {
        const job *x = &b->jobs[j];
        jobs[j] = (zuc_eia3_job){ key_of(b, j),
                                  x->count,
                                  x->bearer,
                                  x->direction,
                                  in_of(b, j, x->msg, NULL),
                                  x->length,
                                  (uint32_t *)(void *)out_of(b, j, outs[j]) };
    }
    return zuc_eia3_n(null_jobs(b) ? NULL : jobs, b->n);
}

static unsigned crypt_rules(const batch *b, size_t j)
{
    const job *x = &b->jobs[j];
    return diff_rules_zuc256_crypt(key_of(b, j), iv_of(b, j, 0), in_of(b, j, x->msg, x->msg),
                                   out_of(b, j, x->msg), x->length);
}

static int crypt_one(const batch *b, size_t j, const uint8_t *msg, uint8_t *out)
{
    return zuc256_crypt(key_of(b, j), iv_of(b, j, 1), in_of(b, j, msg, out), out_of(b, j, out),
                        b->jobs[j].length);
}

static int crypt_many(const batch *b, uint8_t *const *outs)
{
    zuc256_crypt_job jobs[MAX_JOBS];
    for (size_t j = 0; j < b->n; j++)
        jobs[j] =
            (zuc256_crypt_job){ key_of(b, j), iv_of(b, j, 0), in_of(b, j, b->jobs[j].msg, outs[j]),
                                out_of(b, j, outs[j]), b->jobs[j].length };
    return zuc256_crypt_n(null_jobs(b) ? NULL : jobs, b->n);
}

static unsigned mac_rules(const batch *b, size_t j)
{
    const job *x = &b->jobs[j];
    return diff_rules_zuc256_mac(key_of(b, j), iv_of(b, j, 0), in_of(b, j, x->msg, NULL), x->length,
                                 out_of(b, j, x->msg), x->tag_bytes);
}

static int mac_one(const batch *b, size_t j, const uint8_t *msg, uint8_t *out)
{
    const job *x = &b->jobs[j];
    return zuc256_mac(key_of(b, j), iv_of(b, j, 1), in_of(b, j, msg, NULL), x->length,
                      out_of(b, j, out), x->tag_bytes);
}

static int mac_many(const batch *b, uint8_t *const *outs)
{
    zuc256_mac_job jobs[MAX_JOBS];
    for (size_t j = 0; j < b->n; j++) {
        const job *x = &b->jobs[j];
        jobs[j] = (zuc256_mac_job){ key_of(b, j), iv_of(b, j, 0),        in_of(b, j, x->msg, NULL),
                                    x->length,    out_of(b, j, outs[j]), x->tag_bytes };
    }
    return zuc256_mac_n(null_jobs(b) ? NULL : jobs, b->n);
}

static const batch_call eea3_call = { "zuc_eea3", "zuc_eea3_n", 1,        0,        1,
                                      link_limit, eea3_rules,   eea3_one, eea3_many };
static const batch_call eia3_call = { "zuc_eia3", "zuc_eia3_n", 1,        1,        1,
                                      link_limit, eia3_rules,   eia3_one, eia3_many };
static const batch_call crypt_call = { "zuc256_crypt", "zuc256_crypt_n", 0,         0,         0,
                                       crypt_limit,    crypt_rules,      crypt_one, crypt_many };
static const batch_call mac_call = { "zuc256_mac",   "zuc256_mac_n", 1,       1,       0,
                                     diff_mac_limit, mac_rules,      mac_one, mac_many };

/* ---- reading a batch ------------------------------------------------------ */

static void read_job(fuzz_input *in, const batch_call *c, batch *b, size_t j, uint64_t seed,
                     size_t *budget)
{
    job *x = &b->jobs[j];
    uint8_t flags = fuzz_u8(in), link = fuzz_u8(in);
    size_t cap = c->bits ? 8 * JOB_CAP_BYTES : JOB_CAP_BYTES;
    x->in_place = !c->mac && (flags & 1);
    x->pool = (flags >> 1) % POOL;
    x->tag_bytes = (size_t[]){ 4, 8, 16, 16 }[(flags >> 3) & 3];
    x->length = fuzz_u16(in) % ((flags & 0x20 ? cap : cap / 16) + 1);
    x->count = c->has_link ? fuzz_u32(in) : 0;
    x->bearer = link & 31;
    x->direction = link >> 7;
    for (int f = 0; f < MAX_FAULTS; f++) {
        if (b->victim[f] != j)
            continue;
        switch (b->fault[f]) {
        case FAULT_BEARER: x->bearer = (uint8_t)(32 + link % 224); break;
        case FAULT_DIRECTION: x->direction = (uint8_t)(2 + link % 254); break;
        case FAULT_TAG_SIZE: x->tag_bytes = diff_pick_tag_bytes(in, FAULT_TAG_SIZE); break;
        case FAULT_LENGTH: x->length = diff_beyond_length(in, c->limit(x->tag_bytes)); break;
        default: break;
        }
    }
    int beyond = x->length > cap;
    size_t bytes = beyond ? DIFF_BEYOND_BYTES : c->bits ? diff_bytes_of_bits(x->length) : x->length;
    if (!beyond && bytes > *budget) { /* over the batch's budget: a short one */
        x->length %= c->bits ? 64 : 8;
        bytes = c->bits ? diff_bytes_of_bits(x->length) : x->length;
    }
    if (!beyond)
        *budget -= bytes;
    x->msg_bytes = bytes;
    x->out_bytes = !c->mac ? bytes : c->has_link ? 4 : 32;
    if (c->mac && !c->has_link && (x->tag_bytes == 4 || x->tag_bytes == 8 || x->tag_bytes == 16))
        x->out_bytes = x->tag_bytes;
    x->msg = diff_alloc(bytes);
    diff_fill(x->msg, bytes, seed + j);
    x->msg_for_ref = diff_copy(x->msg, bytes);
    if (c->bits && !beyond)
        diff_clear_tail(x->msg_for_ref, x->length);
    x->pristine = diff_copy(x->msg, bytes);
    x->expected = NULL;
}

static void read_batch(fuzz_input *in, const batch_call *c, batch *b)
{
    b->n = fuzz_u8(in) % (MAX_JOBS + 1);
    for (int f = 0; f < MAX_FAULTS; f++) {
        b->fault[f] = diff_pick_fault(in);
        b->victim[f] = b->n ? fuzz_u8(in) % b->n : 0;
    }
    uint64_t seed = fuzz_u64(in);
    size_t budget = BATCH_CAP_BYTES;
    for (size_t j = 0; j < b->n; j++)
        read_job(in, c, b, j, seed, &budget);
    for (int p = 0; p < POOL; p++) {
        fuzz_bytes(in, b->key[p], 32);
        fuzz_bytes(in, b->iv[p], 25);
        memcpy(b->iv_for_ref[p], b->iv[p], 25);
        for (int i = 17; i < 25; i++)
            b->iv_for_ref[p][i] &= 0x3F;
    }
}

static void free_batch(batch *b)
{
    for (size_t j = 0; j < b->n; j++) {
        free(b->jobs[j].msg);
        free(b->jobs[j].msg_for_ref);
        free(b->jobs[j].pristine);
        free(b->jobs[j].expected);
    }
}

/* ---- running it ------------------------------------------------------------ */

/* An output buffer for job j: the message when in place, else a canary. */
static uint8_t *fresh_out(const job *x, const uint8_t *msg)
{
    uint8_t *out = diff_alloc(x->out_bytes);
    if (x->in_place)
        memcpy(out, msg, x->out_bytes);
    else
        diff_canary(out, x->out_bytes);
    return out;
}

/* ref's one-message results for a valid batch; for an invalid one, the
 * error ref's one-message call gives for the first invalid job. */
static int expect(const batch_call *c, batch *b)
{
    diff_use("ref");
    if (null_jobs(b) && b->n)
        return ZUC_ENULL;
    for (size_t j = 0; j < b->n; j++) {
        unsigned allowed = c->rules(b, j);
        if (!allowed)
            continue;
        job *x = &b->jobs[j];
        uint8_t *out = fresh_out(x, x->msg_for_ref), *before = diff_copy(out, x->out_bytes);
        int rc = c->one(b, j, x->msg_for_ref, out);
        diff_check_rc(c->one_name, "ref", rc, allowed);
        diff_same(c->one_name, "ref", "output after an error", out, before, x->out_bytes);
        free(out);
        free(before);
        return rc;
    }
    for (size_t j = 0; j < b->n; j++) {
        job *x = &b->jobs[j];
        x->expected = fresh_out(x, x->msg_for_ref);
        diff_check_rc(c->one_name, "ref", c->one(b, j, x->msg_for_ref, x->expected), 0);
    }
    return ZUC_OK;
}

static void run_batch(fuzz_input *in, const batch_call *c)
{
    batch b;
    read_batch(in, c, &b);
    int expected_rc = expect(c, &b);
    uint8_t *outs[MAX_JOBS], *before[MAX_JOBS];
    /* from 1: ref's many-message call is its one-message loop, which the
     * other one-lane paths run too, and ref is by far the slowest */
    for (size_t i = 1; i < diff_impl_count(DIFF_MANY); i++) {
        const char *impl = diff_impl(DIFF_MANY, i);
        diff_use(impl);
        for (size_t j = 0; j < b.n; j++) {
            outs[j] = fresh_out(&b.jobs[j], b.jobs[j].msg);
            before[j] = diff_copy(outs[j], b.jobs[j].out_bytes);
        }
        int rc = c->many(&b, outs);
        if (rc != expected_rc)
            fuzz_fail("%s on %s: returned %d (%s) for %zu jobs, expected %d (%s)", c->many_name,
                      impl, rc, zuc_strerror(rc), b.n, expected_rc, zuc_strerror(expected_rc));
        for (size_t j = 0; j < b.n; j++) {
            const job *x = &b.jobs[j];
            if (rc != ZUC_OK)
                diff_same(c->many_name, impl, "an output after an error", outs[j], before[j],
                          x->out_bytes);
            else
                diff_same(c->many_name, impl, "a job's output", outs[j], x->expected, x->out_bytes);
            diff_same(c->many_name, impl, "a job's message", x->msg, x->pristine, x->msg_bytes);
            free(outs[j]);
            free(before[j]);
        }
    }
    free_batch(&b);
}

void diff_case_eea3_n(fuzz_input *in)
{
    run_batch(in, &eea3_call);
}
void diff_case_eia3_n(fuzz_input *in)
{
    run_batch(in, &eia3_call);
}
void diff_case_zuc256_crypt_n(fuzz_input *in)
{
    run_batch(in, &crypt_call);
}
void diff_case_zuc256_mac_n(fuzz_input *in)
{
    run_batch(in, &mac_call);
}
