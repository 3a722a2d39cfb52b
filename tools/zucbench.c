/* SPDX-License-Identifier: Apache-2.0 */
/* zucbench — the evaluation CLI: which contenders exist here, and how fast
 * they are. Tables on stdout, progress on stderr when it is a terminal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cleanup.h"
#include "compare.h"
#include "backends/backends.h"
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
#include "zucbench_args.h"
#include "zucbench_help.h"

/* --quick: fewer repeats where the suite has no long message to shorten. */
#define QUICK_REPEATS 7

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
        if (zucbench_parse_size(text, &o->sizes[o->nsizes]) != 0)
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

/* speed's own options: --sizes, --bytes, --threads. */
static int speed_option(int argc, char **argv, int *i, void *arg)
{
    speed_options *o = arg;
    const char *a = argv[*i], *v = *i + 1 < argc ? argv[*i + 1] : NULL;
    if (strcmp(a, "--sizes") == 0 || strcmp(a, "--bytes") == 0 || strcmp(a, "-bytes") == 0) {
        if (!v || parse_sizes(v, o) != 0 || (a[2] == 'b' && o->nsizes != 1))
            return zucbench_fail("%s: expected sizes in bytes, 1..2^30, comma-separated with no "
                                 "empty item",
                                 a),
                   -1;
    } else if (strcmp(a, "--threads") == 0) {
        size_t t;
        if (!v || zucbench_parse_size(v, &t) != 0 || t > SUITE_MAX_THREADS)
            return zucbench_fail("--threads: expected 1..64 threads, got '%s'", v ? v : ""), -1;
        o->run.threads = (unsigned)t;
    } else {
        return 0;
    }
    ++*i;
    return 1;
}

static int command_speed(int argc, char **argv)
{
    speed_options o = {
        .run = { .suite = "speed", .repeats = 21, .include_oracle = 1, .progress = isatty(2) },
        .sizes = { 16, 64, 256, 1024, 8192, 16384 },
        .nsizes = 6
    };
    suite_args a = {
        .run = &o.run, .quick_repeats = QUICK_REPEATS, .own = speed_option, .own_arg = &o
    };
    if (suite_args_parse(argc, argv, &a) != 0)
        return 2;
    if (o.run.threads > 1) { /* a wall interval over threads: one thread's cycles won't do */
        if (a.counter_given && bench_timer()->core_cycles)
            return zucbench_fail("--counter cycles counts one thread's cycles: not with "
                                 "--threads");
        bench_timer_set_counter(BENCH_COUNTER_TSC);
    }
    return suite_args_finish(speed_run(&o), &a);
}

static int command_estream(int argc, char **argv)
{
    estream_options o = { .run = { .suite = "estream", .repeats = 21, .progress = isatty(2) } };
    suite_args a = { .run = &o.run };
    if (suite_args_parse(argc, argv, &a) != 0)
        return 2;
    o.quick = a.quick;
    return suite_args_finish(estream_run(&o), &a);
}

static int command_mac(int argc, char **argv)
{
    mac_options o = { .run = { .suite = "mac", .repeats = 21, .progress = isatty(2) } };
    suite_args a = { .run = &o.run, .quick_repeats = QUICK_REPEATS };
    if (suite_args_parse(argc, argv, &a) != 0)
        return 2;
    return suite_args_finish(mac_run(&o), &a);
}

#define OWN_VARIANTS "it times its own variants and libzuc's best path"
#define FIXED_WORK "each sample is a fixed amount of work: give --repeats"
#define INTERLEAVED "its repeats are interleaved across variants: give --repeats"

static const suite_refusal ablation_refuses[] = {
    { "ALG", OWN_VARIANTS },
    { "--impl", OWN_VARIANTS },
    { "--lanes", OWN_VARIANTS },
    { "--jobs", OWN_VARIANTS },
    { "--seconds", FIXED_WORK },
    { "-seconds", FIXED_WORK },
    { "--min-repeats", INTERLEAVED },
    { "--max-repeats", INTERLEAVED },
    { "--unit", "its tables keep the document's units: ms, Gbps of 2^30 bits/s and bits/cycle" },
    { "--ratio", OWN_VARIANTS },
    { "--baseline", OWN_VARIANTS },
    { NULL, NULL },
};

static int command_ablation(int argc, char **argv)
{
    ablation_options o = {
        .run = { .suite = "ablation", .repeats = ABLATION_DEFAULT_REPEATS, .progress = isatty(2) }
    };
    suite_args a = { .run = &o.run, .refused = ablation_refuses };
    if (suite_args_parse(argc, argv, &a) != 0)
        return 2;
    o.quick = a.quick;
    return suite_args_finish(ablation_run(&o), &a);
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
            return zucbench_fail("embedded --run-one: unknown option '%s'", argv[i]);
    }
    if (!name || !file || argc % 2)
        return zucbench_fail("embedded --run-one NAME --file F [--out-dir D]");
    return embedded_child_main(name, file, out_dir);
}

/* --file F or --out-dir D: 0, or -1 with a message. */
static int embedded_path(embedded_options *o, const char *option, const char *v)
{
    char err[512];
    if (!v)
        return zucbench_fail("%s needs a path", option), -1;
    if (!*v)
        return zucbench_fail("%s: empty path", option), -1;
    if (option[2] == 'o' && workload_check_out_dir(v, err, sizeof err) != 0)
        return zucbench_fail("--out-dir: %s", err), -1;
    *(option[2] == 'f' ? &o->file : &o->out_dir) = v;
    return 0;
}

/* embedded's own options: --list, --file, --out-dir, --interval, CONFIG. */
static int embedded_option(int argc, char **argv, int *i, void *arg)
{
    embedded_options *o = arg;
    const char *a = argv[*i];
    size_t ms;
    if (strcmp(a, "--list") == 0) {
        o->list = 1;
        return 1;
    }
    if (a[0] != '-') {
        o->patterns[o->n_patterns++] = argv[*i];
        return 1;
    }
    if (strcmp(a, "--file") == 0 || strcmp(a, "--out-dir") == 0) {
        if (embedded_path(o, a, zucbench_path_value(argc, argv, *i)) != 0)
            return -1;
    } else if (strcmp(a, "--interval") == 0) {
        const char *v = *i + 1 < argc ? argv[*i + 1] : NULL;
        if (!v || zucbench_parse_size(v, &ms) != 0 || ms > 60000)
            return zucbench_fail("--interval: expected a number 1..60000, got '%s'", v ? v : ""),
                   -1;
        o->interval_ms = (unsigned)ms;
    } else {
        return 0;
    }
    ++*i;
    return 1;
}

#define WHOLE_RUNS \
    "each run is a process that encrypts the whole file once, timed by the wall clock"

static const suite_refusal embedded_refuses[] = {
    { "--impl", WHOLE_RUNS },
    { "--lanes", WHOLE_RUNS },
    { "--jobs", WHOLE_RUNS },
    { "--seconds", WHOLE_RUNS },
    { "-seconds", WHOLE_RUNS },
    { "--warmup", WHOLE_RUNS },
    { "--counter", WHOLE_RUNS },
    { "--min-repeats", WHOLE_RUNS },
    { "--max-repeats", WHOLE_RUNS },
    { "--cpu", WHOLE_RUNS },
    { "--ratio", WHOLE_RUNS },
    { "--baseline", WHOLE_RUNS },
    { NULL, NULL },
};

static int command_embedded(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--run-one") == 0)
            return embedded_child(argc, argv);
    embedded_options o = { .run = { .suite = "embedded",
                                    .repeats = EMBEDDED_DEFAULT_REPEATS,
                                    .progress = isatty(2),
                                    .unit = SUITE_UNIT_MBS },
                           .interval_ms = EMBEDDED_DEFAULT_INTERVAL_MS,
                           .patterns = calloc((size_t)argc + 1, sizeof(char *)) };
    suite_args a = { .run = &o.run,
                     .refused = embedded_refuses,
                     .repeats_max = EMBEDDED_MAX_REPEATS,
                     .repeats_any_parity = 1,
                     .quick_repeats = EMBEDDED_QUICK_REPEATS,
                     .own = embedded_option,
                     .own_arg = &o };
    int rc = suite_args_parse(argc, argv, &a);
    o.quick = a.quick;
    if (rc == 0)
        rc = o.list ? embedded_list(&o) : suite_args_finish(embedded_run(&o), &a);
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
                return zucbench_fail("--threshold: expected a percentage 0..1000, got '%s'", v);
        } else if (strcmp(argv[i], "--alpha") == 0) {
            char *end;
            const char *v = i + 1 < argc ? argv[++i] : "";
            alpha = strtod(v, &end);
            if (end == v || *end || !(alpha > 0 && alpha < 1))
                return zucbench_fail(
                    "--alpha: expected a significance level between 0 and 1, got '%s'", v);
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return zucbench_fail("unknown option '%s'", argv[i]);
        } else if (npaths < 2) {
            paths[npaths++] = argv[i];
        } else {
            return zucbench_fail("compare takes two files, OLD.json NEW.json; extra '%s'", argv[i]);
        }
    }
    if (npaths != 2)
        return zucbench_fail("compare needs two results files: OLD.json NEW.json%s", "");
    int rc = compare_results(paths[0], paths[1], threshold, alpha);
    return rc == 0 ? 0 : 2;
}

int main(int argc, char **argv)
{
    cleanup_on_signals(); /* an interrupted run removes its temporary files */
    bench_backends_load();
    if (argc < 2) {
        zucbench_print_overview(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        if (argc > 2 && strcmp(cmd, "help") == 0)
            return zucbench_print_command_help(argv[2], stdout) == 0
                       ? 0
                       : zucbench_fail("help: unknown command '%s'", argv[2]);
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
    return zucbench_fail("unknown command '%s'", cmd);
}
