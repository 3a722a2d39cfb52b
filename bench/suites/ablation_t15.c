/* SPDX-License-Identifier: Apache-2.0 */
/* ablation_t15.c — the second source document's Table 15 on this machine:
 * encryption in bits/cycle by message size, with one key/IV initialisation
 * per message, for the unoptimised variant (baseline), the optimised one
 * (the document's best combination), the best combination of this run's
 * Table 13 where that is another, and libzuc's zuc_eea3. */
#include "suites/ablation_t15.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"
#include "random.h"
#include "suites/ablation_shared.h"
#include "timer.h"
#include "zuc.h"

#define N_SIZES 8
#define QUICK_SIZES 6                  /* up to 4 MB */
#define SAMPLE_BYTES ((size_t)8 << 20) /* a sample encrypts at least this much */
#define QUICK_SAMPLE_BYTES ((size_t)1 << 20)
#define MAX_CONTENDERS 4

static const size_t sizes[N_SIZES] = { 128,       1 << 10, 8 << 10,  64 << 10,
                                       512 << 10, 4 << 20, 32 << 20, (size_t)320 << 20 };
static const char *const size_labels[N_SIZES] = { "128 B",  "1 KB", "8 KB",  "64 KB",
                                                  "512 KB", "4 MB", "32 MB", "320 MB" };
/* The document's Table 15: unoptimised and optimised bits/cycle, gain %. */
static const double doc[N_SIZES][3] = {
    { 0.079, 0.440, 454 }, { 0.148, 0.827, 461 }, { 0.166, 0.842, 408 }, { 0.168, 0.849, 406 },
    { 0.168, 0.840, 400 }, { 0.164, 0.819, 400 }, { 0.163, 0.802, 393 }, { 0.153, 0.522, 242 },
};

typedef struct {
    const char *name;     /* "unoptimised", "optimised", "best here: ...", libzuc's path */
    const abl_variant *v; /* NULL: libzuc's zuc_eea3 */
    const char *status;   /* why not timed; NULL if timed */
    double *samples;      /* bits per tick (cycle or ns), one per repeat */
    bench_stats st[N_SIZES];
} contender;

/* The messages of one sample: each its own key and COUNT/BEARER/DIRECTION. */
typedef struct {
    size_t n;
    uint8_t *keys;
    uint32_t *counts;
    uint8_t *bearers, *directions;
} messages;

static volatile uint8_t sink;

static void fresh_keys(messages *m, uint64_t *rng)
{
    splitmix64_fill(m->keys, 16 * m->n, rng);
    for (size_t i = 0; i < m->n; i++) {
        uint64_t r = splitmix64_next(rng);
        m->counts[i] = (uint32_t)r;
        m->bearers[i] = (uint8_t)((r >> 32) & 0x1F);
        m->directions[i] = (uint8_t)((r >> 40) & 1);
    }
}

/* Ticks to encrypt every message of m, each `size` bytes from in to out. */
static uint64_t encrypt_all(const contender *c, const messages *m, const uint8_t *in, uint8_t *out,
                            size_t size)
{
    uint8_t iv[16];
    uint64_t t0 = bench_ticks();
    for (size_t i = 0; i < m->n; i++) {
        if (c->v) {
            abl_eea3_iv(iv, m->counts[i], m->bearers[i], m->directions[i]);
            c->v->encrypt128(m->keys + 16 * i, iv, in, out, size);
        } else {
            zuc_eea3(m->keys + 16 * i, m->counts[i], m->bearers[i], m->directions[i], in, out,
                     8 * size);
        }
    }
    uint64_t t1 = bench_ticks();
    sink ^= out[size - 1];
    return t1 - t0;
}

static messages messages_new(size_t n)
{
    messages m = { n, malloc(16 * n), malloc(n * sizeof(uint32_t)), malloc(n), malloc(n) };
    if (!m.keys || !m.counts || !m.bearers || !m.directions) {
        perror("zucbench");
        exit(1);
    }
    return m;
}

static void messages_free(messages *m)
{
    free(m->keys);
    free(m->counts);
    free(m->bearers);
    free(m->directions);
}

/* Every contender at one size, the repeats interleaved. */
static void time_size(const ablation_options *o, contender *c, int nc, size_t s, size_t *done,
                      size_t total)
{
    size_t size = sizes[s], sample = o->quick ? QUICK_SAMPLE_BYTES : SAMPLE_BYTES;
    uint8_t *in = malloc(size), *out = malloc(size);
    if (!in || !out) {
        perror("zucbench");
        exit(1);
    }
    memset(in, 0x5A, size); /* the contents do not matter; the pages are now mapped */
    memset(out, 0, size);
    messages m = messages_new(size < sample ? sample / size : 1);
    uint64_t rng = 0x7AB1E15 + s;
    for (unsigned r = 0; r < o->run.repeats; r++)
        for (int i = 0; i < nc; i++) {
            if (c[i].status)
                continue;
            char what[96];
            snprintf(what, sizeof what, "Table 15  %s  repeat %u/%u  %s", size_labels[s], r + 1,
                     o->run.repeats, c[i].name);
            ablation_progress(o, what, ++*done, total);
            fresh_keys(&m, &rng);
            double ticks = bench_counter_to_ticks((double)encrypt_all(&c[i], &m, in, out, size));
            c[i].samples[r] = ticks > 0 ? 8.0 * (double)size * (double)m.n / ticks : 0;
        }
    for (int i = 0; i < nc; i++)
        if (!c[i].status)
            c[i].st[s] = bench_stats_of(c[i].samples, o->run.repeats);
    messages_free(&m);
    free(in);
    free(out);
}

/* "bits/cycle", or "bits/ns" where the timer reports ns */
static const char *unit_of_table(void)
{
    return strcmp(bench_timer()->unit, "cycles") == 0 ? "bits/cycle" : "bits/ns";
}

static void record(const ablation_options *o, const contender *c, int nc, size_t nsizes)
{
    for (size_t s = 0; s < nsizes; s++) {
        for (int i = 0; i < nc; i++) {
            if (c[i].status)
                continue;
            bench_result r = { .suite = "ablation",
                               .algorithm = "zuc-128",
                               .configuration = "table15",
                               .backend = c[i].v ? "ablation" : "libzuc",
                               .implementation = c[i].name,
                               .size_bytes = sizes[s],
                               .repeats = o->run.repeats,
                               .unit = unit_of_table(),
                               .stats = c[i].st[s],
                               .threads = 1,
                               .in_flight = 1 };
            bench_results_add(&r);
        }
        ablation_document("zuc-128", "table15", "unoptimised", sizes[s], "bits/cycle", doc[s][0]);
        ablation_document("zuc-128", "table15", "optimised", sizes[s], "bits/cycle", doc[s][1]);
    }
}

static void print_cell(const contender *c, size_t s, int width)
{
    if (c->status)
        printf(" %*s", width, "-");
    else
        printf(" %*.3f", width, c->st[s].median);
}

static void print_gain(const contender *base, const contender *c, size_t s)
{
    if (base->status || c->status)
        printf(" %6s", "-");
    else
        printf(" %6.0f", (c->st[s].median / base->st[s].median - 1) * 100);
}

/* c[0] unoptimised, c[1] optimised, then best here (if any), libzuc last. */
static void print_table(const ablation_options *o, const contender *c, int nc, size_t nsizes)
{
    const contender *libzuc = &c[nc - 1], *best = nc == MAX_CONTENDERS ? &c[2] : NULL;
    char libzuc_label[40];
    snprintf(libzuc_label, sizeof libzuc_label, "libzuc-%s", libzuc->name);
    printf("\nTable 15: encryption, %s (%s), one key/IV initialisation per message%s\n%-8s %12s "
           "%10s %6s",
           unit_of_table(), bench_timer()->unit_note,
           strcmp(unit_of_table(), "bits/ns") == 0 ? " (doc: bits/cycle)" : "", "message",
           "unoptimised", "optimised", "gain%");
    if (best)
        printf(" %10s %6s", "best here", "gain%");
    printf(" %14s  | %12s %10s %6s\n", libzuc_label, "doc unopt.", "optimised", "gain%");
    for (size_t s = 0; s < nsizes; s++) {
        printf("%-8s", size_labels[s]);
        print_cell(&c[0], s, 12);
        print_cell(&c[1], s, 10);
        print_gain(&c[0], &c[1], s);
        if (best) {
            print_cell(best, s, 10);
            print_gain(&c[0], best, s);
        }
        print_cell(libzuc, s, 14);
        printf("  | %12.3f %10.3f %6.0f\n", doc[s][0], doc[s][1], doc[s][2]);
    }
    for (int i = 0; i < nc - 1; i++)
        if (c[i].status)
            printf("%s: %s\n", c[i].name, c[i].status);
    printf("\nunoptimised: the baseline variant; optimised: %s (the document's pick)%s%s; "
           "libzuc: zuc_eea3.\n"
           "Median of %u samples. A sample encrypts max(1, %zu MB / size) messages, each with its "
           "own\nrandom key and COUNT/BEARER/DIRECTION (the 128-EEA3 IV), from one buffer of the "
           "message size\ninto another%s.\ndoc: the document's figures, from another machine "
           "(Core i7-8750H, gcc).\n",
           ABLATION_BEST, best ? "; best here: Table 13's fastest combination in this run, " : "",
           best ? best->name + strlen("best here: ") : "", o->run.repeats,
           (o->quick ? QUICK_SAMPLE_BYTES : SAMPLE_BYTES) >> 20,
           o->quick ? " (--quick: messages up to 4 MB)" : "");
}

int ablation_table15(const ablation_options *o, const char *best_here)
{
    int wrong = 0, nc = 0;
    size_t nsizes = o->quick ? QUICK_SIZES : N_SIZES, done = 0;
    static char best_name[80];
    contender c[MAX_CONTENDERS] = { { 0 } };
    const char *ids[MAX_CONTENDERS] = { "baseline", ABLATION_BEST };
    c[nc++].name = "unoptimised";
    c[nc++].name = "optimised";
    if (best_here && strcmp(best_here, ABLATION_BEST) != 0) {
        snprintf(best_name, sizeof best_name, "best here: %s", best_here);
        ids[nc] = best_here;
        c[nc++].name = best_name;
    }
    for (int i = 0; i < nc; i++)
        c[i].v = ablation_checked(ids[i], &c[i].status, &wrong);
    c[nc++].name = zuc_impl_name(); /* v NULL: libzuc */
    size_t ntimed = 0;
    for (int i = 0; i < nc; i++) {
        c[i].samples = calloc(o->run.repeats, sizeof *c[i].samples);
        ntimed += !c[i].status;
    }
    for (size_t s = 0; s < nsizes; s++)
        time_size(o, c, nc, s, &done, ntimed * nsizes * o->run.repeats);
    suite_progress_clear(&o->run);
    print_table(o, c, nc, nsizes);
    record(o, c, nc, nsizes);
    for (int i = 0; i < nc; i++)
        free(c[i].samples);
    return wrong;
}
