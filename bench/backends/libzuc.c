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

static int run_eea3(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0, k; i < b->n; i += k) {
        zuc_eea3_job jobs[IN_FLIGHT];
        k = group_size(b, i);
        for (size_t j = 0; j < k; j++) {
            size_t m = i + j;
            jobs[j] =
                (zuc_eea3_job){ b->keys + 32 * m, b->counts[m], b->bearers[m], b->directions[m],
                                b->msg[m],        b->out[m],    8 * b->len[m] };
        }
        rc |= zuc_eea3_n(jobs, k);
    }
    return rc;
}

static int run_eia3(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0, k; i < b->n; i += k) {
        zuc_eia3_job jobs[IN_FLIGHT];
        uint32_t macs[IN_FLIGHT];
        k = group_size(b, i);
        for (size_t j = 0; j < k; j++) {
            size_t m = i + j;
            jobs[j] =
                (zuc_eia3_job){ b->keys + 32 * m, b->counts[m],  b->bearers[m], b->directions[m],
                                b->msg[m],        8 * b->len[m], &macs[j] };
        }
        rc |= zuc_eia3_n(jobs, k);
        for (size_t j = 0; j < k; j++)
            store_be32(b->out[i + j], macs[j]);
    }
    return rc;
}

static int run_zuc256(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0, k; i < b->n; i += k) {
        zuc256_crypt_job jobs[IN_FLIGHT];
        k = group_size(b, i);
        for (size_t j = 0; j < k; j++) {
            size_t m = i + j;
            jobs[j] = (zuc256_crypt_job){ b->keys + 32 * m, b->ivs + 25 * m, b->msg[m], b->out[m],
                                          b->len[m] };
        }
        rc |= zuc256_crypt_n(jobs, k);
    }
    return rc;
}

static int run_zuc256_mac(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0, k; i < b->n; i += k) {
        zuc256_mac_job jobs[IN_FLIGHT];
        k = group_size(b, i);
        for (size_t j = 0; j < k; j++) {
            size_t m = i + j;
            jobs[j] = (zuc256_mac_job){ b->keys + 32 * m, b->ivs + 25 * m, b->msg[m],
                                        8 * b->len[m],    b->out[m],       b->tag_bytes };
        }
        rc |= zuc256_mac_n(jobs, k);
    }
    return rc;
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
