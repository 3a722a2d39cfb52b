/* SPDX-License-Identifier: Apache-2.0 */
/* ipsecmb.c — Intel ipsec-mb's ZUC-128 and ZUC-256 (2018) functions, on
 * whichever of its APIs the installed version has: cmake/ipsecmb.cmake asks
 * its header and defines IPSECMB_HAVE_* (1.3 and 2.x have them all; 3.0
 * has no 1-buffer calls, whose rows then go through one job, and no
 * ZUC-256 of 2018, whose rows are then absent with the reason). */
#include "backends/ipsecmb.h"

#include <intel-ipsec-mb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backends.h"
#include "backends/ipsecmb_jobs.h"
#include "be.h"
#include "registry.h"

#define NO_API(what) "ipsec-mb " IMB_VERSION_STR " has no " what
#ifndef IPSECMB_HAVE_ZUC256
#define ZUC256_ABSENT NO_API("ZUC-256 of 2018 (3.0 removed ZUC-EEA3-256 and ZUC-EIA3-256)")
#endif

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

/* ZUCBENCH_IPSEC_MB_ARCH=sse, avx2 or avx512 starts ipsec-mb on that code
 * path (init_mb_mgr_<arch>) instead of the one it picks for the CPU: its
 * AVX2 code, the peer of libzuc's avx2, ct-aesni and ct-gfni paths, timed on
 * a CPU with AVX-512. Unset, empty or auto: its own pick. */
static const char *const arch_names[] = { "auto", "sse", "avx2", "avx512" };
enum { ARCH_AUTO, ARCH_SSE, ARCH_AVX2, ARCH_AVX512, ARCH_BAD };

static int arch_asked(void)
{
    const char *v = getenv("ZUCBENCH_IPSEC_MB_ARCH");
    if (!v || !*v) {
        return ARCH_AUTO;
    }
    for (int i = 0; i < ARCH_BAD; i++) {
        if (strcmp(v, arch_names[i]) == 0) {
            return i;
        }
    }
    return ARCH_BAD;
}

static void init_asked(IMB_MGR *m)
{
    switch (arch_asked()) {
    case ARCH_SSE:
        init_mb_mgr_sse(m);
        arch = IMB_ARCH_SSE;
        break;
    case ARCH_AVX2:
        init_mb_mgr_avx2(m);
        arch = IMB_ARCH_AVX2;
        break;
    case ARCH_AVX512:
        init_mb_mgr_avx512(m);
        arch = IMB_ARCH_AVX512;
        break;
    default: init_mb_mgr_auto(m, &arch); break;
    }
}

static IMB_MGR *manager(void)
{
    if (!tried) {
        tried = 1;
        mgr = alloc_mb_mgr(gfni_off() ? IMB_FLAG_GFNI_OFF : 0);
        if (mgr) {
            init_asked(mgr);
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
    if (manager()) {
        return NULL;
    }
    return arch_asked() == ARCH_AUTO ? "ipsec-mb could not initialise a manager on this CPU"
                                     : "ipsec-mb could not start the code path that "
                                       "ZUCBENCH_IPSEC_MB_ARCH names on this CPU";
}

const char *ipsecmb_arch_name(void)
{
    if (!manager())
        return "none";
    switch (arch) {
#if IMB_VERSION_NUM < IMB_VERSION(2, 0, 0) /* 2.0 removed these two */
    case IMB_ARCH_NOAESNI: return "no-aesni";
    case IMB_ARCH_AVX: return "avx";
#endif
#if IMB_VERSION_NUM >= IMB_VERSION(3, 0, 0)
    case IMB_ARCH_AVX10: return "avx10";
#endif
    case IMB_ARCH_SSE: return "sse";
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
    _Alignas(16) uint8_t iv[16];
    if (!manager() || len_bytes == 0 || len_bytes > IPSECMB_ZUC_MAX_BYTES)
        return -1;
    zuc_eea3_iv_gen(count, bearer, direction, iv);
#ifdef IPSECMB_HAVE_ZUC_1_BUFFER
    IMB_ZUC_EEA3_1_BUFFER(mgr, key, iv, in, out, (uint32_t)len_bytes);
    return imb_get_errno(mgr) ? -1 : 0;
#else
    ipsecmb_key k;
    IMB_JOB *job = ipsecmb_job_begin(mgr, &k, key, 16, len_bytes, 1, IPSECMB_ZUC_MAX_BYTES);
    ipsecmb_fill_cipher(job, IMB_CIPHER_ZUC_EEA3, IMB_DIR_ENCRYPT, k.bytes, 16, iv, 16, in, out,
                        len_bytes);
    return ipsecmb_run_job(mgr);
#endif
}

int ipsecmb_eia3(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                 const uint8_t *msg, size_t len_bits, uint32_t *mac)
{
    _Alignas(16) uint8_t iv[16];
    uint8_t tag[4];
    if (!manager() || len_bits == 0 || len_bits > 8 * IPSECMB_ZUC_MAX_BYTES)
        return -1;
    zuc_eia3_iv_gen(count, bearer, direction, iv);
#ifdef IPSECMB_HAVE_ZUC_1_BUFFER
    IMB_ZUC_EIA3_1_BUFFER(mgr, key, iv, msg, (uint32_t)len_bits, (uint32_t *)(void *)tag);
    if (imb_get_errno(mgr))
        return -1;
#else
    ipsecmb_key k;
    IMB_JOB *job = ipsecmb_job_begin(mgr, &k, key, 16, len_bits, 1, 8 * IPSECMB_ZUC_MAX_BYTES);
    ipsecmb_fill_hash(job, IMB_AUTH_ZUC_EIA3_BITLEN, msg, tag, 4);
    job->u.ZUC_EIA3._key = k.bytes;
    job->u.ZUC_EIA3._iv = iv;
    job->msg_len_to_hash_in_bits = len_bits;
    if (ipsecmb_run_job(mgr) != 0)
        return -1;
#endif
    *mac = load_be32(tag); /* ipsec-mb writes the tag most significant byte first */
    return 0;
}

const char *ipsecmb_zuc256_unavailable(void)
{
#ifdef IPSECMB_HAVE_ZUC256
    return ipsecmb_unavailable();
#else
    return ZUC256_ABSENT;
#endif
}

#ifdef IPSECMB_HAVE_ZUC256
/* Fills a ZUC-256 encryption job; key and IV must live until it completes. */
static void fill_zuc256_crypt(IMB_JOB *job, const uint8_t *key, const uint8_t *iv,
                              const uint8_t *in, uint8_t *out, size_t len_bytes)
{
    ipsecmb_fill_cipher(job, IMB_CIPHER_ZUC_EEA3, IMB_DIR_ENCRYPT, key, 32, iv, 25, in, out,
                        len_bytes);
}

/* Fills a ZUC-256 MAC job (tag of 4, 8 or 16 bytes). */
static void fill_zuc256_mac(IMB_JOB *job, const uint8_t *key, const uint8_t *iv, const uint8_t *msg,
                            size_t len_bits, uint8_t *tag, size_t tag_bytes)
{
    ipsecmb_fill_hash(job, IMB_AUTH_ZUC256_EIA3_BITLEN, msg, tag, tag_bytes);
    job->u.ZUC_EIA3._key = key;
    job->u.ZUC_EIA3._iv = iv;
    job->u.ZUC_EIA3._iv23 = NULL;
    job->msg_len_to_hash_in_bits = len_bits;
}

int ipsecmb_zuc256_crypt(const uint8_t key[32], const uint8_t iv[25], const uint8_t *in,
                         uint8_t *out, size_t len_bytes)
{
    ipsecmb_key k;
    IMB_JOB *job = ipsecmb_job_begin(manager(), &k, key, 32, len_bytes, 1, IPSECMB_ZUC_MAX_BYTES);
    if (!job)
        return -1;
    fill_zuc256_crypt(job, k.bytes, iv, in, out, len_bytes);
    return ipsecmb_run_job(mgr);
}

int ipsecmb_zuc256_mac(const uint8_t key[32], const uint8_t iv[25], const uint8_t *msg,
                       size_t len_bits, uint8_t *tag, size_t tag_bytes)
{
    ipsecmb_key k;
    IMB_JOB *job =
        ipsecmb_job_begin(manager(), &k, key, 32, len_bits, 1, 8 * IPSECMB_ZUC_MAX_BYTES);
    if (!job)
        return -1;
    fill_zuc256_mac(job, k.bytes, iv, msg, len_bits, tag, tag_bytes);
    return ipsecmb_run_job(mgr);
}
#else
int ipsecmb_zuc256_crypt(const uint8_t key[32], const uint8_t iv[25], const uint8_t *in,
                         uint8_t *out, size_t len_bytes)
{
    (void)key, (void)iv, (void)in, (void)out, (void)len_bytes;
    return -1;
}

int ipsecmb_zuc256_mac(const uint8_t key[32], const uint8_t iv[25], const uint8_t *msg,
                       size_t len_bits, uint8_t *tag, size_t tag_bytes)
{
    (void)key, (void)iv, (void)msg, (void)len_bits, (void)tag, (void)tag_bytes;
    return -1;
}
#endif

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
 * N = bench_in_flight() (--lanes, default 16). ipsec-mb's N-buffer calls
 * take any count (1.3's AVX2 code runs them 8 at a time, then 4, then one
 * by one; 3.0's submit them as jobs), and the job API is flushed after
 * every N jobs, so every N is kept as asked. Arrays hold the most that can
 * be asked for. */
#define IN_FLIGHT BENCH_IN_FLIGHT_MAX

#ifdef IPSECMB_HAVE_ZUC_N_BUFFER
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
#define N_BUFFER_ABSENT NULL
#else
#define run_eea3_n NULL
#define run_eia3_n NULL
#define N_BUFFER_ABSENT NO_API("ZUC N-buffer calls (IMB_ZUC_EEA3_N_BUFFER)")
#endif

#ifdef IPSECMB_HAVE_ZUC256
static void fill_crypt_of(IMB_JOB *job, const bench_batch *b, size_t m)
{
    fill_zuc256_crypt(job, b->keys + 32 * m, b->ivs + 25 * m, b->msg[m], b->out[m], b->len[m]);
}

static void fill_mac_of(IMB_JOB *job, const bench_batch *b, size_t m)
{
    fill_zuc256_mac(job, b->keys + 32 * m, b->ivs + 25 * m, b->msg[m], 8 * b->len[m], b->out[m],
                    b->tag_bytes);
}

static int run_zuc256_jobs(const bench_batch *b)
{
    return ipsecmb_run_jobs_in_flight(manager(), b, fill_crypt_of, 1, IPSECMB_ZUC_MAX_BYTES);
}

static int run_zuc256_mac_jobs(const bench_batch *b)
{
    return ipsecmb_run_jobs_in_flight(manager(), b, fill_mac_of, 1, IPSECMB_ZUC_MAX_BYTES);
}
#define ZUC256_ABSENT NULL
#else
#define run_zuc256_jobs NULL
#define run_zuc256_mac_jobs NULL
#endif

#ifdef IPSECMB_HAVE_ZUC_1_BUFFER
#define ONE_MESSAGE "1-buffer" /* its 1-buffer calls */
#else
#define ONE_MESSAGE "job" /* one job per call */
#endif

void bench_register_ipsecmb(void)
{
    if (arch_asked() == ARCH_BAD) {
        fprintf(stderr, "zucbench: ZUCBENCH_IPSEC_MB_ARCH=%s: expected auto, sse, avx2 or avx512\n",
                getenv("ZUCBENCH_IPSEC_MB_ARCH"));
        exit(2);
    }
    bench_register_context("ipsec_mb_version", ipsecmb_version);
    bench_register_context("ipsec_mb_arch", ipsecmb_arch_name);
    /* variant NULL: the N-buffer or N-jobs label, which follows --lanes */
    enum { ONE, N_BUFFER, N_JOBS };
    static const struct {
        const char *algorithm, *variant;
        int api;
        bench_output_kind output;
        int (*run)(const bench_batch *);
        const char *absent; /* the installed ipsec-mb has not the API */
    } algs[] = {
        { "128-eea3", ONE_MESSAGE, ONE, OUT_CIPHERTEXT, run_eea3, NULL },
        { "128-eia3", ONE_MESSAGE, ONE, OUT_TAG4, run_eia3, NULL },
        { "zuc-256", "job", ONE, OUT_CIPHERTEXT, run_zuc256, ZUC256_ABSENT },
        { "zuc-256-mac32", "job", ONE, OUT_TAG4, run_zuc256_mac, ZUC256_ABSENT },
        { "zuc-256-mac64", "job", ONE, OUT_TAG8, run_zuc256_mac, ZUC256_ABSENT },
        { "zuc-256-mac128", "job", ONE, OUT_TAG16, run_zuc256_mac, ZUC256_ABSENT },
        { "128-eea3", NULL, N_BUFFER, OUT_CIPHERTEXT, run_eea3_n, N_BUFFER_ABSENT },
        { "128-eia3", NULL, N_BUFFER, OUT_TAG4, run_eia3_n, N_BUFFER_ABSENT },
        { "zuc-256", NULL, N_JOBS, OUT_CIPHERTEXT, run_zuc256_jobs, ZUC256_ABSENT },
        { "zuc-256-mac32", NULL, N_JOBS, OUT_TAG4, run_zuc256_mac_jobs, ZUC256_ABSENT },
        { "zuc-256-mac64", NULL, N_JOBS, OUT_TAG8, run_zuc256_mac_jobs, ZUC256_ABSENT },
        { "zuc-256-mac128", NULL, N_JOBS, OUT_TAG16, run_zuc256_mac_jobs, ZUC256_ABSENT },
#ifndef IPSECMB_HAVE_ZUC_1_BUFFER
        { "128-eea3", "1-buffer", ONE, OUT_CIPHERTEXT, NULL,
          NO_API("ZUC 1-buffer calls (3.0 removed them): its job row times one job per call") },
        { "128-eia3", "1-buffer", ONE, OUT_TAG4, NULL,
          NO_API("ZUC 1-buffer calls (3.0 removed them): its job row times one job per call") },
#endif
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
            .unavailable = algs[a].absent ? algs[a].absent : ipsecmb_unavailable(),
            .source = "library: Intel ipsec-mb",
            .prepare = bench_prepare_nothing,
            .run = algs[a].absent ? NULL : algs[a].run,
        };
        bench_register(&e);
    }
}
