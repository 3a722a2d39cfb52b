/* SPDX-License-Identifier: Apache-2.0 */
/* polyval.c — the POLYVAL behind the ZUC-NIA6 / NCA6 tags: RFC 8452's
 * example, then every version built in (zuc_polyval_impls: 512- and 256-bit
 * VPCLMULQDQ, PCLMULQDQ, PMULL, portable; and the 512-bit one through SIMDe
 * where the tests have it) against a bit-by-bit model of this file on random
 * keys, every length 0..1100 bytes and random lengths to 9000, in one piece
 * or two, with key powers made for the message or for a longer one; the
 * versions that hash many messages side by side, each with its own key;
 * the tags made beside the lanes, alone and inside ZUC-NCA6 encryption
 * (every pairing of the AVX-512 lanes and the 512-bit version, native and
 * through SIMDe) against the reference. Calls libzuc's internal functions:
 * needs a static libzuc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/testutil.h"
#include "zuc_polyval.h"

#if defined(ZUCBENCH_HAVE_MEMCHECK_H)
#include <valgrind/memcheck.h>
#else
#define VALGRIND_MAKE_MEM_UNDEFINED(p, n) ((void)(p), (void)(n))
#define VALGRIND_MAKE_MEM_DEFINED(p, n) ((void)(p), (void)(n))
#define VALGRIND_GET_VBITS(p, v, n) ((void)(p), (void)(v), (void)(n), 0)
#define RUNNING_ON_VALGRIND 0
#endif

#if defined(ZUCBENCH_POLYVAL_EMULATED)
extern const zuc_polyval_impl zuc_polyval_vpclmul512_emu;
#endif
#if defined(ZUCBENCH_LANES_EMULATED)
extern const zuc_impl zuc_impl_avx512_emu;
#endif

static uint64_t le64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* a * b * x^-128 mod x^128 + x^127 + x^126 + x^121 + 1, bit by bit:
 * 128 steps of "r = r * x, plus a if the bit of b is set" from b's top
 * bit, then 128 divisions by x. */
static void model_dot(uint64_t r[2], const uint64_t a[2], const uint64_t b[2])
{
    uint64_t lo = 0, hi = 0;
    for (int i = 127; i >= 0; i--) {
        uint64_t top = hi >> 63;
        hi = hi << 1 | lo >> 63;
        lo <<= 1;
        hi ^= top * 0xC200000000000000u;
        lo ^= top;
        uint64_t bit = (i >= 64 ? b[1] >> (i - 64) : b[0] >> i) & 1;
        lo ^= bit * a[0];
        hi ^= bit * a[1];
    }
    for (int i = 0; i < 128; i++) {
        uint64_t odd = lo & 1;
        hi ^= odd * 0xC200000000000000u;
        lo ^= odd;
        lo = lo >> 1 | hi << 63;
        hi = hi >> 1 | odd << 63;
    }
    r[0] = lo;
    r[1] = hi;
}

static void model_polyval(uint64_t acc[2], const uint64_t h[2], const uint8_t *data, size_t n)
{
    for (size_t i = 0; i < n; i += 16) {
        uint8_t block[16] = { 0 };
        memcpy(block, data + i, n - i < 16 ? n - i : 16);
        uint64_t x[2] = { acc[0] ^ le64(block), acc[1] ^ le64(block + 8) };
        model_dot(acc, x, h);
    }
}

/* POLYVAL of data in pieces (the first `split` bytes, then the rest, as
 * the lanes hash ciphertext as they write it; split is 0 or a multiple of
 * 16), continued from acc. */
static void run_version(const zuc_polyval_impl *pv, uint64_t acc[2], const uint64_t h[2],
                        const uint8_t *data, size_t n, size_t split, size_t nblocks)
{
    zuc_polyval p;
    pv->start(&p, h, nblocks);
    p.acc[0] = acc[0];
    p.acc[1] = acc[1];
    pv->absorb(&p, data, 0); /* no bytes: the sum unchanged */
    if (split && split < n)
        pv->absorb(&p, data, split);
    else
        split = 0;
    if (n > split)
        pv->absorb(&p, data + split, n - split);
    acc[0] = p.acc[0];
    acc[1] = p.acc[1];
}

/* Messages hashed side by side, each with its own key and a sum to continue
 * (or 0): 1..40 at once (every position in a register, and registers short
 * of four), lengths 0..600 mixed with lengths to 9000 (shorter messages are
 * led by zero blocks), and calls of 0..64 bytes only (block by block). */
static void check_many(const zuc_polyval_impl *pv)
{
    enum { MOST = 40 };
    static uint8_t data[MOST][9000];
    uint64_t h[MOST][2], acc[MOST][2], start[MOST][2];
    const uint8_t *msg[MOST];
    size_t len[MOST], good = 0, total = 0, next_len = 0;
    for (int round = 0; round < 200; round++) {
        size_t count = 1 + (round < MOST ? (size_t)round : (size_t)rng_below(MOST));
        for (size_t i = 0; i < count; i++) {
            h[i][0] = rng_next();
            h[i][1] = rng_next();
            start[i][0] = acc[i][0] = round % 3 ? rng_next() : 0; /* a sum to continue */
            start[i][1] = acc[i][1] = round % 3 ? rng_next() : 0;
            len[i] = round % 4 == 3   ? (size_t)rng_below(9001)
                     : round % 4 == 1 ? (size_t)rng_below(65) /* four blocks or fewer */
                                      : next_len++ % 601;
            rng_fill(data[i], len[i]);
            msg[i] = data[i];
        }
        pv->many(acc, (const uint64_t(*)[2])h, msg, len, count);
        for (size_t i = 0; i < count; i++) {
            uint64_t want[2] = { start[i][0], start[i][1] };
            model_polyval(want, h[i], data[i], len[i]);
            good += acc[i][0] == want[0] && acc[i][1] == want[1];
            total++;
        }
    }
    printf("polyval %-10s many: %zu/%zu ok\n", pv->name, good, total);
    check_count(good == total);
}

/* The tags beside the lanes: ZUC_LANES_MAX lanes, each started with H, Q
 * and P (from twelve keystream words) on random masks of lanes, then calls
 * of 0..5 steps or of tails of 0..64 bytes a lane (every lane its own, or
 * one for all) on random masks within those, and the tags of a random
 * mask; after each call every lane's sum, and then every tag, is checked
 * against the model of what its calls gave it (a lane outside a call's
 * mask keeps its sum, and its tag is not written). */
static void check_lanes(const zuc_polyval_impl *pv)
{
    enum { L = ZUC_LANES_MAX, MOST_STEPS = 5 };
    static zuc_polyval_lanes s;
    static uint8_t data[L][64 * MOST_STEPS];
    uint32_t words[L][16];
    uint64_t key[L][2] = { { 0 } }, q[L][2] = { { 0 } }, p[L][2] = { { 0 } };
    uint64_t want[L][2] = { { 0 } }, lengths[L][2];
    uint8_t tags[L][16];
    const uint8_t *at[L];
    size_t nbytes[L], good = 0, total = 0;
    for (int round = 0; round < 400; round++) {
        unsigned started = round == 0 ? (1u << L) - 1 : (unsigned)rng_below(1u << L);
        for (int l = 0; l < L; l++) {
            uint8_t bytes[48]; /* H, Q, P: the words' big-endian bytes */
            for (int w = 0; w < 16; w++)
                words[l][w] = (uint32_t)rng_next();
            for (int i = 0; i < 48; i++)
                bytes[i] = (uint8_t)(words[l][i / 4] >> (24 - 8 * (i % 4)));
            if (started >> l & 1) {
                key[l][0] = le64(bytes);
                key[l][1] = le64(bytes + 8);
                q[l][0] = le64(bytes + 16);
                q[l][1] = le64(bytes + 24);
                p[l][0] = le64(bytes + 32);
                p[l][1] = le64(bytes + 40);
                want[l][0] = want[l][1] = 0;
            }
            at[l] = data[l];
        }
        pv->lanes_start(&s, started, (const uint32_t(*)[16])words);
        for (int call = 0; call < 4; call++) {
            unsigned mask = call == 0 ? started : (unsigned)rng_below(1u << L);
            int tail = (int)rng_below(3) == 0, equal = (int)rng_below(2);
            size_t steps = (size_t)rng_below(MOST_STEPS + 1), one = (size_t)rng_below(65);
            for (int l = 0; l < L; l++) {
                nbytes[l] = !tail ? 64 * steps : equal ? one : (size_t)rng_below(65);
                rng_fill(data[l], nbytes[l]);
                if (mask >> l & 1)
                    model_polyval(want[l], key[l], data[l], nbytes[l]);
            }
            if (tail)
                pv->lanes_tail(&s, mask, at, nbytes);
            else
                pv->lanes_steps(&s, mask, at, steps);
            for (int l = 0; l < L; l++, total++)
                good += s.acc[l][0] == want[l][0] && s.acc[l][1] == want[l][1];
        }
        unsigned mask = (unsigned)rng_below(1u << L);
        memset(tags, 0xA5, sizeof tags);
        for (int l = 0; l < L; l++) {
            lengths[l][0] = rng_next();
            lengths[l][1] = rng_next();
        }
        pv->lanes_finish(&s, mask, (const uint64_t(*)[2])lengths, tags);
        for (int l = 0; l < L; l++, total++) {
            uint64_t a[2] = { want[l][0] ^ lengths[l][0], want[l][1] ^ lengths[l][1] }, t[2];
            uint8_t tag[16];
            model_dot(t, a, q[l]);
            for (int i = 0; i < 16; i++)
                tag[i] = mask >> l & 1
                             ? (uint8_t)((i < 8 ? t[0] ^ p[l][0] : t[1] ^ p[l][1]) >> (8 * (i % 8)))
                             : 0xA5;
            good += memcmp(tags[l], tag, 16) == 0;
        }
    }
    printf("polyval %-10s beside the lanes: %zu/%zu ok\n", pv->name, good, total);
    check_count(good == total);
}

static void check_one(const zuc_polyval_impl *pv)
{
    /* RFC 8452, Appendix A: POLYVAL(H, X_1, X_2) */
    size_t n;
    uint8_t *hb = hex_decode("25629347589242761d31f826ba4b757b", &n);
    uint8_t *x = hex_decode("4f4f95668c83dfb6401762bb2d01a262d1a24ddd2721d006bbe45f20d3c9f362", &n);
    uint8_t *want = hex_decode("f7a3b47b846119fae5b7866cf5e5b77e", &n);
    uint64_t h[2] = { le64(hb), le64(hb + 8) }, acc[2] = { 0, 0 };
    run_version(pv, acc, h, x, 32, 0, 2);
    int ok = acc[0] == le64(want) && acc[1] == le64(want + 8);
    if (!ok)
        printf("FAIL %s: RFC 8452 example\n", pv->name);
    check_count(ok);
    free(hb);
    free(x);
    free(want);
    /* every length 0..1100 (around the 16- and 32-block steps), then random
     * lengths to 9000 bytes, split in two or not; powers made for the
     * length or for more (a longer message of which this is a piece) */
    static uint8_t data[9000];
    size_t good = 0, total = 0;
    for (int round = 0; round < 3000; round++) {
        uint8_t key[16];
        rng_fill(key, sizeof key);
        rng_fill(data, sizeof data);
        size_t len = round <= 1100 ? (size_t)round : (size_t)rng_below(sizeof data + 1);
        size_t split = round % 3 ? 16 * (size_t)rng_below(len / 16 + 1) : 0;
        size_t nblocks = (len + 15) / 16 + (round % 5 == 0 ? (size_t)rng_below(40) : 0);
        uint64_t hk[2] = { le64(key), le64(key + 8) };
        uint64_t a[2] = { rng_next(), rng_next() }, b[2] = { a[0], a[1] };
        run_version(pv, a, hk, data, len, split, nblocks);
        model_polyval(b, hk, data, len);
        good += a[0] == b[0] && a[1] == b[1];
        total++;
    }
    for (int round = 0; round < 200; round++) { /* the one product of the tag's last step */
        uint64_t x[2] = { rng_next(), rng_next() }, y[2] = { rng_next(), rng_next() }, r[2], m[2];
        pv->dot(r, x, y);
        model_dot(m, x, y);
        good += r[0] == m[0] && r[1] == m[1];
        total++;
    }
    for (size_t n = 0; n <= 19; n++) { /* many last products at once, 0..19 */
        uint64_t x[19][2], y[19][2], r[19][2], m[2];
        for (size_t i = 0; i < n; i++) {
            x[i][0] = rng_next();
            x[i][1] = rng_next();
            y[i][0] = rng_next();
            y[i][1] = rng_next();
        }
        r[n < 19 ? n : 18][0] = 0x5A5A; /* past n: left alone */
        zuc_polyval_dots(pv, r, (const uint64_t(*)[2])x, (const uint64_t(*)[2])y, n);
        for (size_t i = 0; i < n; i++, total++) {
            model_dot(m, x[i], y[i]);
            good += r[i][0] == m[0] && r[i][1] == m[1];
        }
        if (n < 19)
            good += r[n][0] == 0x5A5A, total++;
    }
    printf("polyval %-10s %zu/%zu ok\n", pv->name, good, total);
    check_count(good == total);
    if (pv->many)
        check_many(pv);
    if (pv->lanes_start)
        check_lanes(pv);
}

/* ZUC-NCA6 encryption with the tags made beside the lanes, im's lanes and
 * pv's tags (zuc_lanes_nca6_encrypt), against the reference one message at
 * a time: 40 batches of 1..40 jobs, lengths 0..700 bytes (one in eight to
 * 3000), associated data 0..300 bytes, tags of 4..16 bytes. */
static void check_nca6_beside(const zuc_impl *im, const zuc_polyval_impl *pv)
{
    enum { MOST = 40, LONGEST = 3000 };
    static uint8_t in[MOST][LONGEST], out[MOST][LONGEST], want[MOST][LONGEST], aad[MOST][300];
    uint8_t keys[MOST][32], ivs[MOST][16], tags[MOST][16], want_tags[MOST][16];
    zuc_nca6_job jobs[MOST];
    size_t good = 0, total = 0;
    for (int round = 0; round < 40; round++) {
        size_t n = 1 + (size_t)rng_below(MOST);
        for (size_t i = 0; i < n; i++) {
            size_t len = rng_below(8) ? (size_t)rng_below(701) : (size_t)rng_below(LONGEST + 1);
            size_t aad_bytes = (size_t)rng_below(301), tag_bytes = 4 + (size_t)rng_below(13);
            rng_fill(keys[i], 32);
            rng_fill(ivs[i], 16);
            rng_fill(in[i], len);
            rng_fill(aad[i], aad_bytes);
            jobs[i] = (zuc_nca6_job){ keys[i], 0,      0,   0,       ivs[i],    aad[i], aad_bytes,
                                      in[i],   out[i], len, tags[i], tag_bytes, NULL };
        }
        use_impl("ref");
        for (size_t i = 0; i < n; i++)
            zuc_nca6_encrypt_iv(keys[i], ivs[i], aad[i], jobs[i].aad_bytes, in[i], want[i],
                                jobs[i].length_bytes, want_tags[i], jobs[i].tag_bytes);
        zuc_lanes_nca6_encrypt(im, pv, jobs, n);
        for (size_t i = 0; i < n; i++, total++)
            good += memcmp(out[i], want[i], jobs[i].length_bytes) == 0 &&
                    memcmp(tags[i], want_tags[i], jobs[i].tag_bytes) == 0;
    }
    printf("nca6 tags beside the lanes %-10s %-14s %zu/%zu ok\n", im->name, pv->name, good, total);
    check_count(good == total);
}

/* Every pairing of lanes and POLYVAL version that makes the tags beside the
 * lanes, native where this CPU has them and emulated (SIMDe) everywhere. */
static void check_nca6_pairings(void)
{
    const zuc_impl *lanes[] = {
#if defined(__x86_64__) && !defined(ZUC_NO_AVX512)
        &zuc_impl_avx512_gfni,
#endif
#if defined(ZUCBENCH_LANES_EMULATED)
        &zuc_impl_avx512_emu,
#endif
        NULL
    };
    const zuc_polyval_impl *versions[] = {
#if defined(__x86_64__) && !defined(ZUC_NO_AVX512)
        &zuc_polyval_vpclmul512,
#endif
#if defined(ZUCBENCH_POLYVAL_EMULATED)
        &zuc_polyval_vpclmul512_emu,
#endif
        NULL
    };
    for (size_t i = 0; lanes[i]; i++)
        for (size_t j = 0; versions[j]; j++)
            if (lanes[i]->usable() && versions[j]->usable() && versions[j]->lanes_start &&
                lanes[i]->lanes_xor_partial && lanes[i]->block_words == 16)
                check_nca6_beside(lanes[i], versions[j]);
}

/* Under valgrind: 1 if some bit of p[0 .. n) is undefined (a secret
 * reached it); outside valgrind, 1. */
static int tainted(const void *p, size_t n)
{
    uint8_t vbits[16] = { 0 };
    if (!RUNNING_ON_VALGRIND)
        return 1;
    if (n > sizeof vbits || VALGRIND_GET_VBITS(p, vbits, n) != 1)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (vbits[i])
            return 1;
    return 0;
}

/* The tags beside the lanes under valgrind: the keystream words and the
 * data marked undefined; a start, two steps, a tail of 0..64 bytes and the
 * tags on every lane, checked against the model. */
static void check_secret_lanes(const zuc_polyval_impl *pv)
{
    enum { L = ZUC_LANES_MAX };
    static zuc_polyval_lanes s;
    static uint8_t data[L][128];
    uint32_t words[L][16];
    uint64_t want[L][2], lengths[L][2] = { { 0 } };
    uint8_t tags[L][16], want_tags[L][16];
    const uint8_t *at[L];
    size_t nbytes[L], good = 0, total = 0;
    for (int round = 0; round < 4; round++) {
        for (int l = 0; l < L; l++) {
            uint8_t bytes[48];
            for (int w = 0; w < 16; w++)
                words[l][w] = (uint32_t)rng_next();
            for (int i = 0; i < 48; i++)
                bytes[i] = (uint8_t)(words[l][i / 4] >> (24 - 8 * (i % 4)));
            uint64_t key[2] = { le64(bytes), le64(bytes + 8) }, t[2];
            uint64_t q[2] = { le64(bytes + 16), le64(bytes + 24) };
            nbytes[l] = (size_t)rng_below(65);
            rng_fill(data[l], sizeof data[l]);
            want[l][0] = want[l][1] = 0;
            model_polyval(want[l], key, data[l], 128);
            model_polyval(want[l], key, data[l], nbytes[l]);
            model_dot(t, want[l], q);
            for (int i = 0; i < 16; i++)
                want_tags[l][i] = (uint8_t)(t[i / 8] >> (8 * (i % 8))) ^ bytes[32 + i];
            at[l] = data[l];
        }
        VALGRIND_MAKE_MEM_UNDEFINED(words, sizeof words);
        VALGRIND_MAKE_MEM_UNDEFINED(data, sizeof data);
        pv->lanes_start(&s, (1u << L) - 1, (const uint32_t(*)[16])words);
        pv->lanes_steps(&s, (1u << L) - 1, at, 2);
        pv->lanes_tail(&s, (1u << L) - 1, at, nbytes);
        pv->lanes_finish(&s, (1u << L) - 1, (const uint64_t(*)[2])lengths, tags);
        for (int l = 0; l < L; l++) /* the secrets must reach the sums and the tags */
            good -= !tainted(s.acc[l], sizeof s.acc[l]) + !tainted(tags[l], sizeof tags[l]);
        VALGRIND_MAKE_MEM_DEFINED(&s, sizeof s);
        VALGRIND_MAKE_MEM_DEFINED(tags, sizeof tags);
        VALGRIND_MAKE_MEM_DEFINED(words, sizeof words);
        VALGRIND_MAKE_MEM_DEFINED(data, sizeof data);
        for (int l = 0; l < L; l++, total++)
            good += s.acc[l][0] == want[l][0] && s.acc[l][1] == want[l][1] &&
                    memcmp(tags[l], want_tags[l], 16) == 0;
    }
    printf("polyval %-10s beside the lanes, secret keys and data: %zu/%zu ok\n", pv->name, good,
           total);
    check_count(good == total);
}

/* --secret, under valgrind: the keys and the messages marked undefined, so
 * that memcheck reports any branch or address that depends on them; one
 * message at a time and side by side, lengths 0..700. The results, marked
 * defined again, are checked against the model. */
static void check_secret(const zuc_polyval_impl *pv)
{
    enum { MOST = 9, LEN = 700 };
    static uint8_t data[MOST][LEN];
    uint64_t h[MOST][2], acc[MOST][2];
    const uint8_t *msg[MOST];
    size_t len[MOST], good = 0, total = 0;
    for (int round = 0; round < 12; round++) {
        size_t count = 1 + (size_t)rng_below(MOST);
        for (size_t i = 0; i < count; i++) {
            h[i][0] = rng_next();
            h[i][1] = rng_next();
            len[i] = (size_t)rng_below(LEN + 1);
            rng_fill(data[i], len[i]);
            msg[i] = data[i];
        }
        uint64_t want[MOST][2] = { { 0 } };
        for (size_t i = 0; i < count; i++)
            model_polyval(want[i], h[i], data[i], len[i]);
        VALGRIND_MAKE_MEM_UNDEFINED(h, sizeof h);
        VALGRIND_MAKE_MEM_UNDEFINED(data, sizeof data);
        for (int side_by_side = 0; side_by_side <= (pv->many != NULL); side_by_side++) {
            if (side_by_side) {
                memset(acc, 0, sizeof acc);
                pv->many(acc, (const uint64_t(*)[2])h, msg, len, count);
            } else {
                for (size_t i = 0; i < count; i++) {
                    acc[i][0] = acc[i][1] = 0;
                    run_version(pv, acc[i], h[i], data[i], len[i], 0, (len[i] + 15) / 16);
                }
            }
            for (size_t i = 0; i < count; i++) /* the secrets must reach the sums */
                good -= len[i] && !tainted(acc[i], sizeof acc[i]);
            VALGRIND_MAKE_MEM_DEFINED(acc, sizeof acc);
            for (size_t i = 0; i < count; i++, total++)
                good += acc[i][0] == want[i][0] && acc[i][1] == want[i][1];
        }
        VALGRIND_MAKE_MEM_DEFINED(h, sizeof h);
        VALGRIND_MAKE_MEM_DEFINED(data, sizeof data);
    }
    printf("polyval %-10s secret keys and data: %zu/%zu ok\n", pv->name, good, total);
    check_count(good == total);
    if (pv->lanes_start)
        check_secret_lanes(pv);
}

int main(int argc, char **argv)
{
    rng_seed(8452);
    if (argc > 1 && strcmp(argv[1], "--secret") == 0) {
        for (size_t i = 0; zuc_polyval_impls[i]; i++)
            if (zuc_polyval_impls[i]->usable())
                check_secret(zuc_polyval_impls[i]);
#if defined(ZUCBENCH_POLYVAL_EMULATED)
        check_secret(&zuc_polyval_vpclmul512_emu);
#endif
        return check_report("polyval --secret");
    }
    for (size_t i = 0; zuc_polyval_impls[i]; i++) {
        if (zuc_polyval_impls[i]->usable())
            check_one(zuc_polyval_impls[i]);
        else
            printf("polyval %-10s UNAVAILABLE\n", zuc_polyval_impls[i]->name);
    }
#if defined(ZUCBENCH_POLYVAL_EMULATED)
    /* the 512-bit version through SIMDe, on any x86-64 */
    check_one(&zuc_polyval_vpclmul512_emu);
#endif
    check_nca6_pairings();
    return check_report("polyval");
}
