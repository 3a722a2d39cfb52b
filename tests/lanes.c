/* SPDX-License-Identifier: Apache-2.0 */
/* lanes.c — the many-message calls (zuc_eea3_n, zuc_eia3_n, zuc256_crypt_n,
 * zuc256_mac_n) on every implementation, against the reference run one
 * message at a time: 1..64 messages per call of unequal lengths (0..4096
 * bits, a few of 64 KiB), in place and out of place, canary bytes around
 * every output, a long message in every lane position among short ones,
 * equal lengths at block boundaries, invalid jobs; and against Intel
 * ipsec-mb on 10,400 random many-message calls where it is built in. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/testutil.h"
#include "zuc.h"
#ifdef ZUCBENCH_HAVE_IPSECMB
#include "backends/ipsecmb.h"
#endif

#define MAX_JOBS 64

/* ---- a batch of messages and what the reference makes of them ------------- */

typedef struct {
    uint8_t key[32], iv[25];
    uint32_t count;
    uint8_t bearer, direction;
    size_t bits;      /* message length; ZUC-256 encryption uses bits / 8 bytes */
    size_t tag_bytes; /* ZUC-256 MAC: 4, 8 or 16 */
    int in_place;
    uint8_t *msg;
    uint8_t *want_eea3, *want_zuc256, want_tag[16];
    uint32_t want_mac;
} message;

typedef struct {
    size_t n;
    message m[MAX_JOBS];
} batch;

static void message_new(message *m, size_t bits)
{
    size_t nbytes = nbytes_of(bits);
    rng_key_iv(m->key, m->iv);
    rng_link_params(&m->count, &m->bearer, &m->direction);
    m->bits = bits;
    m->tag_bytes = (size_t)4 << rng_below(3);
    m->in_place = (int)rng_below(2);
    m->msg = malloc(nbytes + 1);
    rng_fill(m->msg, nbytes + 1);
    m->want_eea3 = malloc(nbytes + 1);
    m->want_zuc256 = malloc(bits / 8 + 1);
}

/* The reference's results, one message per call. */
static void batch_expect(batch *b)
{
    use_impl("ref");
    for (size_t i = 0; i < b->n; i++) {
        message *m = &b->m[i];
        zuc_eea3(m->key, m->count, m->bearer, m->direction, m->msg, m->want_eea3, m->bits);
        zuc_eia3(m->key, m->count, m->bearer, m->direction, m->msg, m->bits, &m->want_mac);
        zuc256_crypt(m->key, m->iv, m->msg, m->want_zuc256, m->bits / 8);
        zuc256_mac(m->key, m->iv, m->msg, m->bits, m->want_tag, m->tag_bytes);
    }
}

static void batch_free(batch *b)
{
    for (size_t i = 0; i < b->n; i++) {
        free(b->m[i].msg);
        free(b->m[i].want_eea3);
        free(b->m[i].want_zuc256);
    }
}

/* ---- one implementation on a batch ------------------------------------------ */

/* Outputs of one run: ciphertexts (or the message copy, in place), tags. */
typedef struct {
    guarded out[MAX_JOBS], tag[MAX_JOBS];
} outputs;

static void outputs_new(outputs *o, const batch *b, int zuc256)
{
    for (size_t i = 0; i < b->n; i++) {
        const message *m = &b->m[i];
        size_t len = zuc256 ? m->bits / 8 : nbytes_of(m->bits);
        o->out[i] = guarded_new(len);
        if (m->in_place)
            memcpy(o->out[i].data, m->msg, len);
        o->tag[i] = guarded_new(16);
    }
}

static void outputs_free(outputs *o, const batch *b)
{
    for (size_t i = 0; i < b->n; i++) {
        guarded_free(&o->out[i]);
        guarded_free(&o->tag[i]);
    }
}

/* Which algorithms failed, as bits: 1 eea3, 2 eia3, 4 zuc256, 8 zuc256-mac. */
static unsigned run_eea3(const batch *b)
{
    outputs o;
    zuc_eea3_job jobs[MAX_JOBS];
    outputs_new(&o, b, 0);
    for (size_t i = 0; i < b->n; i++) {
        const message *m = &b->m[i];
        jobs[i] = (zuc_eea3_job){
            m->key,        m->count, m->bearer, m->direction, m->in_place ? o.out[i].data : m->msg,
            o.out[i].data, m->bits
        };
    }
    int ok = zuc_eea3_n(jobs, b->n) == ZUC_OK;
    for (size_t i = 0; i < b->n; i++)
        ok = ok && memcmp(o.out[i].data, b->m[i].want_eea3, nbytes_of(b->m[i].bits)) == 0 &&
             canaries_intact(&o.out[i]);
    outputs_free(&o, b);
    return ok ? 0 : 1;
}

static unsigned run_eia3(const batch *b)
{
    outputs o;
    zuc_eia3_job jobs[MAX_JOBS];
    outputs_new(&o, b, 0);
    for (size_t i = 0; i < b->n; i++) {
        const message *m = &b->m[i];
        jobs[i] = (zuc_eia3_job){ m->key,
                                  m->count,
                                  m->bearer,
                                  m->direction,
                                  m->msg,
                                  m->bits,
                                  (uint32_t *)(void *)o.tag[i].data };
    }
    int ok = zuc_eia3_n(jobs, b->n) == ZUC_OK;
    for (size_t i = 0; i < b->n; i++) {
        uint32_t mac;
        memcpy(&mac, o.tag[i].data, 4);
        ok = ok && mac == b->m[i].want_mac && canaries_intact(&o.tag[i]);
    }
    outputs_free(&o, b);
    return ok ? 0 : 2;
}

static unsigned run_zuc256(const batch *b)
{
    outputs o;
    zuc256_crypt_job jobs[MAX_JOBS];
    outputs_new(&o, b, 1);
    for (size_t i = 0; i < b->n; i++) {
        const message *m = &b->m[i];
        jobs[i] = (zuc256_crypt_job){ m->key, m->iv, m->in_place ? o.out[i].data : m->msg,
                                      o.out[i].data, m->bits / 8 };
    }
    int ok = zuc256_crypt_n(jobs, b->n) == ZUC_OK;
    for (size_t i = 0; i < b->n; i++)
        ok = ok && memcmp(o.out[i].data, b->m[i].want_zuc256, b->m[i].bits / 8) == 0 &&
             canaries_intact(&o.out[i]);
    outputs_free(&o, b);
    return ok ? 0 : 4;
}

static unsigned run_zuc256_mac(const batch *b)
{
    outputs o;
    zuc256_mac_job jobs[MAX_JOBS];
    outputs_new(&o, b, 1);
    for (size_t i = 0; i < b->n; i++) {
        const message *m = &b->m[i];
        o.tag[i].len = m->tag_bytes; /* the canary right after the tag */
        memcpy(o.tag[i].guard + CANARY, o.tag[i].data + m->tag_bytes, CANARY);
        jobs[i] = (zuc256_mac_job){ m->key, m->iv, m->msg, m->bits, o.tag[i].data, m->tag_bytes };
    }
    int ok = zuc256_mac_n(jobs, b->n) == ZUC_OK;
    for (size_t i = 0; i < b->n; i++)
        ok = ok && memcmp(o.tag[i].data, b->m[i].want_tag, b->m[i].tag_bytes) == 0 &&
             canaries_intact(&o.tag[i]);
    outputs_free(&o, b);
    return ok ? 0 : 8;
}

static unsigned run_all(const char *impl, const batch *b)
{
    use_impl(impl);
    return run_eea3(b) | run_eia3(b) | run_zuc256(b) | run_zuc256_mac(b);
}

/* ---- the cases ----------------------------------------------------------------- */

#define MAX_IMPLS 8

typedef struct {
    const char *name[MAX_IMPLS];
    size_t count;
    long failures[MAX_IMPLS], cases;
} impl_set;

static void report(const char *what, const impl_set *s)
{
    for (size_t k = 0; k < s->count; k++) {
        printf("%-34s %-10s %ld/%ld %s\n", what, s->name[k], s->cases - s->failures[k], s->cases,
               s->failures[k] ? "FAILED" : "ok");
        for (long c = 0; c < s->cases; c++)
            check_count(c >= s->failures[k]);
    }
}

static void run_case(impl_set *s, batch *b)
{
    batch_expect(b);
    for (size_t k = 0; k < s->count; k++) {
        unsigned bad = run_all(s->name[k], b);
        if (bad && s->failures[k]++ < 3)
            printf("  %s: case %ld (%zu messages) failed (mask %u)\n", s->name[k], s->cases, b->n,
                   bad);
    }
    s->cases++;
    batch_free(b);
}

static impl_set fresh_set(const impl_set *all)
{
    impl_set s = *all;
    memset(s.failures, 0, sizeof s.failures);
    s.cases = 0;
    return s;
}

/* 1..64 messages of 0..4096 bits; now and then one of 64 KiB give or take. */
static void random_batches(const impl_set *all, long cases)
{
    impl_set s = fresh_set(all);
    for (long c = 0; c < cases; c++) {
        batch b;
        b.n = 1 + rng_below(MAX_JOBS);
        for (size_t i = 0; i < b.n; i++) {
            size_t bits = rng_below(64) == 0 ? 65536 * 8 - 64 + rng_below(129) : rng_below(4097);
            message_new(&b.m[i], bits);
        }
        run_case(&s, &b);
    }
    report("1..64 jobs, 0..4096 bits + 64 KiB", &s);
}

/* One long message at each position among short ones: whichever lane it
 * lands in, the short ones around it end, and their lanes are refilled. */
static void long_in_every_position(const impl_set *all)
{
    impl_set s = fresh_set(all);
    for (size_t n = 1; n <= 20; n++)
        for (size_t pos = 0; pos < n; pos++) {
            batch b;
            b.n = n;
            for (size_t i = 0; i < n; i++)
                message_new(&b.m[i], i == pos ? 3000 + rng_below(2000) : rng_below(400));
            run_case(&s, &b);
        }
    report("a long job in every position", &s);
}

/* Short messages only (0..400 bits: 128-EIA3 takes its own path when every
 * message of a call is at most 384 bits, its keystream all within the
 * first block): 1..64 per call, and calls where one message is just longer. */
static void short_messages(const impl_set *all)
{
    impl_set s = fresh_set(all);
    for (long c = 0; c < 120; c++) {
        batch b;
        b.n = 1 + rng_below(MAX_JOBS);
        for (size_t i = 0; i < b.n; i++)
            message_new(&b.m[i], c % 3 == 2 ? rng_below(401) : rng_below(385));
        run_case(&s, &b);
    }
    report("1..64 jobs, 0..400 bits", &s);
}

/* n equal lengths around block boundaries: every lane ends at once. */
static void equal_lengths(const impl_set *all)
{
    static const size_t lengths[] = { 0,    1,    7,    8,    31,       32,      33,
                                      255,  256,  257,  511,  512,      513,     1023,
                                      1024, 2047, 2048, 2049, 8 * 1500, 8 * 8188 };
    impl_set s = fresh_set(all);
    for (size_t li = 0; li < sizeof lengths / sizeof lengths[0]; li++)
        for (size_t n = 1; n <= 17; n += 4) {
            batch b;
            b.n = n;
            for (size_t i = 0; i < n; i++)
                message_new(&b.m[i], lengths[li]);
            run_case(&s, &b);
        }
    report("equal lengths at block edges", &s);
}

/* ---- invalid jobs: an error code, and nothing written ----------------------- */

static void invalid_jobs(const char *impl)
{
    uint8_t key[32] = { 0 }, iv[25] = { 0 }, msg[64] = { 0 };
    guarded out = guarded_new(64), tag = guarded_new(16);
    uint8_t before_out[64], before_tag[16];
    memcpy(before_out, out.data, 64);
    memcpy(before_tag, tag.data, 16);
    uint32_t *mac = (uint32_t *)(void *)tag.data;
    use_impl(impl);
    zuc_eea3_job e_bad_bearer[3] = { { key, 0, 0, 0, msg, out.data, 512 },
                                     { key, 0, 1, 1, msg, out.data, 8 },
                                     { key, 0, 32, 0, msg, out.data, 8 } };
    zuc_eea3_job e_null_out[2] = { { key, 0, 0, 0, msg, out.data, 8 },
                                   { key, 0, 0, 0, msg, NULL, 8 } };
    zuc_eia3_job a_null_mac[2] = { { key, 0, 0, 0, msg, 64, mac },
                                   { key, 0, 0, 0, msg, 64, NULL } };
    zuc_eia3_job a_dir[2] = { { key, 0, 0, 0, msg, 64, mac }, { key, 0, 0, 2, msg, 64, mac } };
    zuc256_crypt_job z_null_iv[2] = { { key, iv, msg, out.data, 64 },
                                      { key, NULL, msg, out.data, 8 } };
    zuc256_crypt_job z_long[2] = { { key, iv, msg, out.data, 64 },
                                   { key, iv, msg, out.data, ZUC256_MAX_BYTES + 1 } };
    zuc256_mac_job m_tag5[2] = { { key, iv, msg, 64, tag.data, 16 },
                                 { key, iv, msg, 64, tag.data, 5 } };
    zuc256_mac_job m_null_key[2] = { { key, iv, msg, 64, tag.data, 4 },
                                     { NULL, iv, msg, 64, tag.data, 4 } };
    /* 2^32 - 63 bits: beyond a 32-bit tag's limit (2^32 - 64); SIZE_MAX on 32-bit targets */
    size_t too_long = (size_t)(SIZE_MAX > 0xFFFFFFFFu ? ((uint64_t)1 << 32) - 63 : SIZE_MAX);
    zuc256_mac_job m_long[1] = { { key, iv, msg, too_long, tag.data, 4 } };
    rc_case cases[] = {
        { "eea3_n NULL jobs", zuc_eea3_n(NULL, 1), ZUC_ENULL },
        { "eea3_n no jobs", zuc_eea3_n(NULL, 0), ZUC_OK },
        { "eea3_n bearer 32 in job 3", zuc_eea3_n(e_bad_bearer, 3), ZUC_EPARAM },
        { "eea3_n NULL out", zuc_eea3_n(e_null_out, 2), ZUC_ENULL },
        { "eia3_n NULL jobs", zuc_eia3_n(NULL, 2), ZUC_ENULL },
        { "eia3_n NULL mac", zuc_eia3_n(a_null_mac, 2), ZUC_ENULL },
        { "eia3_n direction 2", zuc_eia3_n(a_dir, 2), ZUC_EPARAM },
        { "zuc256_crypt_n NULL jobs", zuc256_crypt_n(NULL, 1), ZUC_ENULL },
        { "zuc256_crypt_n no jobs", zuc256_crypt_n(NULL, 0), ZUC_OK },
        { "zuc256_crypt_n NULL iv", zuc256_crypt_n(z_null_iv, 2), ZUC_ENULL },
        { "zuc256_crypt_n too long", zuc256_crypt_n(z_long, 2), ZUC_ELENGTH },
        { "zuc256_mac_n NULL jobs", zuc256_mac_n(NULL, 3), ZUC_ENULL },
        { "zuc256_mac_n tag 5", zuc256_mac_n(m_tag5, 2), ZUC_ETAGSIZE },
        { "zuc256_mac_n NULL key", zuc256_mac_n(m_null_key, 2), ZUC_ENULL },
#if SIZE_MAX > 0xFFFFFFFFu
        { "zuc256_mac_n beyond 2^32", zuc256_mac_n(m_long, 1), ZUC_ELENGTH },
#endif
    };
    (void)m_long;
    long n = sizeof cases / sizeof cases[0], failures = check_rc_cases(cases, (size_t)n);
    int untouched = memcmp(before_out, out.data, 64) == 0 &&
                    memcmp(before_tag, tag.data, 16) == 0 && canaries_intact(&out) &&
                    canaries_intact(&tag);
    failures += !untouched;
    check_count(untouched);
    printf("%-34s %-10s %ld/%ld %s\n", "invalid jobs, nothing written", impl, n + 1 - failures,
           n + 1, failures ? "FAILED" : "ok");
    guarded_free(&out);
    guarded_free(&tag);
}

/* ---- against ipsec-mb ----------------------------------------------------------- */
#ifdef ZUCBENCH_HAVE_IPSECMB
/* ipsec-mb's results in the reference's slots (its EEA3 works on whole
 * bytes: bits beyond the length are masked as ours are); its ZUC-256 only
 * where it has it (not from 3.0 on). */
static int batch_expect_ipsecmb(batch *b, int with_zuc256)
{
    int rc = 0;
    for (size_t i = 0; i < b->n; i++) {
        message *m = &b->m[i];
        size_t nbytes = nbytes_of(m->bits);
        rc |= ipsecmb_eea3(m->key, m->count, m->bearer, m->direction, m->msg, m->want_eea3, nbytes);
        if (m->bits % 8)
            m->want_eea3[nbytes - 1] &= (uint8_t)(0xFF << (8 - m->bits % 8));
        rc |=
            ipsecmb_eia3(m->key, m->count, m->bearer, m->direction, m->msg, m->bits, &m->want_mac);
        if (!with_zuc256)
            continue;
        if (m->bits >= 8) /* ipsec-mb refuses empty messages */
            rc |= ipsecmb_zuc256_crypt(m->key, m->iv, m->msg, m->want_zuc256, m->bits / 8);
        rc |= ipsecmb_zuc256_mac(m->key, m->iv, m->msg, m->bits, m->want_tag, m->tag_bytes);
    }
    return rc;
}

static void versus_ipsecmb(const impl_set *all, long batches)
{
    const char *why = ipsecmb_unavailable();
    if (why) {
        printf("%-34s UNAVAILABLE (%s)\n", "vs ipsec-mb", why);
        return;
    }
    const char *no_zuc256 = ipsecmb_zuc256_unavailable();
    unsigned compared = no_zuc256 ? 1 | 2 : 15; /* run_all's bits */
    if (no_zuc256)
        printf("%-34s UNAVAILABLE (%s)\n", "vs ipsec-mb, zuc-256", no_zuc256);
    impl_set s = fresh_set(all);
    for (long c = 0; c < batches; c++) {
        batch b;
        b.n = 1 + rng_below(16);
        for (size_t i = 0; i < b.n; i++)
            message_new(&b.m[i], 8 * rng_len_bytes(IPSECMB_ZUC_MAX_BYTES) - rng_below(8));
        int rc = batch_expect_ipsecmb(&b, !no_zuc256);
        for (size_t k = 0; k < s.count; k++) {
            unsigned bad = rc ? compared : run_all(s.name[k], &b) & compared;
            if (bad && s.failures[k]++ < 3)
                printf("  %s: batch %ld failed (mask %u)\n", s.name[k], c, bad);
        }
        s.cases++;
        batch_free(&b);
    }
    char what[64];
    snprintf(what, sizeof what, "vs ipsec-mb, %ld calls", 4 * batches);
    report(what, &s);
}
#endif

int main(int argc, char **argv)
{
    rng_seed_from_args(argc, argv, "lanes", 20240612);
#ifdef ZUC_NO_AVX512
    /* Built with -DZUC_NO_AVX512=ON: no AVX-512 path listed or chosen. */
    for (const char *const *name = zuc_impl_list(); *name; name++)
        check_count(strstr(*name, "avx512") == NULL);
    check_count(strstr(zuc_impl_name(), "avx512") == NULL &&
                strstr(zuc_impl_name_n(), "avx512") == NULL);
    printf("ZUC_NO_AVX512: no AVX-512 path listed or chosen (%s / %s)\n", zuc_impl_name(),
           zuc_impl_name_n());
#endif
    impl_set all = { .count = 0 };
    for (const char *const *name = zuc_impl_list(); *name && all.count < MAX_IMPLS; name++)
        if (impl_to_test(*name, 34))
            all.name[all.count++] = *name;
    random_batches(&all, 150);
    long_in_every_position(&all);
    short_messages(&all);
    equal_lengths(&all);
    for (size_t k = 0; k < all.count; k++)
        invalid_jobs(all.name[k]);
#ifdef ZUCBENCH_HAVE_IPSECMB
    versus_ipsecmb(&all, 2600);
#endif
    use_impl("auto");
    return check_report("lanes");
}
