/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_help.c — what the zuc tool tells its user: the usage lines, the help
 * of the tool and of each command (with a published vector as its example,
 * which tests/cli_test.py runs), and --version. */
#include <stdio.h>
#include <string.h>

#include "zuc_tool.h"

#ifndef ZUC_TOOL_VERSION
#define ZUC_TOOL_VERSION "0.1.0"
#endif

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

/* Each command's line in the tool's help, its own help and its example. */
typedef struct {
    const char *name, *summary, *help, *example;
} command_text;

static const command_text texts[] = {
    {
        "keystream",
        "ZUC-128 (16-byte key) or ZUC-256 (32-byte key) keystream words",
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
        "eea3",
        "3GPP 128-EEA3 encryption (decryption is the same operation)",
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
        "eia3",
        "3GPP 128-EIA3 message authentication code (MAC-I)",
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
        "zuc256",
        "ZUC-256 encryption (2018 version; decryption is the same operation)",
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
        "zuc256-mac",
        "ZUC-256 MAC with a 32-, 64- or 128-bit tag (2018 version)",
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
        "  $ zuc zuc256-mac --key 0000000000000000000000000000000000000000000000000000000000000000 "
        "\\\n"
        "        --iv 00000000000000000000000000000000000000000000000000 \\\n"
        "        --tag-bytes 4 --bits 400 --in-file /dev/zero\n"
        "  9b972a74\n",
    },
};

static const command_text *text_of(const struct command *cmd)
{
    static const command_text none = { "", "", "", "" };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        if (strcmp(texts[i].name, cmd->name) == 0)
            return &texts[i];
    return &none;
}

void print_usage(FILE *out)
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

void print_main_help(void)
{
    size_t n;
    const struct command *commands = command_list(&n);
    puts("zuc - ZUC stream-cipher test vectors: hex in, hex out\n");
    print_usage(stdout);
    putchar('\n');
    for (size_t i = 0; i < n; i++)
        printf("  %-11s %s\n", commands[i].name, text_of(&commands[i])->summary);
    putchar('\n');
    fputs(values_help, stdout);
    fputs("Commands that take --out-file F:", stdout);
    for (size_t i = 0; i < n; i++)
        if (commands[i].accepted & OPT(OPT_OUT_FILE))
            printf(" %s", commands[i].name);
    fputs(".\n", stdout);
    fputs(out_file_help, stdout);
    fputs(status_help, stdout);
    puts("\nExamples (published test vectors; 'zuc help SUBCOMMAND' says more):");
    for (size_t i = 0; i < n; i++)
        fputs(text_of(&commands[i])->example, stdout);
}

void print_command_help(const struct command *cmd)
{
    fputs(text_of(cmd)->help, stdout);
    putchar('\n');
    fputs(values_help, stdout);
    if (cmd->accepted & OPT(OPT_OUT_FILE))
        fputs(out_file_help, stdout);
    fputs(status_help, stdout);
    puts("\nExample:");
    fputs(text_of(cmd)->example, stdout);
}

int print_version(void)
{
    printf("zuc %s (libzuc, implementation %s)\n", ZUC_TOOL_VERSION, zuc_impl_name());
    return finish_stdout();
}
