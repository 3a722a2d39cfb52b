/* SPDX-License-Identifier: Apache-2.0 */
/* ablation.c — the second source document's Tables 3-13 on this machine:
 * keystream speed of each optimisation alone and of its combinations,
 * beside the document's figures; then Table 15 (ablation_t15.c). */
#include "suites/ablation.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"
#include "random.h"
#include "suites/ablation_shared.h"
#include "suites/ablation_t15.h"
#include "timer.h"
#include "zuc.h"

/* The document's unit of work (§4.1): 20,971,520 iterations, each writing
 * 128 bits (4 words) of keystream into the same small buffer. */
#define DOC_ITERATIONS 20971520u
#define QUICK_DIVISOR 64
/* The threads variant costs ~10x the others per word: it times this share
 * of the unit and is scaled, so that a run stays within minutes. */
#define THREADS_DIVISOR 32
#define GIB 1073741824.0 /* the document's "G" in Gbps is 2^30 */
#define DOC_BASELINE_MS 3491.0
#define NONE NAN /* a figure the document does not give */

typedef struct {
    const char *label;
    const char *id; /* variant id; NULL: libzuc */
    int zuc256;
    double doc_ms, doc_gbps, doc_gain; /* the document's, or NONE */
} row;

/* Tables 3-12: one method at a time, average ms of 10 runs. */
static const row single_rows[] = {
    { "Table 3   baseline", "baseline", 0, 3491, NONE, NONE },
    { "Table 4   (1) call", "call", 0, 3013, NONE, NONE },
    { "Table 5   (2) compile", "compile", 0, 1231, NONE, NONE },
    { "Table 6   (3) lazy", "lazy", 0, 2371, NONE, NONE },
    { "Table 7   (4) sbox1", "sbox1", 0, 3282, NONE, NONE },
    { "Table 8   (4) sbox2", "sbox2", 0, 3400, NONE, NONE },
    { "Table 9   (5) simd", "simd", 0, 2732, NONE, NONE },
    { "Table 10  (6) threads", "threads", 0, 19959, NONE, NONE },
    { "Table 11  (7) circular", "circular", 0, 3051, NONE, NONE },
    { "Table 12  (8) ltable", "ltable", 0, 3620, NONE, NONE },
};

/* Table 13, its eight rows; then its ZUC-256 figure (§4.5) and libzuc. */
static const row table13_rows[] = {
    { "1 baseline", "baseline", 0, 3491, 0.716, 0 },
    { "2 call", "call", 0, 3013, 0.830, 16 },
    { "3 call+compile", "call+compile", 0, 955, 2.62, 266 },
    { "4 call+compile+circular", "call+compile+circular", 0, 973, 2.57, 259 },
    { "5 call+compile+lazy", "call+compile+lazy", 0, 782, 3.20, 347 },
    { "6 call+compile+lazy+sbox1", "call+compile+lazy+sbox1", 0, 593, 4.22, 489 },
    { "7 call+compile+lazy+sbox1+simd", "call+compile+lazy+sbox1+simd", 0, 682, 3.66, 412 },
    { "8 call+compile+lazy+simd", "call+compile+lazy+simd", 0, 704, 3.55, 396 },
    { "  zuc-256 " ABLATION_BEST, ABLATION_BEST, 1, 596, 4.19, NONE },
    { "  libzuc", NULL, 0, NONE, NONE, NONE },
};

#define N_SINGLE (sizeof single_rows / sizeof single_rows[0])
#define N_TABLE13 (sizeof table13_rows / sizeof table13_rows[0])
#define MAX_TIMED (N_SINGLE + N_TABLE13)

/* One thing to time: a variant on ZUC-128 or ZUC-256, or libzuc. */
typedef struct {
    const char *id;
    int zuc256;
    const abl_variant *v; /* NULL for libzuc, or when not timed */
    const char *status;   /* why not timed; NULL if timed */
    size_t iterations;    /* per run */
    int scaled;           /* a share of the unit, scaled to it */
    double *gbps;         /* one per repeat */
    bench_stats st;       /* of gbps */
} timed;

static volatile uint32_t sink; /* the checksums end here: nothing is optimised away */

/* ---- timing the keystream ------------------------------------------------ */

static void random_key_iv(uint8_t key[32], uint8_t iv[25], uint64_t *rng)
{
    splitmix64_fill(key, 32, rng);
    splitmix64_fill(iv, 25, rng);
    for (int i = 17; i < 25; i++)
        iv[i] &= 0x3F; /* IV17..IV24 are 6-bit values */
}

/* Ticks of one run: `iterations` calls for 4 words, set-up not timed. */
static uint64_t run_variant(const timed *t, uint64_t *rng)
{
    uint8_t key[32], iv[25];
    uint32_t buf[4], sum = 0;
    abl_state st;
    random_key_iv(key, iv, rng);
    if ((t->zuc256 ? t->v->init256(&st, key, iv) : t->v->init128(&st, key, iv)) != 0)
        return 0;
    uint64_t t0 = bench_ticks();
    for (size_t i = 0; i < t->iterations; i++) {
        t->v->keystream(&st, buf, 4);
        sum += buf[0] ^ buf[1] ^ buf[2] ^ buf[3];
    }
    uint64_t t1 = bench_ticks();
    t->v->finish(&st);
    sink ^= sum;
    return t1 - t0;
}

/* The same with libzuc's keystream API, its best path. */
static uint64_t run_libzuc(const timed *t, uint64_t *rng)
{
    uint8_t key[32], iv[25];
    uint32_t buf[4], sum = 0;
    zuc_state st;
    random_key_iv(key, iv, rng);
    if (zuc128_keystream_init(&st, key, iv) != ZUC_OK)
        return 0;
    uint64_t t0 = bench_ticks();
    for (size_t i = 0; i < t->iterations; i++) {
        zuc_keystream(&st, buf, 4);
        sum += buf[0] ^ buf[1] ^ buf[2] ^ buf[3];
    }
    uint64_t t1 = bench_ticks();
    sink ^= sum;
    return t1 - t0;
}

static double gbps_of(size_t iterations, uint64_t ticks)
{
    double seconds = bench_counter_to_ns((double)ticks) * 1e-9;
    return ticks ? (double)iterations * 128 / seconds / GIB : 0;
}

/* ms for the document's unit at this speed */
static double doc_ms_of(double gbps)
{
    return gbps > 0 ? (double)DOC_ITERATIONS * 128 / GIB / gbps * 1000 : NONE;
}

/* ---- what to time -------------------------------------------------------- */

static int same_id(const char *a, const char *b) /* NULL: libzuc */
{
    return a && b ? strcmp(a, b) == 0 : a == b;
}

static timed *find_timed(timed *all, size_t n, const char *id, int zuc256)
{
    for (size_t i = 0; i < n; i++)
        if (all[i].zuc256 == zuc256 && same_id(all[i].id, id))
            return &all[i];
    return NULL;
}

/* Adds the row's contender unless another row has it already. */
static void add_timed(timed *all, size_t *n, const row *r, size_t unit, unsigned repeats,
                      int *wrong)
{
    if (find_timed(all, *n, r->id, r->zuc256))
        return;
    timed *t = &all[(*n)++];
    *t = (timed){ .id = r->id, .zuc256 = r->zuc256, .iterations = unit };
    if (r->id) {
        t->v = ablation_checked(r->id, &t->status, wrong);
        t->scaled = strcmp(r->id, "threads") == 0;
        if (t->scaled)
            t->iterations = unit / THREADS_DIVISOR;
    }
    t->gbps = calloc(repeats, sizeof *t->gbps);
}

/* Every repeat goes through every contender once, so that a slow spell of
 * the machine falls on all of them alike. */
static void time_all(const ablation_options *o, timed *all, size_t n)
{
    uint64_t rng = 0xAB1A7100;
    size_t ntimed = 0, done = 0;
    for (size_t i = 0; i < n; i++)
        ntimed += !all[i].status;
    for (unsigned r = 0; r < o->run.repeats; r++)
        for (size_t i = 0; i < n; i++) {
            timed *t = &all[i];
            if (t->status)
                continue;
            char what[96];
            snprintf(what, sizeof what, "repeat %u/%u  %s %s", r + 1, o->run.repeats,
                     t->zuc256 ? "zuc-256" : "zuc-128", t->id ? t->id : "libzuc");
            ablation_progress(o, what, ++done, ntimed * o->run.repeats);
            t->gbps[r] = gbps_of(t->iterations, t->v ? run_variant(t, &rng) : run_libzuc(t, &rng));
        }
    for (size_t i = 0; i < n; i++)
        if (!all[i].status)
            all[i].st = bench_stats_of(all[i].gbps, o->run.repeats);
}

/* ---- results and tables -------------------------------------------------- */

/* The document's Gbps: Table 13 gives it, Tables 3-12 give ms only. */
static double doc_gbps_of(const row *r)
{
    if (!isnan(r->doc_gbps))
        return r->doc_gbps;
    return (double)DOC_ITERATIONS * 128 / GIB / (r->doc_ms / 1000);
}

/* The document's gain %: Table 13 gives it; from ms for Tables 3-12. */
static double doc_gain_of(const row *r)
{
    return !isnan(r->doc_gain) || r->zuc256 ? r->doc_gain : (DOC_BASELINE_MS / r->doc_ms - 1) * 100;
}

static void record(const ablation_options *o, const row *r, const timed *t,
                   const char *configuration)
{
    const char *algorithm = r->zuc256 ? "zuc-256" : "zuc-128";
    if (!t->status) {
        bench_result res = { .suite = "ablation",
                             .algorithm = algorithm,
                             .configuration = configuration,
                             .backend = t->id ? "ablation" : "libzuc",
                             .implementation = t->id ? t->id : zuc_impl_name(),
                             .size_bytes = t->iterations * 16,
                             .repeats = o->run.repeats,
                             .unit = "Gbps",
                             .stats = t->st,
                             .threads = 1,
                             .in_flight = 1 };
        bench_results_add(&res);
    }
    if (r->id)
        ablation_document(algorithm, configuration, r->id, (size_t)DOC_ITERATIONS * 16, "Gbps",
                          doc_gbps_of(r));
}

/* "-" for NONE */
static void print_number(double v, int width, int decimals)
{
    if (isnan(v))
        printf(" %*s", width, "-");
    else
        printf(" %*.*f", width, decimals, v);
}

static void print_header(const char *title, const char *first_column)
{
    printf("\n%s\n", title);
    printf("%-34s %8s %7s %15s %6s  | %7s %6s %6s\n", first_column, "ms", "Gbps", "Gbps q1..q3",
           "gain%", "doc ms", "Gbps", "gain%");
}

static void print_row(const row *r, const timed *t, const timed *baseline)
{
    char label[64];
    snprintf(label, sizeof label, "%s%s%s", r->label, r->id ? "" : " ",
             r->id ? "" : zuc_impl_name());
    if (t->scaled)
        strncat(label, " *", sizeof label - strlen(label) - 1);
    printf("%-34s", label);
    if (t->status) {
        printf(" %-39s  |", t->status);
    } else {
        char range[32];
        snprintf(range, sizeof range, "%.3f..%.3f", t->st.q1, t->st.q3);
        print_number(doc_ms_of(t->st.median), 8, 0);
        print_number(t->st.median, 7, 3);
        printf(" %15s", range);
        print_number(baseline->status ? NONE : (t->st.median / baseline->st.median - 1) * 100, 6,
                     0);
        printf("  |");
    }
    print_number(r->doc_ms, 7, 0);
    print_number(doc_gbps_of(r), 6, 3);
    print_number(doc_gain_of(r), 6, 0);
    printf("\n");
}

/* The fastest ZUC-128 combination of Table 13 in this run (NULL if none
 * was timed). */
static const char *best_combination(timed *all, size_t n)
{
    const timed *best = NULL;
    for (size_t i = 0; i < N_TABLE13; i++) {
        const row *r = &table13_rows[i];
        const timed *t = find_timed(all, n, r->id, r->zuc256);
        if (r->id && !r->zuc256 && strchr(r->id, '+') && t && !t->status &&
            (!best || t->st.median > best->st.median))
            best = t;
    }
    return best ? best->id : NULL;
}

static void print_tables(const ablation_options *o, timed *all, size_t n, size_t unit)
{
    const timed *baseline = find_timed(all, n, "baseline", 0);
    char title[200];
    snprintf(title, sizeof title,
             "Tables 3-12: each method alone on top of the baseline (zuc-128 keystream%s)",
             o->quick ? "; ms scaled from 1/64 of the unit" : "");
    print_header(title, "table     method");
    for (size_t i = 0; i < N_SINGLE; i++) {
        const timed *t = find_timed(all, n, single_rows[i].id, 0);
        print_row(&single_rows[i], t, baseline);
        record(o, &single_rows[i], t, "single");
    }
    snprintf(title, sizeof title, "Table 13: combinations (keystream%s)",
             o->quick ? "; ms scaled from 1/64 of the unit" : "");
    print_header(title, "# combination");
    for (size_t i = 0; i < N_TABLE13; i++) {
        const timed *t = find_timed(all, n, table13_rows[i].id, table13_rows[i].zuc256);
        print_row(&table13_rows[i], t, baseline);
        record(o, &table13_rows[i], t, "table13");
    }
    const char *best = best_combination(all, n);
    if (best)
        printf("\nBest combination measured here: %s%s\n", best,
               strcmp(best, ABLATION_BEST) == 0 ? ", the document's pick too"
                                                : " (the document's pick: " ABLATION_BEST ")");
    printf("\nUnit: %zu iterations of 128 bits of keystream into one 16-byte buffer, "
           "checksummed%s;\nms: per the document's unit of %u iterations. "
           "Gbps: 2^30 bits/s, as the document's\n(3491 ms <-> 0.716 Gbps). gain%%: baseline "
           "time / time - 1, against this run's baseline.\n* timed on 1/%d of the unit and "
           "scaled (a handshake per word: ~10x slower).\ndoc: the document's figures, from "
           "another machine (Core i7-8750H, gcc); its Gbps and gain%%\nin Tables 3-12 derived "
           "from its ms.\n",
           unit, o->quick ? " (1/64 of the document's: --quick)" : "", DOC_ITERATIONS,
           THREADS_DIVISOR);
}

int ablation_run(const ablation_options *o)
{
    size_t unit = o->quick ? DOC_ITERATIONS / QUICK_DIVISOR : DOC_ITERATIONS;
    char method[400];
    snprintf(method, sizeof method,
             "%s; median of %u runs, the runs of all variants interleaved; %zu x 128 bits of "
             "keystream per run%s, fresh random key/IV per run, set-up not timed; every variant "
             "checked against libzuc and the official vectors first",
             bench_timer()->source, o->run.repeats, unit,
             o->quick ? " (--quick: 1/64 of the document's)" : "");
    if (suite_begin(1, method))
        return 2;
    zuc_force_impl("auto");
    int wrong = 0;
    timed all[MAX_TIMED];
    size_t n = 0;
    for (size_t i = 0; i < N_SINGLE; i++)
        add_timed(all, &n, &single_rows[i], unit, o->run.repeats, &wrong);
    for (size_t i = 0; i < N_TABLE13; i++)
        add_timed(all, &n, &table13_rows[i], unit, o->run.repeats, &wrong);
    time_all(o, all, n);
    suite_progress_clear(&o->run);
    print_tables(o, all, n, unit);
    wrong += ablation_table15(o, best_combination(all, n));
    for (size_t i = 0; i < n; i++)
        free(all[i].gbps);
    return wrong ? 1 : 0;
}
