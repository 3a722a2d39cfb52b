/* SPDX-License-Identifier: Apache-2.0 */
/* diff_single.c — the one-message calls on every implementation against
 * "ref". ref gets the message with the bits past the length cleared (and
 * ZUC-256 IVs with the ignored top bits of IV17..IV24 cleared); the others
 * get them as drawn, since the header says those bits do not count. */
#include <stdlib.h>
#include <string.h>

#include "diff_cases.h"
#include "diff_common.h"
#include "diff_rules.h"
#include "zuc.h"

typedef struct {
    uint32_t count;
    uint8_t bearer, direction;
} link_params;

static link_params read_link(fuzz_input *in, diff_fault fault)
{
    link_params p;
    p.count = fuzz_u32(in);
    p.bearer = fuzz_u8(in);
    p.direction = fuzz_u8(in);
    p.bearer = fault == FAULT_BEARER ? (uint8_t)(32 + p.bearer % 224) : p.bearer & 31;
    p.direction = fault == FAULT_DIRECTION ? (uint8_t)(2 + p.direction % 254) : p.direction & 1;
    return p;
}

static diff_length read_length(fuzz_input *in, diff_fault fault, uint64_t limit, size_t cap)
{
    if (fault == FAULT_LENGTH)
        return (diff_length){ diff_beyond_length(in, limit), 1 };
    return diff_pick_length(in, limit, cap);
}

/* A message of `length` in its unit, and the copy ref gets. */
typedef struct {
    uint8_t *data, *for_ref, *pristine;
    size_t bytes;
} message;

static message make_message(uint64_t seed, diff_length len, int in_bits)
{
    message m;
    m.bytes = len.beyond ? DIFF_BEYOND_BYTES : in_bits ? diff_bytes_of_bits(len.value) : len.value;
    m.data = diff_alloc(m.bytes);
    diff_fill(m.data, m.bytes, seed);
    m.for_ref = diff_copy(m.data, m.bytes);
    if (in_bits && !len.beyond)
        diff_clear_tail(m.for_ref, len.value);
    m.pristine = diff_copy(m.data, m.bytes);
    return m;
}

static void free_message(message *m)
{
    free(m->data);
    free(m->for_ref);
    free(m->pristine);
}

/* The ZUC-256 IV as drawn, and ref's copy without the top bits of IV17..IV24. */
static void read_iv25(fuzz_input *in, uint8_t iv[25], uint8_t iv_for_ref[25])
{
    fuzz_bytes(in, iv, 25);
    memcpy(iv_for_ref, iv, 25);
    for (int i = 17; i < 25; i++)
        iv_for_ref[i] &= 0x3F;
}

/* After the call on one implementation: its result against ref's, or, on an
 * error, nothing written. Keeps ref's result in *expected. */
static void settle(const char *call, size_t i, int rc, unsigned allowed, uint8_t **out,
                   const uint8_t *before, uint8_t **expected, size_t n, const char *what)
{
    const char *impl = diff_impl(DIFF_ONE, i);
    diff_check_rc(call, impl, rc, allowed);
    if (rc != ZUC_OK) {
        diff_same(call, impl, "output after an error", *out, before, n);
    } else if (i == 0) {
        *expected = *out;
        *out = NULL;
    } else {
        diff_same(call, impl, what, *out, *expected, n);
    }
}

/* The encryption call of a case on implementation i (0: ref), with in and
 * out as the case's fault leaves them. */
typedef int (*crypt_call)(const void *params, size_t i, const uint8_t *in, uint8_t *out);

/* Runs an encryption case on every implementation, in place or into a fresh
 * buffer, each against ref's ciphertext, its input left as it was. */
static void run_crypt(const char *call, const message *m, int in_place, diff_fault fault,
                      unsigned allowed, crypt_call run, const void *params)
{
    uint8_t *expected = NULL;
    for (size_t i = 0; i < diff_impl_count(DIFF_ONE); i++) {
        diff_use(diff_impl(DIFF_ONE, i));
        const uint8_t *src = i == 0 ? m->for_ref : m->data;
        uint8_t *out = diff_alloc(m->bytes);
        if (in_place)
            memcpy(out, src, m->bytes);
        else
            diff_canary(out, m->bytes);
        uint8_t *before = diff_copy(out, m->bytes);
        int rc = run(params, i,
                     fault == FAULT_NULL_IN ? NULL
                     : in_place             ? out
                                            : src,
                     fault == FAULT_NULL_OUT ? NULL : out);
        settle(call, i, rc, allowed, &out, before, &expected, m->bytes, "ciphertext");
        diff_same(call, diff_impl(DIFF_ONE, i), "input", m->data, m->pristine, m->bytes);
        free(out);
        free(before);
    }
    free(expected);
}

/* ---- byte and bit streams ----------------------------------------------- */

typedef struct {
    const uint8_t *key;
    link_params lp;
    size_t length_bits;
} eea3_params;

static int call_eea3(const void *params, size_t i, const uint8_t *in, uint8_t *out)
{
    const eea3_params *p = params;
    (void)i;
    return zuc_eea3(p->key, p->lp.count, p->lp.bearer, p->lp.direction, in, out, p->length_bits);
}

void diff_case_eea3(fuzz_input *in)
{
    diff_fault fault = diff_pick_fault(in);
    int in_place = fuzz_u8(in) & 1;
    diff_length len = read_length(in, fault, ZUC_EEA3_MAX_BITS, 8 * DIFF_CAP_BYTES);
    link_params lp = read_link(in, fault);
    uint64_t seed = fuzz_u64(in);
    uint8_t key[16];
    fuzz_bytes(in, key, sizeof key);

    message m = make_message(seed, len, 1);
    eea3_params p = { fault == FAULT_NULL_KEY ? NULL : key, lp, len.value };
    unsigned allowed =
        diff_rules_eea3(p.key, lp.bearer, lp.direction, fault == FAULT_NULL_IN ? NULL : m.data,
                        fault == FAULT_NULL_OUT ? NULL : m.data, len.value);
    run_crypt("zuc_eea3", &m, in_place, fault, allowed, call_eea3, &p);
    free_message(&m);
}

typedef struct {
    const uint8_t *key, *iv, *iv_for_ref;
    size_t length_bytes;
} zuc256_crypt_params;

static int call_zuc256_crypt(const void *params, size_t i, const uint8_t *in, uint8_t *out)
{
    const zuc256_crypt_params *p = params;
    return zuc256_crypt(p->key, i == 0 ? p->iv_for_ref : p->iv, in, out, p->length_bytes);
}

void diff_case_zuc256_crypt(fuzz_input *in)
{
    diff_fault fault = diff_pick_fault(in);
    int in_place = fuzz_u8(in) & 1;
    diff_length len = read_length(in, fault, ZUC256_MAX_BYTES, DIFF_CAP_BYTES);
    uint64_t seed = fuzz_u64(in);
    uint8_t key[32], iv[25], iv_for_ref[25];
    fuzz_bytes(in, key, sizeof key);
    read_iv25(in, iv, iv_for_ref);

    message m = make_message(seed, len, 0);
    int null_iv = fault == FAULT_NULL_IV;
    zuc256_crypt_params p = { fault == FAULT_NULL_KEY ? NULL : key, null_iv ? NULL : iv,
                              null_iv ? NULL : iv_for_ref, len.value };
    unsigned allowed = diff_rules_zuc256_crypt(p.key, p.iv, fault == FAULT_NULL_IN ? NULL : m.data,
                                               fault == FAULT_NULL_OUT ? NULL : m.data, len.value);
    run_crypt("zuc256_crypt", &m, in_place, fault, allowed, call_zuc256_crypt, &p);
    free_message(&m);
}

/* ---- MACs --------------------------------------------------------------- */

void diff_case_eia3(fuzz_input *in)
{
    static const char call[] = "zuc_eia3";
    diff_fault fault = diff_pick_fault(in);
    diff_length len = read_length(in, fault, ZUC_EIA3_MAX_BITS, 8 * DIFF_CAP_BYTES);
    link_params lp = read_link(in, fault);
    uint64_t seed = fuzz_u64(in);
    uint8_t key[16];
    fuzz_bytes(in, key, sizeof key);

    message m = make_message(seed, len, 1);
    const uint8_t *k = fault == FAULT_NULL_KEY ? NULL : key;
    int null_msg = fault == FAULT_NULL_IN, null_mac = fault == FAULT_NULL_OUT;
    unsigned allowed = diff_rules_eia3(k, lp.bearer, lp.direction, null_msg ? NULL : m.data,
                                       len.value, null_mac ? NULL : &lp);
    uint8_t *expected = NULL;
    for (size_t i = 0; i < diff_impl_count(DIFF_ONE); i++) {
        diff_use(diff_impl(DIFF_ONE, i));
        uint8_t *out = diff_alloc(sizeof(uint32_t));
        diff_canary(out, sizeof(uint32_t));
        uint8_t before[sizeof(uint32_t)];
        memcpy(before, out, sizeof before);
        int rc = zuc_eia3(k, lp.count, lp.bearer, lp.direction,
                          null_msg ? NULL
                          : i == 0 ? m.for_ref
                                   : m.data,
                          len.value, null_mac ? NULL : (uint32_t *)(void *)out);
        settle(call, i, rc, allowed, &out, before, &expected, sizeof(uint32_t), "MAC-I");
        diff_same(call, diff_impl(DIFF_ONE, i), "message", m.data, m.pristine, m.bytes);
        free(out);
    }
    free(expected);
    free_message(&m);
}

void diff_case_zuc256_mac(fuzz_input *in)
{
    static const char call[] = "zuc256_mac";
    diff_fault fault = diff_pick_fault(in);
    size_t tag_bytes = diff_pick_tag_bytes(in, fault);
    diff_length len = read_length(in, fault, diff_mac_limit(tag_bytes), 8 * DIFF_CAP_BYTES);
    uint64_t seed = fuzz_u64(in);
    uint8_t key[32], iv[25], iv_for_ref[25];
    fuzz_bytes(in, key, sizeof key);
    read_iv25(in, iv, iv_for_ref);

    message m = make_message(seed, len, 1);
    const uint8_t *k = fault == FAULT_NULL_KEY ? NULL : key;
    int null_iv = fault == FAULT_NULL_IV, null_msg = fault == FAULT_NULL_IN;
    int null_tag = fault == FAULT_NULL_OUT;
    uint8_t tag_present;
    /* exactly the tag for a valid size; a canary block for any other */
    size_t tag_space = tag_bytes == 4 || tag_bytes == 8 || tag_bytes == 16 ? tag_bytes : 32;
    unsigned allowed = diff_rules_zuc256_mac(k, null_iv ? NULL : iv, null_msg ? NULL : m.data,
                                             len.value, null_tag ? NULL : &tag_present, tag_bytes);
    uint8_t *expected = NULL;
    for (size_t i = 0; i < diff_impl_count(DIFF_ONE); i++) {
        diff_use(diff_impl(DIFF_ONE, i));
        uint8_t *tag = diff_alloc(tag_space);
        diff_canary(tag, tag_space);
        uint8_t before[32];
        memcpy(before, tag, tag_space);
        int rc = zuc256_mac(k,
                            null_iv  ? NULL
                            : i == 0 ? iv_for_ref
                                     : iv,
                            null_msg ? NULL
                            : i == 0 ? m.for_ref
                                     : m.data,
                            len.value, null_tag ? NULL : tag, tag_bytes);
        settle(call, i, rc, allowed, &tag, before, &expected, tag_space, "tag");
        diff_same(call, diff_impl(DIFF_ONE, i), "message", m.data, m.pristine, m.bytes);
        free(tag);
    }
    free(expected);
    free_message(&m);
}

/* ---- the keystream API ---------------------------------------------------- */

#define MAX_CHUNKS 8
#define MAX_WORDS 2048

/* The stream from one zuc_keystream call on ref, against the same stream
 * taken in fuzzer-chosen pieces (0 words, with NULL, included). */
void diff_case_keystream(fuzz_input *in)
{
    uint8_t how = fuzz_u8(in);
    int zuc256 = how & 1, old_name = how >> 1 & 1; /* zuc128_init: the older name */
    const char *call = zuc256     ? "zuc256_keystream_init + zuc_keystream"
                       : old_name ? "zuc128_init + zuc_keystream"
                                  : "zuc128_keystream_init + zuc_keystream";
    diff_fault fault = diff_pick_fault(in);
    size_t chunk[MAX_CHUNKS], n_chunks = fuzz_u8(in) % (MAX_CHUNKS + 1), total = 0;
    for (size_t c = 0; c < n_chunks; c++) {
        chunk[c] = fuzz_u16(in) % 600;
        if (total + chunk[c] > MAX_WORDS)
            chunk[c] = MAX_WORDS - total;
        total += chunk[c];
    }
    uint8_t key[32], iv[25], iv_for_ref[25];
    fuzz_bytes(in, key, sizeof key);
    read_iv25(in, iv, iv_for_ref);

    const uint8_t *k = fault == FAULT_NULL_KEY ? NULL : key;
    int null_iv = fault == FAULT_NULL_IV, null_state = fault == FAULT_NULL_OUT;
    unsigned allowed = !k || null_iv || null_state ? DIFF_ERR(ZUC_ENULL) : 0;
    uint32_t *expected = (uint32_t *)(void *)diff_alloc(total * sizeof(uint32_t));
    uint32_t *words = (uint32_t *)(void *)diff_alloc(total * sizeof(uint32_t));
    for (size_t i = 0; i < diff_impl_count(DIFF_ONE); i++) {
        const char *impl = diff_impl(DIFF_ONE, i);
        diff_use(impl);
        zuc_state st, before;
        diff_canary((uint8_t *)&st, sizeof st);
        memcpy(&before, &st, sizeof st);
        const uint8_t *v = null_iv ? NULL : i == 0 ? iv_for_ref : iv;
        zuc_state *s = null_state ? NULL : &st;
        int rc = zuc256     ? zuc256_keystream_init(s, k, v)
                 : old_name ? zuc128_init(s, k, v)
                            : zuc128_keystream_init(s, k, v);
        diff_check_rc(call, impl, rc, allowed);
        if (rc != ZUC_OK) {
            diff_same(call, impl, "state after an error", (const uint8_t *)&st,
                      (const uint8_t *)&before, sizeof st);
            continue;
        }
        if (i == 0) {
            zuc_keystream(&st, expected, total);
            continue;
        }
        size_t done = 0;
        for (size_t c = 0; c < n_chunks; c++) {
            zuc_keystream(&st, chunk[c] ? words + done : NULL, chunk[c]);
            done += chunk[c];
        }
        diff_same(call, impl, "keystream", (const uint8_t *)words, (const uint8_t *)expected,
                  total * sizeof(uint32_t));
    }
    free(words);
    free(expected);
}

/* zuc256_iv_unpack has one implementation: its result must repack to the
 * input, with IV17..IV24 as 6-bit values. */
void diff_case_iv_unpack(fuzz_input *in)
{
    static const char call[] = "zuc256_iv_unpack";
    diff_fault fault = diff_pick_fault(in);
    uint8_t iv23[23], iv25[25], before[25];
    fuzz_bytes(in, iv23, sizeof iv23);
    diff_canary(iv25, sizeof iv25);
    memcpy(before, iv25, sizeof iv25);
    int null_in = fault == FAULT_NULL_IN, null_out = fault == FAULT_NULL_OUT;
    int rc = zuc256_iv_unpack(null_out ? NULL : iv25, null_in ? NULL : iv23);
    diff_check_rc(call, "any", rc, null_in || null_out ? DIFF_ERR(ZUC_ENULL) : 0);
    if (rc != ZUC_OK) {
        diff_same(call, "any", "IV after an error", iv25, before, sizeof iv25);
        return;
    }
    uint64_t packed = 0;
    for (int i = 17; i < 25; i++) {
        if (iv25[i] > 0x3F)
            fuzz_fail("%s: IV%d is 0x%02x, not a 6-bit value", call, i, iv25[i]);
        packed = packed << 6 | iv25[i];
    }
    uint8_t repacked[23];
    memcpy(repacked, iv25, 17);
    for (int i = 0; i < 6; i++)
        repacked[17 + i] = (uint8_t)(packed >> (40 - 8 * i));
    diff_same(call, "any", "repacked IV", repacked, iv23, sizeof iv23);
}
