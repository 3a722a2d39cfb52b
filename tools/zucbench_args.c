/* SPDX-License-Identifier: Apache-2.0 */
#include "zucbench_args.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"
#include "output.h"
#include "parallel.h"
#include "registry.h"
#include "timer.h"
#include "zuc.h"

#define REPEATS_MAX 10001

int zucbench_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "zucbench: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (see zucbench --help)\n");
    va_end(ap);
    return 2;
}

int zucbench_parse_size(const char *text, size_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || end == text || *end || v == 0 || v > (1ull << 30) || text[0] == '-')
        return -1;
    *out = (size_t)v;
    return 0;
}

const char *zucbench_path_value(int argc, char **argv, int i)
{
    return i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0 ? argv[i + 1] : NULL;
}

/* ---- the results files ------------------------------------------------------------- */

/* Checks the value of --json/--csv/--markdown before the run. "-" is
 * standard output (the tables then go to stderr), for one of them only. */
static int check_output_path(const char *option, const char *path, const output_paths *out)
{
    if (!path)
        return zucbench_fail("%s needs a file name (- for standard output)", option), -1;
    if (!*path)
        return zucbench_fail("%s: empty file name", option), -1;
    int is_stdout = strcmp(path, "-") == 0;
    const char *taken[] = { out->json, out->csv, out->markdown };
    for (size_t k = 0; is_stdout && k < 3; k++)
        if (taken[k] && strcmp(taken[k], "-") == 0)
            return zucbench_fail("%s: only one output can be standard output (-)", option), -1;
    if (bench_output_writable(path) != 0 || (is_stdout && outfile_reserve_stdout() != 0))
        return zucbench_fail("%s: cannot write '%s': %s", option, path, strerror(errno)), -1;
    return 0;
}

static int read_output(suite_args *a, const char *option, const char *path)
{
    const char **slot = strcmp(option, "--json") == 0  ? &a->out.json
                        : strcmp(option, "--csv") == 0 ? &a->out.csv
                                                       : &a->out.markdown;
    if (check_output_path(option, path, &a->out) != 0)
        return -1;
    *slot = path;
    return 0;
}

static int write_outputs(const output_paths *out, const char *suite)
{
    int rc = 0;
    if (out->json)
        rc |= bench_write_json(out->json, suite);
    if (out->csv)
        rc |= bench_write_csv(out->csv);
    if (out->markdown)
        rc |= bench_write_markdown(out->markdown, suite);
    return rc ? 2 : 0;
}

int suite_args_finish(int rc, const suite_args *a)
{
    if (rc != 2)
        bench_results_warn_noisy(stderr);
    int wrc = rc == 2 ? 0 : write_outputs(&a->out, a->run->suite);
    return rc ? rc : wrc;
}

/* ---- the options with a value: 0, or -1 with a message --------------------------- */

static int read_repeats(suite_args *a, const char *option, const char *v)
{
    size_t r;
    unsigned most = a->repeats_max ? a->repeats_max : REPEATS_MAX;
    (void)option;
    if (!v || zucbench_parse_size(v, &r) != 0 || r > most || (r % 2 == 0 && !a->repeats_any_parity))
        return zucbench_fail("--repeats: expected %s number 1..%u, got '%s'",
                             a->repeats_any_parity ? "a" : "an odd", most, v ? v : ""),
               -1;
    a->run->repeats = (unsigned)r;
    a->repeats_given = 1;
    return 0;
}

static int read_repeat_bound(suite_args *a, const char *option, const char *v)
{
    size_t r;
    if (!v || zucbench_parse_size(v, &r) != 0 || r > REPEATS_MAX)
        return zucbench_fail("%s: expected a number of repeats 1..%d, got '%s'", option,
                             REPEATS_MAX, v ? v : ""),
               -1;
    *(strcmp(option, "--min-repeats") == 0 ? &a->min_repeats : &a->max_repeats) = (unsigned)r;
    return 0;
}

/* v as a whole decimal number into *out; -1 when v is absent or not one. */
static int parse_number(const char *v, double *out)
{
    char *end;
    if (!v)
        return -1;
    *out = strtod(v, &end);
    return end == v || *end ? -1 : 0;
}

static int read_seconds(suite_args *a, const char *option, const char *v)
{
    double sec = 0;
    (void)option;
    if (parse_number(v, &sec) != 0 || !(sec > 0 && sec <= 3600))
        return zucbench_fail("--seconds: expected a time in seconds, 0 < S <= 3600, got '%s'",
                             v ? v : ""),
               -1;
    a->run->seconds = sec;
    return 0;
}

static int read_warmup(suite_args *a, const char *option, const char *v)
{
    size_t w = 0;
    (void)a;
    (void)option;
    if (!v || (strcmp(v, "0") != 0 && zucbench_parse_size(v, &w) != 0) || w > 1000)
        return zucbench_fail("--warmup: expected 0..1000 untimed calls, got '%s'", v ? v : ""), -1;
    bench_set_warmup((unsigned)w);
    return 0;
}

static int read_counter(suite_args *a, const char *option, const char *v)
{
    (void)option;
    if (!v || (strcmp(v, "auto") != 0 && strcmp(v, "tsc") != 0 && strcmp(v, "cycles") != 0))
        return zucbench_fail("--counter: expected auto, tsc or cycles, got '%s'", v ? v : ""), -1;
    const char *problem = strcmp(v, "cycles") == 0 ? bench_timer_counter_problem() : NULL;
    if (problem)
        return zucbench_fail("--counter cycles: core cycles cannot be counted here: %s", problem),
               -1;
    bench_timer_set_counter(v[0] == 'a'   ? BENCH_COUNTER_AUTO
                            : v[0] == 't' ? BENCH_COUNTER_TSC
                                          : BENCH_COUNTER_CYCLES);
    a->counter_given = v[0] != 'a';
    return 0;
}

static int read_cpu(suite_args *a, const char *option, const char *v)
{
    char *end;
    long cpu = v ? strtol(v, &end, 10) : -1;
    (void)a;
    (void)option;
    if (!v || end == v || *end || cpu < 0 || cpu > 65535)
        return zucbench_fail("--cpu: expected a CPU number, got '%s'", v ? v : ""), -1;
    if (bench_pin_run((int)cpu) != 0)
        return zucbench_fail("--cpu: CPU %s is not one this process may run on (see `taskset -p "
                             "$$`)",
                             v),
               -1;
    return 0;
}

static int read_cpu_mhz(suite_args *a, const char *option, const char *v)
{
    double mhz = 0;
    (void)a;
    (void)option;
    if (parse_number(v, &mhz) != 0 || bench_timer_set_cpu_mhz(mhz) != 0)
        return zucbench_fail("--cpu-mhz: expected the core clock in MHz, 0 < MHZ <= 100000, got "
                             "'%s'",
                             v ? v : ""),
               -1;
    return 0;
}

static int read_lanes(suite_args *a, const char *option, const char *v)
{
    size_t k;
    (void)a;
    (void)option;
    if (!v || zucbench_parse_size(v, &k) != 0 || k > BENCH_IN_FLIGHT_MAX)
        return zucbench_fail("--lanes/--jobs: expected 1..64 messages in flight, got '%s'",
                             v ? v : ""),
               -1;
    bench_set_in_flight((unsigned)k);
    return 0;
}

static int read_impl(suite_args *a, const char *option, const char *v)
{
    (void)option;
    if (!v || !zuc_impl_usable(v))
        return zucbench_fail("--impl: '%s' is not a libzuc path usable here (see zucbench list)",
                             v ? v : ""),
               -1;
    a->run->impl = v;
    return 0;
}

static int read_unit(suite_args *a, const char *option, const char *v)
{
    (void)option;
    if (suite_unit_parse(v, &a->run->unit) != 0)
        return zucbench_fail("--unit: expected ticks, mbs (MB/s) or gbps, got '%s'", v ? v : ""),
               -1;
    return 0;
}

/* A name of a contender (its "backend-variant", variant or backend) that
 * some entry of this build answers to. */
static int read_baseline(suite_args *a, const char *option, const char *v)
{
    size_t n;
    const bench_entry *all = bench_registry(&n);
    (void)option;
    for (size_t i = 0; v && i < n; i++) {
        char label[96];
        snprintf(label, sizeof label, "%s-%s", all[i].backend, all[i].variant);
        if (bench_name_matches(v, label) || bench_name_matches(v, all[i].variant) ||
            bench_name_matches(v, all[i].backend)) {
            a->run->baseline = v;
            return 0;
        }
    }
    return zucbench_fail("--baseline: '%s' names no contender (see zucbench list: "
                         "backend-implementation, implementation or backend)",
                         v ? v : ""),
           -1;
}

typedef int (*option_reader)(suite_args *a, const char *option, const char *value);

static const struct {
    const char *name, *alias;
    option_reader read;
    int is_path; /* its value may not start with "--" (then it was left out) */
} common_options[] = {
    { "--json", NULL, read_output, 1 },
    { "--csv", NULL, read_output, 1 },
    { "--markdown", NULL, read_output, 1 },
    { "--repeats", NULL, read_repeats, 0 },
    { "--min-repeats", NULL, read_repeat_bound, 0 },
    { "--max-repeats", NULL, read_repeat_bound, 0 },
    { "--seconds", "-seconds", read_seconds, 0 },
    { "--warmup", NULL, read_warmup, 0 },
    { "--counter", NULL, read_counter, 0 },
    { "--cpu", NULL, read_cpu, 0 },
    { "--cpu-mhz", NULL, read_cpu_mhz, 0 },
    { "--lanes", "--jobs", read_lanes, 0 },
    { "--impl", NULL, read_impl, 0 },
    { "--unit", NULL, read_unit, 0 },
    { "--baseline", NULL, read_baseline, 0 },
};

/* ---- the arguments ------------------------------------------------------------------ */

static int known_algorithm(const char *name)
{
    size_t n;
    const bench_entry *all = bench_registry(&n);
    if (bench_name_matches(name, "all"))
        return 1;
    for (size_t i = 0; i < n; i++)
        if (bench_name_matches(name, all[i].algorithm))
            return 1;
    return 0;
}

static int take_algorithm(suite_args *a, const char *name)
{
    if (!known_algorithm(name))
        return zucbench_fail("unknown algorithm '%s'", name), -1;
    if (a->nalg < SUITE_MAX_ALGORITHMS)
        a->algorithms[a->nalg++] = name;
    a->run->algorithms = a->algorithms;
    return 1;
}

/* The common option or algorithm at argv[*i]: 1 taken, 0 not one, -1 wrong. */
static int take_common(int argc, char **argv, int *i, suite_args *a)
{
    const char *arg = argv[*i];
    if (strcmp(arg, "--quick") == 0) {
        a->quick = 1;
        return 1;
    }
    if (strcmp(arg, "--ratio") == 0) {
        a->run->ratio = 1;
        return 1;
    }
    for (size_t k = 0; k < sizeof common_options / sizeof common_options[0]; k++) {
        if (strcmp(arg, common_options[k].name) != 0 &&
            !(common_options[k].alias && strcmp(arg, common_options[k].alias) == 0))
            continue;
        const char *v = common_options[k].is_path ? zucbench_path_value(argc, argv, *i)
                        : *i + 1 < argc           ? argv[*i + 1]
                                                  : NULL;
        if (common_options[k].read(a, arg, v) != 0)
            return -1;
        ++*i;
        return 1;
    }
    return arg[0] == '-' ? 0 : take_algorithm(a, arg);
}

/* Why the suite does not take arg, or NULL if it may. */
static const char *refusal(const suite_args *a, const char *arg)
{
    for (const suite_refusal *r = a->refused; r && r->option; r++)
        if (strcmp(r->option, arg) == 0 || (strcmp(r->option, "ALG") == 0 && arg[0] != '-'))
            return r->why;
    return NULL;
}

/* --min-repeats / --max-repeats, once all options are read: 0, or -1 with a
 * message. One alone takes the other from --repeats (or its default). */
static int take_repeat_range(const suite_args *a)
{
    if (!a->min_repeats && !a->max_repeats)
        return 0;
    if (a->repeats_given)
        return zucbench_fail("--repeats is a fixed count: give it or "
                             "--min-repeats/--max-repeats"),
               -1;
    unsigned lo = a->min_repeats ? a->min_repeats : 5;
    unsigned hi = a->max_repeats ? a->max_repeats : (lo > a->run->repeats ? lo : a->run->repeats);
    if (bench_set_repeat_range(lo, hi) != 0)
        return zucbench_fail("--min-repeats is more than --max-repeats"), -1;
    a->run->repeats = hi;
    return 0;
}

int suite_args_parse(int argc, char **argv, suite_args *a)
{
    for (int i = 0; i < argc; i++) {
        const char *why = refusal(a, argv[i]);
        if (why)
            return zucbench_fail("%s: '%s' does not apply (%s)", a->run->suite, argv[i], why);
        int taken = a->own ? a->own(argc, argv, &i, a->own_arg) : 0;
        if (!taken)
            taken = take_common(argc, argv, &i, a);
        if (taken < 0)
            return 2;
        if (!taken)
            return zucbench_fail("%s: unknown option '%s'", a->run->suite, argv[i]);
    }
    if (a->quick && a->quick_repeats && !a->repeats_given)
        a->run->repeats = a->quick_repeats;
    return take_repeat_range(a) ? 2 : 0;
}
