/* SPDX-License-Identifier: Apache-2.0 */
/* zucbench_help.c — zucbench's help: the overview (`zucbench --help`) and
 * each command's own page (`zucbench speed --help`, `zucbench help speed`),
 * which lists that command's options only, with examples. */
#include "zucbench_help.h"

#include <string.h>

/* The options every timing suite (speed, estream, mac) takes. */
#define SUITE_OPTIONS                                                                           \
    "  ALG...               only these algorithms (see ALG below); default: all\n"              \
    "  --repeats N          timed repeats per cell, odd (default 21); the median is shown\n"    \
    "  --impl NAME          only this libzuc path (ref, scalar, ...); peers still run\n"        \
    "  --cpu N              pin the run to CPU N (threads: the CPUs from N on)\n"               \
    "  --cpu-mhz MHZ        report cycles of a core at MHZ computed from the time\n"            \
    "                       (cycles = ns * MHZ / 1000) instead of the timer's unit (TSC\n"      \
    "                       ticks on x86-64, ns elsewhere); in the header and the JSON\n"       \
    "  --min-repeats A, --max-repeats B  repeat each cell A..B times, until the median's\n"     \
    "                       95% interval is within +-0.5% (instead of --repeats)\n"             \
    "  --warmup N           untimed calls before each cell's repeats (default 2)\n"             \
    "  --seconds S          about S seconds per cell (like openssl speed -seconds)\n"           \
    "  --counter C          auto (default): core cycles where perf_event counts them (x86-64\n" \
    "                       Linux with a PMU), else TSC ticks; tsc; or cycles (exit 2 with\n"   \
    "                       the reason where they cannot be counted)\n"                         \
    "  --lanes N, --jobs N  messages in flight, 1..64 (default 16): libzuc's many-message\n"    \
    "                       calls (zuc_eea3_n, ...) get N messages per call, ipsec-mb's\n"      \
    "                       N-buffer API N per call and its job API N jobs in flight\n"         \
    "  --unit U             how the tables show a speed: ticks (per byte, the default),\n"      \
    "                       mbs (MB/s, 10^6 bytes a second) or gbps; the results files\n"       \
    "                       keep ticks/byte and Mbit/s (\"mbps\")\n"                            \
    "  --ratio              also the tables of ratios: each contender's time over its\n"        \
    "                       baseline's, per repeat (the contenders of a cell take turns,\n"     \
    "                       in an order reversed every repeat): median [q1,q3]\n"               \
    "  --baseline NAME      the contender ratios are taken against (backend-implementation,\n"  \
    "                       implementation or backend, e.g. ipsec-mb-16-buffer); default:\n"    \
    "                       libzuc's default many-message path of the same algorithm\n"

/* The result files every suite can write. */
#define OUTPUT_OPTIONS                                                                  \
    "  --json F, --csv F, --markdown F   also write the results to F: a regular file\n" \
    "                       is replaced whole at the end (through a temporary file\n"   \
    "                       beside it), keeping its mode and links; a FIFO or device\n" \
    "                       is written in place; - is standard output (for one of\n"    \
    "                       them; the tables then go to stderr)\n"

#define ALGORITHMS                                                                           \
    "ALG: 128-eea3 128-eia3 zuc-256 zuc-256-mac32 zuc-256-mac64 zuc-256-mac128,\n"           \
    "zuc-nea6 zuc-nia6-32 zuc-nia6-64 zuc-nia6-128 zuc-nca6-32 zuc-nca6-64 zuc-nca6\n"       \
    "(ZUC-256 of 2023; zuc-nca6: a 128-bit tag), the peers\n"                                \
    "128-eea1 128-eia1 128-eea2 128-eia2 hc-128 rabbit salsa20-12 sosemanuk aes-128-ctr\n"   \
    "sm4-ctr chacha20 mickey-128 trivium grain-128 enocoro-128v2, the AEADs aes-256-gcm\n"   \
    "chacha20-poly1305 (see `zucbench list`), or all (names match ignoring case, '-', '_'\n" \
    "and '.').\n"

#define SIGNALS                                                                   \
    "SIGINT or SIGTERM stops a run with exit status 130 or 143 and removes its\n" \
    "temporary files.\n"

typedef struct {
    const char *name;
    const char *text; /* its page, after "usage: zucbench " */
} command_page;

static const command_page pages[] = {
    { "list", "list\n\n"
              "Every algorithm, backend and implementation this build has, and why one\n"
              "is absent (a library not found, a CPU feature missing). No options.\n\n"
              "example:\n"
              "  zucbench list\n" },
    { "speed", "speed [ALG...] [options]\n\n"
               "Cycles per byte for each message size, every available contender side by\n"
               "side: one message per call, many per call (libzuc's zuc_*_n, ipsec-mb's\n"
               "N-buffer and job APIs), and one long stream. A fresh key and IV for every\n"
               "message, setup included; each contender's output checked before it is timed.\n\n"
               "options:\n" SUITE_OPTIONS
               "  --sizes N,N,...      message sizes in bytes (default 16,64,256,1024,8192,16384)\n"
               "  --bytes N            a single message size (like openssl speed -bytes)\n"
               "  --threads N          N independent streams at once, one per thread (1..64):\n"
               "                       aggregate cycles/byte, to show how a contender scales\n"
               "  --quick              7 repeats unless --repeats is given\n" OUTPUT_OPTIONS
               "\n" ALGORITHMS "\n" SIGNALS "\n"
               "examples:\n"
               "  zucbench speed 128-eea3 --sizes 16,1500,8188\n"
               "  zucbench speed 128-eea3 zuc-256 --unit gbps\n"
               "  zucbench speed --impl scalar --repeats 31 --json speed.json\n"
               "  zucbench speed 128-eea3 --threads 2 --cpu 0\n"
               "  zucbench speed 128-eea3 128-eia3 --lanes 8\n" },
    { "estream",
      "estream [ALG...] [options]\n\n"
      "The eSTREAM tables of the first source document: key and IV setup (Init),\n"
      "the stream speed, messages of 40, 576 and 1500 bytes, and the Imix; by\n"
      "default every cipher, ZUC first (the reference path only with --impl ref).\n\n"
      "options:\n" SUITE_OPTIONS
      "  --quick              a 1 MB stream instead of the documents' 100 MB\n" OUTPUT_OPTIONS
      "\n" ALGORITHMS "\n" SIGNALS "\n"
      "examples:\n"
      "  zucbench estream --quick --json estream.json\n"
      "  zucbench estream 128-eea3 zuc-256 aes-128-ctr\n" },
    { "mac", "mac [ALG...] [options]\n\n"
             "Microseconds per MAC at 16..9000 bytes, a fresh key and IV per packet,\n"
             "and each ZUC-256 MAC's speed relative to 128-EIA3.\n\n"
             "options:\n" SUITE_OPTIONS
             "  --quick              7 repeats unless --repeats is given\n" OUTPUT_OPTIONS
             "\n" ALGORITHMS "\n" SIGNALS "\n"
             "examples:\n"
             "  zucbench mac --json mac.json\n"
             "  zucbench mac 128-eia3 zuc-256-mac128 --impl scalar\n" },
    { "ablation",
      "ablation [options]\n\n"
      "The second source document's eight ZUC optimisations: each alone (Tables\n"
      "3-12), combined (Table 13, with ZUC-256 and libzuc), and encryption\n"
      "bits/cycle by message size (Table 15). It times its own variants and\n"
      "libzuc's best path, so it takes no ALG, --impl or --lanes, and its tables\n"
      "keep the document's units (no --unit).\n\n"
      "options:\n"
      "  --repeats N          timed repeats per cell, odd (default 3)\n"
      "  --cpu N              pin the run to CPU N\n"
      "  --cpu-mhz MHZ        cycles of a core at MHZ instead of the timer's unit\n"
      "  --counter C, --warmup N  as for speed (see zucbench speed --help)\n"
      "  --quick              1/64 of the keystream work, messages up to 4 MB (well\n"
      "                       under a minute; the full run takes several minutes)\n" OUTPUT_OPTIONS
      "\n" SIGNALS "\n"
      "example:\n"
      "  zucbench ablation --quick --json ablation.json\n" },
    { "embedded",
      "embedded [CONFIG...] [options]\n\n"
      "The third source document's matrix (Table 1: 185 block, public-key and\n"
      "stream configurations, plus ZUC and the stream ciphers of `speed`): each\n"
      "encrypts a file in a child process, 10 runs; latency (mean, sd), MB/s,\n"
      "CPU %, peak memory, and the system's CPU, memory and network from /proc\n"
      "(Table 2). CONFIG: a name, an algorithm or a family of `--list`.\n\n"
      "options:\n"
      "  --list               the configurations and their count (with why one is absent)\n"
      "  --file F             encrypt F (never modified); default: a reproducible random\n"
      "                       file of 8.31 MiB, the document's size, made in $TMPDIR and\n"
      "                       removed afterwards\n"
      "  --out-dir D          write each ciphertext to D/CONFIG.enc (default: memory only)\n"
      "  --repeats N          runs per configuration, 1..1000 (default 10)\n"
      "  --interval MS        system sampling period in ms (default 100)\n"
      "  --cpu-mhz MHZ        also give cycles/byte (latency ns * MHZ / 1000 / bytes)\n"
      "  --unit U             the speed column: mbs (MB/s, the document's, the default),\n"
      "                       gbps, or ticks (per byte at the timer's rate); the results\n"
      "                       files keep throughput_mbs\n"
      "  --quick              a 1 MiB file, 3 runs, one configuration per family\n" OUTPUT_OPTIONS
      "                       CSV and Markdown as every suite's, then the configuration's\n"
      "                       own columns (latency, MB/s, CPU, memory, system figures)\n"
      "\n"
      "SIGINT or SIGTERM stops a run with exit status 130 or 143, and removes its\n"
      "temporary files (the generated file and its directory); its run in progress\n"
      "is stopped too.\n\n"
      "examples:\n"
      "  zucbench embedded --list\n"
      "  zucbench embedded --quick --json embedded.json\n"
      "  zucbench embedded aes speck-128/128 zuc-128 --file capture.pcap --csv table2.csv\n" },
    { "compare", "compare OLD NEW [options]\n\n"
                 "(new - old) / |old| for every measurement both results files (JSON from any\n"
                 "suite) hold, and where both hold the repeats, the p-value of a Mann-Whitney U\n"
                 "test over them: at p >= alpha the row reads \"no significant change\", whatever\n"
                 "its percentage. Exit status 2 if one got significantly worse by more than the\n"
                 "threshold.\n\n"
                 "options:\n"
                 "  --threshold PCT      the largest slowdown allowed, in percent (default 10)\n"
                 "  --alpha P            the significance level (default 0.05)\n\n"
                 "example:\n"
                 "  zucbench compare before.json after.json --threshold 10\n" },
};

static const char overview[] =
    "usage: zucbench <command> [options]\n"
    "       zucbench <command> --help     that command's options, with examples\n"
    "\n"
    "commands:\n"
    "  list                 every algorithm/backend/implementation, and why one is absent\n"
    "  speed [ALG...]       cycles/byte per message size for every available contender\n"
    "  estream [ALG...]     the eSTREAM tables: Init, Stream, x-byte messages, Imix\n"
    "  mac [ALG...]         us per MAC at 16..9000 bytes, fresh key/IV per packet, and\n"
    "                       each ZUC-256 MAC's speed relative to 128-EIA3\n"
    "  ablation             the second document's eight ZUC optimisations, alone and\n"
    "                       combined (Tables 3-13), and bits/cycle by size (Table 15)\n"
    "  embedded [CONFIG...] the third document's matrix of 185 configurations, each\n"
    "                       encrypting a file in a child process (Tables 1 and 2)\n"
    "  compare OLD NEW      the change of every measurement two results files hold\n"
    "\n"
    "Every contender's output is checked before it is timed: ZUC against libzuc's\n"
    "spec-literal path, the others against a published vector and, where a second\n"
    "library has the cipher, against it. Cycles on x86-64 are core cycles where\n"
    "perf_event counts them, else TSC ticks (the header says which, and gives the TSC\n"
    "and core clocks). Elsewhere the unit is ns (AArch64: the generic\n"
    "timer CNTVCT_EL0; 32-bit ARM: clock_gettime), or cycles with --cpu-mhz.\n"
    "\n"
    "examples:\n"
    "  zucbench list\n"
    "  zucbench speed --help\n"
    "  zucbench speed 128-eea3 --sizes 16,1500,8188\n"
    "  zucbench estream --quick --json estream.json\n"
    "  zucbench compare before.json after.json\n";

void zucbench_print_overview(FILE *f)
{
    fputs(overview, f);
}

int zucbench_print_command_help(const char *command, FILE *f)
{
    for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++)
        if (strcmp(pages[i].name, command) == 0) {
            fprintf(f, "usage: zucbench %s", pages[i].text);
            return 0;
        }
    return -1;
}

int zucbench_wants_help(int argc, char **argv)
{
    if (argc > 0 && strcmp(argv[0], "-h") == 0)
        return 1;
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0)
            return 1;
    return 0;
}
