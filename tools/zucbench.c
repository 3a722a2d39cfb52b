/* SPDX-License-Identifier: Apache-2.0 */
/* zucbench — the evaluation CLI: which contenders exist here, and how fast
 * they are. Tables on stdout, progress on stderr when it is a terminal. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cleanup.h"
#include "compare.h"
#include "outfile.h"
#include "output.h"
#include "parallel.h"
#include "registry.h"
#include "embedded/child.h"
#include "embedded/workload.h"
#include "suites/ablation.h"
#include "suites/embedded.h"
#include "suites/estream.h"
#include "suites/mac.h"
#include "suites/speed.h"
#include "timer.h"
#include "zuc.h"
#include "zucbench_help.h"

/* --quick: fewer repeats where the suite has no long message to shorten. */
#define QUICK_REPEATS 7

typedef struct {
    const char *json, *csv, *markdown;
} output_paths;

/* The value of the option at argv[i], or NULL when it has none: the next
 * argument, unless it starts with "--" (then the value was left out). */
static const char *path_value(int argc, char **argv, int i)
{
    return i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0 ? argv[i + 1] : NULL;
}

/* Checks the value of --json/--csv/--markdown before the run. "-" is
 * standard output (the tables then go to stderr), for one of them only. */
static int check_output_path(const char *option, const char *path, const output_paths *out)
{
    if (!path) {
        fprintf(stderr, "zucbench: %s needs a file name (- for standard output)\n", option);
        return -1;
    }
    if (!*path) {
        fprintf(stderr, "zucbench: %s: empty file name\n", option);
        return -1;
    }
    int is_stdout = strcmp(path, "-") == 0;
    const char *taken[] = { out->json, out->csv, out->markdown };
    for (size_t k = 0; is_stdout && k < 3; k++)
        if (taken[k] && strcmp(taken[k], "-") == 0) {
            fprintf(stderr, "zucbench: %s: only one output can be standard output (-)\n", option);
            return -1;
        }
    if (bench_output_writable(path) != 0 || (is_stdout && outfile_reserve_stdout() != 0)) {
        fprintf(stderr, "zucbench: %s: cannot write '%s': %s\n", option, path, strerror(errno));
        return -1;
    }
    return 0;
}

/* Takes --json/--csv/--markdown F at argv[*i]; 1 if it was one of them. */
static int take_output_option(int argc, char **argv, int *i, output_paths *out, int *bad)
{
    const char *a = argv[*i], **slot = NULL;
    if (strcmp(a, "--json") == 0)
        slot = &out->json;
    else if (strcmp(a, "--csv") == 0)
        slot = &out->csv;
    else if (strcmp(a, "--markdown") == 0)
        slot = &out->markdown;
    if (!slot)
        return 0;
    const char *path = path_value(argc, argv, *i);
    if (check_output_path(a, path, out) != 0) {
        *bad = 1;
    } else {
        *slot = path;
        ++*i;
    }
    return 1;
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

/* One line on stderr, exit status 2. */
static int fail(const char *fmt, const char *arg)
{
    fprintf(stderr, "zucbench: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (see zucbench --help)\n");
    return 2;
}

static int parse_size(const char *text, size_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || end == text || *end || v == 0 || v > (1ull << 30) || text[0] == '-')
        return -1;
    *out = (size_t)v;
    return 0;
}

/* N,N,...: every item a size; an empty item ("16,,64", "16,") is an error. */
static int parse_sizes(const char *list, speed_options *o)
{
    o->nsizes = 0;
    for (const char *item = list;; item++) {
        size_t len = strcspn(item, ",");
        char text[32];
        if (len == 0 || len >= sizeof text || o->nsizes == SPEED_MAX_SIZES)
            return -1;
        memcpy(text, item, len);
        text[len] = '\0';
        if (parse_size(text, &o->sizes[o->nsizes]) != 0)
            return -1;
        o->nsizes++;
        item += len;
        if (!*item)
            return 0;
    }
}

static int command_list(void)
{
    size_t n;
    const bench_entry *all = bench_registry(&n);
    printf("%-16s %-10s %-10s %-10s %s\n", "algorithm", "backend", "variant", "status", "source");
    for (size_t i = 0; i < n; i++)
        printf("%-16s %-10s %-10s %-10s %s\n", all[i].algorithm, all[i].backend, all[i].variant,
               all[i].unavailable ? "absent:" : "available",
               all[i].unavailable ? all[i].unavailable
               : all[i].source    ? all[i].source
                                  : "-");
    printf("\nlibzuc default path here: %s\n", zuc_impl_name());
    return 0;
}

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

/* --cpu-mhz MHZ: 1 if a is it (v its value), 0 if not, -1 (message
 * printed) if the value is wrong. */
static int take_cpu_mhz(const char *a, const char *v)
{
    if (strcmp(a, "--cpu-mhz") != 0)
        return 0;
    char *end;
    double mhz = v ? strtod(v, &end) : 0;
    if (!v || end == v || *end || bench_timer_set_cpu_mhz(mhz) != 0)
        return fail("--cpu-mhz: expected the core clock in MHz, 0 < MHZ <= 100000, got '%s'",
                    v ? v : ""),
               -1;
    return 1;
}

/* The options every suite takes. */
typedef struct {
    run_options *run;
    output_paths out;
    const char *algorithms[64];
    size_t nalg;
    int repeats_given;
    int counter_given;                 /* --counter tsc or cycles */
    unsigned min_repeats, max_repeats; /* --min-repeats, --max-repeats; 0 if not given */
} common_args;

/* --min-repeats / --max-repeats, once all options are read: 0, or -1 with a
 * message. One alone takes the other from --repeats (or its default). */
static int take_repeat_range(const common_args *c)
{
    if (!c->min_repeats && !c->max_repeats)
        return 0;
    if (c->repeats_given)
        return fail("--repeats is a fixed count: give it or --min-repeats/--max-repeats%s", ""), -1;
    unsigned lo = c->min_repeats ? c->min_repeats : 5;
    unsigned hi = c->max_repeats ? c->max_repeats : (lo > c->run->repeats ? lo : c->run->repeats);
    if (bench_set_repeat_range(lo, hi) != 0)
        return fail("--min-repeats is more than --max-repeats%s", ""), -1;
    c->run->repeats = hi;
    return 0;
}

/* Takes the option or algorithm at argv[*i]: 1 if taken, 0 if not one of
 * the common ones, -1 (message printed) if it is wrong. */
static int take_common(int argc, char **argv, int *i, common_args *c)
{
    const char *a = argv[*i], *v = *i + 1 < argc ? argv[*i + 1] : NULL;
    int bad = 0;
    if (take_output_option(argc, argv, i, &c->out, &bad))
        return bad ? -1 : 1;
    if (strcmp(a, "--repeats") == 0) {
        size_t r;
        if (!v || parse_size(v, &r) != 0 || r % 2 == 0 || r > 10001)
            return fail("--repeats: expected an odd number 1..10001, got '%s'", v ? v : ""), -1;
        c->run->repeats = (unsigned)r;
        c->repeats_given = 1;
        ++*i;
        return 1;
    }
    if (strcmp(a, "--min-repeats") == 0 || strcmp(a, "--max-repeats") == 0) {
        size_t r;
        if (!v || parse_size(v, &r) != 0 || r > 10001)
            return fail(a[2] == 'm' && a[3] == 'i'
                            ? "--min-repeats: expected a number of repeats 1..10001, got '%s'"
                            : "--max-repeats: expected a number of repeats 1..10001, got '%s'",
                        v ? v : ""),
                   -1;
        if (a[2] == 'm' && a[3] == 'i')
            c->min_repeats = (unsigned)r;
        else
            c->max_repeats = (unsigned)r;
        ++*i;
        return 1;
    }
    if (strcmp(a, "--seconds") == 0 || strcmp(a, "-seconds") == 0) {
        char *end;
        double sec = v ? strtod(v, &end) : 0;
        if (!v || end == v || *end || !(sec > 0 && sec <= 3600))
            return fail("--seconds: expected a time in seconds, 0 < S <= 3600, got '%s'",
                        v ? v : ""),
                   -1;
        c->run->seconds = sec;
        ++*i;
        return 1;
    }
    if (strcmp(a, "--warmup") == 0) {
        size_t w;
        if (!v || (strcmp(v, "0") != 0 && parse_size(v, &w) != 0) || (w = atoi(v)) > 1000)
            return fail("--warmup: expected 0..1000 untimed calls, got '%s'", v ? v : ""), -1;
        bench_set_warmup((unsigned)w);
        ++*i;
        return 1;
    }
    if (strcmp(a, "--counter") == 0) {
        if (!v || (strcmp(v, "auto") != 0 && strcmp(v, "tsc") != 0 && strcmp(v, "cycles") != 0))
            return fail("--counter: expected auto, tsc or cycles, got '%s'", v ? v : ""), -1;
        const char *problem = strcmp(v, "cycles") == 0 ? bench_timer_counter_problem() : NULL;
        if (problem)
            return fail("--counter cycles: core cycles cannot be counted here: %s", problem), -1;
        bench_timer_set_counter(v[0] == 'a'   ? BENCH_COUNTER_AUTO
                                : v[0] == 't' ? BENCH_COUNTER_TSC
                                              : BENCH_COUNTER_CYCLES);
        c->counter_given = v[0] != 'a';
        ++*i;
        return 1;
    }
    if (strcmp(a, "--cpu") == 0) {
        char *end;
        long cpu = v ? strtol(v, &end, 10) : -1;
        if (!v || end == v || *end || cpu < 0 || cpu > 65535)
            return fail("--cpu: expected a CPU number, got '%s'", v ? v : ""), -1;
        if (bench_pin_run((int)cpu) != 0)
            return fail("--cpu: CPU %s is not one this process may run on (see `taskset -p $$`)",
                        v),
                   -1;
        ++*i;
        return 1;
    }
    if (strcmp(a, "--lanes") == 0 || strcmp(a, "--jobs") == 0) {
        size_t k;
        if (!v || parse_size(v, &k) != 0 || k > BENCH_IN_FLIGHT_MAX)
            return fail("--lanes/--jobs: expected 1..64 messages in flight, got '%s'", v ? v : ""),
                   -1;
        bench_set_in_flight((unsigned)k);
        ++*i;
        return 1;
    }
    int mhz = take_cpu_mhz(a, v);
    if (mhz) {
        *i += mhz > 0;
        return mhz;
    }
    if (strcmp(a, "--impl") == 0) {
        if (!v || !zuc_impl_usable(v))
            return fail("--impl: '%s' is not a libzuc path usable here (see zucbench list)",
                        v ? v : ""),
                   -1;
        c->run->impl = v;
        ++*i;
        return 1;
    }
    if (a[0] == '-')
        return 0;
    if (!known_algorithm(a))
        return fail("unknown algorithm '%s'", a), -1;
    if (c->nalg < 63)
        c->algorithms[c->nalg++] = a;
    c->run->algorithms = c->algorithms;
    return 1;
}

static int finish_suite(int rc, const common_args *c, const char *suite)
{
    if (rc != 2)
        bench_results_warn_noisy(stderr);
    int wrc = rc == 2 ? 0 : write_outputs(&c->out, suite);
    return rc ? rc : wrc;
}

static int command_speed(int argc, char **argv)
{
    speed_options o = {
        .run = { .suite = "speed", .repeats = 21, .include_oracle = 1, .progress = isatty(2) },
        .sizes = { 16, 64, 256, 1024, 8192, 16384 },
        .nsizes = 6
    };
    common_args c = { .run = &o.run };
    int quick = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int taken = take_common(argc, argv, &i, &c);
        if (taken < 0)
            return 2;
        if (taken)
            continue;
        if (strcmp(a, "--sizes") == 0 || strcmp(a, "--bytes") == 0 || strcmp(a, "-bytes") == 0) {
            if (!v || parse_sizes(v, &o) != 0 || (a[2] == 'b' && o.nsizes != 1))
                return fail("%s: expected sizes in bytes, 1..2^30, comma-separated with no "
                            "empty item",
                            a);
            i++;
        } else if (strcmp(a, "--threads") == 0) {
            size_t t;
            if (!v || parse_size(v, &t) != 0 || t > SUITE_MAX_THREADS)
                return fail("--threads: expected 1..64 threads, got '%s'", v ? v : "");
            o.run.threads = (unsigned)t;
            i++;
        } else if (strcmp(a, "--unit") == 0) {
            if (!v || (strcmp(v, "ticks") != 0 && strcmp(v, "mbs") != 0 && strcmp(v, "gbps") != 0))
                return fail("--unit: expected ticks, mbs (MB/s) or gbps, got '%s'", v ? v : "");
            o.unit = v[0] == 't' ? SPEED_TICKS : v[0] == 'm' ? SPEED_MBS : SPEED_GBPS;
            i++;
        } else if (strcmp(a, "--quick") == 0) {
            quick = 1;
        } else {
            return fail("unknown option '%s'", a);
        }
    }
    if (quick && !c.repeats_given)
        o.run.repeats = QUICK_REPEATS;
    if (take_repeat_range(&c) != 0)
        return 2;
    if (o.run.threads > 1) { /* a wall interval over threads: one thread's cycles won't do */
        if (c.counter_given && bench_timer()->core_cycles)
            return fail("--counter cycles counts one thread's cycles: not with --threads%s", "");
        bench_timer_set_counter(BENCH_COUNTER_TSC);
    }
    return finish_suite(speed_run(&o), &c, "speed");
}

/* The arguments of a suite whose only own option is --quick: 0, or 2 with a
 * message. A suite of its own variants (ablation) takes no ALG or --impl. */
static int parse_suite_args(int argc, char **argv, common_args *c, int *quick, int own_variants)
{
    for (int i = 0; i < argc; i++) {
        if (own_variants && (strcmp(argv[i], "--impl") == 0 || strcmp(argv[i], "--lanes") == 0 ||
                             strcmp(argv[i], "--jobs") == 0 || argv[i][0] != '-'))
            return fail("ablation: '%s' does not apply (it times its own variants and "
                        "libzuc's best path)",
                        argv[i]);
        int taken = take_common(argc, argv, &i, c);
        if (taken < 0)
            return 2;
        if (taken)
            continue;
        if (strcmp(argv[i], "--quick") == 0)
            *quick = 1;
        else
            return fail("unknown option '%s'", argv[i]);
    }
    if (own_variants && c->run->seconds > 0)
        return fail("ablation: --seconds does not apply (each sample is a fixed amount of work: "
                    "give --repeats)%s",
                    "");
    if (own_variants && (c->min_repeats || c->max_repeats))
        return fail("ablation: --min-repeats/--max-repeats do not apply (its repeats are "
                    "interleaved across variants: give --repeats)%s",
                    "");
    return take_repeat_range(c) ? 2 : 0;
}

static int command_estream(int argc, char **argv)
{
    estream_options o = { .run = { .suite = "estream", .repeats = 21, .progress = isatty(2) } };
    common_args c = { .run = &o.run };
    if (parse_suite_args(argc, argv, &c, &o.quick, 0) != 0)
        return 2;
    return finish_suite(estream_run(&o), &c, "estream");
}

static int command_mac(int argc, char **argv)
{
    mac_options o = { .run = { .suite = "mac", .repeats = 21, .progress = isatty(2) } };
    common_args c = { .run = &o.run };
    int quick = 0;
    if (parse_suite_args(argc, argv, &c, &quick, 0) != 0)
        return 2;
    if (quick && !c.repeats_given)
        o.run.repeats = QUICK_REPEATS;
    return finish_suite(mac_run(&o), &c, "mac");
}

static int command_ablation(int argc, char **argv)
{
    ablation_options o = {
        .run = { .suite = "ablation", .repeats = ABLATION_DEFAULT_REPEATS, .progress = isatty(2) }
    };
    common_args c = { .run = &o.run };
    if (parse_suite_args(argc, argv, &c, &o.quick, 1) != 0)
        return 2;
    return finish_suite(ablation_run(&o), &c, "ablation");
}

/* `embedded --run-one NAME --file F [--out-dir D]`: one run, in the child. */
static int embedded_child(int argc, char **argv)
{
    const char *name = NULL, *file = NULL, *out_dir = NULL;
    for (int i = 0; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--run-one") == 0)
            name = argv[i + 1];
        else if (strcmp(argv[i], "--file") == 0)
            file = argv[i + 1];
        else if (strcmp(argv[i], "--out-dir") == 0)
            out_dir = argv[i + 1];
        else
            return fail("embedded --run-one: unknown option '%s'", argv[i]);
    }
    if (!name || !file || argc % 2)
        return fail("embedded --run-one NAME --file F [--out-dir D]%s", "");
    return embedded_child_main(name, file, out_dir);
}

static int parse_count(const char *option, const char *v, size_t max, unsigned *out)
{
    size_t n;
    if (!v || parse_size(v, &n) != 0 || n > max) {
        fprintf(stderr,
                "zucbench: %s: expected a number 1..%zu, got '%s' (see zucbench "
                "--help)\n",
                option, max, v ? v : "");
        return -1;
    }
    *out = (unsigned)n;
    return 0;
}

static int command_embedded(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--run-one") == 0)
            return embedded_child(argc, argv);
    embedded_options o = { .repeats = EMBEDDED_DEFAULT_REPEATS,
                           .interval_ms = EMBEDDED_DEFAULT_INTERVAL_MS,
                           .progress = isatty(2),
                           .patterns = calloc((size_t)argc + 1, sizeof(char *)) };
    output_paths out = { 0 };
    int list = 0, repeats_given = 0, bad = 0;
    char err[512];
    for (int i = 0; i < argc && !bad; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (take_output_option(argc, argv, &i, &out, &bad))
            continue;
        if (strcmp(a, "--list") == 0) {
            list = 1;
        } else if (strcmp(a, "--quick") == 0) {
            o.quick = 1;
        } else if (strcmp(a, "--file") == 0 || strcmp(a, "--out-dir") == 0) {
            v = path_value(argc, argv, i);
            if (!v) {
                bad = fail("%s needs a path", a);
            } else if (!*v) {
                bad = fail("%s: empty path", a);
            } else if (a[2] == 'o' && workload_check_out_dir(v, err, sizeof err) != 0) {
                bad = fail("--out-dir: %s", err);
            } else {
                *(a[2] == 'f' ? &o.file : &o.out_dir) = v;
                i++;
            }
        } else if (strcmp(a, "--repeats") == 0) {
            bad = parse_count(a, v, 1000, &o.repeats) != 0;
            repeats_given = 1;
            i++;
        } else if (strcmp(a, "--cpu-mhz") == 0) {
            bad = take_cpu_mhz(a, v) < 0;
            i++;
        } else if (strcmp(a, "--interval") == 0) {
            bad = parse_count(a, v, 60000, &o.interval_ms) != 0;
            i++;
        } else if (a[0] == '-') {
            bad = fail("embedded: unknown option '%s'", a);
        } else {
            o.patterns[o.n_patterns++] = argv[i];
        }
    }
    if (o.quick && !repeats_given)
        o.repeats = EMBEDDED_QUICK_REPEATS;
    o.json = out.json;
    o.csv = out.csv;
    o.markdown = out.markdown;
    int rc = bad ? 2 : list ? embedded_list(&o) : embedded_run(&o);
    free(o.patterns);
    return rc;
}

static int command_compare(int argc, char **argv)
{
    const char *paths[2] = { NULL, NULL };
    double threshold = 10, alpha = 0.05;
    int npaths = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--threshold") == 0) {
            char *end;
            const char *v = i + 1 < argc ? argv[++i] : "";
            threshold = strtod(v, &end);
            if (end == v || *end || !(threshold >= 0 && threshold <= 1000))
                return fail("--threshold: expected a percentage 0..1000, got '%s'", v);
        } else if (strcmp(argv[i], "--alpha") == 0) {
            char *end;
            const char *v = i + 1 < argc ? argv[++i] : "";
            alpha = strtod(v, &end);
            if (end == v || *end || !(alpha > 0 && alpha < 1))
                return fail("--alpha: expected a significance level between 0 and 1, got '%s'", v);
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return fail("unknown option '%s'", argv[i]);
        } else if (npaths < 2) {
            paths[npaths++] = argv[i];
        } else {
            return fail("compare takes two files, OLD.json NEW.json; extra '%s'", argv[i]);
        }
    }
    if (npaths != 2)
        return fail("compare needs two results files: OLD.json NEW.json%s", "");
    int rc = compare_results(paths[0], paths[1], threshold, alpha);
    return rc == 0 ? 0 : 2;
}

int main(int argc, char **argv)
{
    cleanup_on_signals(); /* an interrupted run removes its temporary files */
    if (argc < 2) {
        zucbench_print_overview(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        if (argc > 2 && strcmp(cmd, "help") == 0)
            return zucbench_print_command_help(argv[2], stdout) == 0
                       ? 0
                       : fail("help: unknown command '%s'", argv[2]);
        zucbench_print_overview(stdout);
        return 0;
    }
    if (zucbench_wants_help(argc - 2, argv + 2) && zucbench_print_command_help(cmd, stdout) == 0)
        return 0;
    if (strcmp(cmd, "list") == 0)
        return command_list();
    if (strcmp(cmd, "speed") == 0)
        return command_speed(argc - 2, argv + 2);
    if (strcmp(cmd, "estream") == 0)
        return command_estream(argc - 2, argv + 2);
    if (strcmp(cmd, "mac") == 0)
        return command_mac(argc - 2, argv + 2);
    if (strcmp(cmd, "ablation") == 0)
        return command_ablation(argc - 2, argv + 2);
    if (strcmp(cmd, "embedded") == 0)
        return command_embedded(argc - 2, argv + 2);
    if (strcmp(cmd, "compare") == 0)
        return command_compare(argc - 2, argv + 2);
    return fail("unknown command '%s'", cmd);
}
