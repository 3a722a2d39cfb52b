/* SPDX-License-Identifier: Apache-2.0 */
#include "suites/mac.h"

#include <stdio.h>
#include <string.h>

#include "method.h"
#include "output.h"
#include "output_terminal.h"
#include "timer.h"
#include "zuc.h"

#define N_SIZES 7
#define N_MACS 9
#define N_DOC_MACS 4 /* the document has the ZUC MACs of its time only */
#define N_ZUC_MACS 7 /* the first ones: those compared with 128-EIA3 in Table 6 */
#define BATCH_BYTES (64 * 1024)
#define DOC_MACHINE "core-i3-3.4ghz-2011"

static const size_t sizes[N_SIZES] = { 16, 32, 40, 128, 576, 1500, 9000 };
static const char *const macs[N_MACS] = { "128-eia3",       "zuc-256-mac32", "zuc-256-mac64",
                                          "zuc-256-mac128", "zuc-nia6-32",   "zuc-nia6-64",
                                          "zuc-nia6-128",   "128-eia1",      "128-eia2" };
/* The document's Table 5 (microseconds, Core i3 at 3.4 GHz) and Table 6. */
static const double paper_us[N_DOC_MACS][N_SIZES] = {
    { 1.34, 1.442, 1.527, 2.244, 5.989, 13.376, 74.532 },
    { 1.393, 1.502, 1.631, 2.388, 6.549, 14.799, 82.765 },
    { 1.451, 1.596, 1.701, 2.532, 6.933, 15.84, 88.541 },
    { 1.613, 1.749, 1.886, 2.835, 7.827, 18.216, 101.958 },
};
static const double paper_ratio[N_DOC_MACS] = { 1, 0.905, 0.847, 0.738 };

typedef struct {
    const bench_entry *e;
    double ticks[N_SIZES]; /* per MAC; -1 if not measured */
} mac_row;

static int mac_index(const char *algorithm)
{
    for (int i = 0; i < N_MACS; i++)
        if (strcmp(macs[i], algorithm) == 0)
            return i;
    return -1;
}

static int measure(const mac_options *o, const bench_entry *e, mac_row *r)
{
    int wrong = 0;
    r->e = e;
    for (size_t s = 0; s < N_SIZES; s++) {
        double cpb = suite_checked_messages(&o->run, e, sizes[s], BATCH_BYTES, "mac", &wrong);
        r->ticks[s] = cpb < 0 ? -1 : cpb * (double)sizes[s];
    }
    return wrong;
}

static void print_value(double v, int width, int decimals)
{
    if (v < 0)
        printf(" %*s", width, "n/a");
    else
        printf(" %*.*f", width, decimals, v);
}

/* A cell of Table 5 from ticks per MAC: us and ticks, or the speed in the
 * table's unit. */
static void print_table5(const mac_options *o, const mac_row *rows, size_t nrows)
{
    static char title[48], headings[N_SIZES][16];
    char label[96];
    term_table t = { .suite = o->run.suite,
                     .title = title,
                     .label_width = 34,
                     .cell_width = 15,
                     .unit = o->run.unit,
                     .per_message = 1 };
    if (o->run.unit == SUITE_UNIT_TICKS)
        snprintf(title, sizeof title, "Table 5: us per MAC (%s)", bench_timer()->unit);
    else
        snprintf(title, sizeof title, "Table 5: MAC speed, %s", suite_unit_name(o->run.unit));
    for (size_t s = 0; s < N_SIZES; s++) {
        snprintf(headings[s], sizeof headings[s], "%zu", sizes[s]);
        t.columns[t.ncolumns++] = (term_column){ headings[s], "mac", sizes[s] };
    }
    term_table_header(&t, "");
    for (size_t i = 0; i < nrows; i++) {
        snprintf(label, sizeof label, "%s %s-%s", rows[i].e->algorithm, rows[i].e->backend,
                 rows[i].e->variant);
        term_table_row(&t, label, rows[i].e->algorithm, rows[i].e->backend, rows[i].e->variant);
    }
    for (int m = 0; m < N_DOC_MACS; m++) {
        snprintf(label, sizeof label, "%s [document, i3]", macs[m]);
        term_table_row(&t, label, macs[m], "document", DOC_MACHINE);
    }
}

/* The 128-EIA3 row to compare a ZUC-256 MAC with: same backend, and the
 * same implementation where the backend has it, else one with as many
 * messages in flight (ipsec-mb offers EIA3 through its buffer API and
 * ZUC-256 MACs only through its job API). */
static const mac_row *eia3_row_for(const mac_row *rows, size_t nrows, const bench_entry *e)
{
    const mac_row *alike = NULL;
    for (size_t i = 0; i < nrows; i++) {
        const bench_entry *b = rows[i].e;
        if (strcmp(b->algorithm, "128-eia3") != 0 || strcmp(b->backend, e->backend) != 0)
            continue;
        if (strcmp(b->variant, e->variant) == 0)
            return &rows[i];
        if (!alike && b->uses_in_flight == e->uses_in_flight)
            alike = &rows[i];
    }
    return alike;
}

/* Speed relative to 128-EIA3, as the document computes it: total time over
 * all sizes, EIA3's over this MAC's. */
static double ratio_to_eia3(const mac_row *rows, size_t nrows, const mac_row *r)
{
    const mac_row *base_row = eia3_row_for(rows, nrows, r->e);
    if (base_row) {
        double base = 0, mine = 0;
        for (size_t s = 0; s < N_SIZES; s++) {
            if (base_row->ticks[s] < 0 || r->ticks[s] < 0)
                continue; /* only sizes both could run */
            base += base_row->ticks[s];
            mine += r->ticks[s];
        }
        return mine > 0 ? base / mine : -1;
    }
    return -1;
}

/* The variant a ratio is filed under: e's, and when its 128-EIA3 came through
 * another API of the backend (ipsec-mb: ZUC-256 MACs by the job API, EIA3 by
 * the buffer API), that one too, so that no reader takes it for like against
 * like. Kept for the results, which hold the pointer. */
static const char *ratio_variant(const bench_entry *e, const bench_entry *eia3)
{
    static char labels[32][64];
    static size_t used;
    if (strcmp(e->variant, eia3->variant) == 0 || used == sizeof labels / sizeof labels[0])
        return e->variant;
    snprintf(labels[used], sizeof labels[used], "%s (EIA3: %s)", e->variant, eia3->variant);
    return labels[used++];
}

static void record_ratio(const mac_options *o, const bench_entry *e, const char *variant,
                         double ratio)
{
    bench_stats st = {
        .median = ratio, .q1 = ratio, .q3 = ratio, .min = ratio, .max = ratio, .n = 1
    };
    bench_result r = { "mac",
                       e->algorithm,
                       "ratio-to-128-eia3",
                       e->backend,
                       variant,
                       0,
                       o->run.repeats,
                       "ratio",
                       st,
                       1,
                       bench_entry_in_flight(e),
                       NULL,
                       0 };
    bench_results_add(&r);
}

static void print_table6(const mac_options *o, const mac_row *rows, size_t nrows)
{
    char label[96];
    printf("\n%-62s %6s %10s\n", "Table 6: speed relative to 128-EIA3 (same backend)", "ours",
           "document");
    for (size_t i = 0; i < nrows; i++) {
        int m = mac_index(rows[i].e->algorithm);
        if (m <= 0 || m >= N_ZUC_MACS)
            continue; /* the ZUC-256 and NIA6 MACs against 128-EIA3 */
        double ratio = ratio_to_eia3(rows, nrows, &rows[i]);
        const mac_row *eia3 = eia3_row_for(rows, nrows, rows[i].e);
        const char *variant = eia3 ? ratio_variant(rows[i].e, eia3->e) : rows[i].e->variant;
        snprintf(label, sizeof label, "%s : 128-eia3  %s-%s", rows[i].e->algorithm,
                 rows[i].e->backend, variant);
        printf("%-62s", label);
        print_value(ratio, 6, 3);
        print_value(m < N_DOC_MACS ? paper_ratio[m] : -1, 10, 3);
        printf("\n");
        if (ratio > 0)
            record_ratio(o, rows[i].e, variant, ratio);
    }
}

/* The document's Tables 5 and 6 in the results, beside ours. */
static void record_document(void)
{
    for (int m = 0; m < N_DOC_MACS; m++) {
        for (size_t s = 0; s < N_SIZES; s++)
            bench_results_add_document("mac", macs[m], "mac", DOC_MACHINE, sizes[s], "us/mac",
                                       paper_us[m][s]);
        bench_results_add_document("mac", macs[m], "ratio-to-128-eia3", DOC_MACHINE, 0, "ratio",
                                   paper_ratio[m]);
    }
}

static const char *const default_algorithms[] = {
    "128-eia3",    "zuc-256-mac32", "zuc-256-mac64", "zuc-256-mac128", "zuc-nia6-32",
    "zuc-nia6-64", "zuc-nia6-128",  "128-eia1",      "128-eia2",       NULL
};

int mac_run(const mac_options *o)
{
    mac_options opt = *o;
    if (!opt.run.algorithms)
        opt.run.algorithms = default_algorithms;
    size_t n, total = suite_count(&opt.run), done = 0, nrows = 0;
    const bench_entry *all = bench_registry(&n);
    for (size_t i = 0; i < n; i++)
        if (suite_selected(&opt.run, &all[i]) && mac_index(all[i].algorithm) < 0)
            total--; /* only MAC algorithms belong here */
    char method[512];
    snprintf(method, sizeof method,
             "%s, %s; one MAC per packet, fresh random key and IV per packet, "
             "setup included%s",
             bench_timer()->source, bench_repeats_phrase(opt.run.repeats), suite_in_flight_note());
    int started = suite_begin(total, method);
    if (started)
        return started;
    mac_row rows[64];
    int wrong = 0;
    for (size_t i = 0; i < n && nrows < 64; i++) {
        if (!suite_selected(&opt.run, &all[i]) || mac_index(all[i].algorithm) < 0)
            continue;
        suite_progress(&opt.run, &all[i], ++done, total);
        wrong += measure(&opt, &all[i], &rows[nrows++]);
    }
    suite_progress_clear(&opt.run);
    record_document(); /* before Table 5, which draws the document's rows from the results */
    print_table5(&opt, rows, nrows);
    print_table6(&opt, rows, nrows);
    printf("\nn/a: beyond the contender's limit (ipsec-mb: 8188 bytes). Ratios use the sizes "
           "both contenders ran.\n[document]: the source document's figures, from another "
           "machine (Core i3, 2011).\n128-EIA1 = SNOW 3G f9 (ipsec-mb), 128-EIA2 = AES-128-CMAC "
           "(OpenSSL EVP_MAC), 128-EIA3 = ZUC: the three 3GPP integrity algorithms;\n"
           "ZUC-NIA6 = 3GPP's 256-bit ZUC integrity algorithm (5G-Advanced).\n");
    zuc_force_impl("auto");
    return wrong ? 1 : 0;
}
