/* SPDX-License-Identifier: Apache-2.0 */
/* libzuc.c — our own library, one entry per algorithm and implementation. */
#include <string.h>

#include "backends/backends.h"
#include "be.h"
#include "registry.h"
#include "zuc.h"

static int select_impl(const bench_entry *e)
{
    return zuc_force_impl(e->variant);
}

/* Messages go through the many-message calls, bench_in_flight() per call
 * (--lanes, default 16), so that multi-lane paths are timed as ipsec-mb's
 * N-buffer API is (one-lane paths loop inside the call, as they did one call
 * per message). Arrays hold the most that can be asked for. */
#define IN_FLIGHT BENCH_IN_FLIGHT_MAX

static size_t group_size(const bench_batch *b, size_t first)
{
    size_t k = bench_in_flight();
    return b->n - first < k ? b->n - first : k;
}

/* One call of a many-message function: messages first .. first + k - 1. */
typedef int (*group_call)(const bench_batch *b, size_t first, size_t k);

static int in_groups(const bench_batch *b, group_call call)
{
    int rc = 0;
    for (size_t i = 0, k; i < b->n; i += k) {
        k = group_size(b, i);
        rc |= call(b, i, k);
    }
    return rc;
}

static int eea3_group(const bench_batch *b, size_t first, size_t k)
{
    zuc_eea3_job jobs[IN_FLIGHT];
    for (size_t j = 0, m = first; j < k; j++, m++)
        jobs[j] = (zuc_eea3_job){ b->keys + 32 * m, b->counts[m], b->bearers[m], b->directions[m],
                                  b->msg[m],        b->out[m],    8 * b->len[m] };
    return zuc_eea3_n(jobs, k);
}

static int eia3_group(const bench_batch *b, size_t first, size_t k)
{
    zuc_eia3_job jobs[IN_FLIGHT];
    uint32_t macs[IN_FLIGHT];
    jobs[0] = (zuc_eia3_job){ 0 }; /* gcc cannot see that k >= 1 */
    for (size_t j = 0, m = first; j < k; j++, m++)
        jobs[j] = (zuc_eia3_job){ b->keys + 32 * m, b->counts[m],  b->bearers[m], b->directions[m],
                                  b->msg[m],        8 * b->len[m], &macs[j] };
    int rc = zuc_eia3_n(jobs, k);
    for (size_t j = 0; j < k; j++)
        store_be32(b->out[first + j], macs[j]);
    return rc;
}

static int zuc256_group(const bench_batch *b, size_t first, size_t k)
{
    zuc256_crypt_job jobs[IN_FLIGHT];
    for (size_t j = 0, m = first; j < k; j++, m++)
        jobs[j] = (zuc256_crypt_job){ b->keys + 32 * m, b->ivs + 25 * m, b->msg[m], b->out[m],
                                      b->len[m] };
    return zuc256_crypt_n(jobs, k);
}

static int zuc256_mac_group(const bench_batch *b, size_t first, size_t k)
{
    zuc256_mac_job jobs[IN_FLIGHT];
    for (size_t j = 0, m = first; j < k; j++, m++)
        jobs[j] = (zuc256_mac_job){ b->keys + 32 * m, b->ivs + 25 * m, b->msg[m],
                                    8 * b->len[m],    b->out[m],       b->tag_bytes };
    return zuc256_mac_n(jobs, k);
}

/* ZUC-NEA6 / NIA6 / NCA6 with the 3GPP inputs (the IV made from COUNT,
 * BEARER and DIRECTION inside the call, as a user's would be). */
static int nea6_group(const bench_batch *b, size_t first, size_t k)
{
    zuc_nea6_job jobs[IN_FLIGHT];
    for (size_t j = 0, m = first; j < k; j++, m++)
        jobs[j] =
            (zuc_nea6_job){ b->keys + 32 * m, b->counts[m], b->bearers[m], b->directions[m], NULL,
                            b->msg[m],        b->out[m],    8 * b->len[m] };
    return zuc_nea6_n(jobs, k);
}

static int nia6_group(const bench_batch *b, size_t first, size_t k)
{
    zuc_nia6_job jobs[IN_FLIGHT];
    for (size_t j = 0, m = first; j < k; j++, m++)
        jobs[j] =
            (zuc_nia6_job){ b->keys + 32 * m, b->counts[m], b->bearers[m], b->directions[m], NULL,
                            b->msg[m],        b->len[m],    b->out[m],     b->tag_bytes };
    return zuc_nia6_n(jobs, k);
}

static int nca6_group(const bench_batch *b, size_t first, size_t k)
{
    zuc_nca6_job jobs[IN_FLIGHT];
    for (size_t j = 0, m = first; j < k; j++, m++)
        jobs[j] = (zuc_nca6_job){ .key = b->keys + 32 * m,
                                  .count = b->counts[m],
                                  .bearer = b->bearers[m],
                                  .direction = b->directions[m],
                                  .aad = b->aad + BENCH_AAD_BYTES * m,
                                  .aad_bytes = BENCH_AAD_BYTES,
                                  .in = b->msg[m],
                                  .out = b->out[m],
                                  .length_bytes = b->len[m],
                                  .tag = b->out[m] + b->len[m],
                                  .tag_bytes = b->tag_bytes };
    return zuc_nca6_encrypt_n(jobs, k);
}

static int run_eea3(const bench_batch *b)
{
    return in_groups(b, eea3_group);
}
static int run_eia3(const bench_batch *b)
{
    return in_groups(b, eia3_group);
}
static int run_zuc256(const bench_batch *b)
{
    return in_groups(b, zuc256_group);
}
static int run_zuc256_mac(const bench_batch *b)
{
    return in_groups(b, zuc256_mac_group);
}
static int run_nea6(const bench_batch *b)
{
    return in_groups(b, nea6_group);
}
static int run_nia6(const bench_batch *b)
{
    return in_groups(b, nia6_group);
}
static int run_nca6(const bench_batch *b)
{
    return in_groups(b, nca6_group);
}

/* Setup alone: the key/IV a message would use, loaded and initialised. */
typedef int (*init_fn)(zuc_state *st, const uint8_t *key, const uint8_t *iv);

static int setup_each(const bench_batch *b, init_fn init)
{
    zuc_state st;
    int rc = 0;
    for (size_t i = 0; i < b->n; i++)
        rc |= init(&st, b->keys + 32 * i, b->ivs + 25 * i);
    return rc;
}

static int setup_128(const bench_batch *b)
{
    return setup_each(b, zuc128_keystream_init);
}
static int setup_256(const bench_batch *b)
{
    return setup_each(b, zuc256_keystream_init);
}

/* ZUC-NEA6's setup: its IV from COUNT, BEARER and DIRECTION, then the
 * version-2023 initialisation. */
static int setup_nea6(const bench_batch *b)
{
    zuc_state st;
    uint8_t iv[16];
    int rc = 0;
    for (size_t i = 0; i < b->n; i++) {
        rc |= zuc_nxa6_iv(iv, ZUC_NEA6, 0, b->counts[i], b->bearers[i], b->directions[i]);
        rc |= zuc256v_keystream_init(&st, ZUC256_V2023, b->keys + 32 * i, iv);
    }
    return rc;
}

/* One stream per thread, set up once, continued for every sample. */
static _Thread_local zuc_state stream_state;

static void stream_start_128(void)
{
    zuc128_keystream_init(&stream_state, bench_stream_key128, bench_stream_iv128);
}

static void stream_start_256(void)
{
    static const uint8_t iv[25] = { 0 };
    zuc256_keystream_init(&stream_state, bench_stream_key256, iv);
}

static void stream_start_nea6(void)
{
    static const uint8_t iv[16] = { 0 };
    zuc256v_keystream_init(&stream_state, ZUC256_V2023, bench_stream_key256, iv);
}

static void stream_next(uint8_t *buf, size_t nbytes)
{
    zuc_keystream(&stream_state, (uint32_t *)(void *)buf, nbytes / 4);
}

void bench_register_libzuc(void)
{
    static const struct {
        const char *algorithm;
        bench_output_kind output;
        int (*run)(const bench_batch *);
        void (*stream_start)(void);
        int (*setup_only)(const bench_batch *);
    } algs[] = {
        { "128-eea3", OUT_CIPHERTEXT, run_eea3, stream_start_128, setup_128 },
        { "128-eia3", OUT_TAG4, run_eia3, NULL, NULL },
        { "zuc-256", OUT_CIPHERTEXT, run_zuc256, stream_start_256, setup_256 },
        { "zuc-256-mac32", OUT_TAG4, run_zuc256_mac, NULL, NULL },
        { "zuc-256-mac64", OUT_TAG8, run_zuc256_mac, NULL, NULL },
        { "zuc-256-mac128", OUT_TAG16, run_zuc256_mac, NULL, NULL },
        { "zuc-nea6", OUT_CIPHERTEXT, run_nea6, stream_start_nea6, setup_nea6 },
        { "zuc-nia6-32", OUT_TAG4, run_nia6, NULL, NULL },
        { "zuc-nia6-64", OUT_TAG8, run_nia6, NULL, NULL },
        { "zuc-nia6-128", OUT_TAG16, run_nia6, NULL, NULL },
        { "zuc-nca6-32", OUT_SEALED4, run_nca6, NULL, NULL },
        { "zuc-nca6-64", OUT_SEALED8, run_nca6, NULL, NULL },
        { "zuc-nca6", OUT_SEALED16, run_nca6, NULL, NULL },
    };
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++)
        for (const char *const *impl = zuc_impl_list(); *impl; impl++) {
            /* a lane path: its many-message calls run on another path than one message */
            int lanes =
                zuc_force_impl(*impl) == ZUC_OK && strcmp(zuc_impl_name(), zuc_impl_name_n()) != 0;
            bench_entry e = {
                .algorithm = algs[a].algorithm,
                .backend = "libzuc",
                .variant = *impl,
                .output = algs[a].output,
                .unavailable = zuc_impl_usable(*impl) ? NULL : "this CPU/OS cannot run it",
                .is_oracle = strcmp(*impl, "ref") == 0,
                .uses_in_flight = 1,
                .side_by_side = lanes,
                .source = "own: lib/ (libzuc)",
                .prepare = select_impl,
                .run = algs[a].run,
                .stream_start = algs[a].stream_start,
                .setup_only = algs[a].setup_only,
                .stream_next = algs[a].stream_start ? stream_next : NULL,
            };
            bench_register(&e);
        }
    zuc_force_impl("auto");
}
