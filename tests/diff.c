/* SPDX-License-Identifier: Apache-2.0 */
/* diff.c — every implementation against the spec-literal reference on random
 * inputs (every bit length 0..4096, in place and out of place, canary bytes
 * around every output, continued keystreams, many-message calls, invalid
 * arguments), and libzuc against Intel ipsec-mb where it is built in.
 * On a multi-lane path, whose one-message calls run the best one-lane path,
 * each message goes through the many-message call as a batch of one, so
 * every length runs in the lanes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/testutil.h"
#include "zuc.h"
#ifdef ZUCBENCH_HAVE_IPSECMB
#include "backends/ipsecmb.h"
#endif
#ifdef ZUC_TEST_INTERNALS
#include "zuc_impl.h" /* the implementation descriptors (static libzuc) */
#endif

#define MAX_BITS 4096

/* 1 when the forced path is a multi-lane one (its one-message calls run
 * elsewhere): messages then go through the _n calls. */
static int lanes_path;

static void select_impl(const char *name)
{
    use_impl(name);
    lanes_path = strcmp(zuc_impl_name(), zuc_impl_name_n()) != 0;
}

/* ---- one message, through the path under test ----------------------------- */

static int eea3_call(const uint8_t *key, uint32_t count, uint8_t bearer, uint8_t dir,
                     const uint8_t *in, uint8_t *out, size_t bits)
{
    zuc_eea3_job j = { key, count, bearer, dir, in, out, bits };
    return lanes_path ? zuc_eea3_n(&j, 1) : zuc_eea3(key, count, bearer, dir, in, out, bits);
}

static int eia3_call(const uint8_t *key, uint32_t count, uint8_t bearer, uint8_t dir,
                     const uint8_t *msg, size_t bits, uint32_t *mac)
{
    zuc_eia3_job j = { key, count, bearer, dir, msg, bits, mac };
    return lanes_path ? zuc_eia3_n(&j, 1) : zuc_eia3(key, count, bearer, dir, msg, bits, mac);
}

static int zuc256_crypt_call(const uint8_t *key, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                             size_t len)
{
    zuc256_crypt_job j = { key, iv, in, out, len };
    return lanes_path ? zuc256_crypt_n(&j, 1) : zuc256_crypt(key, iv, in, out, len);
}

static int zuc256_mac_call(const uint8_t *key, const uint8_t *iv, const uint8_t *msg, size_t bits,
                           uint8_t *tag, size_t tag_bytes)
{
    zuc256_mac_job j = { key, iv, msg, bits, tag, tag_bytes };
    return lanes_path ? zuc256_mac_n(&j, 1) : zuc256_mac(key, iv, msg, bits, tag, tag_bytes);
}

static void report(const char *what, const char *impl, long failures, long cases)
{
    printf("%-28s %-10s %ld/%ld %s\n", what, impl, cases - failures, cases,
           failures ? "FAILED" : "ok");
}

/* ---- implementation vs reference ---------------------------------------- */

/* One case: what it computes into out, on the path selected now. */
typedef int (*one_case)(const void *args, uint8_t *out);

/* 1 if impl returns ZUC_OK and writes the out_len bytes ref writes, and
 * nothing beyond them. */
static int agrees_with_ref(const char *impl, one_case run, const void *args, size_t out_len)
{
    guarded want = guarded_new(out_len), got = guarded_new(out_len);
    select_impl("ref");
    run(args, want.data);
    select_impl(impl);
    int ok = run(args, got.data) == ZUC_OK && memcmp(want.data, got.data, out_len) == 0 &&
             canaries_intact(&got);
    guarded_free(&want);
    guarded_free(&got);
    return ok;
}

/* A ZUC-256 MAC of any version (version 0: the zuc256_* calls of 2018). */
typedef struct {
    int version;
    const uint8_t *key, *iv, *msg;
    size_t bits, tag_bytes;
} mac_case;
static int run_mac_case(const void *args, uint8_t *out);

/* ZUC-256 encryption of a 128-bit-IV version, or ZUC-NEA6 (version 0, len
 * in bits). */
typedef struct {
    int version;
    const uint8_t *key, *iv, *in;
    size_t len;
} crypt_case;
static int run_crypt_case(const void *args, uint8_t *out);

static void eea3_every_length(const char *impl)
{
    long failures = 0;
    for (size_t bits = 0; bits <= MAX_BITS; bits++) {
        size_t nbytes = (bits + 7) / 8;
        uint8_t key[16], *msg = malloc(nbytes + 1);
        uint32_t count = (uint32_t)rng_next();
        uint8_t bearer = (uint8_t)rng_below(32), dir = (uint8_t)rng_below(2);
        rng_fill(key, 16);
        rng_fill(msg, nbytes);
        guarded want = guarded_new(nbytes), got = guarded_new(nbytes),
                inplace = guarded_new(nbytes);
        memcpy(inplace.data, msg, nbytes);
        select_impl("ref");
        eea3_call(key, count, bearer, dir, msg, want.data, bits);
        select_impl(impl);
        int ok = eea3_call(key, count, bearer, dir, msg, got.data, bits) == ZUC_OK &&
                 eea3_call(key, count, bearer, dir, inplace.data, inplace.data, bits) == ZUC_OK &&
                 memcmp(want.data, got.data, nbytes) == 0 &&
                 memcmp(want.data, inplace.data, nbytes) == 0 && canaries_intact(&got) &&
                 canaries_intact(&inplace);
        failures += !ok;
        check_count(ok);
        guarded_free(&want);
        guarded_free(&got);
        guarded_free(&inplace);
        free(msg);
    }
    report("eea3 bits 0..4096", impl, failures, MAX_BITS + 1);
}

static void eia3_every_length(const char *impl)
{
    long failures = 0;
    for (size_t bits = 0; bits <= MAX_BITS; bits++) {
        size_t nbytes = (bits + 7) / 8;
        uint8_t key[16], *msg = malloc(nbytes + 1);
        uint32_t count = (uint32_t)rng_next(), want, got;
        uint8_t bearer = (uint8_t)rng_below(32), dir = (uint8_t)rng_below(2);
        rng_fill(key, 16);
        rng_fill(msg, nbytes); /* bits beyond the length are random too: ignored */
        select_impl("ref");
        eia3_call(key, count, bearer, dir, msg, bits, &want);
        select_impl(impl);
        int ok = eia3_call(key, count, bearer, dir, msg, bits, &got) == ZUC_OK && want == got;
        failures += !ok;
        check_count(ok);
        free(msg);
    }
    report("eia3 bits 0..4096", impl, failures, MAX_BITS + 1);
}

static void zuc256_crypt_lengths(const char *impl)
{
    static const size_t big[] = { 4096, 65536 + 3, 1 << 20 };
    long failures = 0, cases = 0;
    for (size_t i = 0; i <= 600 + 3; i++) {
        size_t len = i <= 600 ? i : big[i - 601];
        uint8_t key[32], iv[25], *msg = malloc(len + 1);
        rng_key_iv(key, iv);
        rng_fill(msg, len);
        guarded want = guarded_new(len), got = guarded_new(len);
        select_impl("ref");
        zuc256_crypt_call(key, iv, msg, want.data, len);
        select_impl(impl);
        int ok = zuc256_crypt_call(key, iv, msg, got.data, len) == ZUC_OK &&
                 memcmp(want.data, got.data, len) == 0 && canaries_intact(&got);
        memcpy(got.data, msg, len); /* in place */
        ok = ok && zuc256_crypt_call(key, iv, got.data, got.data, len) == ZUC_OK &&
             memcmp(want.data, got.data, len) == 0 && canaries_intact(&got);
        failures += !ok;
        cases++;
        check_count(ok);
        guarded_free(&want);
        guarded_free(&got);
        free(msg);
    }
    report("zuc256 bytes 0..600 + large", impl, failures, cases);
}

static void zuc256_mac_every_length(const char *impl, size_t tag_bytes, size_t step)
{
    long failures = 0, cases = 0;
    for (size_t bits = 0; bits <= MAX_BITS; bits += step) {
        size_t nbytes = (bits + 7) / 8;
        uint8_t key[32], iv[25], *msg = malloc(nbytes + 1);
        rng_key_iv(key, iv);
        rng_fill(msg, nbytes);
        mac_case c = { 0, key, iv, msg, bits, tag_bytes };
        int ok = agrees_with_ref(impl, run_mac_case, &c, tag_bytes);
        failures += !ok;
        cases++;
        check_count(ok);
        free(msg);
    }
    char what[64];
    snprintf(what, sizeof what, "zuc256-mac%zu bits 0..4096", 8 * tag_bytes);
    report(what, impl, failures, cases);
}

/* Large messages: the block and group boundaries of the fast paths. */
static void large_messages(const char *impl)
{
    static const size_t sizes_bits[] = { 65536 * 8 + 5,    (1 << 20) * 8, 100003,
                                         2048 * 8 - 1,     2048 * 8,      2048 * 8 + 1,
                                         4096 * 8 - 1,     4096 * 8,      4096 * 8 + 1,
                                         2 * 4096 * 8 + 33 };
    long failures = 0, n = sizeof sizes_bits / sizeof sizes_bits[0];
    for (long i = 0; i < n; i++) {
        size_t bits = sizes_bits[i], nbytes = (bits + 7) / 8;
        uint8_t key[32], iv[25], *msg = malloc(nbytes), *a = malloc(nbytes), *b = malloc(nbytes);
        uint8_t ta[16], tb[16];
        uint32_t ma, mb;
        rng_key_iv(key, iv);
        rng_fill(msg, nbytes);
        select_impl("ref");
        eea3_call(key, 7, 3, 1, msg, a, bits);
        eia3_call(key, 7, 3, 1, msg, bits, &ma);
        zuc256_mac_call(key, iv, msg, bits, ta, 16);
        select_impl(impl);
        eea3_call(key, 7, 3, 1, msg, b, bits);
        eia3_call(key, 7, 3, 1, msg, bits, &mb);
        zuc256_mac_call(key, iv, msg, bits, tb, 16);
        int ok = memcmp(a, b, nbytes) == 0 && ma == mb && memcmp(ta, tb, 16) == 0;
        failures += !ok;
        check_count(ok);
        free(msg);
        free(a);
        free(b);
    }
    report("large eea3/eia3/mac128", impl, failures, n);
}

/* A keystream in random-sized pieces, continued across implementations. */
static void keystream_continuation(const char *impl)
{
    long failures = 0, cases = 200;
    for (long c = 0; c < cases; c++) {
        uint8_t key[32], iv[25];
        uint32_t want[400], got[400];
        rng_key_iv(key, iv);
        int is256 = c % 2;
        zuc_state st;
        select_impl("ref");
        if (is256)
            zuc256_keystream_init(&st, key, iv);
        else
            zuc128_keystream_init(&st, key, iv);
        zuc_keystream(&st, want, 400);
        select_impl(impl);
        if (is256)
            zuc256_keystream_init(&st, key, iv);
        else
            zuc128_keystream_init(&st, key, iv);
        size_t done = 0;
        while (done < 400) {
            size_t piece = 1 + rng_below(40);
            if (piece > 400 - done)
                piece = 400 - done;
            select_impl(rng_below(4) == 0 ? "ref" : impl); /* any path continues any state */
            zuc_keystream(&st, got + done, piece);
            done += piece;
        }
        int ok = memcmp(want, got, sizeof want) == 0;
        failures += !ok;
        check_count(ok);
    }
    report("keystream pieces", impl, failures, cases);
}

#ifdef ZUC_TEST_INTERNALS
/* The descriptors' xor_keystream, which the public functions reach only for
 * paths without their own modes: from the public state, at every byte
 * length 0..300 (so 61..63 past each multiple of 64, where a partial last
 * word ends a block) and at 64 KiB - 3 .. 64 KiB + 3 and 64 KiB + 61..63,
 * in place and out of place; then a second call of random length and
 * keystream words, so that the state each leaves behind is checked too. */
static int xor_continues(const zuc_impl *im, size_t len)
{
    uint8_t key[16], iv[16];
    rng_fill(key, 16);
    rng_fill(iv, 16);
    size_t len2 = rng_below(200);
    uint8_t *msg = malloc(len + len2 + 1), *want = malloc(len + len2 + 1);
    guarded got = guarded_new(len), inplace = guarded_new(len), got2 = guarded_new(len2);
    rng_fill(msg, len + len2);
    memcpy(inplace.data, msg, len);
    zuc_state ws, ws1, gs, is;
    uint32_t wz[20], wz1[20], gz[20], iz[20];
    zuc_impl_ref.init128(&ws, key, iv);
    zuc_impl_ref.xor_keystream(&ws, msg, want, len);
    ws1 = ws;
    zuc_impl_ref.keystream(&ws1, wz1, 20);
    zuc_impl_ref.xor_keystream(&ws, msg + len, want + len, len2);
    zuc_impl_ref.keystream(&ws, wz, 20);
    im->init128(&gs, key, iv);
    im->xor_keystream(&gs, msg, got.data, len);
    im->xor_keystream(&gs, msg + len, got2.data, len2);
    im->keystream(&gs, gz, 20);
    im->init128(&is, key, iv);
    im->xor_keystream(&is, inplace.data, inplace.data, len);
    im->keystream(&is, iz, 20);
    int ok = memcmp(want, got.data, len) == 0 && memcmp(want + len, got2.data, len2) == 0 &&
             memcmp(want, inplace.data, len) == 0 && memcmp(wz, gz, sizeof wz) == 0 &&
             memcmp(wz1, iz, sizeof wz1) == 0 && canaries_intact(&got) &&
             canaries_intact(&inplace) && canaries_intact(&got2);
    guarded_free(&got);
    guarded_free(&inplace);
    guarded_free(&got2);
    free(msg);
    free(want);
    return ok;
}

static void xor_keystream_lengths(const zuc_impl *im)
{
    static const size_t beyond[] = { 65533, 65534, 65535,      65536,      65537,
                                     65538, 65539, 65536 + 61, 65536 + 62, 65536 + 63 };
    long failures = 0, cases = 0;
    for (size_t len = 0; len <= 300; len++, cases++)
        failures += !xor_continues(im, len);
    for (size_t k = 0; k < sizeof beyond / sizeof beyond[0]; k++, cases++)
        failures += !xor_continues(im, beyond[k]);
    check_count(failures == 0);
    report("xor_keystream 0..300, 64K", im->name, failures, cases);
}
#endif

/* zuc_eea3_n / zuc_eia3_n against one call per message. */
static void many_messages(const char *impl)
{
    long failures = 0, cases = 100;
    select_impl(impl);
    for (long c = 0; c < cases; c++) {
        size_t n = 1 + rng_below(64);
        zuc_eea3_job ej[64];
        zuc_eia3_job aj[64];
        uint8_t keys[64][16], *ins[64], *outs[64], *refs[64];
        uint32_t macs[64];
        int ok = 1;
        for (size_t i = 0; i < n; i++) {
            size_t bits = rng_below(MAX_BITS + 1), nbytes = (bits + 7) / 8;
            rng_fill(keys[i], 16);
            ins[i] = malloc(nbytes + 1);
            outs[i] = malloc(nbytes + 1);
            refs[i] = malloc(nbytes + 1);
            rng_fill(ins[i], nbytes);
            ej[i] = (zuc_eea3_job){ keys[i],
                                    (uint32_t)rng_next(),
                                    (uint8_t)rng_below(32),
                                    (uint8_t)rng_below(2),
                                    ins[i],
                                    outs[i],
                                    bits };
            aj[i] = (zuc_eia3_job){ keys[i], ej[i].count, ej[i].bearer, ej[i].direction,
                                    ins[i],  bits,        &macs[i] };
        }
        ok = zuc_eea3_n(ej, n) == ZUC_OK && zuc_eia3_n(aj, n) == ZUC_OK;
        for (size_t i = 0; i < n; i++) {
            uint32_t mac;
            size_t nbytes = (ej[i].length_bits + 7) / 8;
            eea3_call(ej[i].key, ej[i].count, ej[i].bearer, ej[i].direction, ins[i], refs[i],
                      ej[i].length_bits);
            eia3_call(aj[i].key, aj[i].count, aj[i].bearer, aj[i].direction, ins[i],
                      aj[i].length_bits, &mac);
            ok = ok && memcmp(refs[i], outs[i], nbytes) == 0 && mac == macs[i];
            free(ins[i]);
            free(outs[i]);
            free(refs[i]);
        }
        failures += !ok;
        check_count(ok);
    }
    report("eea3_n/eia3_n 1..64 jobs", impl, failures, cases);
}

/* ---- ZUC-256 versions 2021 and 2023 ---------------------------------------- */

static int v_crypt_call(int version, const uint8_t *key, const uint8_t *iv, const uint8_t *in,
                        uint8_t *out, size_t len)
{
    zuc256_crypt_job j = { key, iv, in, out, len };
    return lanes_path ? zuc256v_crypt_n(version, &j, 1)
                      : zuc256v_crypt(version, key, iv, in, out, len);
}

static int v_mac_call(int version, const uint8_t *key, const uint8_t *iv, const uint8_t *msg,
                      size_t bits, uint8_t *tag, size_t tag_bytes)
{
    zuc256_mac_job j = { key, iv, msg, bits, tag, tag_bytes };
    return lanes_path ? zuc256v_mac_n(version, &j, 1)
                      : zuc256v_mac(version, key, iv, msg, bits, tag, tag_bytes);
}

static int run_mac_case(const void *args, uint8_t *out)
{
    const mac_case *c = args;
    if (c->version == 0)
        return zuc256_mac_call(c->key, c->iv, c->msg, c->bits, out, c->tag_bytes);
    return v_mac_call(c->version, c->key, c->iv, c->msg, c->bits, out, c->tag_bytes);
}

static int nea6_call(const uint8_t *key, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                     size_t bits);

static int run_crypt_case(const void *args, uint8_t *out)
{
    const crypt_case *c = args;
    if (c->version == 0)
        return nea6_call(c->key, c->iv, c->in, out, c->len);
    return v_crypt_call(c->version, c->key, c->iv, c->in, out, c->len);
}

/* Encryption of 0..300 bytes and MACs of 0..1100 bits (every tag size),
 * against ref, for both 128-bit-IV versions. */
static void zuc256_versions(const char *impl)
{
    static const int versions[] = { ZUC256_V2021, ZUC256_V2023 };
    long failures = 0, cases = 0;
    for (int v = 0; v < 2; v++) {
        int version = versions[v];
        for (size_t len = 0; len <= 300; len++) {
            uint8_t key[32], iv[16], *msg = malloc(len + 1);
            rng_fill(key, 32);
            rng_fill(iv, 16);
            rng_fill(msg, len);
            crypt_case c = { version, key, iv, msg, len };
            int ok = agrees_with_ref(impl, run_crypt_case, &c, len);
            failures += !ok;
            cases++;
            check_count(ok);
            free(msg);
        }
        for (size_t bits = 0; bits <= 1100; bits += 1 + bits / 64) {
            size_t tag_bytes = (size_t)4 << rng_below(3), nbytes = (bits + 7) / 8;
            uint8_t key[32], iv[16], *msg = malloc(nbytes + 1);
            rng_fill(key, 32);
            rng_fill(iv, 16);
            rng_fill(msg, nbytes);
            mac_case c = { version, key, iv, msg, bits, tag_bytes };
            int ok = agrees_with_ref(impl, run_mac_case, &c, tag_bytes);
            failures += !ok;
            cases++;
            check_count(ok);
            free(msg);
        }
    }
    report("zuc256 2021/2023 crypt + mac", impl, failures, cases);
}

/* ---- ZUC-NEA6 / NIA6 / NCA6 ------------------------------------------------ */

static int nea6_call(const uint8_t *key, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                     size_t bits)
{
    zuc_nea6_job j = { key, 0, 0, 0, iv, in, out, bits };
    return lanes_path ? zuc_nea6_n(&j, 1) : zuc_nea6_iv(key, iv, in, out, bits);
}

static int nia6_call(const uint8_t *key, const uint8_t *iv, const uint8_t *msg, size_t len,
                     uint8_t *tag, size_t tag_bytes)
{
    zuc_nia6_job j = { key, 0, 0, 0, iv, msg, len, tag, tag_bytes };
    return lanes_path ? zuc_nia6_n(&j, 1) : zuc_nia6_iv(key, iv, msg, len, tag, tag_bytes);
}

static int nca6_call(int decrypt, const uint8_t *key, const uint8_t *iv, const uint8_t *aad,
                     size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                     size_t tag_bytes)
{
    zuc_nca6_job j = { key, 0, 0, 0, iv, aad, aad_len, in, out, len, tag, tag_bytes, NULL };
    if (lanes_path)
        return decrypt ? zuc_nca6_decrypt_n(&j, 1) : zuc_nca6_encrypt_n(&j, 1);
    return decrypt ? zuc_nca6_decrypt_iv(key, iv, aad, aad_len, in, out, len, tag, tag_bytes)
                   : zuc_nca6_encrypt_iv(key, iv, aad, aad_len, in, out, len, tag, tag_bytes);
}

/* Each against ref: NEA6 over 0..2100 bits, NIA6 over 0..600 bytes, NCA6
 * over 0..600 bytes with 0..300 bytes of associated data, every tag size
 * 4..16 in turn; NCA6 decryption in place, and with a wrong tag (ZUC_EAUTH, the
 * buffer untouched). */
static void nxa6_against_ref(const char *impl)
{
    long failures = 0, cases = 0;
    for (size_t bits = 0; bits <= 2100; bits += 1 + bits / 128) {
        size_t nbytes = (bits + 7) / 8;
        uint8_t key[32], iv[16], *msg = malloc(nbytes + 1);
        rng_fill(key, 32);
        rng_fill(iv, 16);
        rng_fill(msg, nbytes);
        crypt_case c = { 0, key, iv, msg, bits };
        int ok = agrees_with_ref(impl, run_crypt_case, &c, nbytes);
        failures += !ok;
        cases++;
        check_count(ok);
        free(msg);
    }
    report("nea6 bits 0..2100", impl, failures, cases);
    failures = cases = 0;
    for (size_t len = 0; len <= 600; len++) {
        size_t tag_bytes = 4 + len % 13, aad_len = rng_below(301);
        uint8_t key[32], iv[16], *msg = malloc(len + 1), *aad = malloc(aad_len + 1);
        rng_fill(key, 32);
        rng_fill(iv, 16);
        rng_fill(msg, len);
        rng_fill(aad, aad_len);
        guarded want_tag = guarded_new(tag_bytes), got_tag = guarded_new(tag_bytes);
        guarded want = guarded_new(len), got = guarded_new(len);
        use_impl("ref");
        nia6_call(key, iv, msg, len, want_tag.data, tag_bytes);
        use_impl(impl);
        int ok = nia6_call(key, iv, msg, len, got_tag.data, tag_bytes) == ZUC_OK &&
                 memcmp(want_tag.data, got_tag.data, tag_bytes) == 0 && canaries_intact(&got_tag);
        use_impl("ref");
        nca6_call(0, key, iv, aad, aad_len, msg, want.data, len, want_tag.data, tag_bytes);
        use_impl(impl);
        ok = ok &&
             nca6_call(0, key, iv, aad, aad_len, msg, got.data, len, got_tag.data, tag_bytes) ==
                 ZUC_OK &&
             memcmp(want.data, got.data, len) == 0 && canaries_intact(&got) &&
             memcmp(want_tag.data, got_tag.data, tag_bytes) == 0 && canaries_intact(&got_tag);
        ok = ok &&
             nca6_call(1, key, iv, aad, aad_len, got.data, got.data, len, got_tag.data,
                       tag_bytes) == ZUC_OK &&
             memcmp(got.data, msg, len) == 0 && canaries_intact(&got);
        memcpy(got.data, want.data, len);
        got_tag.data[rng_below(tag_bytes)] ^= (uint8_t)(1u << rng_below(8));
        ok = ok &&
             nca6_call(1, key, iv, aad, aad_len, got.data, got.data, len, got_tag.data,
                       tag_bytes) == ZUC_EAUTH &&
             memcmp(got.data, want.data, len) == 0 && canaries_intact(&got);
        failures += !ok;
        cases++;
        check_count(ok);
        guarded_free(&want_tag);
        guarded_free(&got_tag);
        guarded_free(&want);
        guarded_free(&got);
        free(msg);
        free(aad);
    }
    report("nia6/nca6 bytes 0..600, aad 0..300, tags 4..16", impl, failures, cases);
}

/* The _n calls on batches of 1..140 jobs (past a window of the NIA6 tags
 * made together) of mixed lengths (to 700 bytes,
 * one in eight to 5000, past the blocks the lanes hash at a time) and tag
 * sizes, associated data 0..300 bytes, some of them with the 3GPP IV,
 * against one call per message on ref;
 * decryption with about a quarter of the tags wrong. */
static void nxa6_many(const char *impl)
{
    enum { MAXJ = 140 };
    long failures = 0, cases = 60;
    for (long c = 0; c < cases; c++) {
        size_t n = 1 + rng_below(MAXJ);
        zuc_nea6_job ej[MAXJ];
        zuc_nia6_job ij[MAXJ];
        zuc_nca6_job cj[MAXJ];
        uint8_t keys[MAXJ][32], ivs[MAXJ][16], made[MAXJ][16], tags[MAXJ][16], ctags[MAXJ][16];
        uint8_t aads[MAXJ][300], bad[MAXJ];
        uint8_t *ins[MAXJ], *outs[MAXJ], *couts[MAXJ];
        int verified[MAXJ];
        for (size_t i = 0; i < n; i++) {
            size_t len = rng_below(8) ? rng_below(700) : rng_below(5000),
                   tag_bytes = 4 + rng_below(13);
            rng_fill(keys[i], 32);
            rng_fill(ivs[i], 16);
            rng_fill(aads[i], sizeof aads[i]);
            ins[i] = malloc(len + 1);
            outs[i] = malloc(len + 1);
            couts[i] = malloc(len + 1);
            rng_fill(ins[i], len);
            const uint8_t *iv = rng_below(4) ? ivs[i] : NULL; /* NULL: the 3GPP IV */
            uint32_t count = (uint32_t)rng_next();
            uint8_t bearer = (uint8_t)rng_below(32), dir = (uint8_t)rng_below(2);
            ej[i] = (zuc_nea6_job){ keys[i], count,  bearer,  dir,
                                    iv,      ins[i], outs[i], 8 * len - (len ? rng_below(8) : 0) };
            ij[i] =
                (zuc_nia6_job){ keys[i], count, bearer, dir, iv, ins[i], len, tags[i], tag_bytes };
            cj[i] = (zuc_nca6_job){ keys[i],  count,          bearer,      dir,      iv,
                                    aads[i],  rng_below(301), ins[i],      couts[i], len,
                                    ctags[i], tag_bytes,      &verified[i] };
        }
        use_impl(impl);
        int ok = zuc_nea6_n(ej, n) == ZUC_OK && zuc_nia6_n(ij, n) == ZUC_OK &&
                 zuc_nca6_encrypt_n(cj, n) == ZUC_OK;
        use_impl("ref");
        for (size_t i = 0; i < n && ok; i++) {
            size_t len = cj[i].length_bytes, tb = cj[i].tag_bytes;
            uint8_t *ref = malloc(len + 1), tag[16];
            const uint8_t *iv = ej[i].iv;
            if (!iv) {
                zuc_nxa6_iv(made[i], ZUC_NEA6, 0, ej[i].count, ej[i].bearer, ej[i].direction);
                iv = made[i];
            }
            ok = zuc_nea6_iv(keys[i], iv, ins[i], ref, ej[i].length_bits) == ZUC_OK &&
                 memcmp(ref, outs[i], (ej[i].length_bits + 7) / 8) == 0;
            if (!ij[i].iv)
                zuc_nxa6_iv(made[i], ZUC_NIA6, tb, ij[i].count, ij[i].bearer, ij[i].direction);
            ok = ok &&
                 zuc_nia6_iv(keys[i], ij[i].iv ? ij[i].iv : made[i], ins[i], len, tag, tb) ==
                     ZUC_OK &&
                 memcmp(tag, tags[i], tb) == 0;
            if (!cj[i].iv)
                zuc_nxa6_iv(made[i], ZUC_NCA6, tb, cj[i].count, cj[i].bearer, cj[i].direction);
            ok = ok &&
                 zuc_nca6_encrypt_iv(keys[i], cj[i].iv ? cj[i].iv : made[i], cj[i].aad,
                                     cj[i].aad_bytes, ins[i], ref, len, tag, tb) == ZUC_OK &&
                 memcmp(ref, couts[i], len) == 0 && memcmp(tag, ctags[i], tb) == 0;
            free(ref);
        }
        /* decryption in place, a quarter of the tags broken */
        int any_bad = 0;
        for (size_t i = 0; i < n; i++) {
            cj[i].in = couts[i];
            bad[i] = rng_below(4) == 0;
            ctags[i][0] ^= bad[i];
            any_bad |= bad[i];
            memcpy(outs[i], couts[i], cj[i].length_bytes); /* the ciphertext, kept */
            verified[i] = -1;
        }
        use_impl(impl);
        ok = ok && zuc_nca6_decrypt_n(cj, n) == (any_bad ? ZUC_EAUTH : ZUC_OK);
        for (size_t i = 0; i < n && ok; i++) {
            int good = memcmp(ins[i], couts[i], cj[i].length_bytes) == 0;
            int kept = memcmp(outs[i], couts[i], cj[i].length_bytes) == 0;
            ok = verified[i] == !bad[i] && (bad[i] ? kept : good);
        }
        for (size_t i = 0; i < n; i++) {
            free(ins[i]);
            free(outs[i]);
            free(couts[i]);
        }
        failures += !ok;
        check_count(ok);
    }
    report("nea6_n/nia6_n/nca6_n 1..140 jobs", impl, failures, cases);
}

/* ---- invalid arguments: an error code, and nothing written --------------- */

static void invalid_arguments(const char *impl)
{
    uint8_t key[32] = { 0 }, iv[25] = { 0 }, msg[16] = { 0 };
    guarded out = guarded_new(16);
    uint8_t before[16];
    uint32_t mac = 0xDEADBEEF;
    zuc_state scratch;
    memcpy(before, out.data, 16);
    select_impl(impl);
    rc_case cases[] = {
        { "eea3 NULL key", eea3_call(NULL, 0, 0, 0, msg, out.data, 8), ZUC_ENULL },
        { "eea3 NULL in", eea3_call(key, 0, 0, 0, NULL, out.data, 8), ZUC_ENULL },
        { "eea3 NULL out", eea3_call(key, 0, 0, 0, msg, NULL, 8), ZUC_ENULL },
        { "eea3 bearer 32", eea3_call(key, 0, 32, 0, msg, out.data, 8), ZUC_EPARAM },
        { "eea3 direction 2", eea3_call(key, 0, 0, 2, msg, out.data, 8), ZUC_EPARAM },
        { "eea3 empty NULL ok", eea3_call(key, 0, 0, 0, NULL, NULL, 0), ZUC_OK },
        { "eia3 NULL mac", eia3_call(key, 0, 0, 0, msg, 8, NULL), ZUC_ENULL },
        { "eia3 NULL msg", eia3_call(key, 0, 0, 0, NULL, 8, &mac), ZUC_ENULL },
        { "eia3 bearer 40", eia3_call(key, 0, 40, 0, msg, 8, &mac), ZUC_EPARAM },
        { "zuc256 NULL iv", zuc256_crypt_call(key, NULL, msg, out.data, 16), ZUC_ENULL },
        { "zuc256 too long", zuc256_crypt_call(key, iv, msg, out.data, ZUC256_MAX_BYTES + 1),
          ZUC_ELENGTH },
        { "mac tag 5", zuc256_mac_call(key, iv, msg, 8, out.data, 5), ZUC_ETAGSIZE },
        { "mac tag 0", zuc256_mac_call(key, iv, msg, 8, out.data, 0), ZUC_ETAGSIZE },
        { "mac NULL tag", zuc256_mac_call(key, iv, msg, 8, NULL, 4), ZUC_ENULL },
        { "init NULL state", zuc128_keystream_init(NULL, key, iv), ZUC_ENULL },
        { "force unknown", zuc_force_impl("no-such-path"), ZUC_EIMPL },
        { "force NULL", zuc_force_impl(NULL), ZUC_ENULL },
        { "zuc256 version 2019", zuc256v_crypt(2019, key, iv, msg, out.data, 16), ZUC_EVERSION },
        { "zuc256 mac version 0", zuc256v_mac(0, key, iv, msg, 8, out.data, 4), ZUC_EVERSION },
        { "zuc256 _n version 2022", zuc256v_crypt_n(2022, NULL, 0), ZUC_EVERSION },
        { "init version 1", zuc256v_keystream_init(&scratch, 1, key, iv), ZUC_EVERSION },
        { "nea6 bearer 32", zuc_nea6(key, 0, 32, 0, msg, out.data, 8), ZUC_EPARAM },
        { "nea6 NULL iv", zuc_nea6_iv(key, NULL, msg, out.data, 8), ZUC_ENULL },
        { "nea6 NULL out", nea6_call(key, iv, msg, NULL, 8), ZUC_ENULL },
        { "nia6 tag 3", nia6_call(key, iv, msg, 16, out.data, 3), ZUC_ETAGSIZE },
        { "nia6 tag 17", nia6_call(key, iv, msg, 16, out.data, 17), ZUC_ETAGSIZE },
        { "nia6 direction 2", zuc_nia6(key, 0, 0, 2, msg, 16, out.data, 8), ZUC_EPARAM },
        { "nca6 NULL tag", nca6_call(0, key, iv, msg, 4, msg, out.data, 16, NULL, 8), ZUC_ENULL },
        { "nca6 NULL aad", nca6_call(0, key, iv, NULL, 4, msg, out.data, 16, msg, 8), ZUC_ENULL },
        { "nca6 too long",
          nca6_call(0, key, iv, msg, 0, msg, out.data, ZUC_NXA6_MAX_BYTES + 1, msg, 8),
          ZUC_ELENGTH },
        { "nxa6 iv algorithm 3", zuc_nxa6_iv(out.data, 3, 8, 0, 0, 0), ZUC_EPARAM },
#if SIZE_MAX > 0xFFFFFFFFu
        { "eea3 2^32 bits", eea3_call(key, 0, 0, 0, msg, out.data, (size_t)1 << 32), ZUC_ELENGTH },
        { "eia3 2^32 bits", eia3_call(key, 0, 0, 0, msg, (size_t)1 << 32, &mac), ZUC_ELENGTH },
        { "mac beyond 2^32", zuc256_mac_call(key, iv, msg, ((size_t)1 << 32) - 63, out.data, 4),
          ZUC_ELENGTH },
#endif
    };
    long n = sizeof cases / sizeof cases[0], failures = check_rc_cases(cases, (size_t)n);
    int untouched = memcmp(before, out.data, 16) == 0 && canaries_intact(&out) && mac == 0xDEADBEEF;
    failures += !untouched;
    check_count(untouched);
    /* a bad job in a many-message call: nothing is written for any job */
    zuc_eea3_job jobs[2] = { { key, 0, 0, 0, msg, out.data, 128 },
                             { key, 0, 33, 0, msg, out.data, 8 } };
    int batch_ok = zuc_eea3_n(jobs, 2) == ZUC_EPARAM && memcmp(before, out.data, 16) == 0;
    failures += !batch_ok;
    check_count(batch_ok);
    select_impl(impl);
    guarded_free(&out);
    report("invalid arguments", impl, failures, n + 2);
}

/* ---- libzuc vs ipsec-mb --------------------------------------------------- */
#ifdef ZUCBENCH_HAVE_IPSECMB
static int first_bits_equal(const uint8_t *a, const uint8_t *b, size_t bits)
{
    size_t whole = bits / 8;
    if (memcmp(a, b, whole) != 0)
        return 0;
    if (bits % 8 == 0)
        return 1;
    uint8_t mask = (uint8_t)(0xFF << (8 - bits % 8));
    return (a[whole] & mask) == (b[whole] & mask);
}

static void versus_ipsecmb(const char *impl, long per_kind)
{
    const char *why = ipsecmb_unavailable();
    if (why) {
        printf("%-28s %-10s UNAVAILABLE (%s)\n", "vs ipsec-mb", impl, why);
        return;
    }
    const char *no_zuc256 = ipsecmb_zuc256_unavailable();
    select_impl(impl);
    long failures[4] = { 0 };
    for (long c = 0; c < per_kind; c++) {
        size_t len = rng_len_bytes(IPSECMB_ZUC_MAX_BYTES), bits = 8 * len - rng_below(8);
        uint8_t key[32], iv[25], *msg = malloc(len), *ours = malloc(len), *theirs = malloc(len);
        uint8_t tag_ours[16], tag_theirs[16];
        uint32_t count = (uint32_t)rng_next(), mac_ours, mac_theirs;
        uint8_t bearer = (uint8_t)rng_below(32), dir = (uint8_t)rng_below(2);
        size_t tag_bytes = (size_t)4 << rng_below(3);
        rng_key_iv(key, iv);
        rng_fill(msg, len);
        /* EEA3: ipsec-mb works on whole bytes; compare the first `bits` bits */
        int ok = eea3_call(key, count, bearer, dir, msg, ours, bits) == ZUC_OK &&
                 ipsecmb_eea3(key, count, bearer, dir, msg, theirs, len) == 0 &&
                 first_bits_equal(ours, theirs, bits);
        failures[0] += !ok;
        check_count(ok);
        ok = eia3_call(key, count, bearer, dir, msg, bits, &mac_ours) == ZUC_OK &&
             ipsecmb_eia3(key, count, bearer, dir, msg, bits, &mac_theirs) == 0 &&
             mac_ours == mac_theirs;
        failures[1] += !ok;
        check_count(ok);
        if (!no_zuc256) { /* ipsec-mb 3.0 and later have no ZUC-256 of 2018 */
            ok = zuc256_crypt_call(key, iv, msg, ours, len) == ZUC_OK &&
                 ipsecmb_zuc256_crypt(key, iv, msg, theirs, len) == 0 &&
                 memcmp(ours, theirs, len) == 0;
            failures[2] += !ok;
            check_count(ok);
            ok = zuc256_mac_call(key, iv, msg, bits, tag_ours, tag_bytes) == ZUC_OK &&
                 ipsecmb_zuc256_mac(key, iv, msg, bits, tag_theirs, tag_bytes) == 0 &&
                 memcmp(tag_ours, tag_theirs, tag_bytes) == 0;
            failures[3] += !ok;
            check_count(ok);
        }
        free(msg);
        free(ours);
        free(theirs);
    }
    report("vs ipsec-mb eea3 (bits)", impl, failures[0], per_kind);
    report("vs ipsec-mb eia3 (bits)", impl, failures[1], per_kind);
    if (no_zuc256) {
        printf("%-28s %-10s UNAVAILABLE (%s)\n", "vs ipsec-mb zuc256", impl, no_zuc256);
        return;
    }
    report("vs ipsec-mb zuc256", impl, failures[2], per_kind);
    report("vs ipsec-mb zuc256-mac 4/8/16", impl, failures[3], per_kind);
}
#endif

int main(int argc, char **argv)
{
    rng_seed_from_args(argc, argv, "diff", 20240611);
    for (const char *const *name = zuc_impl_list(); *name; name++) {
        if (!impl_to_test(*name, 28))
            continue;
        eea3_every_length(*name);
        eia3_every_length(*name);
        zuc256_crypt_lengths(*name);
        zuc256_mac_every_length(*name, 4, 1);
        zuc256_mac_every_length(*name, 8, 1);
        zuc256_mac_every_length(*name, 16, 1);
        large_messages(*name);
        keystream_continuation(*name);
        many_messages(*name);
        zuc256_versions(*name);
        nxa6_against_ref(*name);
        nxa6_many(*name);
        invalid_arguments(*name);
#ifdef ZUCBENCH_HAVE_IPSECMB
        versus_ipsecmb(*name, 2600);
#endif
    }
    invalid_arguments("ref");
#ifdef ZUC_TEST_INTERNALS
    xor_keystream_lengths(&zuc_impl_scalar);
#if defined(__x86_64__)
    if (zuc_impl_scalar_v3.usable())
        xor_keystream_lengths(&zuc_impl_scalar_v3);
#endif
#endif
    return check_report("diff");
}
