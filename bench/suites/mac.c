/* SPDX-License-Identifier: Apache-2.0 */
#include "suites/mac.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "method.h"
#include "output.h"
#include "output_terminal.h"
#include "suites/cell.h"
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
} mac_row;

/* r's result at size s, NULL if none (looked up each time: adding results
 * moves them). */
static const bench_result *result_at(const mac_row *r, size_t s)
{
    return bench_results_find("mac", r->e->algorithm, "mac", r->e->backend, r->e->variant,
                              sizes[s]);
}

static int mac_index(const char *algorithm)
{
    for (int i = 0; i < N_MACS; i++)
        if (strcmp(macs[i], algorithm) == 0)
            return i;
    return -1;
}

static int is_mac(const bench_entry *e)
{
    return mac_index(e->algorithm) >= 0;
}

/* Every size, a cell of every MAC contender at once (so that Table 6's
 * ratios pair repeats taken together); returns the outputs that were wrong. */
static int measure(const mac_options *o, const bench_entry *const *list, size_t m)
{
    int wrong = 0;
    for (size_t s = 0; s < N_SIZES; s++) {
        cell_spec cell = { CELL_MESSAGES, "mac", sizes[s], &sizes[s], 1, BATCH_BYTES, 1 };
        suite_progress(&o->run, list[0], s + 1, N_SIZES);
        wrong += suite_time_cell(&o->run, &cell, list, m);
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
    if (!o->run.ratio)
        return;
    t.title = "Table 5: time over the baseline's";
    t.show_ratio = 1;
    t.per_message = 0;
    t.cell_width = 16;
    term_table_header(&t,
                      "   (median [q1,q3] of the per-repeat ratios to the same MAC's baseline)");
    for (size_t i = 0; i < nrows; i++) {
        snprintf(label, sizeof label, "%s %s-%s", rows[i].e->algorithm, rows[i].e->backend,
                 rows[i].e->variant);
        term_table_row(&t, label, rows[i].e->algorithm, rows[i].e->backend, rows[i].e->variant);
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
 * all sizes, EIA3's over this MAC's; one ratio per repeat (the repeats of a
 * size were taken together, interleaved), over the sizes both could run.
 * The ratios' statistics, their samples (in repeat order) the caller's to
 * release; n == 0 if there is no 128-EIA3 row. */
static bench_stats ratio_to_eia3(const mac_row *base_row, const mac_row *r)
{
    bench_stats none = { 0 };
    if (!base_row)
        return none;
    const bench_result *base_at[N_SIZES], *mine_at[N_SIZES];
    size_t repeats = 0;
    for (size_t s = 0; s < N_SIZES; s++) {
        base_at[s] = result_at(base_row, s);
        mine_at[s] = result_at(r, s);
        if (!base_at[s] || !mine_at[s] || !base_at[s]->stats.samples || !mine_at[s]->stats.samples)
            base_at[s] = mine_at[s] = NULL; /* only sizes both could run */
        else {
            size_t k = base_at[s]->stats.n < mine_at[s]->stats.n ? base_at[s]->stats.n
                                                                 : mine_at[s]->stats.n;
            repeats = repeats == 0 || k < repeats ? k : repeats;
        }
    }
    double *ratios = calloc(repeats ? repeats : 1, sizeof *ratios), *sorted = NULL;
    for (size_t k = 0; ratios && k < repeats; k++) {
        double base = 0, mine = 0;
        for (size_t s = 0; s < N_SIZES; s++)
            if (base_at[s]) {
                base += base_at[s]->stats.samples[k] * (double)sizes[s];
                mine += mine_at[s]->stats.samples[k] * (double)sizes[s];
            }
        ratios[k] = mine > 0 ? base / mine : 0;
    }
    if (!ratios || repeats == 0 || !(sorted = malloc(repeats * sizeof *sorted))) {
        free(ratios);
        return none;
    }
    memcpy(sorted, ratios, repeats * sizeof *sorted);
    bench_stats st = bench_stats_of(sorted, repeats);
    free(sorted);
    st.samples = ratios;
    return st;
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

/* The ratio's median and quartiles as the result's, its per-repeat
 * ratios as its samples, 128-EIA3's contender as its baseline. */
static void record_ratio(const bench_entry *e, const char *variant, const bench_entry *eia3,
                         bench_stats st)
{
    bench_result r = { .suite = "mac",
                       .algorithm = e->algorithm,
                       .configuration = "ratio-to-128-eia3",
                       .backend = e->backend,
                       .implementation = variant,
                       .repeats = (unsigned)st.n,
                       .unit = "ratio",
                       .stats = st,
                       .threads = 1,
                       .in_flight = bench_entry_in_flight(e),
                       .ratio_backend = eia3->backend,
                       .ratio_implementation = eia3->variant,
                       .ratio = st };
    bench_results_add(&r);
}

static void print_table6(const mac_options *o, const mac_row *rows, size_t nrows)
{
    char label[96];
    (void)o;
    printf("\n%-62s %6s %15s %10s\n", "Table 6: speed relative to 128-EIA3 (same backend)", "ours",
           "[q1,q3]", "document");
    for (size_t i = 0; i < nrows; i++) {
        int m = mac_index(rows[i].e->algorithm);
        if (m <= 0 || m >= N_ZUC_MACS)
            continue; /* the ZUC-256 and NIA6 MACs against 128-EIA3 */
        const mac_row *eia3 = eia3_row_for(rows, nrows, rows[i].e);
        bench_stats ratio = ratio_to_eia3(eia3, &rows[i]);
        const char *variant = eia3 ? ratio_variant(rows[i].e, eia3->e) : rows[i].e->variant;
        char spread[32] = "";
        if (ratio.n)
            snprintf(spread, sizeof spread, "[%.3f,%.3f]", ratio.q1, ratio.q3);
        snprintf(label, sizeof label, "%s : 128-eia3  %s-%s", rows[i].e->algorithm,
                 rows[i].e->backend, variant);
        printf("%-62s", label);
        print_value(ratio.n ? ratio.median : -1, 6, 3);
        printf(" %15s", spread);
        print_value(m < N_DOC_MACS ? paper_ratio[m] : -1, 10, 3);
        printf("\n");
        if (ratio.n && ratio.median > 0)
            record_ratio(rows[i].e, variant, eia3->e, ratio);
        bench_stats_release(&ratio);
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
    size_t n, total = suite_count(&opt.run), nrows = 0;
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
    const bench_entry **list = calloc(n ? n : 1, sizeof *list);
    size_t m = suite_contenders(&opt.run, NULL, is_mac, list);
    int wrong = m ? measure(&opt, list, m) : 0;
    mac_row *rows = calloc(m ? m : 1, sizeof *rows);
    for (size_t i = 0; i < m; i++)
        rows[nrows++].e = list[i];
    free(list);
    suite_progress_clear(&opt.run);
    record_document(); /* before Table 5, which draws the document's rows from the results */
    print_table5(&opt, rows, nrows);
    print_table6(&opt, rows, nrows);
    free(rows);
    printf("\nn/a: beyond the contender's limit (ipsec-mb: 8188 bytes). Ratios use the sizes "
           "both contenders ran.\n[document]: the source document's figures, from another "
           "machine (Core i3, 2011).\n128-EIA1 = SNOW 3G f9 (ipsec-mb), 128-EIA2 = AES-128-CMAC "
           "(OpenSSL EVP_MAC), 128-EIA3 = ZUC: the three 3GPP integrity algorithms;\n"
           "ZUC-NIA6 = 3GPP's 256-bit ZUC integrity algorithm (5G-Advanced).\n");
    zuc_force_impl("auto");
    return wrong ? 1 : 0;
}
