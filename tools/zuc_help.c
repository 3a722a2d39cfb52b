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

/* The parts of the help on values, each shown where the command takes an
 * option of `needs` (0: always), so a command's help names only its own
 * options. */
static const struct {
    unsigned needs;
    const char *text;
} values_help[] = {
    { 0, "Values:\n"
         "  K, IV, HEX  bytes in hex, most significant first: two digits a byte, upper or\n"
         "              lower case, no spaces, no 0x\n" },
    { OPT(OPT_COUNT),
      "  C           COUNT: a 32-bit number in hex, 0x optional (0x66035492 or 66035492)\n" },
    { OPT(OPT_BEARER), "  B, D        BEARER 0..31, DIRECTION 0 or 1, in decimal\n" },
    { 0, "  N, T, V     decimal integers: lengths, tag sizes, versions\n" },
    { INPUT_OPTIONS,
      "  INPUT       --in HEX, or --in-file F to read raw bytes from file F (- reads\n"
      "              standard input); input beyond the length asked for is ignored\n" },
    { 0, "  Options may also be written --name=VALUE. The argument after an option is\n"
         "  its value, even -h, unless it starts with --: write --name=VALUE for such a\n"
         "  value.\n" },
    { OPT(OPT_BITS),
      "Bits are numbered most significant first: bit i is bit 7 - i%8 of byte i/8.\n" },
    { 0, "\nOutput: one line of lowercase hex on standard output.\n" },
};

/* Only for the commands that take --out-file. */
static const char out_file_help[] =
    "With --out-file F the raw bytes that line shows go to F instead, and standard\n"
    "output stays empty. A regular file F is written all or nothing: a temporary\n"
    "file beside it, made by mkstemp, replaces it at the end; an existing F keeps\n"
    "its mode, its hard links, and a symbolic link F stays a link to the updated\n"
    "file. A FIFO or device (such as /dev/null) is written in place, and - means\n"
    "standard output.\n";

static const char verbose_help[] =
    "  -v, --verbose  notes on standard error: IV form read, implementation used\n";
/* Exit status 1 only where a tag is verified. */
static const char status_help[] =
    "Exit status: 0 on success; 2 on any error, explained on one line\n"
    "\"zuc: ...\" on standard error; ";
static const char tag_status_help[] =
    "Exit status: 0 on success; 1 when the tag does not verify, 2 on any other\n"
    "error, each explained on one line \"zuc: ...\" on standard error; ";
static const char signal_help[] =
    "130 or 143 when\n"
    "stopped by SIGINT or SIGTERM, after removing the temporary file.\n";

/* Each command's line in the tool's help, its own help and its example. */
typedef struct {
    const char *name, *summary, *help, *example;
} command_text;

static const command_text texts[] = {
    {
        "keystream",
        "ZUC-128 (16-byte key) or ZUC-256 (32-byte key) keystream words",
        "Usage: zuc keystream --key K --iv IV --words N [--version V]\n"
        "\n"
        "Prints the keystream words z1..zN, each as 8 hex digits (the word big-endian),\n"
        "all on one line. The key size picks the cipher:\n"
        "  16-byte key  ZUC-128 with a 16-byte IV (3GPP 128-EEA3/EIA3 Document 2)\n"
        "  32-byte key  ZUC-256 (encryption constants) of version V:\n"
        "               2018 (the default) with either\n"
        "               - the 25-byte IV: IV0..IV16 as bytes, then IV17..IV24 as 6-bit\n"
        "                 values, one a byte (00..3f), or\n"
        "               - the packed 23-byte IV: IV0..IV16, then IV17..IV24 packed\n"
        "                 most significant first into 6 bytes;\n"
        "               2021 or 2023 with a 16-byte IV\n"
        "  --words N      1..16777216 (2^24)\n"
        "  --version V    the ZUC-256 version: 2018 (\"The ZUC-256 Stream Cipher\", the\n"
        "                 default), 2021 (the addendum: 128-bit IV) or 2023 (the new\n"
        "                 initialisation: 128-bit IV, 48 rounds; NEA6/NIA6/NCA6 use it)\n",
        "ZUC-128, 3GPP test set 1 (z1 z2):\n"
        "  $ zuc keystream --key 00000000000000000000000000000000 \\\n"
        "        --iv 00000000000000000000000000000000 --words 2\n"
        "  27bede74018082da\n"
        "ZUC-256 paper, all-zero key and IV (z1 z2; packed IV):\n"
        "  $ zuc keystream --words 2 \\\n"
        "        --key 0000000000000000000000000000000000000000000000000000000000000000 \\\n"
        "        --iv 0000000000000000000000000000000000000000000000\n"
        "  58d03ad62e032ce2\n"
        "ZUC-256 version 2023, all-zero key and IV (z1 z2):\n"
        "  $ zuc keystream --version 2023 --words 2 \\\n"
        "        --key 0000000000000000000000000000000000000000000000000000000000000000 \\\n"
        "        --iv 00000000000000000000000000000000\n"
        "  0234e932f0c22292\n",
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
        "ZUC-256 encryption, version 2018, 2021 or 2023 (decryption is the same)",
        "Usage: zuc zuc256 --key K --iv IV --bytes N (--in HEX | --in-file F)\n"
        "                  [--version V] [--out-file F]\n"
        "\n"
        "ZUC-256: XORs the first N bytes of the input with the keystream of version V\n"
        "and prints N bytes. Decrypting is encrypting the ciphertext.\n"
        "  --key K        32 bytes\n"
        "  --iv IV        version 2018: 25 bytes, or the packed 23-byte form (see\n"
        "                 'zuc keystream --help'); versions 2021 and 2023: 16 bytes\n"
        "  --bytes N      0..536870912 (2^29: 2^32 keystream bits per key and IV)\n"
        "  --version V    2018 (\"The ZUC-256 Stream Cipher\", the default), 2021 (the\n"
        "                 addendum) or 2023 (the new initialisation, 48 rounds)\n"
        "  --out-file F   write the N raw bytes to F instead of printing hex\n",
        "ZUC-256 paper, all-zero key and IV (the first 8 keystream bytes):\n"
        "  $ zuc zuc256 --key 0000000000000000000000000000000000000000000000000000000000000000 \\\n"
        "        --iv 00000000000000000000000000000000000000000000000000 \\\n"
        "        --bytes 8 --in 0000000000000000\n"
        "  58d03ad62e032ce2\n",
    },
    {
        "zuc256-mac",
        "ZUC-256 MAC with a 32-, 64- or 128-bit tag (version 2018, 2021 or 2023)",
        "Usage: zuc zuc256-mac --key K --iv IV --tag-bytes 4|8|16 --bits N\n"
        "                      (--in HEX | --in-file F) [--version V] [--out-file F]\n"
        "\n"
        "ZUC-256 MAC (\"The ZUC-256 Stream Cipher\", 2018): prints the tag of the first\n"
        "N bits of the input, most significant byte first. Each tag size has its own\n"
        "initialisation, so a 4-byte tag is not a prefix of an 8-byte one.\n"
        "  --key K          32 bytes\n"
        "  --iv IV          version 2018: 25 bytes, or the packed 23-byte form (see\n"
        "                   'zuc keystream --help'); versions 2021 and 2023: 16 bytes\n"
        "  --tag-bytes T    4, 8 or 16\n"
        "  --bits N         message length in bits; N + 16*T must not exceed 2^32\n"
        "  --version V      2018 (the default), 2021 or 2023: the key and IV loading,\n"
        "                   constants and rounds of that version, the same MAC\n"
        "  --out-file F     write the T raw bytes of the tag to F instead of printing hex\n",
        "ZUC-256 paper, all-zero key and IV, 400 zero bits, 32-bit tag:\n"
        "  $ zuc zuc256-mac --key 0000000000000000000000000000000000000000000000000000000000000000 "
        "\\\n"
        "        --iv 00000000000000000000000000000000000000000000000000 \\\n"
        "        --tag-bytes 4 --bits 400 --in-file /dev/zero\n"
        "  9b972a74\n"
        "The same with version 2023 (its paper's vector):\n"
        "  $ zuc zuc256-mac --version 2023 --key "
        "0000000000000000000000000000000000000000000000000000000000000000 \\\n"
        "        --iv 00000000000000000000000000000000 \\\n"
        "        --tag-bytes 4 --bits 400 --in-file /dev/zero\n"
        "  d51f12fc\n",
    },
    {
        "nea6",
        "3GPP ZUC-NEA6 encryption (decryption is the same operation)",
        "Usage: zuc nea6 --key K (--count C --bearer B --direction D | --iv IV)\n"
        "                --bits N (--in HEX | --in-file F) [--out-file F]\n"
        "\n"
        "ZUC-NEA6 (3GPP 256-bit confidentiality algorithm, on ZUC-256 version 2023):\n"
        "XORs the first N bits of the input with the keystream and prints ceil(N/8)\n"
        "bytes; the bits of the last byte beyond bit N are zero. Decrypting is\n"
        "encrypting the ciphertext.\n"
        "  --key K        32 bytes\n"
        "  --count C      COUNT, 32 bits, in hex\n"
        "  --bearer B     BEARER, 0..31\n"
        "  --direction D  DIRECTION, 0 or 1\n"
        "  --iv IV        instead of those three: the whole IV, 16 bytes\n"
        "  --bits N       LENGTH in bits, 0..4294967295; the input must hold N bits\n"
        "  --out-file F   write the ceil(N/8) raw bytes to F instead of printing hex\n"
        "The IV made from COUNT, BEARER and DIRECTION (-v shows it): byte 0 = 0,\n"
        "byte 1 = BEARER << 1 | DIRECTION, bytes 8..11 = COUNT, the others 0. This\n"
        "layout is inferred from the published vectors, not read in TS 33.501.\n",
        "ZUC-NEA6, test vector 3 (its IV has the 3GPP layout):\n"
        "  $ zuc nea6 --key ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff \\\n"
        "        --count 0xffffffff --bearer 31 --direction 1 --bits 24 --in ffff00\n"
        "  4f624d\n"
        "ZUC-NEA6, test vector 7 (given by its IV):\n"
        "  $ zuc nea6 --key dce001a5ef617d7e6cff9f64191c1fa35c953230a62282999ee6773a7c44b5b4 \\\n"
        "        --iv 00350123456789ab0123456700000000 --bits 8 --in ff\n"
        "  de\n",
    },
    {
        "nia6",
        "3GPP ZUC-NIA6 tag of 4 to 16 bytes, or its verification",
        "Usage: zuc nia6 --key K (--count C --bearer B --direction D | --iv IV)\n"
        "                --bytes N (--tag-bytes T | --tag HEX) (--in HEX | --in-file F)\n"
        "                [--out-file F]\n"
        "\n"
        "ZUC-NIA6 (3GPP 256-bit integrity algorithm, on ZUC-256 version 2023): prints\n"
        "the T-byte tag of the first N bytes of the input. With --tag HEX it verifies\n"
        "HEX instead and prints nothing: exit status 0 if HEX is the tag, 1 if not\n"
        "(compared in constant time).\n"
        "  --key K          32 bytes\n"
        "  --count C        COUNT, 32 bits, in hex\n"
        "  --bearer B       BEARER, 0..31\n"
        "  --direction D    DIRECTION, 0 or 1\n"
        "  --iv IV          instead of those three: the whole IV, 16 bytes\n"
        "  --bytes N        message length in bytes, 0..536870864 (2^29 - 48)\n"
        "  --tag-bytes T    the tag size, 4..16\n"
        "  --tag HEX        the tag to verify, 4..16 bytes; its size is T (with\n"
        "                   --tag-bytes too, the two must agree)\n"
        "  --out-file F     write the T raw bytes of the tag to F instead of printing\n"
        "                   hex (not with --tag)\n"
        "The IV made from COUNT, BEARER and DIRECTION (-v shows it): byte 0 = 8*T,\n"
        "byte 1 = BEARER << 1 | DIRECTION, bytes 8..11 = COUNT, the others 0\n"
        "(inferred from the published vectors, not read in TS 33.501).\n",
        "ZUC-NIA6, test vector 3 (its IV has the 3GPP layout), 9-byte tag:\n"
        "  $ zuc nia6 --key ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff \\\n"
        "        --count 0xffffffff --bearer 31 --direction 1 --tag-bytes 9 --bytes 3 \\\n"
        "        --in ffff00\n"
        "  7e36a99ca0f00806d5\n"
        "ZUC-NIA6, test vector 1 (given by its IV), 5-byte tag:\n"
        "  $ zuc nia6 --key 0000000000000000000000000000000000000000000000000000000000000000 \\\n"
        "        --iv 283f0000000000000000000000000000 --tag-bytes 5 --bytes 1 --in 00\n"
        "  41539061eb\n",
    },
    {
        "nca6",
        "3GPP ZUC-NCA6 authenticated encryption (--decrypt: verify and decrypt)",
        "Usage: zuc nca6 --key K (--count C --bearer B --direction D | --iv IV)\n"
        "                --bytes N --tag-bytes T [--aad HEX | --aad-file F]\n"
        "                (--in HEX | --in-file F) [--out-file F]\n"
        "       zuc nca6 --decrypt --tag HEX --key K (--count C --bearer B\n"
        "                --direction D | --iv IV) --bytes N [--aad HEX | --aad-file F]\n"
        "                (--in HEX | --in-file F) [--out-file F]\n"
        "\n"
        "ZUC-NCA6 (3GPP 256-bit authenticated encryption, on ZUC-256 version 2023).\n"
        "Encrypting prints the ciphertext of the first N bytes of the input, then the\n"
        "T-byte tag over the associated data and the ciphertext, on one line: N + T\n"
        "bytes, the tag in the last 2*T hex digits. Decrypting (--decrypt) takes the\n"
        "N-byte ciphertext and its tag and prints the plaintext only if the tag\n"
        "verifies; if not, it writes nothing (nor to --out-file) and exits 1.\n"
        "  --key K          32 bytes\n"
        "  --count C        COUNT, 32 bits, in hex\n"
        "  --bearer B       BEARER, 0..31\n"
        "  --direction D    DIRECTION, 0 or 1\n"
        "  --iv IV          instead of those three: the whole IV, 16 bytes\n"
        "  --bytes N        plaintext (or ciphertext) length in bytes, 0..536870864\n"
        "  --tag-bytes T    the tag size, 4..16 (decrypting: the size of --tag)\n"
        "  --aad HEX        the associated data (none when not given), or\n"
        "  --aad-file F     read it from file F (- reads standard input)\n"
        "  --decrypt        verify the tag and decrypt instead of encrypting\n"
        "  --tag HEX        with --decrypt: the tag to verify, 4..16 bytes\n"
        "  --out-file F     write the raw bytes (ciphertext and tag, or plaintext) to F\n"
        "                   instead of printing hex\n"
        "The IV made from COUNT, BEARER and DIRECTION (-v shows it): byte 0 = 8*T + 4,\n"
        "byte 1 = BEARER << 1 | DIRECTION, bytes 8..11 = COUNT, the others 0\n"
        "(inferred from the published vectors, not read in TS 33.501). A file that\n"
        "--out-file wrote ends with the tag: --in-file F --bytes N ignores it.\n",
        "ZUC-NCA6, test vector 6 (its IV has the 3GPP layout), 9-byte tag:\n"
        "  $ zuc nca6 --key ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff \\\n"
        "        --count 0xffffffff --bearer 31 --direction 1 --tag-bytes 9 \\\n"
        "        --aad 0102030405060708090a0b0c0d0e0f101112131415 --bytes 3 --in ffff00\n"
        "  961a27305f4f2ed5af4752de\n"
        "The same, decrypted:\n"
        "  $ zuc nca6 --decrypt --tag 305f4f2ed5af4752de \\\n"
        "        --key ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff \\\n"
        "        --count 0xffffffff --bearer 31 --direction 1 \\\n"
        "        --aad 0102030405060708090a0b0c0d0e0f101112131415 --bytes 3 --in 961a27\n"
        "  ffff00\n",
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
    fputs("  zuc keystream  --key K --iv IV --words N [--version V]\n"
          "  zuc eea3       --key K --count C --bearer B --direction D --bits N INPUT\n"
          "                 [--out-file F]\n"
          "  zuc eia3       --key K --count C --bearer B --direction D --bits N INPUT\n"
          "                 [--out-file F]\n"
          "  zuc zuc256     --key K --iv IV --bytes N INPUT [--version V] [--out-file F]\n"
          "  zuc zuc256-mac --key K --iv IV --tag-bytes 4|8|16 --bits N INPUT\n"
          "                 [--version V] [--out-file F]\n"
          "  zuc nea6       --key K LINK --bits N INPUT [--out-file F]\n"
          "  zuc nia6       --key K LINK --bytes N (--tag-bytes T | --tag HEX) INPUT\n"
          "                 [--out-file F]\n"
          "  zuc nca6       --key K LINK --bytes N --tag-bytes T [AAD] INPUT [--out-file F]\n"
          "  zuc nca6       --decrypt --tag HEX --key K LINK --bytes N [AAD] INPUT\n"
          "                 [--out-file F]\n"
          "  zuc help [SUBCOMMAND] | zuc SUBCOMMAND --help | zuc --version\n"
          "where V is 2018, 2021 or 2023 (the ZUC-256 version; after the subcommand),\n"
          "LINK is --count C --bearer B --direction D, or --iv IV (16 bytes), and AAD is\n"
          "--aad HEX or --aad-file F.\n",
          out);
}

static void print_values_help(unsigned accepted)
{
    for (size_t i = 0; i < sizeof values_help / sizeof values_help[0]; i++)
        if (!values_help[i].needs || (accepted & values_help[i].needs))
            fputs(values_help[i].text, stdout);
}

static void print_status_help(unsigned accepted)
{
    fputs(verbose_help, stdout);
    fputs(accepted & OPT(OPT_TAG) ? tag_status_help : status_help, stdout);
    fputs(signal_help, stdout);
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
    print_values_help(~0u);
    fputs("Commands that take --out-file F:", stdout);
    for (size_t i = 0; i < n; i++)
        if (commands[i].accepted & OPT(OPT_OUT_FILE))
            printf(" %s", commands[i].name);
    fputs(".\n", stdout);
    fputs(out_file_help, stdout);
    print_status_help(~0u);
    puts("\nExamples (published test vectors; 'zuc help SUBCOMMAND' says more):");
    for (size_t i = 0; i < n; i++)
        fputs(text_of(&commands[i])->example, stdout);
}

void print_command_help(const struct command *cmd)
{
    fputs(text_of(cmd)->help, stdout);
    putchar('\n');
    print_values_help(cmd->accepted);
    if (cmd->accepted & OPT(OPT_OUT_FILE))
        fputs(out_file_help, stdout);
    print_status_help(cmd->accepted);
    puts("\nExamples:");
    fputs(text_of(cmd)->example, stdout);
}

int print_version(void)
{
    printf("zuc %s (libzuc, implementation %s)\n", ZUC_TOOL_VERSION, zuc_impl_name());
    return finish_stdout();
}
