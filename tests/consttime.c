/* SPDX-License-Identifier: Apache-2.0 */
/* consttime.c — are the many-message calls, and the one-message calls
 * (zuc_eea3, ..., zuc_nca6_encrypt), constant time? Checked with
 * valgrind memcheck: the secret bytes (keys, IVs, the COUNT of EEA3/EIA3 and
 * the message bytes; NxA6's COUNT makes its IV) are marked undefined before each call, so memcheck
 * reports every branch, memory address or system call that depends on them.
 * The results are then marked defined and compared with the reference path
 * run on defined copies of the same inputs.
 *
 * Public, and left defined: the number of messages, their lengths, the tag
 * sizes, and BEARER/DIRECTION (the API checks their range before anything
 * runs, which is a branch on them by design).
 *
 * Usage: consttime PATH...   (e.g. avx2-vaes avx2 ct-aesni ct; scalar to see
 * it fail). A multi-lane path takes the many-message calls and the default
 * one-message path the others (zuc_force_impl), so "auto" checks the
 * defaults.
 * The test-only paths avx2-vaes-emu and avx512-emu (tests/support/
 * test_impls.c) are the VAES, VPCLMULQDQ and AVX-512 sources with those
 * instructions computed by code valgrind can run.
 * Run under `valgrind --error-exitcode=1`: a path is constant time for these
 * calls if valgrind reports no error. A path this CPU (or valgrind's
 * emulated CPU) cannot run is skipped with a message; so is one that stops
 * on SIGILL (an instruction valgrind does not emulate). Under valgrind every
 * output must come out undefined (the secrets reached it), so that a marking
 * that had no effect cannot pass. Exit status: 0 if every path that ran gave
 * the reference results, 1 if one did not, 77 if no path could run. Outside
 * valgrind only the results are checked. */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "support/testutil.h"
#include "zuc.h"

#define NMSG 11 /* more than 8 lanes: lanes are refilled */
#define MAX_BITS 2600

/* Lengths in bits: within a byte, around the 32-byte blocks of the lanes,
 * around the 64-bit MAC chunks, empty. */
static const size_t lengths[NMSG] = { 1, 7, 64, 255, 256, 257, 513, 1000, 2051, 0, MAX_BITS };

typedef struct {
    uint8_t key[32], iv[25];
    uint32_t count;
    uint8_t bearer, direction;
    size_t bits, tag_bytes;
    uint8_t msg[MAX_BITS / 8 + 1];
} message;

/* Outputs of one run of the calls. */
typedef struct {
    uint8_t eea3[NMSG][MAX_BITS / 8 + 1], zuc256[NMSG][MAX_BITS / 8 + 1];
    uint32_t eia3[NMSG], eia3_short[NMSG]; /* all messages; those of at most 384 bits alone */
    uint8_t tag[4][NMSG][16];              /* tag sizes 4, 8, 16, mixed */
    uint8_t nea6[NMSG][MAX_BITS / 8 + 1], nca6[NMSG][MAX_BITS / 8 + 1];
    uint8_t nia6_tag[NMSG][16], nca6_tag[NMSG][16];
} outputs;

static message msgs[NMSG];
static int failures;

/* Heap copies of the inputs for one call, secret bytes undefined when
 * `secret`; freed (after being marked defined again) by inputs_free. */
typedef struct {
    uint8_t *key[NMSG], *iv[NMSG], *msg[NMSG];
} inputs;

static inputs inputs_new(int secret)
{
    inputs in;
    for (size_t i = 0; i < NMSG; i++) {
        size_t nb = nbytes_of(msgs[i].bits) + 1;
        in.key[i] = malloc(32);
        in.iv[i] = malloc(25);
        in.msg[i] = malloc(nb);
        memcpy(in.key[i], msgs[i].key, 32);
        memcpy(in.iv[i], msgs[i].iv, 25);
        memcpy(in.msg[i], msgs[i].msg, nb);
        if (secret) {
            VALGRIND_MAKE_MEM_UNDEFINED(in.key[i], 32);
            VALGRIND_MAKE_MEM_UNDEFINED(in.iv[i], 25);
            VALGRIND_MAKE_MEM_UNDEFINED(in.msg[i], nb);
        }
    }
    return in;
}

static void inputs_free(inputs *in)
{
    for (size_t i = 0; i < NMSG; i++) {
        VALGRIND_MAKE_MEM_DEFINED(in->msg[i], nbytes_of(msgs[i].bits) + 1);
        free(in->key[i]);
        free(in->iv[i]);
        free(in->msg[i]);
    }
}

/* Under valgrind: 1 if some bit of p[0 .. n) is undefined, i.e. the secrets
 * did reach this output (else the check would prove nothing). */
static int tainted(const void *p, size_t n)
{
    uint8_t vbits[MAX_BITS / 8 + 1];
    if (!RUNNING_ON_VALGRIND || n == 0)
        return 1;
    if (n > sizeof vbits || VALGRIND_GET_VBITS(p, vbits, n) != 1)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (vbits[i])
            return 1;
    return 0;
}

static int untainted; /* outputs that did not depend on the secrets */

static void expect_tainted(int secret, const void *p, size_t n, const char *what, size_t i)
{
    if (secret && !tainted(p, n)) {
        fprintf(stderr, "consttime: %s output of message %zu does not depend on the secrets\n",
                what, i);
        untainted++;
    }
}

static void call_ok(int rc, const char *what)
{
    if (rc != ZUC_OK) {
        fprintf(stderr, "consttime: %s returned %d\n", what, rc);
        exit(1);
    }
}

/* ZUC-NEA6, NIA6 and NCA6 encryption on the first n messages (the IV made
 * from the secret COUNT; the message's first 16 bytes are its associated
 * data for NCA6), tag sizes mixed. */
static void run_nxa6(size_t n, int secret, outputs *o)
{
    inputs in = inputs_new(secret);
    zuc_nea6_job ej[NMSG] = { { 0 } };
    zuc_nia6_job ij[NMSG] = { { 0 } };
    zuc_nca6_job cj[NMSG] = { { 0 } };
    for (size_t i = 0; i < n; i++) {
        const message *m = &msgs[i];
        size_t nb = m->bits / 8, aad = nb < 16 ? nb : 16;
        ej[i] = (zuc_nea6_job){ in.key[i], m->count,  m->bearer,  m->direction,
                                NULL,      in.msg[i], o->nea6[i], m->bits };
        ij[i] = (zuc_nia6_job){ in.key[i], m->count, m->bearer,      m->direction, NULL,
                                in.msg[i], nb,       o->nia6_tag[i], m->tag_bytes };
        cj[i] = (zuc_nca6_job){
            in.key[i],       m->count,   m->bearer, m->direction,   NULL,         in.msg[i], aad,
            in.msg[i] + aad, o->nca6[i], nb - aad,  o->nca6_tag[i], m->tag_bytes, NULL
        };
        if (secret) {
            VALGRIND_MAKE_MEM_UNDEFINED(&ej[i].count, sizeof ej[i].count);
            VALGRIND_MAKE_MEM_UNDEFINED(&ij[i].count, sizeof ij[i].count);
            VALGRIND_MAKE_MEM_UNDEFINED(&cj[i].count, sizeof cj[i].count);
        }
    }
    call_ok(zuc_nea6_n(ej, n), "zuc_nea6_n");
    call_ok(zuc_nia6_n(ij, n), "zuc_nia6_n");
    call_ok(zuc_nca6_encrypt_n(cj, n), "zuc_nca6_encrypt_n");
    for (size_t i = 0; i < n; i++) {
        expect_tainted(secret, o->nea6[i], nbytes_of(msgs[i].bits), "zuc_nea6_n", i);
        expect_tainted(secret, o->nia6_tag[i], msgs[i].tag_bytes, "zuc_nia6_n", i);
        expect_tainted(secret, o->nca6_tag[i], msgs[i].tag_bytes, "zuc_nca6_encrypt_n", i);
    }
    VALGRIND_MAKE_MEM_DEFINED(o->nea6, sizeof o->nea6);
    VALGRIND_MAKE_MEM_DEFINED(o->nia6_tag, sizeof o->nia6_tag);
    VALGRIND_MAKE_MEM_DEFINED(o->nca6, sizeof o->nca6);
    VALGRIND_MAKE_MEM_DEFINED(o->nca6_tag, sizeof o->nca6_tag);
    inputs_free(&in);
}

/* The calls on the first n messages. EEA3 and ZUC-256 encrypt in place
 * for odd i (the output buffer is the secret input). */
static void run_all(size_t n, int secret, outputs *o)
{
    memset(o, 0, sizeof *o);
    run_nxa6(n, secret, o);
    {
        inputs in = inputs_new(secret);
        zuc_eea3_job jobs[NMSG] = { { 0 } };
        for (size_t i = 0; i < n; i++) {
            uint8_t *out = o->eea3[i];
            if (i % 2)
                memcpy(out, in.msg[i], nbytes_of(msgs[i].bits));
            jobs[i] = (zuc_eea3_job){ in.key[i],         msgs[i].count,           msgs[i].bearer,
                                      msgs[i].direction, i % 2 ? out : in.msg[i], out,
                                      msgs[i].bits };
            if (secret)
                VALGRIND_MAKE_MEM_UNDEFINED(&jobs[i].count, sizeof jobs[i].count);
        }
        call_ok(zuc_eea3_n(jobs, n), "zuc_eea3_n");
        for (size_t i = 0; i < n; i++)
            expect_tainted(secret, o->eea3[i], nbytes_of(msgs[i].bits), "zuc_eea3_n", i);
        VALGRIND_MAKE_MEM_DEFINED(o->eea3, sizeof o->eea3);
        inputs_free(&in);
    }
    {
        inputs in = inputs_new(secret);
        zuc_eia3_job jobs[NMSG] = { { 0 } };
        for (size_t i = 0; i < n; i++) {
            jobs[i] = (zuc_eia3_job){ in.key[i], msgs[i].count, msgs[i].bearer, msgs[i].direction,
                                      in.msg[i], msgs[i].bits,  &o->eia3[i] };
            if (secret)
                VALGRIND_MAKE_MEM_UNDEFINED(&jobs[i].count, sizeof jobs[i].count);
        }
        call_ok(zuc_eia3_n(jobs, n), "zuc_eia3_n");
        for (size_t i = 0; i < n; i++)
            expect_tainted(secret, &o->eia3[i], 4, "zuc_eia3_n", i);
        /* a call of short messages only takes the lanes' path for them */
        zuc_eia3_job short_jobs[NMSG];
        size_t k = 0;
        for (size_t i = 0; i < n; i++)
            if (msgs[i].bits <= 384) {
                short_jobs[k] = jobs[i];
                short_jobs[k++].mac = &o->eia3_short[i];
            }
        call_ok(zuc_eia3_n(short_jobs, k), "zuc_eia3_n (short messages)");
        for (size_t i = 0; i < n; i++)
            if (msgs[i].bits <= 384)
                expect_tainted(secret, &o->eia3_short[i], 4, "zuc_eia3_n (short messages)", i);
        VALGRIND_MAKE_MEM_DEFINED(o->eia3, sizeof o->eia3);
        VALGRIND_MAKE_MEM_DEFINED(o->eia3_short, sizeof o->eia3_short);
        inputs_free(&in);
    }
    {
        inputs in = inputs_new(secret);
        zuc256_crypt_job jobs[NMSG] = { { 0 } };
        for (size_t i = 0; i < n; i++) {
            uint8_t *out = o->zuc256[i];
            size_t nb = msgs[i].bits / 8;
            if (i % 2)
                memcpy(out, in.msg[i], nb);
            jobs[i] = (zuc256_crypt_job){ in.key[i], in.iv[i], i % 2 ? out : in.msg[i], out, nb };
        }
        call_ok(zuc256_crypt_n(jobs, n), "zuc256_crypt_n");
        for (size_t i = 0; i < n; i++)
            expect_tainted(secret, o->zuc256[i], msgs[i].bits / 8, "zuc256_crypt_n", i);
        VALGRIND_MAKE_MEM_DEFINED(o->zuc256, sizeof o->zuc256);
        inputs_free(&in);
    }
    for (int t = 0; t < 4; t++) { /* every job 4, 8, 16 bytes; then mixed */
        inputs in = inputs_new(secret);
        zuc256_mac_job jobs[NMSG] = { { 0 } };
        size_t tag_bytes[NMSG];
        for (size_t i = 0; i < n; i++) {
            tag_bytes[i] = t < 3 ? (size_t)4 << t : msgs[i].tag_bytes;
            jobs[i] = (zuc256_mac_job){ in.key[i],    in.iv[i],     in.msg[i],
                                        msgs[i].bits, o->tag[t][i], tag_bytes[i] };
        }
        call_ok(zuc256_mac_n(jobs, n), "zuc256_mac_n");
        for (size_t i = 0; i < n; i++)
            expect_tainted(secret, o->tag[t][i], tag_bytes[i], "zuc256_mac_n", i);
        VALGRIND_MAKE_MEM_DEFINED(o->tag[t], sizeof o->tag[t]);
        inputs_free(&in);
    }
}

/* Outputs of the one-message calls (zuc_eea3, ..., zuc_nca6_encrypt). */
typedef struct {
    uint8_t eea3[NMSG][MAX_BITS / 8 + 1], zuc256[NMSG][MAX_BITS / 8 + 1];
    uint8_t nea6[NMSG][MAX_BITS / 8 + 1], nca6[NMSG][MAX_BITS / 8 + 1];
    uint32_t eia3[NMSG];
    uint8_t tag[NMSG][16], nia6[NMSG][16], nca6_tag[NMSG][16];
} outputs1;

/* Every one-message call on every message, on the one-message path chosen
 * now; EEA3 and ZUC-256 in place for odd i. The verdict of
 * zuc_nca6_decrypt is public by design (a branch on it), so only
 * zuc_nca6_encrypt is checked. */
static void run_one(int secret, outputs1 *o)
{
    memset(o, 0, sizeof *o);
    inputs in = inputs_new(secret);
    for (size_t i = 0; i < NMSG; i++) {
        const message *m = &msgs[i];
        size_t nb = nbytes_of(m->bits), whole = m->bits / 8;
        uint32_t count = m->count;
        if (secret)
            VALGRIND_MAKE_MEM_UNDEFINED(&count, sizeof count);
        if (i % 2)
            memcpy(o->eea3[i], in.msg[i], nb);
        call_ok(zuc_eea3(in.key[i], count, m->bearer, m->direction, i % 2 ? o->eea3[i] : in.msg[i],
                         o->eea3[i], m->bits),
                "zuc_eea3");
        expect_tainted(secret, o->eea3[i], nb, "zuc_eea3", i);
        call_ok(
            zuc_eia3(in.key[i], count, m->bearer, m->direction, in.msg[i], m->bits, &o->eia3[i]),
            "zuc_eia3");
        expect_tainted(secret, &o->eia3[i], 4, "zuc_eia3", i);
        if (i % 2)
            memcpy(o->zuc256[i], in.msg[i], whole);
        call_ok(zuc256_crypt(in.key[i], in.iv[i], i % 2 ? o->zuc256[i] : in.msg[i], o->zuc256[i],
                             whole),
                "zuc256_crypt");
        expect_tainted(secret, o->zuc256[i], whole, "zuc256_crypt", i);
        call_ok(zuc256_mac(in.key[i], in.iv[i], in.msg[i], m->bits, o->tag[i], m->tag_bytes),
                "zuc256_mac");
        expect_tainted(secret, o->tag[i], m->tag_bytes, "zuc256_mac", i);
        call_ok(zuc_nea6(in.key[i], count, m->bearer, m->direction, in.msg[i], o->nea6[i], m->bits),
                "zuc_nea6");
        expect_tainted(secret, o->nea6[i], nb, "zuc_nea6", i);
        call_ok(zuc_nia6(in.key[i], count, m->bearer, m->direction, in.msg[i], whole, o->nia6[i],
                         m->tag_bytes),
                "zuc_nia6");
        expect_tainted(secret, o->nia6[i], m->tag_bytes, "zuc_nia6", i);
        call_ok(zuc_nca6_encrypt(in.key[i], count, m->bearer, m->direction, in.iv[i], 16, in.msg[i],
                                 o->nca6[i], whole, o->nca6_tag[i], m->tag_bytes),
                "zuc_nca6_encrypt");
        expect_tainted(secret, o->nca6_tag[i], m->tag_bytes, "zuc_nca6_encrypt", i);
    }
    VALGRIND_MAKE_MEM_DEFINED(o, sizeof *o);
    inputs_free(&in);
}

static void compare(const char *path, size_t n, const outputs *got, const outputs *want)
{
    static const char *const names[] = { "zuc_eea3_n",        "zuc_eia3_n", "zuc256_crypt_n",
                                         "zuc256_mac_n",      "zuc_nea6_n", "zuc_nia6_n",
                                         "zuc_nca6_encrypt_n" };
    int bad[7] = {
        memcmp(got->eea3, want->eea3, sizeof got->eea3) != 0,
        memcmp(got->eia3, want->eia3, sizeof got->eia3) != 0 ||
            memcmp(got->eia3_short, want->eia3_short, sizeof got->eia3_short) != 0,
        memcmp(got->zuc256, want->zuc256, sizeof got->zuc256) != 0,
        memcmp(got->tag, want->tag, sizeof got->tag) != 0,
        memcmp(got->nea6, want->nea6, sizeof got->nea6) != 0,
        memcmp(got->nia6_tag, want->nia6_tag, sizeof got->nia6_tag) != 0,
        memcmp(got->nca6, want->nca6, sizeof got->nca6) != 0 ||
            memcmp(got->nca6_tag, want->nca6_tag, sizeof got->nca6_tag) != 0,
    };
    for (int k = 0; k < 7; k++)
        if (bad[k]) {
            fprintf(stderr, "consttime: %s: %s on %zu messages differs from the reference\n", path,
                    names[k], n);
            failures++;
        }
}

static sigjmp_buf on_sigill;

static void sigill_handler(int sig)
{
    (void)sig;
    siglongjmp(on_sigill, 1);
}

/* Runs every call on 1, 3 and all messages on `path`, secrets undefined;
 * 1 if it ran, 0 if it was skipped. */
static int check_path(const char *path)
{
    static const size_t counts[] = { 1, 3, NMSG };
    static outputs got, want;
    const char *lanes = NULL, *one = NULL;
    if (strcmp(path, "auto") != 0 && !zuc_impl_usable(path)) {
        printf("consttime: %s: not usable on this CPU%s; not covered\n", path,
               RUNNING_ON_VALGRIND ? " as valgrind emulates it (its CPUID lacks a feature "
                                     "the path needs)"
                                   : "");
        return 0;
    }
    if (sigsetjmp(on_sigill, 1)) {
        printf("consttime: %s: SIGILL%s; not covered\n", path,
               RUNNING_ON_VALGRIND ? ": valgrind cannot run one of its instructions" : "");
        zuc_force_impl("auto");
        return 0;
    }
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        size_t n = counts[c];
        if (zuc_force_impl("ref") != 0)
            exit(2);
        run_all(n, 0, &want);
        if (zuc_force_impl(path) != 0)
            exit(2);
        lanes = zuc_impl_name_n();
        run_all(n, 1, &got);
        compare(path, n, &got, &want);
    }
    {
        static outputs1 got1, want1;
        zuc_force_impl("ref");
        run_one(0, &want1);
        zuc_force_impl(path);
        one = zuc_impl_name();
        run_one(1, &got1);
        if (memcmp(&got1, &want1, sizeof got1) != 0) {
            fprintf(stderr,
                    "consttime: %s: the one-message calls on %s differ from the reference\n", path,
                    one);
            failures++;
        }
    }
    zuc_force_impl("auto");
    printf("consttime: %s: zuc_*_n on %s, 1/3/%d messages, EEA3, EIA3, ZUC-256, ZUC-256 MAC "
           "(tags 4, 8, 16, mixed), NEA6, NIA6, NCA6; one message per call on %s, those and "
           "NEA6, NIA6, NCA6 encryption: results %s\n",
           path, lanes, NMSG, one, failures ? "DIFFER" : "agree");
    return 1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: consttime PATH...  (run under valgrind --error-exitcode=1)\n");
        return 2;
    }
    rng_seed(0xC0457);
    for (size_t i = 0; i < NMSG; i++) {
        message *m = &msgs[i];
        rng_key_iv(m->key, m->iv);
        rng_link_params(&m->count, &m->bearer, &m->direction);
        m->bits = lengths[i];
        m->tag_bytes = (size_t)4 << (i % 3);
        rng_fill(m->msg, sizeof m->msg);
    }
    if (!RUNNING_ON_VALGRIND)
        printf("consttime: not under valgrind: only the results are checked\n");
#if defined(__x86_64__)
    else
        printf("consttime: the CPU as valgrind emulates it: vaes %s, vpclmulqdq %s (without it "
               "the MACs fold with 128-bit PCLMULQDQ; avx2-vaes-emu's with the 256-bit fold "
               "through SIMDe)\n",
               __builtin_cpu_supports("vaes") ? "yes" : "no",
               __builtin_cpu_supports("vpclmulqdq") ? "yes" : "no");
#endif
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = sigill_handler;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGILL, &sa, NULL);
    int ran = 0;
    for (int a = 1; a < argc; a++)
        ran += check_path(argv[a]);
    if (failures || untainted)
        return 1;
    if (!ran) {
        printf("consttime: no path could run here: skipped\n");
        return 77;
    }
    return 0;
}
