/* SPDX-License-Identifier: Apache-2.0 */
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "context.h"
#include "outfile.h"
#include "parallel.h"
#include "registry.h"
#include "timer.h"
#include "zuc.h"

static int is_document(const bench_result *r)
{
    return strcmp(r->backend, "document") == 0;
}

static bench_result *results;
static size_t n_results, cap_results;

void bench_results_add(const bench_result *r)
{
    if (n_results == cap_results) {
        cap_results = cap_results ? 2 * cap_results : 64;
        results = realloc(results, cap_results * sizeof *results);
        if (!results) {
            perror("zucbench");
            exit(1);
        }
    }
    bench_result *kept = &results[n_results++];
    *kept = *r;
    kept->stats.samples = NULL; /* the caller's: a copy is kept */
    if (r->stats.samples && r->stats.n) {
        kept->stats.samples = malloc(r->stats.n * sizeof *kept->stats.samples);
        if (!kept->stats.samples) {
            perror("zucbench");
            exit(1);
        }
        memcpy(kept->stats.samples, r->stats.samples, r->stats.n * sizeof *r->stats.samples);
    }
}

size_t bench_results_warn_noisy(FILE *f)
{
    size_t noisy = 0, cells = 0;
    const bench_result *first = NULL;
    for (size_t i = 0; i < n_results; i++) {
        if (is_document(&results[i]))
            continue;
        cells++;
        if (bench_stats_noisy(&results[i].stats) && noisy++ == 0)
            first = &results[i];
    }
    if (noisy)
        fprintf(f,
                "warning: %zu of %zu cells are noisy (q1..q3 wider than %.0f%% of the median; "
                "first: %s %s-%s, %zu bytes, %.3g..%.3g): the machine was busy or the clock "
                "moved; rerun on a quiet machine, or with more --repeats or --seconds\n",
                noisy, cells, 100 * BENCH_NOISY_SPREAD, first->algorithm, first->backend,
                first->implementation, first->size_bytes, first->stats.q1, first->stats.q3);
    return noisy;
}

void bench_results_add_document(const char *suite, const char *algorithm, const char *configuration,
                                const char *machine, size_t size_bytes, const char *unit,
                                double value)
{
    bench_stats st = {
        .median = value, .q1 = value, .q3 = value, .min = value, .max = value, .n = 1
    };
    bench_result r = { suite,      algorithm, configuration, "document", machine,
                       size_bytes, 0,         unit,          st,         1,
                       1,          NULL };
    bench_results_add(&r);
}

size_t bench_results_count(void)
{
    return n_results;
}

/* ---- result files (common/outfile.c: complete or absent, never a link followed) ---- */

static int out_failed(const char *path)
{
    fprintf(stderr, "zucbench: cannot write '%s': %s\n", path, strerror(errno));
    return -1;
}

int bench_output_writable(const char *path)
{
    return outfile_check(path);
}

typedef struct {
    void (*body)(FILE *f, void *arg);
    void *arg;
} stream_body;

static int fill_stream(outfile *o, void *arg)
{
    const stream_body *b = arg;
    FILE *f = outfile_stream(o);
    if (!f)
        return -1;
    b->body(f, b->arg);
    return 0; /* a failed write shows when the stream is flushed, in the commit */
}

int bench_write_with(const char *path, void (*body)(FILE *f, void *arg), void *arg)
{
    stream_body b = { body, arg };
    return outfile_save(path, fill_stream, &b) == 0 ? 0 : out_failed(path);
}

/* ---- JSON ---------------------------------------------------------------- */

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void json_field_str(FILE *f, const char *indent, const char *key, const char *value,
                           int last)
{
    fprintf(f, "%s\"%s\": ", indent, key);
    json_string(f, value);
    fprintf(f, "%s\n", last ? "" : ",");
}

static void json_context(FILE *f, const char *suite)
{
    const bench_context *ctx = bench_context_get();
    const bench_timer_info *t = bench_timer();
    char date[64];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    fprintf(f, "  \"context\": {\n");
    json_field_str(f, "    ", "suite", suite, 0);
    json_field_str(f, "    ", "date", date, 0);
    json_field_str(f, "    ", "cpu_model", ctx->cpu_model, 0);
    fprintf(f, "    \"cores\": %d,\n", ctx->cores);
    json_field_str(f, "    ", "cpu_flags", ctx->cpu_flags, 0);
    json_field_str(f, "    ", "os", ctx->os, 0);
    json_field_str(f, "    ", "compiler", ctx->compiler, 0);
    json_field_str(f, "    ", "compiler_flags", ctx->compiler_flags, 0);
    json_field_str(f, "    ", "timer", t->source, 0);
    json_field_str(f, "    ", "tick_unit", t->unit, 0);
    json_field_str(f, "    ", "tick_unit_note", t->unit_note, 0);
    fprintf(f, "    \"tick_ghz\": %.6f,\n", t->ticks_per_ns);
    fprintf(f, "    \"counter_ghz\": %.6f,\n", t->counter_ghz);
    fprintf(f, "    \"cpu_mhz\": %.3f,\n", t->cpu_mhz);
    fprintf(f, "    \"core_ghz_estimate\": %.3f,\n", t->core_ghz);
    json_field_str(f, "    ", "libzuc_default_impl", zuc_impl_name(), 0);
    fprintf(f, "    \"pinned_cpu\": %d,\n", bench_pinned_cpu());
    fprintf(f, "    \"in_flight\": %u,\n", bench_in_flight());
    size_t nfields;
    const bench_context_field *fields = bench_context_fields(&nfields);
    for (size_t i = 0; i < nfields; i++) /* the backends' own: ipsec-mb's version, ... */
        json_field_str(f, "    ", fields[i].key, fields[i].value(), 0);
    json_field_str(f, "    ", "library", ctx->library_path, 1);
    fprintf(f, "  },\n");
}

static int per_byte(const bench_result *r)
{
    return strcmp(r->unit, "ticks/byte") == 0;
}

static void json_result(FILE *f, const bench_result *r, int last)
{
    double ghz = bench_timer()->ticks_per_ns, m = r->stats.median;
    fprintf(f, "    {\"suite\": ");
    json_string(f, r->suite);
    fprintf(f, ", \"algorithm\": ");
    json_string(f, r->algorithm);
    fprintf(f, ", \"configuration\": ");
    json_string(f, r->configuration);
    fprintf(f, ", \"backend\": ");
    json_string(f, r->backend);
    fprintf(f, ", \"implementation\": ");
    json_string(f, r->implementation);
    fprintf(f,
            ", \"size_bytes\": %zu, \"repeats\": %u, \"threads\": %u, \"in_flight\": %u, "
            "\"unit\": ",
            r->size_bytes, r->repeats, r->threads ? r->threads : 1,
            r->in_flight ? r->in_flight : 1);
    json_string(f, r->unit);
    fprintf(f, ", \"median\": %.4f, \"q1\": %.4f, \"q3\": %.4f", m, r->stats.q1, r->stats.q3);
    if (r->stats.samples) { /* every repeat, sorted: compare tests significance on them */
        fprintf(f, ", \"samples\": [");
        for (size_t i = 0; i < r->stats.n; i++)
            fprintf(f, "%s%.6g", i ? ", " : "", r->stats.samples[i]);
        fprintf(f, "]");
    }
    if (r->extra_json)
        fprintf(f, ", %s", r->extra_json);
    if (is_document(r)) { /* another machine: our clock says nothing about it */
        fprintf(f, "}%s\n", last ? "" : ",");
        return;
    }
    if (strncmp(r->unit, "ticks/", 6) == 0)
        fprintf(f, ", \"median_ns\": %.5f", m / ghz);
    if (per_byte(r))
        fprintf(f, ", \"mbps\": %.2f", m > 0 ? 8 * ghz * 1000 / m : 0);
    if (per_byte(r) && r->size_bytes)
        fprintf(f, ", \"median_ticks_per_message\": %.1f, \"median_us_per_message\": %.4f",
                m * r->size_bytes, m * r->size_bytes / ghz / 1000);
    fprintf(f, "}%s\n", last ? "" : ",");
}

static void json_body(FILE *f, void *arg)
{
    const char *suite = arg;
    fprintf(f, "{\n  \"schema\": \"%s\",\n", BENCH_SCHEMA);
    json_context(f, suite);
    fprintf(f, "  \"results\": [\n");
    for (size_t i = 0; i < n_results; i++)
        json_result(f, &results[i], i + 1 == n_results);
    fprintf(f, "  ]\n}\n");
}

int bench_write_json(const char *path, const char *suite)
{
    return bench_write_with(path, json_body, (void *)suite);
}

/* ---- CSV and Markdown ----------------------------------------------------- */

static void csv_body(FILE *f, void *unused)
{
    (void)unused;
    double ghz = bench_timer()->ticks_per_ns;
    fprintf(f, "suite,algorithm,configuration,backend,implementation,size_bytes,repeats,"
               "unit,median,q1,q3,mbps,in_flight\n");
    for (size_t i = 0; i < n_results; i++) {
        const bench_result *r = &results[i];
        double m = r->stats.median;
        fprintf(f, "%s,%s,%s,%s,%s,%zu,%u,%s,%.4f,%.4f,%.4f,", r->suite, r->algorithm,
                r->configuration, r->backend, r->implementation, r->size_bytes, r->repeats, r->unit,
                m, r->stats.q1, r->stats.q3);
        if (per_byte(r) && !is_document(r) && m > 0)
            fprintf(f, "%.2f", 8 * ghz * 1000 / m);
        fprintf(f, ",%u\n", r->in_flight ? r->in_flight : 1);
    }
}

int bench_write_csv(const char *path)
{
    return bench_write_with(path, csv_body, NULL);
}

static void markdown_body(FILE *f, void *arg)
{
    const char *suite = arg;
    const bench_context *ctx = bench_context_get();
    fprintf(f, "# zucbench %s\n\n", suite);
    fprintf(f,
            "CPU: %s; timer: %s at %.3f GHz; ticks: %s; libzuc default path: %s; messages "
            "per many-message call: %u\n\n",
            ctx->cpu_model, bench_timer()->source, bench_timer()->counter_ghz,
            bench_timer()->unit_note, zuc_impl_name(), bench_in_flight());
    fprintf(f, "| algorithm | configuration | backend | implementation | bytes | unit | "
               "median | q1 | q3 |\n|---|---|---|---|---:|---|---:|---:|---:|\n");
    for (size_t i = 0; i < n_results; i++) {
        const bench_result *r = &results[i];
        fprintf(f, "| %s | %s | %s | %s | %zu | %s | %.2f | %.2f | %.2f |\n", r->algorithm,
                r->configuration, r->backend, r->implementation, r->size_bytes, r->unit,
                r->stats.median, r->stats.q1, r->stats.q3);
    }
}

int bench_write_markdown(const char *path, const char *suite)
{
    return bench_write_with(path, markdown_body, (void *)suite);
}
