/* SPDX-License-Identifier: Apache-2.0 */
/* limits.c — every length check of libzuc at its edges, on every
 * implementation, for the one-message and the many-message (_n) calls:
 * 0, 1, the limit - 1, the limit, the limit + 1, SIZE_MAX - k for small k,
 * and SIZE_MAX.
 *
 *   - A length over the limit must return ZUC_ELENGTH and touch nothing: the
 *     call gets a 64-byte message, so a check that wrapped and let the call
 *     run reads (and writes) far beyond it, which the sanitizer build reports
 *     and the release build usually dies of.
 *   - A length within the limit must pass the length check: with NULL data it
 *     returns ZUC_ENULL (the data pointers are checked after the length, so
 *     nothing runs).
 *   - 0 and 1 bits run, and must match the reference.
 *   - On 64-bit hosts each algorithm also runs once at its limit (512 MiB),
 *     one-message path against many-message path.
 * A batch whose last job is out of range leaves every earlier job's output
 * untouched. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/testutil.h"
#include "zuc.h"

#define MSG_BYTES 64

static uint8_t key[32], iv[25], msg[MSG_BYTES];

/* ZUC-256 MAC: L + 2t <= 2^32 with t = 8 * tag_bytes. */
static uint64_t mac_limit(size_t tag_bytes)
{
    return ((uint64_t)1 << 32) - 16u * tag_bytes;
}

/* The lengths to try around a limit, those that fit in a size_t. */
static size_t edge_lengths(uint64_t limit, size_t *out)
{
    size_t n = 0;
    const uint64_t fixed[] = { 0, 1, limit - 1, limit, limit + 1, limit + 2 };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (fixed[i] <= SIZE_MAX)
            out[n++] = (size_t)fixed[i];
    for (size_t k = 0; k <= 300; k += (k < 40 ? 1 : 13)) /* past 16 * 16 = 256 */
        out[n++] = SIZE_MAX - k;
    return n;
}

#define MAX_EDGES 80

/* ---- one algorithm at one length ------------------------------------------- */

typedef enum { EEA3, EIA3, CRYPT, MAC4, MAC8, MAC16 } algorithm;
static const char *const algorithm_name[] = {
    "eea3", "eia3", "zuc256", "mac32", "mac64", "mac128"
};

static uint64_t limit_of(algorithm a)
{
    switch (a) {
    case EEA3: return ZUC_EEA3_MAX_BITS;
    case EIA3: return ZUC_EIA3_MAX_BITS;
    case CRYPT: return ZUC256_MAX_BYTES;
    case MAC4: return mac_limit(4);
    case MAC8: return mac_limit(8);
    default: return mac_limit(16);
    }
}

static size_t tag_bytes_of(algorithm a)
{
    return a == MAC4 ? 4 : a == MAC8 ? 8 : 16;
}

/* Runs algorithm a over len (bits, or bytes for CRYPT) of data, into out
 * (16 bytes: ciphertext, MAC or tag); many = through the _n call. */
static int run(algorithm a, int many, const uint8_t *data, uint8_t *out, size_t len)
{
    uint32_t mac = 0;
    int rc;
    switch (a) {
    case EEA3: {
        zuc_eea3_job j = { key, 7, 3, 1, data, out, len };
        return many ? zuc_eea3_n(&j, 1) : zuc_eea3(key, 7, 3, 1, data, out, len);
    }
    case EIA3: {
        zuc_eia3_job j = { key, 7, 3, 1, data, len, &mac };
        rc = many ? zuc_eia3_n(&j, 1) : zuc_eia3(key, 7, 3, 1, data, len, &mac);
        if (rc == ZUC_OK)
            memcpy(out, &mac, 4);
        return rc;
    }
    case CRYPT: {
        zuc256_crypt_job j = { key, iv, data, out, len };
        return many ? zuc256_crypt_n(&j, 1) : zuc256_crypt(key, iv, data, out, len);
    }
    default: {
        size_t t = tag_bytes_of(a);
        zuc256_mac_job j = { key, iv, data, len, out, t };
        return many ? zuc256_mac_n(&j, 1) : zuc256_mac(key, iv, data, len, out, t);
    }
    }
}

static int is_mac(algorithm a)
{
    return a != EEA3 && a != CRYPT;
}

static void expect(int ok, const char *impl, algorithm a, int many, size_t len, const char *what)
{
    check_count(ok);
    if (!ok)
        printf("FAIL %s %s%s length %zu: %s\n", impl, algorithm_name[a], many ? "_n" : "", len,
               what);
}

/* Over the limit: ZUC_ELENGTH, output untouched (in and out are one 64-byte
 * guarded buffer, so a run would also be caught reading past it). */
static void check_rejected(const char *impl, algorithm a, int many, size_t len)
{
    guarded g = guarded_new(MSG_BYTES);
    memcpy(g.data, msg, MSG_BYTES);
    uint8_t out[MSG_BYTES];
    memset(out, 0xA5, sizeof out);
    uint8_t *dst = is_mac(a) ? out : g.data;
    int rc = run(a, many, g.data, dst, len);
    expect(rc == ZUC_ELENGTH, impl, a, many, len, "not rejected as too long");
    int untouched = memcmp(g.data, msg, MSG_BYTES) == 0 && canaries_intact(&g);
    for (size_t i = 0; i < sizeof out; i++)
        untouched &= out[i] == 0xA5;
    expect(untouched, impl, a, many, len, "wrote although rejected");
    guarded_free(&g);
}

/* Within the limit, no data: the length passes, the NULL data does not. */
static void check_accepted(const char *impl, algorithm a, int many, size_t len)
{
    uint8_t out[16];
    int rc = run(a, many, NULL, is_mac(a) ? out : NULL, len);
    expect(rc == (len ? ZUC_ENULL : ZUC_OK), impl, a, many, len,
           "a length within the limit was not accepted");
}

/* 0 and 1: the result matches the reference's. */
static void check_small(const char *impl, algorithm a, int many, size_t len)
{
    uint8_t got[MSG_BYTES] = { 0 }, want[MSG_BYTES] = { 0 };
    zuc_force_impl("ref");
    int rc_want = run(a, 0, msg, want, len);
    zuc_force_impl(impl);
    int rc = run(a, many, msg, got, len);
    expect(rc == ZUC_OK && rc_want == ZUC_OK && memcmp(got, want, sizeof got) == 0, impl, a, many,
           len, "differs from ref");
}

static void check_impl(const char *impl)
{
    size_t edges[MAX_EDGES];
    for (algorithm a = EEA3; a <= MAC16; a++) {
        uint64_t limit = limit_of(a);
        size_t n = edge_lengths(limit, edges);
        for (int many = 0; many < 2; many++)
            for (size_t i = 0; i < n; i++) {
                size_t len = edges[i];
                if (len > limit)
                    check_rejected(impl, a, many, len);
                else if (len <= 1)
                    check_small(impl, a, many, len);
                else
                    check_accepted(impl, a, many, len);
            }
    }
}

/* ---- a batch whose last job is out of range --------------------------------- */

/* Runs a batch of two jobs of algorithm a through its _n call: 64 bytes,
 * then len; out[0..1] are 64-byte outputs (ciphertext, MAC or tag). */
static int run_pair(algorithm a, size_t len, uint8_t out[2][MSG_BYTES])
{
    uint32_t *mac = (uint32_t *)(void *)out[1];
    switch (a) {
    case EEA3: {
        zuc_eea3_job j[2] = { { key, 1, 2, 0, msg, out[0], 8 * MSG_BYTES },
                              { key, 1, 2, 0, msg, out[1], len } };
        return zuc_eea3_n(j, 2);
    }
    case EIA3: {
        zuc_eia3_job j[2] = { { key, 1, 2, 0, msg, 8 * MSG_BYTES, (uint32_t *)(void *)out[0] },
                              { key, 1, 2, 0, msg, len, mac } };
        return zuc_eia3_n(j, 2);
    }
    case CRYPT: {
        zuc256_crypt_job j[2] = { { key, iv, msg, out[0], MSG_BYTES },
                                  { key, iv, msg, out[1], len } };
        return zuc256_crypt_n(j, 2);
    }
    default: {
        size_t t = tag_bytes_of(a);
        zuc256_mac_job j[2] = { { key, iv, msg, 8 * MSG_BYTES, out[0], t },
                                { key, iv, msg, len, out[1], t } };
        return zuc256_mac_n(j, 2);
    }
    }
}

/* The limit + 1 and SIZE_MAX, where they are beyond the limit and fit in a
 * size_t (on 32-bit hosts SIZE_MAX is the 3GPP limit itself). */
static void check_batch_untouched(const char *impl)
{
    for (algorithm a = EEA3; a <= MAC16; a++) {
        uint64_t limit = limit_of(a);
        const uint64_t bad[] = { limit + 1, SIZE_MAX };
        for (size_t k = 0; k < 2; k++) {
            if (bad[k] > SIZE_MAX || bad[k] <= limit)
                continue;
            _Alignas(4) uint8_t out[2][MSG_BYTES];
            memset(out, 0xA5, sizeof out);
            int rc = run_pair(a, (size_t)bad[k], out);
            int untouched = 1;
            for (size_t i = 0; i < sizeof out; i++)
                untouched &= ((uint8_t *)out)[i] == 0xA5;
            expect(rc == ZUC_ELENGTH && untouched, impl, a, 1, (size_t)bad[k],
                   "a batch whose last job is too long was not refused whole");
        }
    }
}

/* ---- each algorithm once at its limit ------------------------------------- */

/* 512 MiB through the one-message path and the many-message path: two
 * different implementations where lanes exist, which must agree. */
static void check_at_limit(void)
{
    if (sizeof(size_t) < 8) {
        printf("limits: the 512 MiB runs at the limit are skipped on a 32-bit host\n");
        return;
    }
    size_t big = (size_t)1 << 29;
    uint8_t *data = malloc(big), *out1 = malloc(big), *out2 = malloc(big);
    if (!data || !out1 || !out2) {
        printf("limits: no memory for the 512 MiB runs; skipped\n");
        free(data), free(out1), free(out2);
        return;
    }
    rng_fill(data, 4096);
    for (size_t k = 4096; k < big; k += 4096)
        memcpy(data + k, data, 4096);
    zuc_force_impl("auto");
    printf("limits: at the limit, %s against %s\n", zuc_impl_name(), zuc_impl_name_n());
    for (algorithm a = EEA3; a <= MAC16; a++) {
        size_t len = (size_t)limit_of(a);
        int rc1 = run(a, 0, data, out1, len), rc2 = run(a, 1, data, out2, len);
        size_t cmp = is_mac(a) ? 16 : a == CRYPT ? len : (len + 7) / 8;
        int ok = rc1 == ZUC_OK && rc2 == ZUC_OK && memcmp(out1, out2, cmp) == 0;
        check_count(ok);
        if (!ok)
            printf("FAIL %s at its limit %zu: rc %d / %d or the paths differ\n", algorithm_name[a],
                   len, rc1, rc2);
    }
    free(data), free(out1), free(out2);
}

/* limits [--skip-full-runs]: the option leaves out the 512 MiB runs at the
 * limits (for builds whose tests run under an emulator, where they take
 * minutes). */
int main(int argc, char **argv)
{
    int full_runs = !(argc > 1 && strcmp(argv[1], "--skip-full-runs") == 0);
    rng_seed(0x11117);
    rng_key_iv(key, iv);
    rng_fill(msg, sizeof msg);
    for (const char *const *name = zuc_impl_list(); *name; name++) {
        if (!zuc_impl_usable(*name)) {
            printf("limits  %-10s UNAVAILABLE\n", *name);
            continue;
        }
        zuc_force_impl(*name);
        check_impl(*name);
        check_batch_untouched(*name);
        printf("limits  %-10s checked\n", *name);
    }
    if (full_runs)
        check_at_limit();
    else
        printf("limits: the 512 MiB runs at the limit are skipped (--skip-full-runs)\n");
    zuc_force_impl("auto");
    return check_report("limits");
}
