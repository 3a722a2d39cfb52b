/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_tool.h — what the files of the `zuc` vector tool share:
 *
 *   zuc.c           main: help, --version, or one of the commands
 *   zuc_options.c   the options and the parsing of the arguments
 *   zuc_values.c    the options' values: hex, numbers, COUNT, keys, IVs
 *   zuc_io.c        the input (--in, --in-file; NCA6's --aad, --aad-file) and
 *                   the output (a hex line, --out-file)
 *   zuc_report.c    the one-line messages on standard error
 *   zuc_commands.c  the commands
 *   zuc_help.c      usage, help texts, examples, --version
 *
 * Success: one line of lowercase hex on stdout (or raw bytes in --out-file).
 * A tag that does not verify (nia6 --tag, nca6 --decrypt): one line "zuc:
 * ..." on stderr, nothing written, exit status 1.
 * Failure: one line "zuc: ..." on stderr naming the problem, exit status 2.
 * Only the public API of libzuc (zuc.h) is used. */
#ifndef ZUC_TOOL_H
#define ZUC_TOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "outfile.h"
#include "zuc.h"

enum { STATUS_OK = 0, STATUS_REJECTED = 1, STATUS_FAIL = 2 };

/* ---- options (zuc_options.c) ------------------------------------------- */

enum option_id {
    OPT_KEY,
    OPT_IV,
    OPT_COUNT,
    OPT_BEARER,
    OPT_DIRECTION,
    OPT_BITS,
    OPT_BYTES,
    OPT_WORDS,
    OPT_TAG_BYTES,
    OPT_IN,
    OPT_IN_FILE,
    OPT_OUT_FILE,
    OPT_VERSION,
    OPT_TAG,
    OPT_AAD,
    OPT_AAD_FILE,
    OPT_DECRYPT,
    OPTION_COUNT
};

/* "--key", ...: as the user writes them, and as messages name them. */
extern const char *const option_name[OPTION_COUNT];

#define OPT(id) (1u << (id))
#define INPUT_OPTIONS (OPT(OPT_IN) | OPT(OPT_IN_FILE))
#define LINK_OPTIONS \
    (OPT(OPT_KEY) | OPT(OPT_COUNT) | OPT(OPT_BEARER) | OPT(OPT_DIRECTION) | OPT(OPT_BITS))
/* NEA6/NIA6/NCA6: the IV as 3GPP makes it, or given whole with --iv. */
#define NXA6_IV_OPTIONS (OPT(OPT_COUNT) | OPT(OPT_BEARER) | OPT(OPT_DIRECTION) | OPT(OPT_IV))

struct command;

/* A command's arguments, parsed. */
struct args {
    const struct command *cmd;
    const char *value[OPTION_COUNT]; /* NULL: not given (a flag given: non-NULL) */
    bool verbose;
};

bool is_help_flag(const char *arg);
/* An option that takes no value (--decrypt). */
bool is_flag_option(int id);
bool is_verbose_flag(const char *arg);
/* -h or --help where a flag may stand: never as an option's value. */
bool asks_for_help(int argc, char **argv);
/* The options after the command name into a (a->cmd set), each known, taken
 * by the command and given once, then the required ones present. */
int parse_options(int argc, char **argv, struct args *a);

/* ---- commands (zuc_commands.c) ----------------------------------------- */

struct message_steps;

struct command {
    const char *name;
    unsigned accepted; /* OPT() bits of the options it takes */
    unsigned required; /* of those, the ones it cannot run without */
    int (*run)(const struct args *a);
    const struct message_steps *steps; /* a command on a message: its own steps */
};

/* Every command, in the order the help lists them; and one by name (NULL if
 * there is none). */
const struct command *command_list(size_t *count);
const struct command *find_command(const char *name);

/* ---- values (zuc_values.c) ----------------------------------------------- */

/* Validates hex text and says how many bytes it holds; hex_to_bytes does
 * the rest. */
int check_hex(enum option_id id, const char *text, size_t *nbytes);
/* A decimal integer in [min, max]; `why`, when given, explains the bound. */
int parse_decimal(enum option_id id, const char *text, uint64_t min, uint64_t max, const char *why,
                  uint64_t *out);
uint64_t bytes_for_bits(uint64_t bits);

/* --key of `want` bytes for `algorithm`. */
int get_key(const struct args *a, uint8_t *key, size_t want, const char *algorithm);
int get_zuc128_iv(const struct args *a, uint8_t iv[ZUC128_IV_BYTES]);
/* --version (ZUC256_V2018 when not given), then --iv in the form that
 * version takes: for 2018 the 25-byte form, or the packed 23-byte form
 * unpacked; for 2021 and 2023 16 bytes. */
int get_zuc256_version_iv(const struct args *a, int *version, uint8_t iv[ZUC256_IV_BYTES]);

/* The 3GPP inputs COUNT, BEARER and DIRECTION. */
struct link_inputs {
    uint32_t count;
    uint8_t bearer, direction;
};
int get_link_inputs(const struct args *a, struct link_inputs *l);

/* The 3GPP inputs shared by 128-EEA3 and 128-EIA3. */
struct link_params {
    uint8_t key[ZUC128_KEY_BYTES];
    struct link_inputs link;
    uint64_t bits;
};
int get_link_params(const struct args *a, const char *algorithm, struct link_params *p);

/* ZUC-256 MAC: --tag-bytes (4, 8 or 16), then --bits within what the
 * keystream of one key and IV allows for that tag. */
int get_tag_bytes(const struct args *a, uint64_t *tag_bytes);
int get_mac_bits(const struct args *a, uint64_t tag_bytes, uint64_t *bits);

/* NIA6 / NCA6: the tag size from --tag-bytes (4..16) or from the --tag to
 * verify (then copied into tag, and *given set); both given must agree. */
int get_nxa6_tag(const struct args *a, uint8_t tag[ZUC_NXA6_TAG_MAX], uint64_t *tag_bytes,
                 bool *given);
/* The 16-byte IV of --iv, or the one zuc_nxa6_iv makes from --count,
 * --bearer and --direction for algorithm ZUC_NEA6, ZUC_NIA6 or ZUC_NCA6. */
int get_nxa6_iv(const struct args *a, int algorithm, size_t tag_bytes,
                uint8_t iv[ZUC_NXA6_IV_BYTES]);

/* ---- input and output (zuc_io.c) ----------------------------------------- */

struct buffer {
    uint8_t *data; /* never NULL once loaded, even when len is 0 */
    size_t len;
};

/* Keys and messages should not outlive their use; a volatile store is not
 * optimised away. */
void wipe(void *p, size_t n);
/* Wipes what the buffer holds, then frees it. */
void free_buffer(struct buffer *b);
/* The message of --in or --in-file; only its first `needed` bytes are used. */
int load_input(const struct args *a, uint64_t needed, struct buffer *b);
/* NCA6's associated data: --aad HEX, --aad-file F, or none (empty). */
int load_aad(const struct args *a, struct buffer *b);
/* The input holds the --bits, or the --bytes, asked for. */
int require_bits(uint64_t bits, const struct buffer *b);
int require_bytes(uint64_t bytes, const struct buffer *b);

/* Lowercase hex on stdout, no newline. */
void put_hex(const uint8_t *data, size_t n);
/* Flushes stdout: a full disk or a closed pipe must not pass for success. */
int finish_stdout(void);
/* --out-file opened (before the input is read), if given. */
int open_out_file(const struct args *a, outfile *out);

/* A result: up to two runs of bytes, the second after the first (NCA6:
 * the ciphertext, then the tag). */
struct output {
    const uint8_t *part[2];
    size_t len[2];
};
/* The result: raw bytes to the --out-file opened before, or a hex line. */
int emit_output(const struct args *a, outfile *out, const struct output *o);

/* ---- messages (zuc_report.c) --------------------------------------------- */

/* "zuc: ..." on stderr; returns STATUS_FAIL. */
int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "zuc: COMMAND: the tag does not verify" and the consequence on stderr;
 * returns STATUS_REJECTED. */
int tag_rejected(const struct args *a, const char *consequence);
/* "zuc: ..." on stderr with --verbose only. */
void note(const struct args *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* User text for an error line: control bytes escaped and long text cut, so
 * the message stays on one line. Two slots, so one message can show two
 * values. */
const char *shown_n(const char *s, size_t len);
const char *shown(const char *s);
/* A libzuc return code as the tool's status, with its message on failure
 * (ZUC_EAUTH: the tag does not verify, STATUS_REJECTED). */
int library_result(const struct args *a, int code);

/* ---- help (zuc_help.c) ----------------------------------------------------- */

void print_usage(FILE *out);
void print_main_help(void);
void print_command_help(const struct command *cmd);
int print_version(void);

#endif
