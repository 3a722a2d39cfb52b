/* SPDX-License-Identifier: Apache-2.0 */
/* output_json.c — the results as JSON: the schema, the context of the run
 * and every result, with the figures derived from its median. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "context.h"
#include "output.h"
#include "parallel.h"
#include "registry.h"
#include "timer.h"
#include "zuc.h"

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

static void json_numbers(FILE *f, const double *v, size_t n)
{
    fputc('[', f);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s%.6g", i ? ", " : "", v[i]);
    fputc(']', f);
}

static void json_field_str(FILE *f, const char *indent, const char *key, const char *value,
                           int last)
{
    fprintf(f, "%s\"%s\": ", indent, key);
    json_string(f, value);
    fprintf(f, "%s\n", last ? "" : ",");
}

/* "libraries": every peer library's name and version as `zucbench list`
 * gives them ("OpenSSL 3.0.19 27 Jan 2026; libsodium 1.0.18; ..."), once each,
 * so that a report names the versions behind its figures. */
static void json_libraries(FILE *f)
{
    static const char prefix[] = "library: ";
    char all[1024] = "";
    size_t n, used = 0;
    const bench_entry *entries = bench_registry(&n);
    for (size_t i = 0; i < n; i++) {
        const char *source = entries[i].source;
        if (!source || strncmp(source, prefix, sizeof prefix - 1) != 0)
            continue;
        source += sizeof prefix - 1;
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(source, "("), source);
        size_t len = strlen(name);
        while (len && name[len - 1] == ' ')
            name[--len] = 0;
        if (!len || strstr(all, name))
            continue;
        used += (size_t)snprintf(all + used, sizeof all - used, "%s%s", used ? "; " : "", name);
        if (used >= sizeof all)
            break;
    }
    json_field_str(f, "    ", "libraries", all, 0);
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
    if (ctx->cpu_family >= 0 && ctx->cpu_model_number >= 0)
        fprintf(f, "    \"cpu_family\": %d,\n    \"cpu_model_number\": %d,\n", ctx->cpu_family,
                ctx->cpu_model_number);
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
    json_field_str(f, "    ", "libzuc_version", zuc_version(), 0);
    json_field_str(f, "    ", "libzuc_default_impl", zuc_impl_name(), 0);
    fprintf(f, "    \"pinned_cpu\": %d,\n", bench_pinned_cpu());
    fprintf(f, "    \"in_flight\": %u,\n", bench_in_flight());
    fprintf(f, "    \"messages_per_call\": %u,\n", bench_in_flight());
    json_field_str(f, "    ", "interleaving", "alternating", 0);
    size_t nfields;
    const bench_context_field *fields = bench_context_fields(&nfields);
    for (size_t i = 0; i < nfields; i++) /* the backends' own: ipsec-mb's version, ... */
        json_field_str(f, "    ", fields[i].key, fields[i].value(), 0);
    json_libraries(f);
    json_field_str(f, "    ", "library", ctx->library_path, 1);
    fprintf(f, "  },\n");
}

static int per_byte(const bench_result *r)
{
    return strcmp(r->unit, "ticks/byte") == 0;
}

/* The suite's own columns as members: strings quoted, numbers that are not
 * finite as null. */
static void json_columns(FILE *f, const bench_result *r)
{
    char value[64];
    for (size_t i = 0; i < r->ncolumns; i++) {
        const bench_column *c = &r->columns[i];
        fprintf(f, ", ");
        json_string(f, c->key);
        fprintf(f, ": ");
        if (c->kind == BENCH_COLUMN_TEXT)
            json_string(f, c->text);
        else
            fputs(*bench_column_format(c, value, sizeof value) ? value : "null", f);
    }
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
    if (r->stats.samples) { /* every repeat, in order: compare tests significance on them */
        fprintf(f, ", \"samples\": ");
        json_numbers(f, r->stats.samples, r->stats.n);
    }
    if (r->messages)
        fprintf(f, ", \"messages\": %zu, \"messages_per_call\": %u", r->messages,
                r->per_call ? r->per_call : 1);
    if (r->ratio.n) { /* the per-repeat ratios to the baseline, in repeat order */
        fprintf(f, ", \"ratio_to\": ");
        char label[160];
        snprintf(label, sizeof label, "%s-%s", r->ratio_backend, r->ratio_implementation);
        json_string(f, label);
        fprintf(f, ", \"ratio\": %.6g, \"ratio_q1\": %.6g, \"ratio_q3\": %.6g", r->ratio.median,
                r->ratio.q1, r->ratio.q3);
        if (r->ratio.samples) {
            fprintf(f, ", \"ratio_samples\": ");
            json_numbers(f, r->ratio.samples, r->ratio.n);
        }
    }
    json_columns(f, r);
    if (bench_result_is_document(r)) { /* another machine: our clock says nothing about it */
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
    size_t n_results;
    const bench_result *results = bench_results_all(&n_results);
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
