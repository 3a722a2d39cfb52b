/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_commands.c — the zuc tool's five commands (keystream, eea3, eia3,
 * zuc256, zuc256-mac): each reads its values and its input, calls libzuc
 * and writes the result; keys and state are wiped before it returns. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "be.h"
#include "hex.h"
#include "zuc_tool.h"

#define MAX_WORDS ((uint64_t)1 << 24) /* 64 MiB of keystream: plenty for vectors */

/* Keys should not outlive their use; a volatile store is not optimised away. */
static void wipe(void *p, size_t n)
{
    volatile unsigned char *v = p;
    while (n--)
        *v++ = 0;
}

/* In chunks, so 2^24 words need no 64 MiB buffer. */
static int print_keystream(zuc_state *st, uint64_t nwords)
{
    uint32_t words[1024];
    uint8_t bytes[4 * 1024];
    while (nwords > 0) {
        size_t n = nwords < 1024 ? (size_t)nwords : 1024;
        zuc_keystream(st, words, n);
        for (size_t i = 0; i < n; i++)
            store_be32(bytes + 4 * i, words[i]);
        put_hex(bytes, 4 * n);
        nwords -= n;
    }
    wipe(words, sizeof words);
    wipe(bytes, sizeof bytes);
    putchar('\n');
    return finish_stdout();
}

static int run_keystream(const struct args *a)
{
    uint8_t key[ZUC256_KEY_BYTES], iv[ZUC256_IV_BYTES];
    uint64_t nwords = 0;
    zuc_state st;
    size_t key_len = 0;
    int rc = check_hex(OPT_KEY, a->value[OPT_KEY], &key_len);
    if (!rc && key_len != ZUC128_KEY_BYTES && key_len != ZUC256_KEY_BYTES)
        rc = fail("--key: expected 16 bytes (32 hex digits) for ZUC-128 or 32 bytes for ZUC-256, "
                  "got %zu bytes",
                  key_len);
    if (!rc) {
        hex_to_bytes(a->value[OPT_KEY], key, key_len);
        rc = key_len == ZUC128_KEY_BYTES ? get_zuc128_iv(a, iv) : get_zuc256_iv(a, iv);
    }
    if (!rc)
        rc = parse_decimal(OPT_WORDS, a->value[OPT_WORDS], 1, MAX_WORDS, "2^24, this tool's limit",
                           &nwords);
    if (!rc)
        rc = library_result(a, key_len == ZUC128_KEY_BYTES ? zuc128_keystream_init(&st, key, iv)
                                                           : zuc256_keystream_init(&st, key, iv));
    if (!rc) {
        note(a, "%s, implementation %s", key_len == ZUC128_KEY_BYTES ? "ZUC-128" : "ZUC-256",
             zuc_impl_name());
        rc = print_keystream(&st, nwords);
    }
    wipe(key, sizeof key);
    wipe(&st, sizeof st);
    return rc;
}

static int run_eea3(const struct args *a)
{
    struct link_params p;
    struct buffer msg = { 0 };
    outfile out = OUTFILE_NONE;
    int rc = get_link_params(a, "128-EEA3", &p);
    if (!rc)
        rc = open_out_file(a, &out);
    if (!rc)
        rc = load_input(a, bytes_for_bits(p.bits), &msg);
    if (!rc)
        rc = require_bits(p.bits, &msg);
    if (!rc) /* in place: the message buffer becomes the ciphertext */
        rc = library_result(
            a, zuc_eea3(p.key, p.count, p.bearer, p.direction, msg.data, msg.data, (size_t)p.bits));
    if (!rc) {
        note(a, "128-EEA3, implementation %s", zuc_impl_name());
        rc = emit_bytes(a, &out, msg.data, (size_t)bytes_for_bits(p.bits));
    }
    outfile_discard(&out);
    wipe(&p, sizeof p);
    free_buffer(&msg);
    return rc;
}

static int run_eia3(const struct args *a)
{
    struct link_params p;
    struct buffer msg = { 0 };
    uint32_t mac = 0;
    outfile out = OUTFILE_NONE;
    int rc = get_link_params(a, "128-EIA3", &p);
    if (!rc)
        rc = open_out_file(a, &out);
    if (!rc)
        rc = load_input(a, bytes_for_bits(p.bits), &msg);
    if (!rc)
        rc = require_bits(p.bits, &msg);
    if (!rc)
        rc = library_result(
            a, zuc_eia3(p.key, p.count, p.bearer, p.direction, msg.data, (size_t)p.bits, &mac));
    if (!rc) {
        uint8_t mac_bytes[4];
        store_be32(mac_bytes, mac);
        note(a, "128-EIA3, implementation %s", zuc_impl_name());
        rc = emit_bytes(a, &out, mac_bytes, sizeof mac_bytes);
    }
    outfile_discard(&out);
    wipe(&p, sizeof p);
    free_buffer(&msg);
    return rc;
}

static int run_zuc256(const struct args *a)
{
    uint8_t key[ZUC256_KEY_BYTES], iv[ZUC256_IV_BYTES];
    uint64_t nbytes = 0;
    struct buffer msg = { 0 };
    outfile out = OUTFILE_NONE;
    int rc = get_key(a, key, ZUC256_KEY_BYTES, "ZUC-256");
    if (!rc)
        rc = get_zuc256_iv(a, iv);
    if (!rc)
        rc = parse_decimal(OPT_BYTES, a->value[OPT_BYTES], 0, ZUC256_MAX_BYTES,
                           "2^29: 2^32 keystream bits per key and IV", &nbytes);
    if (!rc)
        rc = open_out_file(a, &out);
    if (!rc)
        rc = load_input(a, nbytes, &msg);
    if (!rc)
        rc = require_bytes(nbytes, &msg);
    if (!rc)
        rc = library_result(a, zuc256_crypt(key, iv, msg.data, msg.data, (size_t)nbytes));
    if (!rc) {
        note(a, "ZUC-256, implementation %s", zuc_impl_name());
        rc = emit_bytes(a, &out, msg.data, (size_t)nbytes);
    }
    outfile_discard(&out);
    wipe(key, sizeof key);
    free_buffer(&msg);
    return rc;
}

static int run_zuc256_mac(const struct args *a)
{
    uint8_t key[ZUC256_KEY_BYTES], iv[ZUC256_IV_BYTES], tag[16];
    uint64_t tag_bytes = 0, bits = 0;
    struct buffer msg = { 0 };
    outfile out = OUTFILE_NONE;
    int rc = get_key(a, key, ZUC256_KEY_BYTES, "ZUC-256");
    if (!rc)
        rc = get_zuc256_iv(a, iv);
    if (!rc)
        rc = get_tag_bytes(a, &tag_bytes);
    if (!rc)
        rc = get_mac_bits(a, tag_bytes, &bits);
    if (!rc)
        rc = open_out_file(a, &out);
    if (!rc)
        rc = load_input(a, bytes_for_bits(bits), &msg);
    if (!rc)
        rc = require_bits(bits, &msg);
    if (!rc)
        rc = library_result(a, zuc256_mac(key, iv, msg.data, (size_t)bits, tag, (size_t)tag_bytes));
    if (!rc) {
        note(a, "ZUC-256 MAC, implementation %s", zuc_impl_name());
        rc = emit_bytes(a, &out, tag, (size_t)tag_bytes);
    }
    outfile_discard(&out);
    wipe(key, sizeof key);
    free_buffer(&msg);
    return rc;
}

static const struct command commands[] = {
    {
        "keystream",
        OPT(OPT_KEY) | OPT(OPT_IV) | OPT(OPT_WORDS),
        OPT(OPT_KEY) | OPT(OPT_IV) | OPT(OPT_WORDS),
        run_keystream,
    },
    {
        "eea3",
        LINK_OPTIONS | INPUT_OPTIONS | OPT(OPT_OUT_FILE),
        LINK_OPTIONS,
        run_eea3,
    },
    {
        "eia3",
        LINK_OPTIONS | INPUT_OPTIONS | OPT(OPT_OUT_FILE),
        LINK_OPTIONS,
        run_eia3,
    },
    {
        "zuc256",
        OPT(OPT_KEY) | OPT(OPT_IV) | OPT(OPT_BYTES) | INPUT_OPTIONS | OPT(OPT_OUT_FILE),
        OPT(OPT_KEY) | OPT(OPT_IV) | OPT(OPT_BYTES),
        run_zuc256,
    },
    {
        "zuc256-mac",
        OPT(OPT_KEY) | OPT(OPT_IV) | OPT(OPT_TAG_BYTES) | OPT(OPT_BITS) | INPUT_OPTIONS |
            OPT(OPT_OUT_FILE),
        OPT(OPT_KEY) | OPT(OPT_IV) | OPT(OPT_TAG_BYTES) | OPT(OPT_BITS),
        run_zuc256_mac,
    },
};

#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

const struct command *command_list(size_t *count)
{
    *count = COMMAND_COUNT;
    return commands;
}

const struct command *find_command(const char *name)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}
