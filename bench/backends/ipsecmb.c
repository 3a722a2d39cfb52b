/* SPDX-License-Identifier: Apache-2.0 */
/* ipsecmb.c — wrappers over Intel ipsec-mb 1.3's ZUC functions. */
#include "backends/ipsecmb.h"

#include <intel-ipsec-mb.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backends.h"
#include "be.h"
#include "registry.h"

/* One manager per thread: an IMB_MGR is not safe to share (speed --threads). */
static _Thread_local IMB_MGR *mgr;
static _Thread_local int tried;
static IMB_ARCH arch;

/* ZUCBENCH_IPSEC_MB_NO_GFNI=1 keeps ipsec-mb off GFNI (IMB_FLAG_GFNI_OFF):
 * its AVX-512 code for CPUs without GFNI (Skylake-SP), the peer of
 * libzuc's avx512-aesni, timed on a CPU that has GFNI. */
static int gfni_off(void)
{
    const char *v = getenv("ZUCBENCH_IPSEC_MB_NO_GFNI");
    return v && *v && strcmp(v, "0") != 0;
}

static IMB_MGR *manager(void)
{
    if (!tried) {
        tried = 1;
        mgr = alloc_mb_mgr(gfni_off() ? IMB_FLAG_GFNI_OFF : 0);
        if (mgr) {
            init_mb_mgr_auto(mgr, &arch);
            if (imb_get_errno(mgr) != 0) {
                free_mb_mgr(mgr);
                mgr = NULL;
            }
        }
    }
    return mgr;
}

struct IMB_MGR *ipsecmb_manager(void)
{
    return manager();
}

const char *ipsecmb_unavailable(void)
{
    return manager() ? NULL : "ipsec-mb could not initialise a manager on this CPU";
}

const char *ipsecmb_arch_name(void)
{
    if (!manager())
        return "none";
    switch (arch) {
    case IMB_ARCH_NOAESNI: return "no-aesni";
    case IMB_ARCH_SSE: return "sse";
    case IMB_ARCH_AVX: return "avx";
    case IMB_ARCH_AVX2: return "avx2";
    case IMB_ARCH_AVX512: return gfni_off() ? "avx512 (GFNI off)" : "avx512";
    default: return "unknown";
    }
}

const char *ipsecmb_version(void)
{
    return imb_get_version_str();
}

int ipsecmb_eea3(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                 const uint8_t *in, uint8_t *out, size_t len_bytes)
{
    uint8_t iv[16];
    if (!manager() || len_bytes == 0 || len_bytes > IPSECMB_ZUC_MAX_BYTES)
        return -1;
    zuc_eea3_iv_gen(count, bearer, direction, iv);
    IMB_ZUC_EEA3_1_BUFFER(mgr, key, iv, in, out, (uint32_t)len_bytes);
    return imb_get_errno(mgr) ? -1 : 0;
}

int ipsecmb_eia3(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                 const uint8_t *msg, size_t len_bits, uint32_t *mac)
{
    uint8_t iv[16], tag[4];
    if (!manager() || len_bits == 0 || len_bits > 8 * IPSECMB_ZUC_MAX_BYTES)
        return -1;
    zuc_eia3_iv_gen(count, bearer, direction, iv);
    IMB_ZUC_EIA3_1_BUFFER(mgr, key, iv, msg, (uint32_t)len_bits, (uint32_t *)(void *)tag);
    if (imb_get_errno(mgr))
        return -1;
    *mac = load_be32(tag); /* ipsec-mb writes the tag most significant byte first */
    return 0;
}

/* Submits the job filled last and waits for it; 0 if it completed. */
static int run_job(void)
{
    IMB_JOB *job = IMB_SUBMIT_JOB(mgr);
    while (!job)
        job = IMB_FLUSH_JOB(mgr);
    int ok = job->status == IMB_STATUS_COMPLETED;
    while ((job = IMB_FLUSH_JOB(mgr)) != NULL)
        ok &= job->status == IMB_STATUS_COMPLETED;
    return ok ? 0 : -1;
}

/* Fills a ZUC-256 encryption job; key and IV must live until it completes. */
static void fill_zuc256_crypt(IMB_JOB *job, const uint8_t *key, const uint8_t *iv,
                              const uint8_t *in, uint8_t *out, size_t len_bytes)
{
    job->cipher_mode = IMB_CIPHER_ZUC_EEA3;
    job->cipher_direction = IMB_DIR_ENCRYPT;
    job->chain_order = IMB_ORDER_CIPHER_HASH;
    job->hash_alg = IMB_AUTH_NULL;
    job->enc_keys = key;
    job->key_len_in_bytes = 32;
    job->iv = iv;
    job->iv_len_in_bytes = 25;
    job->src = in;
    job->dst = out;
    job->cipher_start_src_offset_in_bytes = 0;
    job->msg_len_to_cipher_in_bytes = len_bytes;
}

/* Fills a ZUC-256 MAC job (tag of 4, 8 or 16 bytes). */
static void fill_zuc256_mac(IMB_JOB *job, const uint8_t *key, const uint8_t *iv, const uint8_t *msg,
                            size_t len_bits, uint8_t *tag, size_t tag_bytes)
{
    job->cipher_mode = IMB_CIPHER_NULL;
    job->chain_order = IMB_ORDER_HASH_CIPHER;
    job->hash_alg = IMB_AUTH_ZUC256_EIA3_BITLEN;
    job->u.ZUC_EIA3._key = key;
    job->u.ZUC_EIA3._iv = iv;
    job->u.ZUC_EIA3._iv23 = NULL;
    job->src = msg;
    job->hash_start_src_offset_in_bytes = 0;
    job->msg_len_to_hash_in_bits = len_bits;
    job->auth_tag_output = tag;
    job->auth_tag_output_len_in_bytes = tag_bytes;
}

int ipsecmb_zuc256_crypt(const uint8_t key[32], const uint8_t iv[25], const uint8_t *in,
                         uint8_t *out, size_t len_bytes)
{
    _Alignas(16) uint8_t k[32];
    if (!manager() || len_bytes == 0 || len_bytes > IPSECMB_ZUC_MAX_BYTES)
        return -1;
    memcpy(k, key, 32);
    fill_zuc256_crypt(IMB_GET_NEXT_JOB(mgr), k, iv, in, out, len_bytes);
    return run_job();
}

int ipsecmb_zuc256_mac(const uint8_t key[32], const uint8_t iv[25], const uint8_t *msg,
                       size_t len_bits, uint8_t *tag, size_t tag_bytes)
{
    _Alignas(16) uint8_t k[32];
    if (!manager() || len_bits == 0 || len_bits > 8 * IPSECMB_ZUC_MAX_BYTES)
        return -1;
    memcpy(k, key, 32);
    fill_zuc256_mac(IMB_GET_NEXT_JOB(mgr), k, iv, msg, len_bits, tag, tag_bytes);
    return run_job();
}

/* ---- the harness's entries -------------------------------------------- */

static int run_eea3(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0; i < b->n; i++)
        rc |= ipsecmb_eea3(b->keys + 32 * i, b->counts[i], b->bearers[i], b->directions[i],
                           b->msg[i], b->out[i], b->len[i]);
    return rc;
}

static int run_eia3(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0; i < b->n; i++) {
        uint32_t mac = 0;
        rc |= ipsecmb_eia3(b->keys + 32 * i, b->counts[i], b->bearers[i], b->directions[i],
                           b->msg[i], 8 * b->len[i], &mac);
        store_be32(b->out[i], mac);
    }
    return rc;
}

static int run_zuc256(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0; i < b->n; i++)
        rc |= ipsecmb_zuc256_crypt(b->keys + 32 * i, b->ivs + 25 * i, b->msg[i], b->out[i],
                                   b->len[i]);
    return rc;
}

static int run_zuc256_mac(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0; i < b->n; i++)
        rc |= ipsecmb_zuc256_mac(b->keys + 32 * i, b->ivs + 25 * i, b->msg[i], 8 * b->len[i],
                                 b->out[i], b->tag_bytes);
    return rc;
}

/* ---- N-buffer API: N messages per call, or N jobs in flight ------------
 * N = bench_in_flight() (--lanes, default 16). ipsec-mb 1.3's N-buffer calls
 * take any count (its AVX2 code runs them 8 at a time, then 4, then one by
 * one), and the job API is flushed after every N jobs, so every N is kept
 * as asked. Arrays hold the most that can be asked for. */
#define IN_FLIGHT BENCH_IN_FLIGHT_MAX

static int lengths_fit(const bench_batch *b)
{
    for (size_t i = 0; i < b->n; i++)
        if (b->len[i] == 0 || b->len[i] > IPSECMB_ZUC_MAX_BYTES)
            return 0;
    return 1;
}

static uint32_t group_size(const bench_batch *b, size_t first)
{
    size_t k = bench_in_flight();
    return (uint32_t)(b->n - first < k ? b->n - first : k);
}

static int run_eea3_n(const bench_batch *b)
{
    if (!manager() || !lengths_fit(b))
        return -1;
    uint32_t k;
    for (size_t i = 0; i < b->n; i += k) {
        uint32_t lens[IN_FLIGHT];
        k = group_size(b, i);
        uint8_t iv[IN_FLIGHT][16];
        const void *keys[IN_FLIGHT], *ivs[IN_FLIGHT], *src[IN_FLIGHT];
        void *dst[IN_FLIGHT];
        for (uint32_t j = 0; j < k; j++) {
            size_t m = i + j;
            zuc_eea3_iv_gen(b->counts[m], b->bearers[m], b->directions[m], iv[j]);
            keys[j] = b->keys + 32 * m;
            ivs[j] = iv[j];
            src[j] = b->msg[m];
            dst[j] = b->out[m];
            lens[j] = (uint32_t)b->len[m];
        }
        IMB_ZUC_EEA3_N_BUFFER(mgr, keys, ivs, src, dst, lens, k);
        if (imb_get_errno(mgr))
            return -1;
    }
    return 0;
}

static int run_eia3_n(const bench_batch *b)
{
    if (!manager() || !lengths_fit(b))
        return -1;
    uint32_t k;
    for (size_t i = 0; i < b->n; i += k) {
        uint32_t bits[IN_FLIGHT], tags[IN_FLIGHT], *tag_ptrs[IN_FLIGHT];
        k = group_size(b, i);
        uint8_t iv[IN_FLIGHT][16];
        const void *keys[IN_FLIGHT], *ivs[IN_FLIGHT], *src[IN_FLIGHT];
        for (uint32_t j = 0; j < k; j++) {
            size_t m = i + j;
            zuc_eia3_iv_gen(b->counts[m], b->bearers[m], b->directions[m], iv[j]);
            keys[j] = b->keys + 32 * m;
            ivs[j] = iv[j];
            src[j] = b->msg[m];
            bits[j] = (uint32_t)(8 * b->len[m]);
            tag_ptrs[j] = &tags[j];
        }
        IMB_ZUC_EIA3_N_BUFFER(mgr, keys, ivs, src, bits, tag_ptrs, k);
        if (imb_get_errno(mgr))
            return -1;
        for (uint32_t j = 0; j < k; j++)
            memcpy(b->out[i + j], &tags[j], 4); /* already most significant byte first */
    }
    return 0;
}

typedef void (*job_filler)(IMB_JOB *job, const bench_batch *b, size_t m);

static void fill_crypt_of(IMB_JOB *job, const bench_batch *b, size_t m)
{
    fill_zuc256_crypt(job, b->keys + 32 * m, b->ivs + 25 * m, b->msg[m], b->out[m], b->len[m]);
}

static void fill_mac_of(IMB_JOB *job, const bench_batch *b, size_t m)
{
    fill_zuc256_mac(job, b->keys + 32 * m, b->ivs + 25 * m, b->msg[m], 8 * b->len[m], b->out[m],
                    b->tag_bytes);
}

/* Submits the batch's jobs, flushing after every N so that at most N are
 * in flight; 0 if every one completed. */
static int run_jobs_in_flight(const bench_batch *b, job_filler fill)
{
    if (!manager() || !lengths_fit(b))
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

static int run_zuc256_jobs(const bench_batch *b)
{
    return run_jobs_in_flight(b, fill_crypt_of);
}

static int run_zuc256_mac_jobs(const bench_batch *b)
{
    return run_jobs_in_flight(b, fill_mac_of);
}

void bench_register_ipsecmb(void)
{
    bench_register_context("ipsec_mb_version", ipsecmb_version);
    bench_register_context("ipsec_mb_arch", ipsecmb_arch_name);
    /* variant NULL: the N-buffer or N-jobs label, which follows --lanes */
    enum { ONE, N_BUFFER, N_JOBS };
    static const struct {
        const char *algorithm, *variant;
        int api;
        bench_output_kind output;
        int (*run)(const bench_batch *);
    } algs[] = {
        { "128-eea3", "1-buffer", ONE, OUT_CIPHERTEXT, run_eea3 },
        { "128-eia3", "1-buffer", ONE, OUT_TAG4, run_eia3 },
        { "zuc-256", "job", ONE, OUT_CIPHERTEXT, run_zuc256 },
        { "zuc-256-mac32", "job", ONE, OUT_TAG4, run_zuc256_mac },
        { "zuc-256-mac64", "job", ONE, OUT_TAG8, run_zuc256_mac },
        { "zuc-256-mac128", "job", ONE, OUT_TAG16, run_zuc256_mac },
        { "128-eea3", NULL, N_BUFFER, OUT_CIPHERTEXT, run_eea3_n },
        { "128-eia3", NULL, N_BUFFER, OUT_TAG4, run_eia3_n },
        { "zuc-256", NULL, N_JOBS, OUT_CIPHERTEXT, run_zuc256_jobs },
        { "zuc-256-mac32", NULL, N_JOBS, OUT_TAG4, run_zuc256_mac_jobs },
        { "zuc-256-mac64", NULL, N_JOBS, OUT_TAG8, run_zuc256_mac_jobs },
        { "zuc-256-mac128", NULL, N_JOBS, OUT_TAG16, run_zuc256_mac_jobs },
    };
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        int api = algs[a].api;
        bench_entry e = {
            .algorithm = algs[a].algorithm,
            .backend = "ipsec-mb",
            .variant = api == N_BUFFER ? bench_label_n_buffer()
                       : api == N_JOBS ? bench_label_n_jobs()
                                       : algs[a].variant,
            .uses_in_flight = api != ONE,
            .side_by_side = api != ONE,
            .output = algs[a].output,
            .max_bytes = IPSECMB_ZUC_MAX_BYTES,
            .unavailable = ipsecmb_unavailable(),
            .source = "library: Intel ipsec-mb",
            .prepare = bench_prepare_nothing,
            .run = algs[a].run,
        };
        bench_register(&e);
    }
}
