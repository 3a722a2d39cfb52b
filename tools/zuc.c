/* SPDX-License-Identifier: Apache-2.0 */
/* zuc.c — the `zuc` vector tool: published ZUC test vectors in, hex out.
 *
 *   zuc keystream   ZUC-128 / ZUC-256 keystream words
 *   zuc eea3        128-EEA3 encryption
 *   zuc eia3        128-EIA3 MAC
 *   zuc zuc256      ZUC-256 encryption
 *   zuc zuc256-mac  ZUC-256 MAC
 *
 * Success: one line of lowercase hex on stdout (or raw bytes in --out-file).
 * Failure: one line "zuc: ..." on stderr naming the problem, exit status 2.
 * Only the public API of libzuc (zuc.h) is used. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "be.h"
#include "cleanup.h"
#include "hex.h"
#include "outfile.h"
#include "zuc.h"

#ifndef ZUC_TOOL_VERSION
#define ZUC_TOOL_VERSION "0.1.0"
#endif

enum { STATUS_OK = 0, STATUS_FAIL = 2 };

#define MAX_WORDS ((uint64_t)1 << 24)   /* 64 MiB of keystream: plenty for vectors */
#define MAX_BITS  ((uint64_t)ZUC_EEA3_MAX_BITS)

/* ---------------------------------------------------------------- options */

enum option_id {
    OPT_KEY, OPT_IV, OPT_COUNT, OPT_BEARER, OPT_DIRECTION, OPT_BITS, OPT_BYTES,
    OPT_WORDS, OPT_TAG_BYTES, OPT_IN, OPT_IN_FILE, OPT_OUT_FILE, OPTION_COUNT
};

static const char *const option_name[OPTION_COUNT] = {
    "--key", "--iv", "--count", "--bearer", "--direction", "--bits", "--bytes",
    "--words", "--tag-bytes", "--in", "--in-file", "--out-file",
};

#define OPT(id) (1u << (id))
#define INPUT_OPTIONS (OPT(OPT_IN) | OPT(OPT_IN_FILE))
#define LINK_OPTIONS (OPT(OPT_KEY) | OPT(OPT_COUNT) | OPT(OPT_BEARER) | OPT(OPT_DIRECTION) | OPT(OPT_BITS))

struct command;

struct args {
    const struct command *cmd;
    const char *value[OPTION_COUNT];   /* NULL: not given */
    bool verbose;
};

struct command {
    const char *name;
    const char *summary;
    unsigned accepted;                  /* OPT() bits of the options it takes */
    unsigned required;                  /* of those, the ones it cannot run without */
    int (*run)(const struct args *a);
    const char *help;
    const char *example;
};

/* ------------------------------------------------------------- reporting */

static int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int fail(const char *fmt, ...)
{
    va_list ap;
    fputs("zuc: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return STATUS_FAIL;
}

static void note(const struct args *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void note(const struct args *a, const char *fmt, ...)
{
    if (!a->verbose)
        return;
    va_list ap;
    fputs("zuc: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* User text for an error line: control bytes escaped and long text cut, so the
 * message stays on one line. Two slots, so one message can show two values. */
static const char *shown_n(const char *s, size_t len)
{
    static char slot[2][80];
    static int next;
    char *out = slot[next];
    next ^= 1;
    size_t o = 0, i = 0;
    for (; i < len && o < 60; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f)
            out[o++] = (char)c;
        else
            o += (size_t)snprintf(out + o, sizeof slot[0] - o, "\\x%02x", c);
    }
    if (i < len)
        o += (size_t)snprintf(out + o, sizeof slot[0] - o, "...");
    out[o] = '\0';
    return out;
}

static const char *shown(const char *s)
{
    return shown_n(s, strlen(s));
}

static int library_result(const struct args *a, int code)
{
    if (code < 0)
        return fail("%s: %s", a->cmd->name, zuc_strerror(code));
    return STATUS_OK;
}

/* Keys should not outlive their use; a volatile store is not optimised away. */
static void wipe(void *p, size_t n)
{
    volatile unsigned char *v = p;
    while (n--)
        *v++ = 0;
}

/* --------------------------------------------------------- value parsing */

/* Validates hex text and says how many bytes it holds; hex_to_bytes does the rest. */
static int check_hex(enum option_id id, const char *text, size_t *nbytes)
{
    size_t n = strlen(text), bad = hex_span(text);
    if (bad < n)
        return fail("%s: bad hex digit '%s' at position %zu", option_name[id],
                    shown_n(text + bad, 1), bad + 1);
    if (n % 2)
        return fail("%s: odd number of hex digits (%zu); each byte takes two", option_name[id], n);
    *nbytes = n / 2;
    return STATUS_OK;
}

/* A decimal integer in [min, max]; `why`, when given, explains the bound. */
static int parse_decimal(enum option_id id, const char *text, uint64_t min, uint64_t max,
                         const char *why, uint64_t *out)
{
    uint64_t v = 0;
    bool overflow = false;
    if (*text == '\0')
        return fail("%s: expected a decimal integer, got an empty value", option_name[id]);
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return fail("%s: expected a decimal integer, got '%s'", option_name[id], shown(text));
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            overflow = true;
        else
            v = v * 10 + d;
    }
    if (overflow || v < min || v > max) {
        if (min == 0 && max == 1)
            return fail("%s must be 0 or 1, got %s", option_name[id], shown(text));
        return fail("%s must be %" PRIu64 "..%" PRIu64 "%s%s%s, got %s", option_name[id], min, max,
                    why ? " (" : "", why ? why : "", why ? ")" : "", shown(text));
    }
    *out = v;
    return STATUS_OK;
}

/* COUNT is hex, as 3GPP writes it; "0x" is optional. */
static int parse_count(const char *text, uint32_t *out)
{
    const char *digits = text;
    if (digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X'))
        digits += 2;
    if (*digits == '\0' || hex_span(digits) != strlen(digits))
        return fail("--count: expected a 32-bit hex value such as 0x66035492 (0x optional), got '%s'",
                    shown(text));
    while (digits[0] == '0' && digits[1] != '\0')
        digits++;
    if (strlen(digits) > 8)
        return fail("--count: %s does not fit in 32 bits", shown(text));
    uint32_t v = 0;
    for (const char *p = digits; *p; p++)
        v = v << 4 | (uint32_t)hex_digit_value(*p);
    *out = v;
    return STATUS_OK;
}

static uint64_t bytes_for_bits(uint64_t bits)
{
    return bits / 8 + (bits % 8 != 0);
}

/* ------------------------------------------------------ keys, IVs, params */

static int get_key(const struct args *a, uint8_t *key, size_t want, const char *algorithm)
{
    size_t n = 0;
    int rc = check_hex(OPT_KEY, a->value[OPT_KEY], &n);
    if (rc)
        return rc;
    if (n != want)
        return fail("--key: expected %zu bytes (%zu hex digits) for %s, got %zu bytes", want,
                    2 * want, algorithm, n);
    hex_to_bytes(a->value[OPT_KEY], key, n);
    return STATUS_OK;
}

static int get_zuc128_iv(const struct args *a, uint8_t iv[ZUC128_IV_BYTES])
{
    size_t n = 0;
    int rc = check_hex(OPT_IV, a->value[OPT_IV], &n);
    if (rc)
        return rc;
    if (n != ZUC128_IV_BYTES)
        return fail("--iv: expected 16 bytes (32 hex digits) for ZUC-128, got %zu bytes", n);
    hex_to_bytes(a->value[OPT_IV], iv, n);
    return STATUS_OK;
}

/* In the 25-byte form IV17..IV24 are 6-bit values; the library would silently
 * drop the top two bits, which hides a mistyped or wrongly packed IV. */
static int check_six_bit_tail(const uint8_t iv25[ZUC256_IV_BYTES])
{
    for (int i = 17; i < ZUC256_IV_BYTES; i++)
        if (iv25[i] > 0x3f)
            return fail("--iv: IV%d (byte %d) is 0x%02x, but in the 25-byte form IV17..IV24 are "
                        "6-bit values (at most 0x3f); for the packed form give 23 bytes",
                        i, i + 1, iv25[i]);
    return STATUS_OK;
}

static int get_zuc256_iv(const struct args *a, uint8_t iv25[ZUC256_IV_BYTES])
{
    size_t n = 0;
    int rc = check_hex(OPT_IV, a->value[OPT_IV], &n);
    if (rc)
        return rc;
    if (n == ZUC256_IV_BYTES) {
        hex_to_bytes(a->value[OPT_IV], iv25, n);
        note(a, "--iv: 25-byte form (IV17..IV24 one 6-bit value per byte)");
        return check_six_bit_tail(iv25);
    }
    if (n == 23) {
        uint8_t packed[23];
        hex_to_bytes(a->value[OPT_IV], packed, n);
        note(a, "--iv: packed 23-byte form (IV17..IV24 in the last 6 bytes), unpacked to 25 bytes");
        return library_result(a, zuc256_iv_unpack(iv25, packed));
    }
    return fail("--iv: expected 25 bytes (50 hex digits) or the packed 23-byte form (46 hex digits) "
                "for ZUC-256, got %zu bytes", n);
}

/* The 3GPP inputs shared by 128-EEA3 and 128-EIA3. */
struct link_params {
    uint8_t key[ZUC128_KEY_BYTES];
    uint32_t count;
    uint8_t bearer, direction;
    uint64_t bits;
};

static int get_link_params(const struct args *a, const char *algorithm, struct link_params *p)
{
    uint64_t bearer = 0, direction = 0;
    int rc = get_key(a, p->key, ZUC128_KEY_BYTES, algorithm);
    if (!rc)
        rc = parse_count(a->value[OPT_COUNT], &p->count);
    if (!rc)
        rc = parse_decimal(OPT_BEARER, a->value[OPT_BEARER], 0, 31, NULL, &bearer);
    if (!rc)
        rc = parse_decimal(OPT_DIRECTION, a->value[OPT_DIRECTION], 0, 1, NULL, &direction);
    if (!rc)
        rc = parse_decimal(OPT_BITS, a->value[OPT_BITS], 0, MAX_BITS,
                           "2^32 - 1: LENGTH is a 32-bit field", &p->bits);
    p->bearer = (uint8_t)bearer;
    p->direction = (uint8_t)direction;
    return rc;
}

/* ------------------------------------------------------------------ input */

struct buffer {
    uint8_t *data;   /* never NULL once loaded, even when len is 0 */
    size_t len;
};

static void free_buffer(struct buffer *b)
{
    free(b->data);
    b->data = NULL;
    b->len = 0;
}

static int input_from_hex(const char *text, struct buffer *b)
{
    size_t n = 0;
    int rc = check_hex(OPT_IN, text, &n);
    if (rc)
        return rc;
    b->data = malloc(n ? n : 1);
    if (!b->data)
        return fail("--in: out of memory for %zu bytes", n);
    hex_to_bytes(text, b->data, n);
    b->len = n;
    return STATUS_OK;
}

static int read_failure(const char *path)
{
    return fail("cannot read '%s': %s", shown(path), strerror(errno));
}

/* Reads at most `limit` bytes of the file (or of stdin for "-"): bytes beyond
 * the length asked for are ignored anyway, and a huge file costs nothing. */
static int input_from_file(const char *path, uint64_t limit, struct buffer *b)
{
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f)
        return read_failure(path);
    size_t cap = limit < 65536 ? (size_t)limit : 65536;
    int rc = STATUS_OK;
    b->len = 0;
    b->data = malloc(cap ? cap : 1);
    if (!b->data)
        rc = fail("--in-file: out of memory");
    while (!rc && b->len < limit) {
        if (b->len == cap) {
            size_t grown = (uint64_t)cap * 2 < limit ? cap * 2 : (size_t)limit;
            uint8_t *p = realloc(b->data, grown);
            if (!p) {
                rc = fail("--in-file: out of memory for %zu bytes", grown);
                break;
            }
            b->data = p;
            cap = grown;
        }
        size_t want = cap - b->len;
        size_t got = fread(b->data + b->len, 1, want, f);
        b->len += got;
        if (got < want)
            break;              /* end of file, or an error reported below */
    }
    if (!rc && ferror(f))
        rc = read_failure(path);
    if (!is_stdin)
        fclose(f);
    if (rc)
        free_buffer(b);
    return rc;
}

/* The message of --in or --in-file; only its first `needed` bytes are used. */
static int load_input(const struct args *a, uint64_t needed, struct buffer *b)
{
    if (a->value[OPT_IN])
        return input_from_hex(a->value[OPT_IN], b);
    return input_from_file(a->value[OPT_IN_FILE], needed, b);
}

static int require_bits(uint64_t bits, const struct buffer *b)
{
    if (bits > 8 * (uint64_t)b->len)
        return fail("--bits %" PRIu64 " exceeds the %" PRIu64 " bits given", bits, 8 * (uint64_t)b->len);
    return STATUS_OK;
}

static int require_bytes(uint64_t bytes, const struct buffer *b)
{
    if (bytes > b->len)
        return fail("--bytes %" PRIu64 " exceeds the %zu bytes given", bytes, b->len);
    return STATUS_OK;
}

/* ----------------------------------------------------------------- output */

static void put_hex(const uint8_t *data, size_t n)
{
    char chunk[2 * 2048 + 1];
    for (size_t done = 0; done < n;) {
        size_t k = n - done < 2048 ? n - done : 2048;
        hex_from_bytes(data + done, k, chunk);
        fwrite(chunk, 1, 2 * k, stdout);
        done += k;
    }
}

/* A full disk or a closed pipe must not pass for success. */
static int finish_stdout(void)
{
    if (fflush(stdout) != 0 || ferror(stdout))
        return fail("cannot write to standard output: %s", strerror(errno));
    return STATUS_OK;
}

static int print_hex_line(const uint8_t *data, size_t n)
{
    put_hex(data, n);
    putchar('\n');
    return finish_stdout();
}

static int write_failure(const char *path)
{
    return fail("cannot write '%s': %s", shown(path), strerror(errno));
}

/* --out-file is opened before the input is read: a path that cannot be
 * written is reported before a long run, and a signal during the run finds
 * the temporary file registered for removal. */
static int open_out_file(const struct args *a, outfile *out)
{
    const char *path = a->value[OPT_OUT_FILE];
    if (path && outfile_open(out, path) != 0)
        return write_failure(path);
    return STATUS_OK;
}

/* The result: raw bytes to the --out-file opened before, or a hex line. */
static int emit_bytes(const struct args *a, outfile *out, const uint8_t *data, size_t n)
{
    const char *path = a->value[OPT_OUT_FILE];
    if (!path)
        return print_hex_line(data, n);
    if (outfile_finish(out, outfile_write(out, data, n) != 0) != 0)
        return write_failure(path);
    note(a, "wrote %zu bytes to '%s'", n, shown(path));
    return STATUS_OK;
}

/* ---------------------------------------------------------- subcommands */

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
                  "got %zu bytes", key_len);
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
    struct buffer msg = {0};
    outfile out = OUTFILE_NONE;
    int rc = get_link_params(a, "128-EEA3", &p);
    if (!rc)
        rc = open_out_file(a, &out);
    if (!rc)
        rc = load_input(a, bytes_for_bits(p.bits), &msg);
    if (!rc)
        rc = require_bits(p.bits, &msg);
    if (!rc)   /* in place: the message buffer becomes the ciphertext */
        rc = library_result(a, zuc_eea3(p.key, p.count, p.bearer, p.direction, msg.data, msg.data,
                                        (size_t)p.bits));
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
    struct buffer msg = {0};
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
        rc = library_result(a, zuc_eia3(p.key, p.count, p.bearer, p.direction, msg.data,
                                        (size_t)p.bits, &mac));
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
    struct buffer msg = {0};
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

static int get_tag_bytes(const struct args *a, uint64_t *tag_bytes)
{
    const char *text = a->value[OPT_TAG_BYTES];
    uint64_t v = 0;
    int rc = parse_decimal(OPT_TAG_BYTES, text, 0, UINT64_MAX, NULL, &v);
    if (rc)
        return rc;
    if (v != 4 && v != 8 && v != 16)
        return fail("--tag-bytes must be 4, 8 or 16, got %s", shown(text));
    *tag_bytes = v;
    return STATUS_OK;
}

/* The MAC consumes bits + 2 * tag bits of keystream, and a key/IV gives 2^32. */
static int get_mac_bits(const struct args *a, uint64_t tag_bytes, uint64_t *bits)
{
    uint64_t max = ((uint64_t)1 << 32) - 16 * tag_bytes;
    char why[64];
    snprintf(why, sizeof why, "the MAC uses N + %" PRIu64 " of the 2^32 keystream bits", 16 * tag_bytes);
    return parse_decimal(OPT_BITS, a->value[OPT_BITS], 0, max, why, bits);
}

static int run_zuc256_mac(const struct args *a)
{
    uint8_t key[ZUC256_KEY_BYTES], iv[ZUC256_IV_BYTES], tag[16];
    uint64_t tag_bytes = 0, bits = 0;
    struct buffer msg = {0};
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

/* ------------------------------------------------------------------- help */

static const char values_help[] =
    "Values:\n"
    "  K, IV, HEX  bytes in hex, most significant first: two digits a byte, upper or\n"
    "              lower case, no spaces, no 0x\n"
    "  C           COUNT: a 32-bit number in hex, 0x optional (0x66035492 or 66035492)\n"
    "  B, D, N     decimal integers: BEARER 0..31, DIRECTION 0 or 1; N counts bits for\n"
    "              --bits (the 3GPP LENGTH), bytes for --bytes, words for --words\n"
    "  INPUT       --in HEX, or --in-file F to read raw bytes from file F (- reads\n"
    "              standard input); input beyond the length asked for is ignored\n"
    "  Options may also be written --name=VALUE. The argument after an option is\n"
    "  its value (--in-file -h reads a file named -h), unless it starts with --:\n"
    "  write --name=VALUE for such a value.\n"
    "Bits are numbered most significant first: bit i is bit 7 - i%8 of byte i/8.\n"
    "\n"
    "Output: one line of lowercase hex on standard output.\n";

/* Only for the commands that take --out-file. */
static const char out_file_help[] =
    "With --out-file F the raw bytes (the ciphertext, or the MAC most significant\n"
    "byte first) go to F instead, and standard output stays empty. A regular file\n"
    "F is written all or nothing: a temporary file beside it, made by mkstemp,\n"
    "replaces it at the end; an existing F keeps its mode, its hard links, and a\n"
    "symbolic link F stays a link to the updated file. A FIFO or device (such as\n"
    "/dev/null) is written in place, and - means standard output.\n";

static const char status_help[] =
    "  -v, --verbose  notes on standard error: IV form read, implementation used\n"
    "Exit status: 0 on success; 2 on any error, explained on one line \"zuc: ...\"\n"
    "on standard error; 130 or 143 when stopped by SIGINT or SIGTERM, after\n"
    "removing the temporary file.\n";

static const struct command commands[] = {
    {
        "keystream", "ZUC-128 (16-byte key) or ZUC-256 (32-byte key) keystream words",
        OPT(OPT_KEY) | OPT(OPT_IV) | OPT(OPT_WORDS),
        OPT(OPT_KEY) | OPT(OPT_IV) | OPT(OPT_WORDS),
        run_keystream,
        "Usage: zuc keystream --key K --iv IV --words N\n"
        "\n"
        "Prints the keystream words z1..zN, each as 8 hex digits (the word big-endian),\n"
        "all on one line. The key size picks the cipher:\n"
        "  16-byte key  ZUC-128 with a 16-byte IV (3GPP 128-EEA3/EIA3 Document 2)\n"
        "  32-byte key  ZUC-256 (2018 version, encryption constants) with either\n"
        "               - the 25-byte IV: IV0..IV16 as bytes, then IV17..IV24 as 6-bit\n"
        "                 values, one a byte (00..3f), or\n"
        "               - the packed 23-byte IV: IV0..IV16, then IV17..IV24 packed\n"
        "                 most significant first into 6 bytes\n"
        "N is 1..16777216 (2^24).\n",
        "ZUC-128, 3GPP test set 1 (z1 z2):\n"
        "  $ zuc keystream --key 00000000000000000000000000000000 \\\n"
        "        --iv 00000000000000000000000000000000 --words 2\n"
        "  27bede74018082da\n"
        "ZUC-256 paper, all-zero key and IV (z1 z2; packed IV):\n"
        "  $ zuc keystream --words 2 \\\n"
        "        --key 0000000000000000000000000000000000000000000000000000000000000000 \\\n"
        "        --iv 0000000000000000000000000000000000000000000000\n"
        "  58d03ad62e032ce2\n",
    },
    {
        "eea3", "3GPP 128-EEA3 encryption (decryption is the same operation)",
        LINK_OPTIONS | INPUT_OPTIONS | OPT(OPT_OUT_FILE),
        LINK_OPTIONS,
        run_eea3,
        "Usage: zuc eea3 --key K --count C --bearer B --direction D --bits N\n"
        "                (--in HEX | --in-file F) [--out-file F]\n"
        "\n"
        "128-EEA3 (3GPP 128-EEA3 & 128-EIA3, Document 1): XORs the first N bits of the\n"
        "input with the keystream of key CK and COUNT, BEARER, DIRECTION, and prints\n"
        "ceil(N/8) bytes. The bits of the last byte beyond bit N are zero, as in the\n"
        "published test data. Decrypting is encrypting the ciphertext.\n"
        "  --key K        CK, 16 bytes\n"
        "  --count C      COUNT, 32 bits, in hex\n"
        "  --bearer B     BEARER, 0..31\n"
        "  --direction D  DIRECTION, 0 (uplink) or 1 (downlink)\n"
        "  --bits N       LENGTH in bits, 0..4294967295; the input must hold N bits\n"
        "  --out-file F   write the ceil(N/8) raw bytes to F instead of printing hex\n",
        "128-EEA3, 3GPP test set 1:\n"
        "  $ zuc eea3 --key 173d14ba5003731d7a60049470f00a29 --count 0x66035492 \\\n"
        "        --bearer 15 --direction 0 --bits 193 \\\n"
        "        --in 6cf65340735552ab0c9752fa6f9025fe0bd675d9005875b200\n"
        "  a6c85fc66afb8533aafc2518dfe784940ee1e4b030238cc800\n",
    },
    {
        "eia3", "3GPP 128-EIA3 message authentication code (MAC-I)",
        LINK_OPTIONS | INPUT_OPTIONS | OPT(OPT_OUT_FILE),
        LINK_OPTIONS,
        run_eia3,
        "Usage: zuc eia3 --key K --count C --bearer B --direction D --bits N\n"
        "                (--in HEX | --in-file F) [--out-file F]\n"
        "\n"
        "128-EIA3 (3GPP 128-EEA3 & 128-EIA3, Document 1): prints the 32-bit MAC-I of\n"
        "the first N bits of the input as 8 hex digits; later bits do not count.\n"
        "  --key K        IK, 16 bytes\n"
        "  --count C      COUNT, 32 bits, in hex\n"
        "  --bearer B     BEARER, 0..31\n"
        "  --direction D  DIRECTION, 0 or 1\n"
        "  --bits N       LENGTH in bits, 0..4294967295; the input must hold N bits\n"
        "  --out-file F   write the 4 raw bytes of the MAC-I to F instead of printing hex\n",
        "128-EIA3, 3GPP test set 2:\n"
        "  $ zuc eia3 --key 47054125561eb2dda94059da05097850 --count 561eb2dd \\\n"
        "        --bearer 20 --direction 0 --bits 90 --in 000000000000000000000000\n"
        "  6719a088\n",
    },
    {
        "zuc256", "ZUC-256 encryption (2018 version; decryption is the same operation)",
        OPT(OPT_KEY) | OPT(OPT_IV) | OPT(OPT_BYTES) | INPUT_OPTIONS | OPT(OPT_OUT_FILE),
        OPT(OPT_KEY) | OPT(OPT_IV) | OPT(OPT_BYTES),
        run_zuc256,
        "Usage: zuc zuc256 --key K --iv IV --bytes N (--in HEX | --in-file F)\n"
        "                  [--out-file F]\n"
        "\n"
        "ZUC-256 (\"The ZUC-256 Stream Cipher\", 2018): XORs the first N bytes of the\n"
        "input with the keystream and prints N bytes. Decrypting is encrypting the\n"
        "ciphertext.\n"
        "  --key K        32 bytes\n"
        "  --iv IV        25 bytes, or the packed 23-byte form (see 'zuc keystream --help')\n"
        "  --bytes N      0..536870912 (2^29: 2^32 keystream bits per key and IV)\n"
        "  --out-file F   write the N raw bytes to F instead of printing hex\n",
        "ZUC-256 paper, all-zero key and IV (the first 8 keystream bytes):\n"
        "  $ zuc zuc256 --key 0000000000000000000000000000000000000000000000000000000000000000 \\\n"
        "        --iv 00000000000000000000000000000000000000000000000000 \\\n"
        "        --bytes 8 --in 0000000000000000\n"
        "  58d03ad62e032ce2\n",
    },
    {
        "zuc256-mac", "ZUC-256 MAC with a 32-, 64- or 128-bit tag (2018 version)",
        OPT(OPT_KEY) | OPT(OPT_IV) | OPT(OPT_TAG_BYTES) | OPT(OPT_BITS) | INPUT_OPTIONS |
            OPT(OPT_OUT_FILE),
        OPT(OPT_KEY) | OPT(OPT_IV) | OPT(OPT_TAG_BYTES) | OPT(OPT_BITS),
        run_zuc256_mac,
        "Usage: zuc zuc256-mac --key K --iv IV --tag-bytes 4|8|16 --bits N\n"
        "                      (--in HEX | --in-file F) [--out-file F]\n"
        "\n"
        "ZUC-256 MAC (\"The ZUC-256 Stream Cipher\", 2018): prints the tag of the first\n"
        "N bits of the input, most significant byte first. Each tag size has its own\n"
        "initialisation, so a 4-byte tag is not a prefix of an 8-byte one.\n"
        "  --key K          32 bytes\n"
        "  --iv IV          25 bytes, or the packed 23-byte form (see 'zuc keystream --help')\n"
        "  --tag-bytes T    4, 8 or 16\n"
        "  --bits N         message length in bits; N + 16*T must not exceed 2^32\n"
        "  --out-file F     write the T raw bytes of the tag to F instead of printing hex\n",
        "ZUC-256 paper, all-zero key and IV, 400 zero bits, 32-bit tag:\n"
        "  $ zuc zuc256-mac --key 0000000000000000000000000000000000000000000000000000000000000000 \\\n"
        "        --iv 00000000000000000000000000000000000000000000000000 \\\n"
        "        --tag-bytes 4 --bits 400 --in-file /dev/zero\n"
        "  9b972a74\n",
    },
};

#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static void print_usage(FILE *out)
{
    fputs("Usage:\n", out);
    fputs("  zuc keystream  --key K --iv IV --words N\n"
          "  zuc eea3       --key K --count C --bearer B --direction D --bits N INPUT\n"
          "                 [--out-file F]\n"
          "  zuc eia3       --key K --count C --bearer B --direction D --bits N INPUT\n"
          "                 [--out-file F]\n"
          "  zuc zuc256     --key K --iv IV --bytes N INPUT [--out-file F]\n"
          "  zuc zuc256-mac --key K --iv IV --tag-bytes 4|8|16 --bits N INPUT\n"
          "                 [--out-file F]\n"
          "  zuc help [SUBCOMMAND] | zuc SUBCOMMAND --help | zuc --version\n",
          out);
}

static void print_main_help(void)
{
    puts("zuc - ZUC stream-cipher test vectors: hex in, hex out\n");
    print_usage(stdout);
    putchar('\n');
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        printf("  %-11s %s\n", commands[i].name, commands[i].summary);
    putchar('\n');
    fputs(values_help, stdout);
    fputs("Commands that take --out-file F:", stdout);
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (commands[i].accepted & OPT(OPT_OUT_FILE))
            printf(" %s", commands[i].name);
    fputs(".\n", stdout);
    fputs(out_file_help, stdout);
    fputs(status_help, stdout);
    puts("\nExamples (published test vectors; 'zuc help SUBCOMMAND' says more):");
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        fputs(commands[i].example, stdout);
}

static void print_command_help(const struct command *cmd)
{
    fputs(cmd->help, stdout);
    putchar('\n');
    fputs(values_help, stdout);
    if (cmd->accepted & OPT(OPT_OUT_FILE))
        fputs(out_file_help, stdout);
    fputs(status_help, stdout);
    puts("\nExample:");
    fputs(cmd->example, stdout);
}

static int print_version(void)
{
    printf("zuc %s (libzuc, implementation %s)\n", ZUC_TOOL_VERSION, zuc_impl_name());
    return finish_stdout();
}

/* ----------------------------------------------------------- arguments */

static const struct command *find_command(const char *name)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static int unknown_command(const char *name)
{
    if (name[0] == '-')
        return fail("unknown option '%s' (the subcommand comes first; see 'zuc --help')", shown(name));
    return fail("unknown subcommand '%s' (expected keystream, eea3, eia3, zuc256 or zuc256-mac; "
                "see 'zuc --help')", shown(name));
}

static bool is_help_flag(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

static bool is_verbose_flag(const char *arg)
{
    return strcmp(arg, "--verbose") == 0 || strcmp(arg, "-v") == 0;
}

static int find_option(const char *name, size_t len)
{
    for (int id = 0; id < OPTION_COUNT; id++)
        if (strlen(option_name[id]) == len && strncmp(option_name[id], name, len) == 0)
            return id;
    return -1;
}

/* The argument after an option is its value, whatever it looks like ("-h" is
 * a file name there), unless it starts with "--": then the value is missing. */
static bool next_is_value(int argc, char **argv, int i)
{
    return i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0;
}

/* argv[i] is a known option written without "=VALUE". */
static bool option_without_value(const char *arg)
{
    return strncmp(arg, "--", 2) == 0 && !strchr(arg, '=') && find_option(arg, strlen(arg)) >= 0;
}

static bool is_file_option(int id)
{
    return id == OPT_IN_FILE || id == OPT_OUT_FILE;
}

static int parse_options(int argc, char **argv, struct args *a)
{
    const char *cmd = a->cmd->name;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (is_verbose_flag(arg)) {
            a->verbose = true;
            continue;
        }
        if (strncmp(arg, "--", 2) != 0)
            return fail("%s: unexpected argument '%s' (options are --name VALUE; see 'zuc %s --help')",
                        cmd, shown(arg), cmd);
        const char *equals = strchr(arg, '=');
        size_t name_len = equals ? (size_t)(equals - arg) : strlen(arg);
        int id = find_option(arg, name_len);
        if (id < 0)
            return fail("unknown option '%s' (see 'zuc %s --help')", shown_n(arg, name_len), cmd);
        if (!(a->cmd->accepted & OPT(id)))
            return fail("%s does not take %s (see 'zuc %s --help')", cmd, option_name[id], cmd);
        const char *value = equals ? equals + 1 : next_is_value(argc, argv, i) ? argv[++i] : NULL;
        if (!value)
            return fail("%s needs a value (write %s=VALUE for one that starts with --)",
                        option_name[id], option_name[id]);
        if (is_file_option(id) && !*value)
            return fail("%s: empty file name", option_name[id]);
        if (a->value[id])
            return fail("%s given more than once", option_name[id]);
        a->value[id] = value;
    }
    return STATUS_OK;
}

static int check_required_options(const struct args *a)
{
    const struct command *cmd = a->cmd;
    for (int id = 0; id < OPTION_COUNT; id++)
        if ((cmd->required & OPT(id)) && !a->value[id])
            return fail("%s: missing %s (see 'zuc %s --help')", cmd->name, option_name[id], cmd->name);
    if (cmd->accepted & INPUT_OPTIONS) {
        if (a->value[OPT_IN] && a->value[OPT_IN_FILE])
            return fail("%s: give the input either as --in HEX or as --in-file F, not both", cmd->name);
        if (!a->value[OPT_IN] && !a->value[OPT_IN_FILE])
            return fail("%s: missing the input: --in HEX or --in-file F", cmd->name);
    }
    return STATUS_OK;
}

/* -h or --help where a flag may stand: never as an option's value. */
static bool asks_for_help(int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        if (is_help_flag(argv[i]))
            return true;
        if (option_without_value(argv[i]) && next_is_value(argc, argv, i))
            i++;
    }
    return false;
}

static int run_command(const struct command *cmd, bool verbose, int argc, char **argv)
{
    if (asks_for_help(argc, argv)) {
        print_command_help(cmd);
        return finish_stdout();
    }
    struct args a = { .cmd = cmd, .verbose = verbose };
    int rc = parse_options(argc, argv, &a);
    if (!rc)
        rc = check_required_options(&a);
    if (!rc)
        rc = cmd->run(&a);
    return rc;
}

static int run_help(int argc, char **argv)
{
    if (argc == 0) {
        print_main_help();
        return finish_stdout();
    }
    const struct command *cmd = find_command(argv[0]);
    if (!cmd)
        return unknown_command(argv[0]);
    if (argc > 1)
        return fail("help: unexpected argument '%s'", shown(argv[1]));
    print_command_help(cmd);
    return finish_stdout();
}

int main(int argc, char **argv)
{
    cleanup_on_signals();
    bool verbose = false;
    int first = 1;
    while (first < argc && is_verbose_flag(argv[first])) {
        verbose = true;
        first++;
    }
    if (first >= argc) {
        print_usage(stderr);
        fputs("Try 'zuc --help' for the details and examples.\n", stderr);
        return STATUS_FAIL;
    }
    const char *word = argv[first];
    if (is_help_flag(word)) {
        print_main_help();
        return finish_stdout();
    }
    if (strcmp(word, "--version") == 0)
        return print_version();
    if (strcmp(word, "help") == 0)
        return run_help(argc - first - 1, argv + first + 1);
    const struct command *cmd = find_command(word);
    if (!cmd)
        return unknown_command(word);
    return run_command(cmd, verbose, argc - first - 1, argv + first + 1);
}
