/* SPDX-License-Identifier: Apache-2.0 */
#include "suites/estream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "method.h"
#include "output_terminal.h"
#include "output.h"
#include "suites/cell.h"
#include "timer.h"
#include "zuc.h"

#define BATCH_BYTES (128 * 1024)
#define N_SIZES 7

static const size_t short_sizes[N_SIZES - 1] = { 16, 32, 40, 576, 1500, 9000 };
static const size_t imix_pattern[12] = { 40, 40, 40, 40, 40, 40, 40, 576, 576, 576, 576, 1500 };

/* The document's figures (Core i3 at 3.4 GHz, 2011 compiler; Tables 3 and 4),
 * -1 where it gives none. */
typedef struct {
    const char *algorithm, *label;
    double init, stream_cpb, stream_mbps, xb[N_SIZES];
} paper_row;

static const paper_row paper[] = {
    { "128-eea3",
      "ZUC128",
      4016,
      26.76,
      1017,
      { 258.75, 142.75, 118.92, 32.86, 28.84, 26.77, -1 } },
    { "zuc-256", "ZUC256", 4132, 26.88, 1011, { 262.01, 144.50, 120.63, 32.97, 28.89, 26.79, -1 } },
    { "hc-128", "HC-128", 15347, 2.43, 11193, { 947, 458, 389.8, 29.14, 12.75, -1, 2.82 } },
    { "rabbit", "Rabbit", 487, 2.38, 11429, { 32.56, 18.57, 11.38, 2.86, 2.61, -1, 2.36 } },
    { "salsa20-12", "Salsa20-12", 39, 8.23, 3305, { 31.38, 17.64, 30.96, 8.54, 8.48, -1, 8.61 } },
    { "sosemanuk",
      "Sosemanuk",
      2855,
      14.34,
      1897,
      { 143.54, 72.58, 59.61, 19.94, 17.53, -1, 14.94 } },
    { "aes-128-ctr", "AES", 752, 15.86, 1715, { 63.46, 39.61, 41.09, 17.50, 16.60, -1, 16.08 } },
    { "sm4-ctr", "SM4", 665, 32.64, 833, { 74.06, 53.28, 60.12, 34.53, 33.29, -1, 32.64 } },
    { "mickey-128", "Mickey v2", 55427, 26.61, 1062, { 4518, 2703, 2398, 1138, 1093, -1, 1075 } },
    { "trivium", "Trivium", 651, 4.51, 6031, { 45.79, 24.94, 20.93, 5.69, 4.95, -1, 4.65 } },
    { "grain-128", "Grain", 1085, 31.87, 853, { 128.96, 31.87, 59.54, 33.67, 32.42, -1, 33.67 } },
    { "enocoro-128v2",
      "Enocoro-128",
      3964,
      35.55,
      765,
      { 273.47, 155.28, 131.09, 42.21, 38.15, -1, 37.03 } },
};

/* ZUC first (ZUC-NEA6: ZUC-256 of 2023), then the document's order, then the
 * 3GPP peers and ChaCha20. */
static const char *const default_algorithms[] = {
    "128-eea3",      "zuc-256",     "zuc-nea6", "hc-128",     "rabbit",  "salsa20-12",
    "sosemanuk",     "aes-128-ctr", "sm4-ctr",  "mickey-128", "trivium", "grain-128",
    "enocoro-128v2", "128-eea1",    "128-eea2", "chacha20",   NULL
};

static const paper_row *paper_for(const char *algorithm)
{
    for (size_t i = 0; i < sizeof paper / sizeof paper[0]; i++)
        if (strcmp(paper[i].algorithm, algorithm) == 0)
            return &paper[i];
    return NULL;
}

#define DOC_MACHINE "core-i3-3.4ghz-2011"

/* The size of the document's long-message column: 100 MB, also when --quick
 * times ours at 1 MB (its figures stay at their own size). */
#define DOC_LONG_SIZE 100000000

/* The document's rows in the results, in the units of ours (cycles are the
 * document's; ours are what the context's tick_unit says: TSC ticks, ns, or
 * cycles at --cpu-mhz). */
static void record_document(const paper_row *p)
{
    bench_results_add_document("estream", p->algorithm, "init", DOC_MACHINE, 0, "ticks/setup",
                               p->init);
    bench_results_add_document("estream", p->algorithm, "stream", DOC_MACHINE, 0, "ticks/byte",
                               p->stream_cpb);
    for (size_t s = 0; s < N_SIZES; s++)
        if (p->xb[s] > 0)
            bench_results_add_document("estream", p->algorithm, "message", DOC_MACHINE,
                                       s < N_SIZES - 1 ? short_sizes[s] : DOC_LONG_SIZE,
                                       "ticks/byte", p->xb[s]);
}

typedef struct {
    const bench_entry *e;
    double init, stream; /* Table 3, from the results; Table 4 is drawn from them too */
} row;

static double mbps_of(double cpb)
{
    return cpb > 0 ? 8 * bench_timer()->ticks_per_ns * 1000 / cpb : -1;
}

/* The document's clock: its cycles/byte in --unit's rate. */
#define DOC_GHZ 3.4

/* A figure of ours, ticks per byte, in the table's unit. */
static double ours(const estream_options *o, double cpb)
{
    return suite_unit_of_ticks(o->run.unit, cpb);
}

/* A document figure, cycles per byte at its clock, in the table's unit: as
 * published in ticks, else the speed it stands for on its machine. */
static double theirs(const estream_options *o, double cpb)
{
    if (o->run.unit == SUITE_UNIT_TICKS || cpb <= 0)
        return cpb;
    return suite_unit_of_rate(o->run.unit, DOC_GHZ / cpb);
}

/* Every cell of one algorithm's contenders, interleaved: Init, Stream,
 * each size (checked), the Imix. Returns the outputs that were wrong. */
static int measure_algorithm(const estream_options *o, const bench_entry *const *list, size_t m,
                             size_t long_size, size_t *done, size_t total)
{
    static size_t sizes[N_SIZES];
    int wrong = 0;
    cell_spec init = { .kind = CELL_SETUP, .configuration = "init" };
    cell_spec stream = { .kind = CELL_STREAM, .configuration = "stream" };
    suite_progress(&o->run, list[0], ++*done, total);
    suite_time_cell(&o->run, &init, list, m);
    suite_time_cell(&o->run, &stream, list, m);
    for (size_t s = 0; s < N_SIZES; s++) {
        sizes[s] = s < N_SIZES - 1 ? short_sizes[s] : long_size;
        cell_spec cell = { CELL_MESSAGES, "message", sizes[s], &sizes[s], 1, BATCH_BYTES, 1 };
        suite_progress(&o->run, list[0], ++*done, total);
        wrong += suite_time_cell(&o->run, &cell, list, m);
    }
    cell_spec imix = { CELL_MESSAGES, "imix", 0, imix_pattern, 12, BATCH_BYTES, 0 };
    suite_progress(&o->run, list[0], ++*done, total);
    suite_time_cell(&o->run, &imix, list, m);
    return wrong;
}

/* A figure of Table 3 from the results: the median, or -1. */
static const bench_result *result_of(const bench_entry *e, const char *configuration)
{
    return bench_results_find("estream", e->algorithm, configuration, e->backend, e->variant, 0);
}

static double median_of(const bench_entry *e, const char *configuration)
{
    const bench_result *r = result_of(e, configuration);
    return r ? r->stats.median : -1;
}

/* A ratio cell of Table 3 (--ratio): median [q1,q3], "baseline", or n/a. */
static void print_ratio(const bench_entry *e, const char *configuration)
{
    const bench_result *r = result_of(e, configuration);
    char text[48] = "n/a";
    if (r && r->ratio.n && strcmp(r->ratio_backend, e->backend) == 0 &&
        strcmp(r->ratio_implementation, e->variant) == 0)
        snprintf(text, sizeof text, "baseline");
    else if (r && r->ratio.n)
        snprintf(text, sizeof text, "%.2f [%.2f,%.2f]", r->ratio.median, r->ratio.q1, r->ratio.q3);
    printf(" %16s", text);
}

static const char *label_of(const bench_entry *e, char *buf, size_t n)
{
    const char *alg = strcmp(e->algorithm, "128-eea3") == 0 ? "zuc-128" : e->algorithm;
    snprintf(buf, n, "%s %s-%s", alg, e->backend, e->variant);
    return buf;
}

static void print_table3(const estream_options *o, const row *rows, size_t nrows,
                         const char *const *algs)
{
    char label[96], init[16], stream[24];
    int cycles = strcmp(bench_timer()->unit, "cycles") == 0;
    int ticks = o->run.unit == SUITE_UNIT_TICKS;
    snprintf(init, sizeof init, "init(%s)", cycles ? "cyc" : "ns");
    snprintf(stream, sizeof stream, "stream(%s)",
             !ticks   ? suite_unit_name(o->run.unit)
             : cycles ? "cpb"
                      : "ns/B");
    printf("\nTable 3: Init and Stream       %12s %12s %12s", init, stream, "stream(Mbps)");
    if (o->run.ratio)
        printf(" %16s %16s", "init ratio", "stream ratio");
    printf("%s\n", !ticks   ? "   (document rows: init in cycles, stream at its 3.4 GHz)"
                   : cycles ? ""
                            : "   (document rows: cycles, cpb)");
    for (size_t i = 0; i < nrows; i++) {
        printf("%-30s", label_of(rows[i].e, label, sizeof label));
        term_print_cell(rows[i].init, 12);
        term_print_cell(ours(o, rows[i].stream), 12);
        term_print_cell(mbps_of(rows[i].stream), 12);
        if (o->run.ratio) {
            print_ratio(rows[i].e, "init");
            print_ratio(rows[i].e, "stream");
        }
        printf("\n");
    }
    for (const char *const *a = algs; *a; a++) {
        const paper_row *p = paper_for(*a);
        if (!p)
            continue;
        snprintf(label, sizeof label, "%s [document, i3 3.4 GHz]", p->label);
        printf("%-30s", label);
        term_print_cell(p->init, 12);
        term_print_cell(theirs(o, p->stream_cpb), 12);
        term_print_cell(p->stream_mbps, 12);
        printf("\n");
    }
}

static void print_table4(const estream_options *o, const row *rows, size_t nrows,
                         const char *const *algs, size_t long_size)
{
    static char title[48], headings[N_SIZES - 1][16];
    char label[96];
    int ticks = o->run.unit == SUITE_UNIT_TICKS;
    term_table t = { .suite = o->run.suite,
                     .title = title,
                     .label_width = 33,
                     .cell_width = 7,
                     .unit = o->run.unit,
                     .document_ghz = DOC_GHZ };
    snprintf(title, sizeof title, "Table 4: %s, setup incl.", suite_unit_name(o->run.unit));
    for (size_t s = 0; s < N_SIZES - 1; s++) {
        snprintf(headings[s], sizeof headings[s], "%zu", short_sizes[s]);
        t.columns[t.ncolumns++] = (term_column){ headings[s], "message", short_sizes[s] };
    }
    t.columns[t.ncolumns++] =
        (term_column){ long_size >= 100000000 ? "100MB" : "1MB", "message", long_size };
    t.columns[t.ncolumns++] = (term_column){ "Imix", "imix", 0 };
    term_table_header(&t, !ticks ? "   (document rows: at its 3.4 GHz)"
                          : strcmp(bench_timer()->unit, "cycles") == 0
                              ? ""
                              : "   (document rows: cycles/byte)");
    for (size_t i = 0; i < nrows; i++)
        term_table_row(&t, label_of(rows[i].e, label, sizeof label), rows[i].e->algorithm,
                       rows[i].e->backend, rows[i].e->variant);
    /* the document's long figures are at 100 MB: under a 1MB column, n/a */
    for (const char *const *a = algs; *a; a++) {
        const paper_row *p = paper_for(*a);
        if (!p)
            continue;
        snprintf(label, sizeof label, "%s [document]", p->label);
        term_table_row(&t, label, p->algorithm, "document", DOC_MACHINE);
    }
    if (long_size != DOC_LONG_SIZE)
        printf("(the document's 100 MB figures are left out of the 1MB column; the results "
               "files hold them at 100 MB)\n");
    if (!o->run.ratio)
        return;
    t.title = "Table 4: time over the baseline's";
    t.show_ratio = 1;
    t.cell_width = 16;
    term_table_header(&t, "   (median [q1,q3] of the per-repeat ratios to the same algorithm's "
                          "baseline)");
    for (size_t i = 0; i < nrows; i++)
        term_table_row(&t, label_of(rows[i].e, label, sizeof label), rows[i].e->algorithm,
                       rows[i].e->backend, rows[i].e->variant);
}

static int already_measured(const row *rows, size_t nrows, const bench_entry *e)
{
    for (size_t i = 0; i < nrows; i++)
        if (rows[i].e == e)
            return 1;
    return 0;
}

static int is_requested(const run_options *run, const char *algorithm)
{
    for (const char *const *a = run->algorithms; *a; a++)
        if (bench_name_matches(*a, algorithm) || bench_name_matches(*a, "all"))
            return 1;
    return 0;
}

int estream_run(const estream_options *o)
{
    estream_options opt = *o;
    if (!opt.run.algorithms)
        opt.run.algorithms = default_algorithms;
    size_t n, total = suite_count(&opt.run), done = 0, nrows = 0;
    const bench_entry *all = bench_registry(&n);
    size_t long_size = opt.quick ? 1000000 : DOC_LONG_SIZE;
    char method[512];
    snprintf(method, sizeof method,
             "eSTREAM: %s, %s; Init: key/IV setup alone; Stream: 64 KiB blocks, "
             "setup excluded; x B: fresh key/IV per message, setup included; "
             "Imix: 40/576/1500 B as 7:4:1%s",
             bench_timer()->source, bench_repeats_phrase(opt.run.repeats), suite_in_flight_note());
    int started = suite_begin(total, method);
    if (started)
        return started;
    row *rows = calloc(total ? total : 1, sizeof *rows);
    const bench_entry **list = calloc(n ? n : 1, sizeof *list);
    size_t cells = 0;
    for (size_t i = 0; i < n; i++)
        cells += suite_first_of_algorithm(&all[i]) &&
                         suite_contenders(&opt.run, all[i].algorithm, NULL, list)
                     ? N_SIZES + 2
                     : 0;
    int wrong = 0;
    /* in the order of the algorithm list (ZUC first), each algorithm's
     * contenders together (interleaved), in the registry's order */
    for (const char *const *a = opt.run.algorithms; *a; a++)
        for (size_t i = 0; i < n; i++) {
            if (!suite_selected(&opt.run, &all[i]) ||
                !(bench_name_matches(*a, all[i].algorithm) || bench_name_matches(*a, "all")) ||
                already_measured(rows, nrows, &all[i]))
                continue;
            size_t m = suite_contenders(&opt.run, all[i].algorithm, NULL, list);
            wrong += measure_algorithm(&opt, list, m, long_size, &done, cells);
            for (size_t k = 0; k < m; k++)
                rows[nrows++] =
                    (row){ list[k], median_of(list[k], "init"), median_of(list[k], "stream") };
        }
    free(list);
    suite_progress_clear(&opt.run);
    const char *present[sizeof default_algorithms / sizeof default_algorithms[0]] = { NULL };
    size_t np = 0;
    for (const char *const *a = default_algorithms; *a; a++)
        if (is_requested(&opt.run, *a) && paper_for(*a)) {
            present[np++] = *a;
            record_document(paper_for(*a));
        }
    print_table3(&opt, rows, nrows, present);
    print_table4(&opt, rows, nrows, present, long_size);
    printf(
        "\nn/a: the API has no separate setup or stream, the size is beyond the "
        "contender's limit (ipsec-mb: 8188 bytes),\nor (a many-message contender) fewer "
        "messages of the size fit a batch than one call takes.\n"
        "ZUC-256 allows up to 2^32 keystream bits per key/IV, so 9000 B and %s are within "
        "its design\n(the document read the limit as 2,500 bytes and called its 9000 B test "
        "out of range).\n"
        "[document]: the source document's figures, from another machine (Core i3 at 3.4 GHz,\n"
        "2011 compiler, 32-bit); its last column is 100 MB for all but ZUC (9000 B).\n"
        "AES-128 and SM4 run in CTR mode (OpenSSL EVP) so that they are stream ciphers here;\n"
        "Salsa20/12 uses 256-bit keys (libsodium has no 128-bit Salsa20/12; the rounds, and so\n"
        "the speed, are the same); libsodium's Salsa20/12 Stream restarts every 64 KiB (no block\n"
        "counter in its API). 128-EEA1 (SNOW 3G) and 128-EIA1 run through ipsec-mb's 1-buffer\n"
        "API, which cannot separate setup from the stream (n/a).\n",
        long_size >= 100000000 ? "100 MB" : "1 MB");
    free(rows);
    zuc_force_impl("auto");
    return wrong ? 1 : 0;
}
