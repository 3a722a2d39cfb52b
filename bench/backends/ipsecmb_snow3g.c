/* SPDX-License-Identifier: Apache-2.0 */
/* ipsecmb_snow3g.c — SNOW 3G as the 3GPP algorithms 128-EEA1 (f8) and
 * 128-EIA1 (f9, with FRESH = BEARER || 0^27) through ipsec-mb's 1-buffer
 * API; the key schedule is part of every message's work, as ZUC's is. */
#include <intel-ipsec-mb.h>
#include <stdio.h>
#include <string.h>

#include "backends/backends.h"
#include "backends/vectors_3gpp.h"
#include "backends/ipsecmb.h"
#include "registry.h"

static int ipsecmb_eea1(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                        const uint8_t *in, uint8_t *out, size_t len_bytes)
{
    IMB_MGR *mgr = ipsecmb_manager();
    snow3g_key_schedule_t ks;
    uint8_t iv[16];
    if (!mgr || len_bytes == 0 || len_bytes > UINT32_MAX / 8 ||
        IMB_SNOW3G_INIT_KEY_SCHED(mgr, key, &ks) != 0 ||
        snow3g_f8_iv_gen(count, bearer, direction, iv) != 0)
        return -1;
    IMB_SNOW3G_F8_1_BUFFER(mgr, &ks, iv, in, out, (uint32_t)len_bytes);
    return imb_get_errno(mgr) ? -1 : 0;
}

static int ipsecmb_eia1(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                        const uint8_t *msg, size_t len_bits, uint8_t tag[4])
{
    IMB_MGR *mgr = ipsecmb_manager();
    snow3g_key_schedule_t ks;
    uint8_t iv[16];
    if (!mgr || len_bits == 0 || len_bits > UINT32_MAX ||
        IMB_SNOW3G_INIT_KEY_SCHED(mgr, key, &ks) != 0 ||
        snow3g_f9_iv_gen(count, (uint32_t)bearer << 27, direction, iv) != 0)
        return -1;
    IMB_SNOW3G_F9_1_BUFFER(mgr, &ks, iv, msg, (uint64_t)len_bits, tag);
    return imb_get_errno(mgr) ? -1 : 0;
}

static int run_eea1(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0; i < b->n; i++)
        rc |= ipsecmb_eea1(b->keys + 32 * i, b->counts[i], b->bearers[i], b->directions[i],
                           b->msg[i], b->out[i], b->len[i]);
    return rc;
}

static int run_eia1(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0; i < b->n; i++)
        rc |= ipsecmb_eia1(b->keys + 32 * i, b->counts[i], b->bearers[i], b->directions[i],
                           b->msg[i], 8 * b->len[i], b->out[i]);
    return rc;
}

/* TS 33.401 C.3 test set 1 (253 bits: the last byte compared on its top 5 bits). */
static int check_eea1(void)
{
    static const uint8_t ct[32] = { 0x5d, 0x5b, 0xfe, 0x75, 0xeb, 0x04, 0xf6, 0x8c,
                                    0xe0, 0xa1, 0x23, 0x77, 0xea, 0x00, 0xb3, 0x7d,
                                    0x47, 0xc6, 0xa0, 0xba, 0x06, 0x30, 0x91, 0x55,
                                    0x08, 0x6a, 0x85, 0x9c, 0x43, 0x41, 0xb3, 0x78 };
    uint8_t out[32];
    if (ipsecmb_eea1(bench_3gpp_set1_key, BENCH_3GPP_SET1_COUNT, BENCH_3GPP_SET1_BEARER,
                     BENCH_3GPP_SET1_DIRECTION, bench_3gpp_set1_plaintext, out, 32) != 0)
        return -1;
    return bench_3gpp_set1_check(out, ct);
}

/* TS 33.401 C.4 test set 1 (88 bits). */
static int check_eia1(void)
{
    static const uint8_t key[16] = { 0x2b, 0xd6, 0x45, 0x9f, 0x82, 0xc5, 0xb3, 0x00,
                                     0x95, 0x2c, 0x49, 0x10, 0x48, 0x81, 0xff, 0x48 };
    static const uint8_t msg[11] = { 0x33, 0x32, 0x34, 0x62, 0x63, 0x39,
                                     0x38, 0x61, 0x37, 0x34, 0x79 };
    static const uint8_t want[4] = { 0x73, 0x1f, 0x11, 0x65 };
    uint8_t tag[4];
    return ipsecmb_eia1(key, 0x38a6f056, 0x1f, 0, msg, 88, tag) == 0 && memcmp(tag, want, 4) == 0
               ? 0
               : -1;
}

void bench_register_snow3g(void)
{
    static char source[64];
    snprintf(source, sizeof source, "library: ipsec-mb %s", ipsecmb_version());
    bench_entry eea1 = {
        .algorithm = "128-eea1",
        .backend = "ipsec-mb",
        .variant = "1-buffer",
        .output = OUT_CIPHERTEXT,
        .unavailable = ipsecmb_unavailable(),
        .source = source,
        .prepare = bench_prepare_nothing,
        .run = run_eea1,
        .known_answer = check_eea1,
    };
    bench_entry eia1 = eea1;
    eia1.algorithm = "128-eia1";
    eia1.output = OUT_TAG4;
    eia1.run = run_eia1;
    eia1.known_answer = check_eia1;
    bench_register(&eea1);
    bench_register(&eia1);
}
