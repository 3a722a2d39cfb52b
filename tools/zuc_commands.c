/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_commands.c — the zuc tool's commands: keystream, and the commands on
 * a message (eea3, eia3, zuc256, zuc256-mac, nea6, nia6, nca6). Each of
 * those reads its values into a job and computes its result; run_message
 * does the rest, the same for all: open the output, read the message, check
 * its length, write the result. Keys, state and messages are wiped before a
 * command returns. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "be.h"
#include "hex.h"
#include "zuc_tool.h"

#define MAX_WORDS ((uint64_t)1 << 24) /* 64 MiB of keystream: plenty for vectors */

/* ---- keystream ------------------------------------------------------------- */

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

/* The key size picks the cipher: *version is 0 for ZUC-128, else the
 * ZUC-256 version (--version, whose IV size follows). */
static int get_keystream_key_iv(const struct args *a, uint8_t key[ZUC256_KEY_BYTES],
                                uint8_t iv[ZUC256_IV_BYTES], int *version)
{
    size_t key_len = 0;
    int rc = check_hex(OPT_KEY, a->value[OPT_KEY], &key_len);
    if (rc)
        return rc;
    if (key_len != ZUC128_KEY_BYTES && key_len != ZUC256_KEY_BYTES)
        return fail("--key: expected 16 bytes (32 hex digits) for ZUC-128 or 32 bytes for "
                    "ZUC-256, got %zu bytes",
                    key_len);
    hex_to_bytes(a->value[OPT_KEY], key, key_len);
    *version = 0;
    if (key_len == ZUC256_KEY_BYTES)
        return get_zuc256_version_iv(a, version, iv);
    if (a->value[OPT_VERSION])
        return fail("--version is the ZUC-256 version (a 32-byte key); ZUC-128 (a 16-byte key) "
                    "has none");
    return get_zuc128_iv(a, iv);
}

static int run_keystream(const struct args *a)
{
    uint8_t key[ZUC256_KEY_BYTES], iv[ZUC256_IV_BYTES];
    uint64_t nwords = 0;
    zuc_state st;
    int version = 0;
    int rc = get_keystream_key_iv(a, key, iv, &version);
    if (!rc)
        rc = parse_decimal(OPT_WORDS, a->value[OPT_WORDS], 1, MAX_WORDS, "2^24, this tool's limit",
                           &nwords);
    if (!rc)
        rc = library_result(a, version ? zuc256v_keystream_init(&st, version, key, iv)
                                       : zuc128_keystream_init(&st, key, iv));
    if (!rc) {
        note(a, "%s, implementation %s", version ? "ZUC-256" : "ZUC-128", zuc_impl_name());
        rc = print_keystream(&st, nwords);
    }
    wipe(key, sizeof key);
    wipe(&st, sizeof st);
    return rc;
}

/* ---- the commands on a message --------------------------------------------- */

/* A command's values, read from its options, and its result. */
struct job {
    const char *algorithm;               /* named in messages and the --verbose note */
    struct link_params link;             /* 128-EEA3, 128-EIA3 */
    uint8_t key[ZUC256_KEY_BYTES];       /* ZUC-256, NEA6, NIA6, NCA6 */
    uint8_t iv[ZUC256_IV_BYTES];         /* every IV form fits */
    int version;                         /* ZUC-256 */
    uint64_t length;                     /* of the message, in bits or in bytes */
    bool length_in_bits;                 /* --bits (else --bytes) */
    uint64_t tag_bytes;                  /* MACs, NIA6, NCA6 */
    uint8_t tag[ZUC_NXA6_TAG_MAX];       /* the tag computed */
    uint8_t given_tag[ZUC_NXA6_TAG_MAX]; /* --tag: the one to verify */
    bool verify;                         /* --tag given */
    bool verified;                       /* NIA6 verified: nothing to write */
    struct output out;
};

/* What differs between the commands on a message. */
struct message_steps {
    const char *algorithm;
    int (*read)(const struct args *a, struct job *j);
    /* Called once the input holds the length asked for; it may change the
     * message in place, and sets j->out. */
    int (*compute)(const struct args *a, struct job *j, struct buffer *msg);
};

static void set_output(struct job *j, const uint8_t *data, uint64_t n)
{
    j->out.part[0] = data;
    j->out.len[0] = (size_t)n;
}

static int require_length(const struct job *j, const struct buffer *msg)
{
    return j->length_in_bits ? require_bits(j->length, msg) : require_bytes(j->length, msg);
}

static int run_message(const struct args *a)
{
    const struct message_steps *steps = a->cmd->steps;
    struct job j = { .algorithm = steps->algorithm };
    struct buffer msg = { 0 };
    outfile out = OUTFILE_NONE;
    int rc = steps->read(a, &j);
    if (!rc)
        rc = open_out_file(a, &out);
    if (!rc)
        rc = load_input(a, j.length_in_bits ? bytes_for_bits(j.length) : j.length, &msg);
    if (!rc)
        rc = require_length(&j, &msg);
    if (!rc)
        rc = steps->compute(a, &j, &msg);
    if (!rc)
        note(a, "%s, implementation %s", j.algorithm, zuc_impl_name());
    if (!rc && !j.verified)
        rc = emit_output(a, &out, &j.out);
    outfile_discard(&out); /* after a failure: the target keeps what it had */
    free_buffer(&msg);
    wipe(&j, sizeof j);
    return rc;
}

/* ---- 128-EEA3, 128-EIA3 */

static int read_link(const struct args *a, struct job *j)
{
    j->length_in_bits = true;
    int rc = get_link_params(a, j->algorithm, &j->link);
    j->length = j->link.bits;
    return rc;
}

static int compute_eea3(const struct args *a, struct job *j, struct buffer *msg)
{
    const struct link_params *p = &j->link;
    set_output(j, msg->data, bytes_for_bits(p->bits)); /* in place: the message becomes it */
    return library_result(a, zuc_eea3(p->key, p->link.count, p->link.bearer, p->link.direction,
                                      msg->data, msg->data, (size_t)p->bits));
}

static int compute_eia3(const struct args *a, struct job *j, struct buffer *msg)
{
    const struct link_params *p = &j->link;
    uint32_t mac = 0;
    int rc = library_result(a, zuc_eia3(p->key, p->link.count, p->link.bearer, p->link.direction,
                                        msg->data, (size_t)p->bits, &mac));
    store_be32(j->tag, mac);
    set_output(j, j->tag, 4);
    return rc;
}

/* ---- ZUC-256 */

static int read_zuc256_key_iv(const struct args *a, struct job *j)
{
    int rc = get_key(a, j->key, ZUC256_KEY_BYTES, "ZUC-256");
    return rc ? rc : get_zuc256_version_iv(a, &j->version, j->iv);
}

static int read_zuc256(const struct args *a, struct job *j)
{
    int rc = read_zuc256_key_iv(a, j);
    return rc ? rc
              : parse_decimal(OPT_BYTES, a->value[OPT_BYTES], 0, ZUC256_MAX_BYTES,
                              "2^29: 2^32 keystream bits per key and IV", &j->length);
}

static int read_zuc256_mac(const struct args *a, struct job *j)
{
    j->length_in_bits = true;
    int rc = read_zuc256_key_iv(a, j);
    if (!rc)
        rc = get_tag_bytes(a, &j->tag_bytes);
    if (!rc)
        rc = get_mac_bits(a, j->tag_bytes, &j->length);
    return rc;
}

static int compute_zuc256(const struct args *a, struct job *j, struct buffer *msg)
{
    set_output(j, msg->data, j->length);
    return library_result(
        a, zuc256v_crypt(j->version, j->key, j->iv, msg->data, msg->data, (size_t)j->length));
}

static int compute_zuc256_mac(const struct args *a, struct job *j, struct buffer *msg)
{
    set_output(j, j->tag, j->tag_bytes);
    return library_result(a, zuc256v_mac(j->version, j->key, j->iv, msg->data, (size_t)j->length,
                                         j->tag, (size_t)j->tag_bytes));
}

/* ---- ZUC-NEA6, ZUC-NIA6, ZUC-NCA6 */

/* NEA6 counts bits, as 3GPP LENGTH; NIA6 and NCA6 take whole bytes. */
static int get_nxa6_length(const struct args *a, struct job *j)
{
    if (j->length_in_bits)
        return parse_decimal(OPT_BITS, a->value[OPT_BITS], 0, ZUC_NEA6_MAX_BITS,
                             "2^32 - 1: LENGTH is a 32-bit field", &j->length);
    return parse_decimal(OPT_BYTES, a->value[OPT_BYTES], 0, ZUC_NXA6_MAX_BYTES,
                         "2^29 - 48: the keystream of one key and IV", &j->length);
}

/* The tag size comes before the IV: the 3GPP IV holds it. */
static int read_nxa6(const struct args *a, struct job *j, int algorithm)
{
    int rc = get_key(a, j->key, ZUC_NXA6_KEY_BYTES, j->algorithm);
    if (!rc && algorithm != ZUC_NEA6)
        rc = get_nxa6_tag(a, j->given_tag, &j->tag_bytes, &j->verify);
    if (!rc)
        rc = get_nxa6_iv(a, algorithm, (size_t)j->tag_bytes, j->iv);
    return rc ? rc : get_nxa6_length(a, j);
}

static int read_nea6(const struct args *a, struct job *j)
{
    j->length_in_bits = true;
    return read_nxa6(a, j, ZUC_NEA6);
}

static int read_nia6(const struct args *a, struct job *j)
{
    if (a->value[OPT_TAG] && a->value[OPT_OUT_FILE])
        return fail("nia6: --out-file has nothing to receive when --tag is verified");
    return read_nxa6(a, j, ZUC_NIA6);
}

/* Encryption makes the tag; decryption verifies the one given. */
static int check_nca6_options(const struct args *a)
{
    const char *in_file = a->value[OPT_IN_FILE], *aad_file = a->value[OPT_AAD_FILE];
    if (a->value[OPT_DECRYPT] && !a->value[OPT_TAG])
        return fail("nca6 --decrypt: missing --tag (the tag to verify)");
    if (!a->value[OPT_DECRYPT] && a->value[OPT_TAG])
        return fail("nca6: --tag goes with --decrypt (encryption makes the tag)");
    if (a->value[OPT_AAD] && aad_file)
        return fail("nca6: give the associated data either as --aad HEX or as --aad-file F, "
                    "not both");
    if (in_file && aad_file && strcmp(in_file, "-") == 0 && strcmp(aad_file, "-") == 0)
        return fail("nca6: --in-file and --aad-file cannot both read standard input");
    size_t n = 0; /* bad hex is reported before the output is opened */
    return a->value[OPT_AAD] ? check_hex(OPT_AAD, a->value[OPT_AAD], &n) : STATUS_OK;
}

static int read_nca6(const struct args *a, struct job *j)
{
    int rc = check_nca6_options(a);
    return rc ? rc : read_nxa6(a, j, ZUC_NCA6);
}

static int compute_nea6(const struct args *a, struct job *j, struct buffer *msg)
{
    set_output(j, msg->data, bytes_for_bits(j->length));
    return library_result(a, zuc_nea6_iv(j->key, j->iv, msg->data, msg->data, (size_t)j->length));
}

/* Every byte is compared whatever the others hold, so the time taken does
 * not tell how much of a forged tag was right. */
static bool same_tag(const uint8_t *x, const uint8_t *y, size_t n)
{
    volatile uint8_t diff = 0;
    for (size_t i = 0; i < n; i++)
        diff |= x[i] ^ y[i];
    return diff == 0;
}

static int compute_nia6(const struct args *a, struct job *j, struct buffer *msg)
{
    int rc = library_result(
        a, zuc_nia6_iv(j->key, j->iv, msg->data, (size_t)j->length, j->tag, (size_t)j->tag_bytes));
    set_output(j, j->tag, j->tag_bytes);
    if (rc || !j->verify)
        return rc;
    if (!same_tag(j->tag, j->given_tag, (size_t)j->tag_bytes))
        return tag_rejected(a, "");
    note(a, "the tag verifies");
    j->verified = true;
    return STATUS_OK;
}

/* Encryption: the ciphertext, then the tag. Decryption: the plaintext, only
 * if the tag verifies (the library then writes it). */
static int compute_nca6(const struct args *a, struct job *j, struct buffer *msg)
{
    struct buffer aad = { 0 };
    size_t n = (size_t)j->length, t = (size_t)j->tag_bytes;
    int rc = load_aad(a, &aad);
    if (!rc && j->verify)
        rc = library_result(a, zuc_nca6_decrypt_iv(j->key, j->iv, aad.data, aad.len, msg->data,
                                                   msg->data, n, j->given_tag, t));
    else if (!rc)
        rc = library_result(a, zuc_nca6_encrypt_iv(j->key, j->iv, aad.data, aad.len, msg->data,
                                                   msg->data, n, j->tag, t));
    set_output(j, msg->data, n);
    j->out.part[1] = j->tag;
    j->out.len[1] = j->verify ? 0 : t;
    free_buffer(&aad);
    return rc;
}

/* ---- the table ------------------------------------------------------------- */

static const struct message_steps eea3_steps = { "128-EEA3", read_link, compute_eea3 };
static const struct message_steps eia3_steps = { "128-EIA3", read_link, compute_eia3 };
static const struct message_steps zuc256_steps = { "ZUC-256", read_zuc256, compute_zuc256 };
static const struct message_steps zuc256_mac_steps = { "ZUC-256 MAC", read_zuc256_mac,
                                                       compute_zuc256_mac };
static const struct message_steps nea6_steps = { "ZUC-NEA6", read_nea6, compute_nea6 };
static const struct message_steps nia6_steps = { "ZUC-NIA6", read_nia6, compute_nia6 };
static const struct message_steps nca6_steps = { "ZUC-NCA6", read_nca6, compute_nca6 };

#define MESSAGE_OPTIONS (INPUT_OPTIONS | OPT(OPT_OUT_FILE))
#define ZUC256_OPTIONS (OPT(OPT_KEY) | OPT(OPT_IV) | OPT(OPT_VERSION))
#define NXA6_TAG_OPTIONS (OPT(OPT_TAG_BYTES) | OPT(OPT_TAG))
#define NCA6_ONLY_OPTIONS (OPT(OPT_AAD) | OPT(OPT_AAD_FILE) | OPT(OPT_DECRYPT))

static const struct command commands[] = {
    {
        "keystream",
        ZUC256_OPTIONS | OPT(OPT_WORDS),
        OPT(OPT_KEY) | OPT(OPT_IV) | OPT(OPT_WORDS),
        run_keystream,
        NULL,
    },
    { "eea3", LINK_OPTIONS | MESSAGE_OPTIONS, LINK_OPTIONS, run_message, &eea3_steps },
    { "eia3", LINK_OPTIONS | MESSAGE_OPTIONS, LINK_OPTIONS, run_message, &eia3_steps },
    {
        "zuc256",
        ZUC256_OPTIONS | OPT(OPT_BYTES) | MESSAGE_OPTIONS,
        OPT(OPT_KEY) | OPT(OPT_IV) | OPT(OPT_BYTES),
        run_message,
        &zuc256_steps,
    },
    {
        "zuc256-mac",
        ZUC256_OPTIONS | OPT(OPT_TAG_BYTES) | OPT(OPT_BITS) | MESSAGE_OPTIONS,
        OPT(OPT_KEY) | OPT(OPT_IV) | OPT(OPT_TAG_BYTES) | OPT(OPT_BITS),
        run_message,
        &zuc256_mac_steps,
    },
    {
        "nea6",
        OPT(OPT_KEY) | NXA6_IV_OPTIONS | OPT(OPT_BITS) | MESSAGE_OPTIONS,
        OPT(OPT_KEY) | OPT(OPT_BITS),
        run_message,
        &nea6_steps,
    },
    {
        "nia6",
        OPT(OPT_KEY) | NXA6_IV_OPTIONS | NXA6_TAG_OPTIONS | OPT(OPT_BYTES) | MESSAGE_OPTIONS,
        OPT(OPT_KEY) | OPT(OPT_BYTES),
        run_message,
        &nia6_steps,
    },
    {
        "nca6",
        OPT(OPT_KEY) | NXA6_IV_OPTIONS | NXA6_TAG_OPTIONS | NCA6_ONLY_OPTIONS | OPT(OPT_BYTES) |
            MESSAGE_OPTIONS,
        OPT(OPT_KEY) | OPT(OPT_BYTES),
        run_message,
        &nca6_steps,
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
