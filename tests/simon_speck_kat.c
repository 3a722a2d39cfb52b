/* SPDX-License-Identifier: Apache-2.0 */
/* simon_speck_kat.c — Simon and Speck against the designers' vectors, and
 * the modes layer (bench/ciphers/modes.h) against each mode's definition.
 *  - every appendix vector of ePrint 2013/404, both ways, one block and
 *    many (the interleaved lanes and the tail), with a misaligned schedule;
 *  - many blocks at once equal one block at a time, for random keys;
 *  - CBC, PCBC, CFB, OFB, CTR recomputed here from one-block ECB calls by
 *    each mode's textbook definition (CTR also across a counter carry and
 *    the wrap of the whole block);
 *  - every mode and cipher: round trips over many lengths, in place and not,
 *    split over calls, with canaries; bad lengths rejected.
 * Needs only libc, so it runs in the ARM cross-builds too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ciphers/block.h"
#include "ciphers/modes.h"
#include "support/testutil.h"

/* The appendix as printed: words most significant first, the key's highest
 * word first, a block as (x, y). Our bytes are these strings read backwards
 * (block.h). */
static const struct {
    const char *name, *key, *plain, *cipher;
} vectors[] = {
    { "simon-32/64", "1918 1110 0908 0100", "6565 6877", "c69b e9bb" },
    { "simon-48/72", "121110 0a0908 020100", "612067 6e696c", "dae5ac 292cac" },
    { "simon-48/96", "1a1918 121110 0a0908 020100", "726963 20646e", "6e06a5 acf156" },
    { "simon-64/96", "13121110 0b0a0908 03020100", "6f722067 6e696c63", "5ca2e27f 111a8fc8" },
    { "simon-64/128", "1b1a1918 13121110 0b0a0908 03020100", "656b696c 20646e75",
      "44c8fc20 b9dfa07a" },
    { "simon-96/96", "0d0c0b0a0908 050403020100", "2072616c6c69 702065687420",
      "602807a462b4 69063d8ff082" },
    { "simon-96/144", "151413121110 0d0c0b0a0908 050403020100", "746168742074 73756420666f",
      "ecad1c6c451e 3f59c5db1ae9" },
    { "simon-128/128", "0f0e0d0c0b0a0908 0706050403020100", "6373656420737265 6c6c657661727420",
      "49681b1e1e54fe3f 65aa832af84e0bbc" },
    { "simon-128/192", "1716151413121110 0f0e0d0c0b0a0908 0706050403020100",
      "206572656874206e 6568772065626972", "c4ac61effcdc0d4f 6c9c8d6e2597b85b" },
    { "simon-128/256", "1f1e1d1c1b1a1918 1716151413121110 0f0e0d0c0b0a0908 0706050403020100",
      "74206e69206d6f6f 6d69732061207369", "8d2b5579afc8a3a0 3bf72a87efe7b868" },
    { "speck-32/64", "1918 1110 0908 0100", "6574 694c", "a868 42f2" },
    { "speck-48/72", "121110 0a0908 020100", "20796c 6c6172", "c049a5 385adc" },
    { "speck-48/96", "1a1918 121110 0a0908 020100", "6d2073 696874", "735e10 b6445d" },
    { "speck-64/96", "13121110 0b0a0908 03020100", "74614620 736e6165", "9f7952ec 4175946c" },
    { "speck-64/128", "1b1a1918 13121110 0b0a0908 03020100", "3b726574 7475432d",
      "8c6fa548 454e028b" },
    { "speck-96/96", "0d0c0b0a0908 050403020100", "65776f68202c 656761737520",
      "9e4d09ab7178 62bdde8f79aa" },
    { "speck-96/144", "151413121110 0d0c0b0a0908 050403020100", "656d6974206e 69202c726576",
      "2bf31072228a 7ae440252ee6" },
    { "speck-128/128", "0f0e0d0c0b0a0908 0706050403020100", "6c61766975716520 7469206564616d20",
      "a65d985179783265 7860fedf5c570d18" },
    { "speck-128/192", "1716151413121110 0f0e0d0c0b0a0908 0706050403020100",
      "7261482066656968 43206f7420746e65", "1be4cf3a13135566 f9bc185de03c1886" },
    { "speck-128/256", "1f1e1d1c1b1a1918 1716151413121110 0f0e0d0c0b0a0908 0706050403020100",
      "65736f6874206e49 202e72656e6f6f70", "4109010405c0f53e 4eeeb48d9c188f43" },
};

/* The paper's words (spaces between) to our bytes: the string backwards. */
static size_t paper_bytes(const char *words, uint8_t *out)
{
    char hex[256];
    size_t n = 0;
    for (const char *p = words; *p && n + 1 < sizeof hex; p++)
        if (*p != ' ')
            hex[n++] = *p;
    hex[n] = 0;
    size_t len;
    uint8_t *b = hex_decode(hex, &len);
    for (size_t i = 0; i < len; i++)
        out[i] = b[len - 1 - i];
    free(b);
    return len;
}

static int fail(const char *what, const char *cipher, const char *detail)
{
    printf("FAIL %s %s %s\n", what, cipher, detail ? detail : "");
    check_count(0);
    return 0;
}

static int check(int ok, const char *what, const char *cipher, const char *detail)
{
    if (!ok)
        return fail(what, cipher, detail);
    check_count(1);
    return 1;
}

static void check_list(void)
{
    const block_cipher *const *list = block_ciphers();
    size_t n = 0;
    for (; list[n]; n++) {
        const block_cipher *bc = list[n];
        unsigned bits, kbits;
        char family[8];
        int ok = sscanf(bc->name, "%5[a-z]-%u/%u", family, &bits, &kbits) == 3 &&
                 strcmp(family, bc->family) == 0 && bits == 8 * bc->block_bytes &&
                 kbits == 8 * bc->key_bytes && bc->block_bytes <= BLOCK_MAX_BYTES &&
                 bc->key_bytes <= BLOCK_MAX_KEY_BYTES && bc->rounds > 0 &&
                 block_cipher_find(bc->name) == bc;
        check(ok, "descriptor", bc->name, NULL);
        for (size_t j = 0; j < n; j++)
            check(strcmp(list[j]->name, bc->name) != 0, "unique name", bc->name, NULL);
    }
    check(n == 20, "count", "list", NULL);
    check(block_cipher_find("SPECK-128/128") == &block_speck128_128, "case", "find", NULL);
    check(block_cipher_find("Simon-64/96") == &block_simon64_96, "case", "find", NULL);
    check(!block_cipher_find("speck-128/12") && !block_cipher_find("speck-128/1280") &&
              !block_cipher_find("") && !block_cipher_find(NULL),
          "unknown", "find", NULL);
    printf("%-14s %zu ciphers listed\n", "list", n);
}

static void check_vectors(void)
{
    size_t good = 0;
    for (size_t v = 0; v < sizeof vectors / sizeof vectors[0]; v++) {
        const char *name = vectors[v].name;
        const block_cipher *bc = block_cipher_find(name);
        if (!bc) {
            fail("vector", name, "not listed");
            continue;
        }
        uint8_t key[64], pt[32], ct[32];
        size_t nk = paper_bytes(vectors[v].key, key), np = paper_bytes(vectors[v].plain, pt),
               nc = paper_bytes(vectors[v].cipher, ct);
        if (!check(nk == bc->key_bytes && np == bc->block_bytes && nc == np, "sizes", name, NULL))
            continue;
        size_t bs = bc->block_bytes;
        _Alignas(16) uint8_t sched[BLOCK_SCHEDULE_BYTES + 1];
        int ok = 1;
        /* Aligned and misaligned schedules. */
        for (int off = 0; off < 2; off++) {
            memset(sched, 0xa5, sizeof sched);
            bc->expand(sched + off, key);
            uint8_t got[BLOCK_MAX_BYTES];
            bc->encrypt(sched + off, pt, got, 1);
            ok &= check(memcmp(got, ct, bs) == 0, "encrypt", name, off ? "misaligned" : "");
            bc->decrypt(sched + off, ct, got, 1);
            ok &= check(memcmp(got, pt, bs) == 0, "decrypt", name, off ? "misaligned" : "");
        }
        /* 19 copies: two groups of lanes and a tail, in place. */
        enum { COPIES = 19 };
        uint8_t many[COPIES * BLOCK_MAX_BYTES];
        for (size_t i = 0; i < COPIES; i++)
            memcpy(many + i * bs, pt, bs);
        bc->encrypt(sched + 1, many, many, COPIES);
        int all = 1;
        for (size_t i = 0; i < COPIES; i++)
            all &= memcmp(many + i * bs, ct, bs) == 0;
        ok &= check(all, "encrypt many", name, NULL);
        bc->decrypt(sched + 1, many, many, COPIES);
        all = 1;
        for (size_t i = 0; i < COPIES; i++)
            all &= memcmp(many + i * bs, pt, bs) == 0;
        ok &= check(all, "decrypt many", name, NULL);
        good += (size_t)ok;
    }
    printf("%-14s %zu/%zu designers' vectors (ePrint 2013/404) %s\n", "vectors", good,
           sizeof vectors / sizeof vectors[0],
           good == sizeof vectors / sizeof vectors[0] ? "ok" : "FAILED");
}

/* Many blocks at once against one at a time, random keys and counts. */
static void check_lanes(void)
{
    for (const block_cipher *const *p = block_ciphers(); *p; p++) {
        const block_cipher *bc = *p;
        size_t bs = bc->block_bytes;
        int ok = 1;
        for (int trial = 0; trial < 8; trial++) {
            uint8_t key[BLOCK_MAX_KEY_BYTES];
            _Alignas(16) uint8_t sched[BLOCK_SCHEDULE_BYTES];
            rng_fill(key, bc->key_bytes);
            bc->expand(sched, key);
            size_t nb = (size_t)rng_below(70);
            guarded in = guarded_new(nb * bs), out = guarded_new(nb * bs),
                    back = guarded_new(nb * bs);
            rng_fill(in.data, nb * bs);
            bc->encrypt(sched, in.data, out.data, nb);
            for (size_t i = 0; i < nb; i++) {
                uint8_t one[BLOCK_MAX_BYTES];
                bc->encrypt(sched, in.data + i * bs, one, 1);
                ok &= memcmp(one, out.data + i * bs, bs) == 0;
            }
            bc->decrypt(sched, out.data, back.data, nb);
            ok &= nb == 0 || memcmp(back.data, in.data, nb * bs) == 0;
            ok &= nb == 0 || memcmp(out.data, in.data, nb * bs) != 0;
            ok &= canaries_intact(&in) && canaries_intact(&out) && canaries_intact(&back);
            guarded_free(&in);
            guarded_free(&out);
            guarded_free(&back);
        }
        check(ok, "lanes", bc->name, NULL);
    }
    printf("%-14s many blocks at once = one at a time, every cipher\n", "lanes");
}

/* ---- The modes, by definition, from one-block ECB calls. ---- */

static void ecb1(const block_cipher *bc, const void *sched, const uint8_t *in, uint8_t *out)
{
    bc->encrypt(sched, in, out, 1);
}

/* ctr = iv + i, as big-endian integers mod 2^(8 bs). */
static void counter_add(uint8_t *ctr, const uint8_t *iv, size_t bs, uint64_t i)
{
    unsigned carry = 0;
    for (size_t k = bs; k-- > 0;) {
        unsigned s = iv[k] + (unsigned)(i & 0xff) + carry;
        ctr[k] = (uint8_t)s;
        carry = s >> 8;
        i >>= 8;
    }
}

static void reference(const block_cipher *bc, block_mode m, const uint8_t *key, const uint8_t *iv,
                      const uint8_t *p, uint8_t *c, size_t n)
{
    _Alignas(16) uint8_t sched[BLOCK_SCHEDULE_BYTES];
    bc->expand(sched, key);
    size_t bs = bc->block_bytes;
    uint8_t prev_c[BLOCK_MAX_BYTES], prev_p[BLOCK_MAX_BYTES], t[BLOCK_MAX_BYTES],
        ks[BLOCK_MAX_BYTES];
    memcpy(prev_c, iv, bs); /* C_{-1} = IV, and O_{-1} = IV for OFB */
    memset(prev_p, 0, bs);  /* PCBC: P_{-1} ^ C_{-1} = IV */
    for (size_t i = 0; i * bs < n; i++) {
        const uint8_t *pi = p + i * bs;
        uint8_t *ci = c + i * bs;
        size_t len = n - i * bs < bs ? n - i * bs : bs;
        switch (m) {
        case MODE_ECB: ecb1(bc, sched, pi, ci); break;
        case MODE_CBC:
            for (size_t k = 0; k < bs; k++)
                t[k] = pi[k] ^ prev_c[k];
            ecb1(bc, sched, t, ci);
            memcpy(prev_c, ci, bs);
            break;
        case MODE_PCBC:
            for (size_t k = 0; k < bs; k++)
                t[k] = pi[k] ^ prev_p[k] ^ prev_c[k];
            ecb1(bc, sched, t, ci);
            memcpy(prev_p, pi, bs);
            memcpy(prev_c, ci, bs);
            break;
        case MODE_CFB:
            ecb1(bc, sched, prev_c, ks);
            for (size_t k = 0; k < len; k++)
                ci[k] = pi[k] ^ ks[k];
            memcpy(prev_c, ci, len);
            break;
        case MODE_OFB:
            ecb1(bc, sched, prev_c, ks);
            memcpy(prev_c, ks, bs);
            for (size_t k = 0; k < len; k++)
                ci[k] = pi[k] ^ ks[k];
            break;
        case MODE_CTR:
            counter_add(t, iv, bs, i);
            ecb1(bc, sched, t, ks);
            for (size_t k = 0; k < len; k++)
                ci[k] = pi[k] ^ ks[k];
            break;
        }
    }
}

static int is_stream(block_mode m)
{
    return m == MODE_CFB || m == MODE_OFB || m == MODE_CTR;
}

static void check_modes_reference(void)
{
    static const size_t blocks[] = { 1, 2, 8, 9, 40, 200 };
    for (const block_cipher *const *p = block_ciphers(); *p; p++) {
        const block_cipher *bc = *p;
        size_t bs = bc->block_bytes;
        int ok = 1;
        for (int m = 0; m < BLOCK_MODE_COUNT; m++) {
            for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++) {
                /* Stream modes also end inside a block. */
                size_t n = blocks[b] * bs - (is_stream((block_mode)m) && b % 2 ? bs / 2 : 0);
                uint8_t key[BLOCK_MAX_KEY_BYTES], iv[BLOCK_MAX_BYTES];
                rng_fill(key, bc->key_bytes);
                rng_fill(iv, bs);
                if (m == MODE_CTR && b >= 2) {
                    /* The low bytes about to carry (b = 2, 3), or the whole block wrapping. */
                    size_t ff = b >= 4 ? bs : 3;
                    memset(iv + bs - ff, 0xff, ff);
                    iv[bs - 1] = (uint8_t)(0x100 - (b % 2 ? 3 : 1));
                }
                uint8_t *pt = malloc(n), *want = malloc(n), *got = malloc(n), *ecb = malloc(n);
                rng_fill(pt, n);
                reference(bc, (block_mode)m, key, iv, pt, want, n);
                mode_ctx c;
                int r = mode_init(&c, bc, (block_mode)m, key, iv) | mode_encrypt(&c, pt, got, n);
                ok &= r == 0 && memcmp(got, want, n) == 0;
                ok &= mode_init(&c, bc, (block_mode)m, key, iv) == 0 &&
                      mode_decrypt(&c, want, got, n) == 0 && memcmp(got, pt, n) == 0;
                /* A chained mode's output is not ECB's (IVs are random). */
                if (m != MODE_ECB && n >= bs) {
                    reference(bc, MODE_ECB, key, iv, pt, ecb, n - n % bs);
                    ok &= memcmp(ecb, want, bs) != 0;
                }
                free(pt), free(want), free(got), free(ecb);
            }
            if (!ok) {
                fail("mode by definition", bc->name, block_mode_name((block_mode)m));
                ok = 1;
            } else {
                check_count(1);
            }
        }
    }
    printf("%-14s cbc pcbc cfb ofb ctr = their definitions over ECB, every cipher\n",
           "definitions");
}

/* Splits n bytes into random pieces (multiples of `unit`) over several calls. */
static int split_calls(mode_ctx *c, int decrypt, const uint8_t *in, uint8_t *out, size_t n,
                       size_t unit)
{
    int r = 0;
    for (size_t done = 0; done < n;) {
        size_t k = unit * (size_t)rng_below((n - done) / unit + 1);
        if (rng_below(4) == 0)
            k = (n - done) / unit * unit; /* sometimes the rest at once */
        r |= decrypt ? mode_decrypt(c, in + done, out + done, k)
                     : mode_encrypt(c, in + done, out + done, k);
        done += k;
    }
    return r;
}

static void check_modes_round_trip(void)
{
    static const size_t blocks[] = { 0, 1, 2, 7, 8, 9, 33, 85, 86, 129, 300 };
    static const size_t tails[] = { 0, 1, 3 };
    for (const block_cipher *const *p = block_ciphers(); *p; p++) {
        const block_cipher *bc = *p;
        size_t bs = bc->block_bytes;
        for (int m = 0; m < BLOCK_MODE_COUNT; m++) {
            int ok = 1;
            int stream = is_stream((block_mode)m);
            for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++)
                for (size_t t = 0; t < (stream ? 3u : 1u); t++) {
                    size_t n = blocks[b] * bs + tails[t];
                    uint8_t key[BLOCK_MAX_KEY_BYTES], iv[BLOCK_MAX_BYTES];
                    rng_fill(key, bc->key_bytes);
                    rng_fill(iv, bs);
                    guarded pt = guarded_new(n), ct = guarded_new(n), back = guarded_new(n),
                            work = guarded_new(n);
                    rng_fill(pt.data, n);
                    mode_ctx c;
                    /* Out of place. */
                    ok &= mode_init(&c, bc, (block_mode)m, key, iv) == 0 &&
                          mode_encrypt(&c, pt.data, ct.data, n) == 0;
                    ok &= mode_init(&c, bc, (block_mode)m, key, iv) == 0 &&
                          mode_decrypt(&c, ct.data, back.data, n) == 0 &&
                          memcmp(back.data, pt.data, n) == 0;
                    ok &= n < bs || memcmp(ct.data, pt.data, n) != 0;
                    /* In place. */
                    memcpy(work.data, pt.data, n);
                    ok &= mode_init(&c, bc, (block_mode)m, key, iv) == 0 &&
                          mode_encrypt(&c, work.data, work.data, n) == 0 &&
                          memcmp(work.data, ct.data, n) == 0;
                    ok &= mode_init(&c, bc, (block_mode)m, key, iv) == 0 &&
                          mode_decrypt(&c, work.data, work.data, n) == 0 &&
                          memcmp(work.data, pt.data, n) == 0;
                    /* Split over calls (whole blocks for ECB, CBC, PCBC), either way. */
                    size_t unit = stream ? 1 : bs;
                    for (int rep = 0; rep < 3; rep++) {
                        ok &= mode_init(&c, bc, (block_mode)m, key, iv) == 0 &&
                              split_calls(&c, 0, pt.data, work.data, n, unit) == 0 &&
                              memcmp(work.data, ct.data, n) == 0;
                        ok &= mode_init(&c, bc, (block_mode)m, key, iv) == 0 &&
                              split_calls(&c, 1, ct.data, work.data, n, unit) == 0 &&
                              memcmp(work.data, pt.data, n) == 0;
                        /* ... and in place. */
                        memcpy(work.data, pt.data, n);
                        ok &= mode_init(&c, bc, (block_mode)m, key, iv) == 0 &&
                              split_calls(&c, 0, work.data, work.data, n, unit) == 0 &&
                              memcmp(work.data, ct.data, n) == 0;
                    }
                    ok &= canaries_intact(&pt) && canaries_intact(&ct) && canaries_intact(&back) &&
                          canaries_intact(&work);
                    guarded_free(&pt), guarded_free(&ct), guarded_free(&back), guarded_free(&work);
                }
            check(ok, "round trip", bc->name, block_mode_name((block_mode)m));
        }
    }
    printf("%-14s every mode and cipher: lengths, in place, split over calls\n", "round trips");
}

static void check_mode_api(void)
{
    const block_cipher *bc = &block_speck64_128;
    uint8_t key[16] = { 0 }, iv[8] = { 0 }, buf[64], before[64];
    mode_ctx c;
    for (int m = MODE_ECB; m <= MODE_PCBC; m++) {
        static const size_t bad[] = { 1, 7, 9, 63 };
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            rng_fill(buf, sizeof buf);
            memcpy(before, buf, sizeof buf);
            int ok = mode_init(&c, bc, (block_mode)m, key, iv) == 0 &&
                     mode_encrypt(&c, buf, buf, bad[i]) == -1 &&
                     mode_decrypt(&c, buf, buf, bad[i]) == -1 &&
                     memcmp(buf, before, sizeof buf) == 0;
            check(ok, "bad length", bc->name, block_mode_name((block_mode)m));
        }
        check(mode_encrypt(&c, buf, buf, 0) == 0 && mode_encrypt(&c, buf, buf, 64) == 0,
              "good length", bc->name, block_mode_name((block_mode)m));
    }
    check(mode_init(&c, NULL, MODE_ECB, key, iv) == -1 &&
              mode_init(&c, bc, MODE_CBC, key, NULL) == -1 &&
              mode_init(&c, bc, (block_mode)6, key, iv) == -1 &&
              mode_init(&c, bc, MODE_ECB, key, NULL) == 0,
          "init arguments", bc->name, NULL);
    static const char *const names[] = { "ecb", "cbc", "pcbc", "cfb", "ofb", "ctr" };
    for (int m = 0; m < BLOCK_MODE_COUNT; m++) {
        block_mode got = MODE_ECB, upper = MODE_ECB;
        char up[8];
        size_t k = 0;
        for (; names[m][k]; k++)
            up[k] = (char)(names[m][k] - 'a' + 'A');
        up[k] = 0;
        check(strcmp(block_mode_name((block_mode)m), names[m]) == 0 &&
                  block_mode_parse(names[m], &got) == 0 && got == (block_mode)m &&
                  block_mode_parse(up, &upper) == 0 && upper == (block_mode)m,
              "mode names", names[m], NULL);
    }
    block_mode untouched = MODE_OFB;
    check(block_mode_parse("cb", &untouched) == -1 && block_mode_parse("cbcx", &untouched) == -1 &&
              block_mode_parse("", &untouched) == -1 && block_mode_parse(NULL, &untouched) == -1 &&
              untouched == MODE_OFB && block_mode_name((block_mode)6) == NULL,
          "mode names", "unknown", NULL);
    printf("%-14s bad lengths rejected, names parsed\n", "mode api");
}

int main(void)
{
    rng_seed(0x5170715eu);
    check_list();
    check_vectors();
    check_lanes();
    check_modes_reference();
    check_modes_round_trip();
    check_mode_api();
    return check_report("simon_speck_kat");
}
