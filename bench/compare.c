/* SPDX-License-Identifier: Apache-2.0 */
#include "compare.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "json.h"
#include "output.h"

int compare_direction(const char *unit)
{
    if (strcmp(unit, "Gbps") == 0 || strcmp(unit, "bits/cycle") == 0 || strcmp(unit, "mbps") == 0 ||
        strcmp(unit, "bits/ns") == 0)
        return 1;
    if (strncmp(unit, "ticks/", 6) == 0 || strncmp(unit, "us/", 3) == 0 ||
        strncmp(unit, "ns/", 3) == 0 || strcmp(unit, "ms") == 0)
        return -1;
    return 0;
}

/* The results array of a zucbench results file; NULL with a message. */
static const json *results_of(const json *doc, const char *path)
{
    const char *schema = json_str(doc, "schema");
    const json *results = json_get(doc, "results");
    if (!schema || strcmp(schema, BENCH_SCHEMA) != 0) {
        fprintf(stderr, "zucbench: compare: %s: not a zucbench results file (schema \"%s\", "
                        "expected \"%s\")\n", path, schema ? schema : "missing", BENCH_SCHEMA);
        return NULL;
    }
    if (!results || results->type != JSON_ARRAY) {
        fprintf(stderr, "zucbench: compare: %s: no \"results\" array\n", path);
        return NULL;
    }
    return results;
}

static const char *const key_fields[] = { "suite", "algorithm", "configuration", "backend",
                                          "implementation", "unit" };

static int same_measurement(const json *a, const json *b)
{
    for (size_t i = 0; i < sizeof key_fields / sizeof key_fields[0]; i++) {
        const char *x = json_str(a, key_fields[i]), *y = json_str(b, key_fields[i]);
        if (!x || !y || strcmp(x, y) != 0)
            return 0;
    }
    /* in_flight: files written before --lanes lack it (0 here) and match any */
    double fa = json_num(a, "in_flight", 0), fb = json_num(b, "in_flight", 0);
    return json_num(a, "size_bytes", -1) == json_num(b, "size_bytes", -1) &&
           json_num(a, "threads", 1) == json_num(b, "threads", 1) &&
           (fa == fb || fa == 0 || fb == 0);
}

static const json *find_row(const json *results, const json *row)
{
    for (size_t i = 0; i < results->count; i++)
        if (same_measurement(&results->items[i], row))
            return &results->items[i];
    return NULL;
}

static int is_document(const json *row)
{
    const char *backend = json_str(row, "backend");
    return backend && strcmp(backend, "document") == 0;
}

static void print_label(const json *row)
{
    char label[160];
    double threads = json_num(row, "threads", 1);
    snprintf(label, sizeof label, "%s %s %s %s-%s", json_str(row, "suite"),
             json_str(row, "algorithm"), json_str(row, "configuration"),
             json_str(row, "backend"), json_str(row, "implementation"));
    printf("%-56s %9.0f", label, json_num(row, "size_bytes", 0));
    if (threads > 1)
        printf(" x%-2.0f", threads);
    else
        printf("    ");
}

/* Prints one row; 1 if it is a regression beyond the threshold. */
static int compare_row(const json *old_row, const json *new_row, double threshold_pct)
{
    const char *unit = json_str(new_row, "unit");
    double before = json_num(old_row, "median", NAN), after = json_num(new_row, "median", NAN);
    double change = (after - before) / fabs(before) * 100;
    int direction = compare_direction(unit), regression = 0;
    const char *verdict = "";
    if (isfinite(change) && direction != 0 && fabs(change) > threshold_pct) {
        regression = change * direction < 0;
        verdict = regression ? "REGRESSION" : "better";
    }
    print_label(new_row);
    printf(" %-12s %11.4g %11.4g %+8.1f%%  %s\n", unit, before, after,
           isfinite(change) ? change : 0.0, verdict);
    return regression;
}

static void print_machines(const json *old_doc, const json *new_doc)
{
    const char *a = json_str(json_get(old_doc, "context"), "cpu_model");
    const char *b = json_str(json_get(new_doc, "context"), "cpu_model");
    printf("old: %s\nnew: %s\n", a ? a : "?", b ? b : "?");
    if (a && b && strcmp(a, b) != 0)
        printf("note: different CPUs; the changes say as much about the machines as the code\n");
}

int compare_results(const char *old_path, const char *new_path, double threshold_pct)
{
    json *old_doc = json_load_file(old_path), *new_doc = old_doc ? json_load_file(new_path) : NULL;
    const json *old_rows = old_doc ? results_of(old_doc, old_path) : NULL;
    const json *new_rows = new_doc ? results_of(new_doc, new_path) : NULL;
    if (!old_rows || !new_rows) {
        json_free(old_doc);
        json_free(new_doc);
        return -1;
    }
    print_machines(old_doc, new_doc);
    printf("%-56s %9s %4s %-12s %11s %11s %9s\n", "measurement", "bytes", "", "unit", "old",
           "new", "change");
    size_t regressions = 0, matched = 0, only_new = 0;
    for (size_t i = 0; i < new_rows->count; i++) {
        const json *row = &new_rows->items[i];
        if (is_document(row))
            continue;
        const json *before = find_row(old_rows, row);
        if (!before) {
            only_new++;
            continue;
        }
        matched++;
        regressions += (size_t)compare_row(before, row, threshold_pct);
    }
    printf("\n%zu measurements compared, %zu only in the new file; threshold %.1f%%: "
           "%zu regression%s\n", matched, only_new, threshold_pct, regressions,
           regressions == 1 ? "" : "s");
    json_free(old_doc);
    json_free(new_doc);
    return regressions ? 1 : 0;
}
