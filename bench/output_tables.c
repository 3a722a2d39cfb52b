/* SPDX-License-Identifier: Apache-2.0 */
/* output_tables.c — the results as CSV and as a Markdown table: one row per
 * result, the fields every result has and then the suite's own columns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "context.h"
#include "output.h"
#include "registry.h"
#include "timer.h"
#include "zuc.h"

/* The suite columns the results have, by key, in the order they first
 * appear; each the first result's column of that key (its heading and
 * kind). With only_headed, those with a Markdown heading. */
typedef struct {
    const bench_column **first;
    size_t n;
} column_set;

static column_set columns_of(const bench_result *results, size_t n_results, int only_headed)
{
    size_t most = 0;
    for (size_t i = 0; i < n_results; i++)
        most += results[i].ncolumns;
    column_set set = { calloc(most ? most : 1, sizeof *set.first), 0 };
    if (!set.first) {
        perror("zucbench");
        exit(1);
    }
    for (size_t i = 0; i < n_results; i++)
        for (size_t k = 0; k < results[i].ncolumns; k++) {
            const bench_column *c = &results[i].columns[k];
            int known = 0;
            for (size_t j = 0; j < set.n && !known; j++)
                known = strcmp(set.first[j]->key, c->key) == 0;
            if (!known && (c->heading || !only_headed))
                set.first[set.n++] = c;
        }
    return set;
}

/* ---- CSV ------------------------------------------------------------------ */

/* A cell, quoted (its quotes doubled) where it holds a comma, a quote or a
 * line break. */
static void csv_cell(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static void csv_text(FILE *f, const char *s)
{
    csv_cell(f, s);
    fputc(',', f);
}

static void csv_row(FILE *f, const bench_result *r, const column_set *set)
{
    double m = r->stats.median, ghz = bench_timer()->ticks_per_ns;
    const char *text[] = { r->suite, r->algorithm, r->configuration, r->backend,
                           r->implementation };
    for (size_t i = 0; i < sizeof text / sizeof text[0]; i++)
        csv_text(f, text[i]);
    fprintf(f, "%zu,%u,", r->size_bytes, r->repeats);
    csv_text(f, r->unit);
    fprintf(f, "%.4f,%.4f,%.4f,", m, r->stats.q1, r->stats.q3);
    if (strcmp(r->unit, "ticks/byte") == 0 && !bench_result_is_document(r) && m > 0)
        fprintf(f, "%.2f", 8 * ghz * 1000 / m);
    fprintf(f, ",%u,", r->in_flight ? r->in_flight : 1);
    if (r->messages)
        fprintf(f, "%zu,%u", r->messages, r->per_call ? r->per_call : 1);
    else
        fputc(',', f);
    if (r->ratio.n)
        fprintf(f, ",%s-%s,%.6g,%.6g,%.6g", r->ratio_backend, r->ratio_implementation,
                r->ratio.median, r->ratio.q1, r->ratio.q3);
    else
        fputs(",,,,", f);
    char value[256];
    for (size_t k = 0; k < set->n; k++) {
        const bench_column *c = bench_column_find(r->columns, r->ncolumns, set->first[k]->key);
        fputc(',', f);
        if (c)
            csv_cell(f, bench_column_format(c, value, sizeof value));
    }
    fputc('\n', f);
}

static void csv_body(FILE *f, void *unused)
{
    (void)unused;
    size_t n;
    const bench_result *results = bench_results_all(&n);
    column_set set = columns_of(results, n, 0);
    fprintf(f,
            "suite,algorithm,configuration,backend,implementation,size_bytes,repeats,"
            "unit,median,q1,q3,mbps,in_flight,messages,messages_per_call,ratio_to,ratio,ratio_q1,"
            "ratio_q3");
    for (size_t k = 0; k < set.n; k++) {
        fputc(',', f);
        csv_cell(f, set.first[k]->key);
    }
    fputc('\n', f);
    for (size_t i = 0; i < n; i++)
        csv_row(f, &results[i], &set);
    free(set.first);
}

int bench_write_csv(const char *path)
{
    return bench_write_with(path, csv_body, NULL);
}

/* ---- Markdown ------------------------------------------------------------- */

/* A cell's text with its '|' escaped, between the separators. */
static void markdown_cell(FILE *f, const char *s)
{
    fputc(' ', f);
    for (; *s; s++) {
        if (*s == '|')
            fputc('\\', f);
        fputc(*s, f);
    }
    fputs(" |", f);
}

static void markdown_header(FILE *f, const column_set *set)
{
    fprintf(f, "| algorithm | configuration | backend | implementation | bytes | unit | "
               "median | q1 | q3 | messages/call | ratio [q1, q3] |");
    for (size_t k = 0; k < set->n; k++)
        markdown_cell(f, set->first[k]->heading);
    fprintf(f, "\n|---|---|---|---|---:|---|---:|---:|---:|---:|---:|");
    for (size_t k = 0; k < set->n; k++)
        fputs(set->first[k]->kind == BENCH_COLUMN_TEXT ? "---|" : "---:|", f);
    fputc('\n', f);
}

static void markdown_row(FILE *f, const bench_result *r, const column_set *set)
{
    fputc('|', f);
    const char *text[] = { r->algorithm, r->configuration, r->backend, r->implementation };
    for (size_t i = 0; i < sizeof text / sizeof text[0]; i++)
        markdown_cell(f, text[i]);
    fprintf(f, " %zu |", r->size_bytes);
    markdown_cell(f, r->unit);
    fprintf(f, " %.2f | %.2f | %.2f |", r->stats.median, r->stats.q1, r->stats.q3);
    if (r->messages)
        fprintf(f, " %zu/%u |", r->messages, r->per_call ? r->per_call : 1);
    else
        fputs(" |", f);
    if (r->ratio.n)
        fprintf(f, " %.3f [%.3f, %.3f] to %s-%s |", r->ratio.median, r->ratio.q1, r->ratio.q3,
                r->ratio_backend, r->ratio_implementation);
    else
        fputs(" |", f);
    char value[256];
    for (size_t k = 0; k < set->n; k++) {
        const bench_column *c = bench_column_find(r->columns, r->ncolumns, set->first[k]->key);
        markdown_cell(f, c ? bench_column_format(c, value, sizeof value) : "");
    }
    fputc('\n', f);
}

static void markdown_body(FILE *f, void *arg)
{
    const char *suite = arg;
    const bench_context *ctx = bench_context_get();
    size_t n;
    const bench_result *results = bench_results_all(&n);
    column_set set = columns_of(results, n, 1);
    fprintf(f, "# zucbench %s\n\n", suite);
    fprintf(f,
            "CPU: %s; timer: %s at %.3f GHz; ticks: %s; libzuc default path: %s; messages "
            "per many-message call: %u; a cell's contenders interleaved, the order reversed "
            "every repeat\n\n",
            ctx->cpu_model, bench_timer()->source, bench_timer()->counter_ghz,
            bench_timer()->unit_note, zuc_impl_name(), bench_in_flight());
    markdown_header(f, &set);
    for (size_t i = 0; i < n; i++)
        markdown_row(f, &results[i], &set);
    free(set.first);
}

int bench_write_markdown(const char *path, const char *suite)
{
    return bench_write_with(path, markdown_body, (void *)suite);
}
