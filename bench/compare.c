/* SPDX-License-Identifier: Apache-2.0 */
#include "compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
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
        fprintf(stderr,
                "zucbench: compare: %s: not a zucbench results file (schema \"%s\", "
                "expected \"%s\")\n",
                path, schema ? schema : "missing", BENCH_SCHEMA);
        return NULL;
    }
    if (!results || results->type != JSON_ARRAY) {
        fprintf(stderr, "zucbench: compare: %s: no \"results\" array\n", path);
        return NULL;
    }
    return results;
}

static const char *const key_fields[] = { "suite",   "algorithm",      "configuration",
                                          "backend", "implementation", "unit" };

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
             json_str(row, "algorithm"), json_str(row, "configuration"), json_str(row, "backend"),
             json_str(row, "implementation"));
    printf("%-56s %9.0f", label, json_num(row, "size_bytes", 0));
    if (threads > 1)
        printf(" x%-2.0f", threads);
    else
        printf("    ");
}

/* ---- significance: the Mann-Whitney U test over the repeats -------------- */

/* Fewer repeats than this on either side: no test, the threshold alone. */
#define MIN_SAMPLES 5

typedef struct {
    double value;
    int first; /* from the first sample set */
} ranked;

static int by_value(const void *a, const void *b)
{
    double x = ((const ranked *)a)->value, y = ((const ranked *)b)->value;
    return (x > y) - (x < y);
}

double compare_mann_whitney_p(const double *a, size_t na, const double *b, size_t nb)
{
    size_t n = na + nb;
    ranked *all = malloc(n * sizeof *all);
    if (!all || na == 0 || nb == 0) {
        free(all);
        return 1;
    }
    for (size_t i = 0; i < n; i++)
        all[i] = (ranked){ i < na ? a[i] : b[i - na], i < na };
    qsort(all, n, sizeof *all, by_value);
    double rank_sum = 0, ties = 0; /* ranks of the first set; sum of t^3 - t */
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && all[j].value == all[i].value)
            j++;
        double t = (double)(j - i), mid_rank = (double)(i + j + 1) / 2; /* 1-based average */
        for (size_t k = i; k < j; k++)
            if (all[k].first)
                rank_sum += mid_rank;
        ties += t * t * t - t;
        i = j;
    }
    free(all);
    double u = rank_sum - (double)na * (na + 1) / 2, mean = (double)na * nb / 2;
    double var = (double)na * nb / 12 * ((n + 1) - ties / ((double)n * (n - 1)));
    if (var <= 0)
        return 1;                                  /* every value equal */
    double z = (fabs(u - mean) - 0.5) / sqrt(var); /* with continuity correction */
    return z <= 0 ? 1 : erfc(z / sqrt(2));         /* two-sided, normal approximation */
}

/* The repeats of a row ("samples"), or 0 if it has fewer than MIN_SAMPLES
 * (files from before they were written, documents). */
static size_t samples_of(const json *row, double *out, size_t cap)
{
    const json *s = json_get(row, "samples");
    if (!s || s->type != JSON_ARRAY || s->count < MIN_SAMPLES)
        return 0;
    size_t n = 0;
    for (size_t i = 0; i < s->count && n < cap; i++)
        if (s->items[i].type == JSON_NUMBER)
            out[n++] = s->items[i].number;
    return n == s->count ? n : 0;
}

#define MAX_SAMPLES 4096

/* Prints one row; 1 if it is a regression: a change beyond the threshold
 * that is significant at `alpha` where both rows have their repeats. */
static int compare_row(const json *old_row, const json *new_row, double threshold_pct, double alpha)
{
    static double a[MAX_SAMPLES], b[MAX_SAMPLES];
    const char *unit = json_str(new_row, "unit");
    double before = json_num(old_row, "median", NAN), after = json_num(new_row, "median", NAN);
    double change = (after - before) / fabs(before) * 100;
    size_t na = samples_of(old_row, a, MAX_SAMPLES), nb = samples_of(new_row, b, MAX_SAMPLES);
    double p = na && nb ? compare_mann_whitney_p(a, na, b, nb) : NAN;
    int direction = compare_direction(unit), regression = 0;
    const char *verdict = "";
    if (!isnan(p) && p >= alpha)
        verdict = "no significant change";
    else if (isfinite(change) && direction != 0 && fabs(change) > threshold_pct) {
        regression = change * direction < 0;
        verdict = regression ? "REGRESSION" : "better";
    } else if (!isnan(p))
        verdict = "within threshold";
    print_label(new_row);
    printf(" %-12s %11.4g %11.4g %+8.1f%%", unit, before, after, isfinite(change) ? change : 0.0);
    if (isnan(p))
        printf(" %8s  %s\n", "-", verdict);
    else
        printf(" %8.2g  %s\n", p, verdict);
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

int compare_results(const char *old_path, const char *new_path, double threshold_pct, double alpha)
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
    printf("%-56s %9s %4s %-12s %11s %11s %9s %8s\n", "measurement", "bytes", "", "unit", "old",
           "new", "change", "p");
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
        regressions += (size_t)compare_row(before, row, threshold_pct, alpha);
    }
    printf("\n%zu measurements compared, %zu only in the new file; threshold %.1f%%, "
           "significance %g (Mann-Whitney U over the repeats; p: - where a file has none): "
           "%zu regression%s\n",
           matched, only_new, threshold_pct, alpha, regressions, regressions == 1 ? "" : "s");
    json_free(old_doc);
    json_free(new_doc);
    return regressions ? 1 : 0;
}
