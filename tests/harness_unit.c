/* SPDX-License-Identifier: Apache-2.0 */
/* harness_unit.c — the evaluation harness's arithmetic: statistics of known
 * samples, the timer's calibration, compare's sense of "better" and its
 * significance test, the
 * JSON reader on good and bad input, and the results CSV with a suite's own
 * columns. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "compare.h"
#include "json.h"
#include "method.h"
#include "output.h"
#include "timer.h"
#include "support/testutil.h"

static int near(double a, double b)
{
    return fabs(a - b) <= 1e-9 * (fabs(a) + fabs(b) + 1);
}

static void check_stats(const char *what, double *v, size_t n, double median, double q1, double q3)
{
    bench_stats st = bench_stats_of(v, n);
    int ok = near(st.median, median) && near(st.q1, q1) && near(st.q3, q3) && st.n == n;
    if (!ok)
        printf("FAIL stats %s: median %g q1 %g q3 %g, want %g %g %g\n", what, st.median, st.q1,
               st.q3, median, q1, q3);
    check_count(ok);
}

/* Tukey's hinges: medians of the lower and upper halves, the median
 * excluded when n is odd. */
static void test_statistics(void)
{
    double one[] = { 7 };
    check_stats("n=1", one, 1, 7, 7, 7);
    double two[] = { 3, 1 };
    check_stats("n=2", two, 2, 2, 1, 3);
    double five[] = { 5, 1, 4, 2, 3 };
    check_stats("n=5", five, 5, 3, 1.5, 4.5);
    double six[] = { 6, 1, 5, 2, 4, 3 };
    check_stats("n=6", six, 6, 3.5, 2, 5);
    double odd21[21];
    for (int i = 0; i < 21; i++)
        odd21[i] = (double)((i * 8) % 21); /* 0..20 shuffled */
    check_stats("n=21", odd21, 21, 10, 4.5, 15.5);
    double same[] = { 2, 2, 2, 2 };
    check_stats("equal samples", same, 4, 2, 2, 2);
    double outlier[] = { 10, 11, 12, 13, 1000 };
    check_stats("an outlier moves the upper quartile only", outlier, 5, 12, 10.5, 506.5);
    bench_stats st = bench_stats_of(five, 5);
    check_count(st.min == 1 && st.max == 5);
    /* noisy: quartiles further apart than 20% of the median */
    bench_stats calm = { .median = 1.0, .q1 = 0.95, .q3 = 1.14 };
    bench_stats noisy = { .median = 1.0, .q1 = 0.95, .q3 = 1.16 };
    check_count(!bench_stats_noisy(&calm) && bench_stats_noisy(&noisy));
}

/* compare's significance test against published figures: scipy's
 * documented example (males vs females, asymptotic: p = 0.11134688653314041)
 * and two separated sets of five (U = 0: p = erfc(12 / sqrt(275 / 12) /
 * sqrt(2)) = 0.0121857803553448); equal sets are never significant. */
static void test_mann_whitney(void)
{
    const double males[] = { 19, 22, 16, 29, 24 }, females[] = { 20, 11, 17, 12 };
    double p = compare_mann_whitney_p(males, 5, females, 4);
    int ok = fabs(p - 0.11134688653314041) < 1e-12;
    if (!ok)
        printf("FAIL Mann-Whitney scipy example: p = %.17g\n", p);
    check_count(ok);
    const double low[] = { 1, 2, 3, 4, 5 }, high[] = { 6, 7, 8, 9, 10 };
    p = compare_mann_whitney_p(low, 5, high, 5);
    ok = fabs(p - 0.0121857803553448) < 1e-12 && p == compare_mann_whitney_p(high, 5, low, 5);
    if (!ok)
        printf("FAIL Mann-Whitney separated sets: p = %.17g\n", p);
    check_count(ok);
    const double same[] = { 3, 3, 3, 3, 3 };
    check_count(compare_mann_whitney_p(low, 5, low, 5) == 1 &&
                compare_mann_whitney_p(same, 5, same, 5) == 1);
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* The counter's calibrated frequency is sane (1 MHz .. 10 GHz: a generic
 * timer runs at a few MHz to 1 GHz, a TSC at a few GHz) and agrees with the
 * wall clock over a fresh 50 ms interval (within 5%: the calibration's own
 * accuracy plus scheduling). */
static void test_timer(void)
{
    const bench_timer_info *t = bench_timer();
    int sane = t->counter_ghz > 0.001 && t->counter_ghz < 10 && t->ticks_per_ns > 0;
    if (!sane)
        printf("FAIL timer: %s at %g GHz\n", t->source, t->counter_ghz);
    check_count(sane);
    double best = 1e9;
    for (int attempt = 0; attempt < 5 && best > 0.05; attempt++) {
        double w0 = now_ns();
        uint64_t c0 = bench_ticks();
        usleep(50000);
        uint64_t c1 = bench_ticks();
        double w1 = now_ns();
        double err = fabs(bench_counter_to_ns((double)(c1 - c0)) / (w1 - w0) - 1);
        best = err < best ? err : best;
    }
    if (best > 0.05)
        printf("FAIL timer: ticks disagree with CLOCK_MONOTONIC by %.1f%%\n", 100 * best);
    check_count(best <= 0.05);
    check_count(t->core_ghz == 0 || (t->core_ghz > 0.1 && t->core_ghz < 10));
    /* what the suites report: TSC ticks called cycles on x86-64, ns elsewhere */
    check_count(strcmp(t->unit, BENCH_HAVE_TSC ? "cycles" : "ns") == 0);
    check_count(BENCH_HAVE_TSC || t->ticks_per_ns == 1);
    check_count(near(bench_ticks_to_ns(bench_counter_to_ticks(1e6)), bench_counter_to_ns(1e6)));
}

/* --cpu-mhz: cycles = ns * MHz / 1000, and the reported unit follows. */
static void test_cpu_mhz(void)
{
    check_count(near(bench_ns_to_cycles(1000, 667), 667));
    check_count(near(bench_ns_to_cycles(2.5, 1200), 3));
    check_count(near(bench_ns_to_cycles(0, 1500), 0));
    check_count(bench_timer_set_cpu_mhz(0) != 0);
    check_count(bench_timer_set_cpu_mhz(-5) != 0);
    check_count(bench_timer_set_cpu_mhz(NAN) != 0);
    check_count(bench_timer_set_cpu_mhz(200000) != 0);
    double ns = bench_counter_to_ns(1e6);
    check_count(bench_timer_set_cpu_mhz(1200) == 0);
    const bench_timer_info *t = bench_timer();
    int ok = strcmp(t->unit, "cycles") == 0 && t->cpu_mhz == 1200 && near(t->ticks_per_ns, 1.2) &&
             near(bench_counter_to_ticks(1e6), bench_ns_to_cycles(ns, 1200)) &&
             near(bench_ticks_to_ns(bench_counter_to_ticks(1e6)), ns);
    if (!ok)
        printf("FAIL --cpu-mhz 1200: unit %s, %g units per ns\n", t->unit, t->ticks_per_ns);
    check_count(ok);
}

static void test_compare_direction(void)
{
    check_count(compare_direction("ticks/byte") < 0);
    check_count(compare_direction("ticks/setup") < 0);
    check_count(compare_direction("us/mac") < 0);
    check_count(compare_direction("Gbps") > 0);
    check_count(compare_direction("bits/cycle") > 0);
    check_count(compare_direction("ratio") == 0);
}

/* Parses text written to a temporary file; the tree or NULL. */
static json *parse_text(const char *text)
{
    char path[] = "/tmp/zucbench-json-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)) {
        perror("mkstemp");
        exit(1);
    }
    close(fd);
    json *j = json_load_file(path);
    unlink(path);
    return j;
}

static void expect_rejected(const char *what, const char *text)
{
    json *j = parse_text(text);
    if (j)
        printf("FAIL json: accepted %s\n", what);
    check_count(j == NULL);
    json_free(j);
}

static void test_json(void)
{
    json *j = parse_text(" {\"a\": [1, 2.5e3, \"x\\ny\"], \"b\": {\"c\": true}, \"d\": null} ");
    check_count(j && json_get(j, "a")->count == 3 && json_get(j, "a")->items[1].number == 2500 &&
                strcmp(json_get(j, "a")->items[2].string, "x\ny") == 0 &&
                json_num(json_get(j, "b"), "c", 0) == 1 && json_get(j, "d")->type == JSON_NULL);
    json_free(j);
    expect_rejected("an empty file", "");
    expect_rejected("a truncated object", "{\"a\": [1, 2");
    expect_rejected("text after the document", "{} x");
    expect_rejected("a missing colon", "{\"a\" 1}");
    expect_rejected("an unterminated string", "[\"abc");
    char deep[300];
    memset(deep, '[', 200);
    memset(deep + 200, ']', 99);
    deep[299] = 0;
    expect_rejected("nesting 200 deep", deep);
    check_count(json_load_file("/nonexistent/zucbench.json") == NULL);
}

/* The CSV of two results, one with a suite's own columns: every column any
 * result has, empty where one lacks it, a cell with a comma or a quote
 * quoted, and the columns copied when the result is added. */
static void test_results_csv(void)
{
    bench_stats st = { .median = 2, .q1 = 1, .q3 = 3, .n = 1 };
    bench_column cols[] = { bench_column_text("note", "note", "a, \"b\""),
                            bench_column_real("x", NULL, 2, 1.5),
                            bench_column_flag("ok", NULL, 1) };
    bench_result plain = { .suite = "t",
                           .algorithm = "alg",
                           .configuration = "cfg",
                           .backend = "be",
                           .implementation = "impl",
                           .size_bytes = 10,
                           .repeats = 1,
                           .unit = "ms",
                           .stats = st,
                           .threads = 1,
                           .in_flight = 1 };
    bench_result extra = plain;
    extra.columns = cols;
    extra.ncolumns = 3;
    bench_results_add(&plain);
    bench_results_add(&extra);
    cols[1].real = 9; /* the results keep their own copy */
    char path[] = "/tmp/harness_unit_csv_XXXXXX";
    int fd = mkstemp(path);
    if (fd >= 0)
        close(fd);
    char text[1024] = "";
    FILE *f = fd >= 0 && bench_write_csv(path) == 0 ? fopen(path, "r") : NULL;
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    text[n] = '\0';
    if (f)
        fclose(f);
    unlink(path);
    const char *want =
        "suite,algorithm,configuration,backend,implementation,size_bytes,repeats,"
        "unit,median,q1,q3,mbps,in_flight,messages,messages_per_call,ratio_to,ratio,ratio_q1,"
        "ratio_q3,note,x,ok\n"
        "t,alg,cfg,be,impl,10,1,ms,2.0000,1.0000,3.0000,,1,,,,,,,,,\n"
        "t,alg,cfg,be,impl,10,1,ms,2.0000,1.0000,3.0000,,1,,,,,,,\"a, \"\"b\"\"\",1.50,true\n";
    if (strcmp(text, want) != 0)
        printf("FAIL results CSV:\n%s\nwant:\n%s\n", text, want);
    check_count(strcmp(text, want) == 0);
}

int main(void)
{
    test_statistics();
    test_mann_whitney();
    test_timer();
    test_cpu_mhz(); /* after test_timer: it changes the reported unit */
    test_compare_direction();
    test_json();
    test_results_csv();
    return check_report("harness_unit");
}
