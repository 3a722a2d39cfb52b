/* SPDX-License-Identifier: Apache-2.0 */
#include "suites/embedded.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "backends/stream.h"
#include "cleanup.h"
#include "context.h"
#include "embedded/child.h"
#include "embedded/engine.h"
#include "embedded/matrix.h"
#include "embedded/workload.h"
#include "method.h"
#include "output.h"
#include "procmetrics.h"
#include "registry.h"
#include "sysmon.h"
#include "timer.h"
#include "zuc.h"

#define WORKLOAD_SEED 0x5A55C0DEull
#define MAX_RUNS 1000

typedef struct {
    const embedded_config *c;
    char status[200]; /* "" measured, else why not */
    unsigned runs;
    bench_stats latency; /* ms */
    double latency_mean, latency_sd, throughput_mbs;
    double cpu_percent, peak_rss_kb, mem_percent;
    size_t in_bytes, out_bytes;
    int sampled; /* the system sampler ran */
    sysmon_summary sys;
    char extra[1024]; /* the JSON members beyond the common ones */
} embedded_row;

/* ---- selection -------------------------------------------------------------------- */

static int matches(const embedded_options *o, const embedded_config *c)
{
    if (!o->n_patterns)
        return 1;
    for (size_t i = 0; i < o->n_patterns; i++)
        if (bench_name_matches(o->patterns[i], c->name) ||
            bench_name_matches(o->patterns[i], c->algorithm) ||
            bench_name_matches(o->patterns[i], c->family))
            return 1;
    return 0;
}

static int family_taken(const embedded_config **chosen, size_t n, const embedded_config *c)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(chosen[i]->family, c->family) == 0)
            return 1;
    return 0;
}

/* The configurations to run, in matrix order; --quick keeps the first of each
 * family. Returns the count; 0 with a message if a pattern matched nothing. */
static size_t select_configs(const embedded_options *o, const embedded_config **chosen)
{
    size_t total, n = 0;
    const embedded_config *all = embedded_configs(&total);
    for (size_t p = 0; p < o->n_patterns; p++) {
        embedded_options one = *o;
        one.patterns = &o->patterns[p];
        one.n_patterns = 1;
        size_t hits = 0;
        for (size_t i = 0; i < total; i++)
            hits += (size_t)matches(&one, &all[i]);
        if (!hits) {
            fprintf(stderr,
                    "zucbench: unknown configuration '%s' "
                    "(see zucbench embedded --list)\n",
                    o->patterns[p]);
            return 0;
        }
    }
    for (size_t i = 0; i < total; i++)
        if (matches(o, &all[i]) && !(o->quick && family_taken(chosen, n, &all[i])))
            chosen[n++] = &all[i];
    return n;
}

/* ---- --list ------------------------------------------------------------------------- */

int embedded_list(const embedded_options *o)
{
    size_t total;
    embedded_configs(&total);
    const embedded_config **chosen = calloc(total, sizeof *chosen);
    size_t n = chosen ? select_configs(o, chosen) : 0;
    if (!n) {
        free(chosen);
        return 2;
    }
    size_t table1 = 0;
    printf("%-22s %-14s %-9s %-6s %5s %5s %6s %-8s %s\n", "configuration", "algorithm", "family",
           "mode", "key", "block", "rounds", "backend", "status");
    for (size_t i = 0; i < n; i++) {
        const embedded_config *c = chosen[i];
        const char *why = engine_unavailable(c);
        table1 += (size_t)c->in_table1;
        printf("%-22s %-14s %-9s %-6s %5u %5u %6u %-8s %s%s%s\n", c->name, c->algorithm, c->family,
               c->mode, c->key_bits, c->block_bits, c->rounds, c->backend,
               why ? "absent: " : "available", why ? why : "", c->in_table1 ? "" : " (added)");
    }
    printf("%zu configurations: %zu of the document's Table 1, %zu added (ZUC and the "
           "evaluation suite's stream ciphers)\n",
           n, table1, n - table1);
    free(chosen);
    return 0;
}

/* ---- one configuration -------------------------------------------------------------- */

/* How a run is started: [emulator words...] program embedded --run-one ... */
#define MAX_PREFIX 16
typedef struct {
    char words_buf[1024];
    char resolved[4096]; /* the emulator's path, looked up in $PATH */
    const char *prefix[MAX_PREFIX];
    size_t n_prefix;
    char self[4096];
    const char *emulator; /* the words above, as given; NULL if none */
} launcher;

static int launcher_init(launcher *l, const char *emulator);

/* A cross-built zucbench run under qemu-user where the kernel cannot start
 * the target's programs itself (no binfmt_misc) falls back on the emulator
 * its build ran the tests with, if that is here and ZUC_EMULATOR is unset.
 * 1 if the launcher now uses it. */
static int launcher_fall_back(launcher *l)
{
#ifdef ZUCBENCH_BUILD_EMULATOR
    if (l->n_prefix || launcher_init(l, ZUCBENCH_BUILD_EMULATOR) != 0 || !l->n_prefix)
        return 0;
    fprintf(stderr,
            "zucbench: this system cannot start '%s' itself; running it through the "
            "build's emulator '%s' (set ZUC_EMULATOR to choose another)\n",
            l->self, l->emulator);
    return 1;
#else
    (void)l;
    return 0;
#endif
}

typedef struct {
    const embedded_options *o;
    launcher *l;
    const char *file;
    size_t index, count; /* of the configuration, for the progress line */
    double started;
} run_plan;

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void progress(const run_plan *p, const embedded_config *c, unsigned run)
{
    if (!p->o->progress)
        return;
    unsigned repeats = p->o->repeats;
    double done = (double)p->index + (double)run / repeats, elapsed = seconds_now() - p->started;
    double eta = done > 0 ? elapsed * ((double)p->count - done) / done : 0;
    int width = 24, filled = (int)(width * done / (double)p->count);
    fprintf(stderr, "\r[%.*s%*s] %3zu/%zu %-22s run %2u/%u  eta %3.0fs ", filled,
            "########################", width - filled, "", p->index + 1, p->count, c->name,
            run + 1, repeats, eta);
    fflush(stderr);
}

static void progress_clear(const embedded_options *o)
{
    if (o->progress)
        fprintf(stderr, "\r%100s\r", "");
}

static void summarise(embedded_row *row, double *latency, double cpu, double rss, double mem)
{
    double sum = 0, squares = 0;
    unsigned n = row->runs;
    for (unsigned i = 0; i < n; i++)
        sum += latency[i];
    row->latency_mean = sum / n;
    for (unsigned i = 0; i < n; i++)
        squares += (latency[i] - row->latency_mean) * (latency[i] - row->latency_mean);
    row->latency_sd = n > 1 ? sqrt(squares / (n - 1)) : 0;
    row->latency = bench_stats_of(latency, n);
    row->throughput_mbs =
        row->latency_mean > 0 ? (double)row->in_bytes / row->latency_mean / 1000 : 0;
    row->cpu_percent = cpu / n;
    row->peak_rss_kb = rss / n;
    row->mem_percent = mem / n;
}

/* One run in a child; 0, or -1 with row->status set. */
static int run_child(const run_plan *p, embedded_row *row, child_report *report, proc_result *pr)
{
    const char *argv[MAX_PREFIX + 9];
    size_t k = 0;
    for (size_t i = 0; i < p->l->n_prefix; i++)
        argv[k++] = p->l->prefix[i];
    const char *run[] = { p->l->self,
                          "embedded",
                          "--run-one",
                          row->c->name,
                          "--file",
                          p->file,
                          p->o->out_dir ? "--out-dir" : NULL,
                          p->o->out_dir,
                          NULL };
    memcpy(argv + k, run, sizeof run);
    memset(pr, 0, sizeof *pr);
    if (proc_run((char *const *)argv, pr) != 0) {
        int e = errno;
        if (e == ENOEXEC && launcher_fall_back(p->l))
            return run_child(p, row, report, pr);
        snprintf(
            row->status, sizeof row->status, "failed: cannot start the run (%s)%s", strerror(e),
            e == ENOEXEC && !p->l->n_prefix
                ? "; under qemu-user without binfmt_misc, set ZUC_EMULATOR=\"qemu-ARCH -L SYSROOT\""
                : "");
        return -1;
    }
    if (pr->exit_status != 0 || child_report_parse(pr->output, report) != 0) {
        snprintf(row->status, sizeof row->status, "failed: the run exited with status %d",
                 pr->exit_status);
        proc_result_free(pr);
        return -1;
    }
    return 0;
}

static void run_config(const run_plan *p, embedded_row *row)
{
    const char *why = engine_unavailable(row->c);
    if (why) {
        snprintf(row->status, sizeof row->status, "absent: %s", why);
        return;
    }
    double latency[MAX_RUNS], cpu = 0, rss = 0, mem = 0;
    uint64_t first_sum = 0;
    /* The sampler thread inherits held signals: SIGINT/SIGTERM then reach
     * this thread, which knows the child to pass them on to. */
    sigset_t held;
    cleanup_hold_signals(&held);
    sysmon_sampler *sampler = sysmon_start("/proc", p->o->interval_ms);
    cleanup_release_signals(&held);
    for (unsigned r = 0; r < p->o->repeats; r++) {
        progress(p, row->c, r);
        child_report report;
        proc_result pr;
        if (run_child(p, row, &report, &pr) != 0)
            break;
        /* a deterministic cipher must give the same ciphertext every run (SM2 is randomised) */
        if (r == 0)
            first_sum = report.checksum;
        else if (row->c->engine != ENGINE_SM2 && report.checksum != first_sum)
            snprintf(row->status, sizeof row->status, "failed: the output differs between runs");
        latency[row->runs++] = report.latency_ms;
        cpu += pr.cpu_percent;
        rss += (double)pr.peak_rss_kb;
        mem += pr.mem_percent;
        row->in_bytes = report.in_bytes;
        row->out_bytes = report.out_bytes;
        proc_result_free(&pr);
        if (row->status[0])
            break;
    }
    if (sampler)
        row->sampled = sysmon_stop(sampler, &row->sys) == 0;
    if (row->runs && !row->status[0])
        summarise(row, latency, cpu, rss, mem);
}

/* Latency per byte, in ns, and in cycles at --cpu-mhz (0 if not given). */
static double ns_per_byte(const embedded_row *row)
{
    return row->in_bytes ? row->latency_mean * 1e6 / (double)row->in_bytes : 0;
}

static double cycles_per_byte(const embedded_row *row)
{
    double mhz = bench_timer()->cpu_mhz;
    return mhz > 0 ? bench_ns_to_cycles(ns_per_byte(row), mhz) : 0;
}

/* ---- results ------------------------------------------------------------------------ */

static const char *implementation_of(const embedded_config *c)
{
    switch (c->engine) {
    case ENGINE_EVP: return "evp";
    case ENGINE_DESX_ECB: return "evp des-ecb + whitening";
    case ENGINE_SM2: return "evp-pkey";
    case ENGINE_BLOCK: return "mode layer";
    case ENGINE_ZUC128:
    case ENGINE_ZUC256: return zuc_impl_name();
    case ENGINE_STREAM: return ((const bench_stream *)c->impl)->variant;
    }
    return "";
}

static void add_result(const embedded_row *row)
{
    const embedded_config *c = row->c;
    embedded_row *w = (embedded_row *)row;
    char cycles[64] = "";
    if (bench_timer()->cpu_mhz > 0)
        snprintf(cycles, sizeof cycles, ", \"cycles_per_byte\": %.4f", cycles_per_byte(row));
    snprintf(w->extra, sizeof w->extra,
             "\"name\": \"%s\", \"family\": \"%s\", \"mode\": \"%s\", \"key_bits\": %u, "
             "\"block_bits\": %u, \"rounds\": %u, \"in_table1\": %s, \"output_bytes\": %zu, "
             "\"latency_ms_mean\": %.4f, \"latency_ms_sd\": %.4f, \"throughput_mbs\": %.4f, "
             "\"cpu_percent\": %.2f, \"peak_rss_kb\": %.0f, \"mem_percent\": %.3f, "
             "\"sys_cpu_percent\": %.2f, \"sys_cpu_percent_max\": %.2f, "
             "\"sys_mem_used_kb\": %llu, \"sys_mem_total_kb\": %llu, \"net_rx_bytes\": %llu, "
             "\"net_tx_bytes\": %llu, \"sys_samples\": %zu, \"ns_per_byte\": %.4f%s",
             c->name, c->family, c->mode, c->key_bits, c->block_bits, c->rounds,
             c->in_table1 ? "true" : "false", row->out_bytes, row->latency_mean, row->latency_sd,
             row->throughput_mbs, row->cpu_percent, row->peak_rss_kb, row->mem_percent,
             100 * row->sys.cpu_util_overall, 100 * row->sys.cpu_util_max, row->sys.mem_used_kb_max,
             row->sys.mem_total_kb, row->sys.net_rx_bytes, row->sys.net_tx_bytes, row->sys.samples,
             ns_per_byte(row), cycles);
    bench_result r = { "embedded",
                       c->algorithm,
                       c->mode,
                       c->backend,
                       implementation_of(c),
                       row->in_bytes,
                       row->runs,
                       "ms",
                       row->latency,
                       1,
                       1,
                       row->extra };
    bench_results_add(&r);
}

/* ---- Table 2 layout ------------------------------------------------------------------ */

#define TABLE_HEADER                                                                             \
    "%-22s %4s %5s %4s %-6s %18s %9s %7s %9s %6s %7s %9s %13s", "configuration", "key", "block", \
        "rnds", "mode", "latency ms (sd)", "MB/s", "CPU %", "peak KB", "mem %", "sysCPU%",       \
        "sysmem MB", "net rx/tx KB"

static void print_row(FILE *f, const embedded_row *row)
{
    const embedded_config *c = row->c;
    fprintf(f, "%-22s %4u %5u %4u %-6s ", c->name, c->key_bits, c->block_bits, c->rounds, c->mode);
    if (row->status[0]) {
        fprintf(f, "%s\n", row->status);
        return;
    }
    char latency[32], net[32];
    snprintf(latency, sizeof latency, "%.2f (%.2f)", row->latency_mean, row->latency_sd);
    snprintf(net, sizeof net, "%.0f/%.0f", row->sys.net_rx_bytes / 1024.0,
             row->sys.net_tx_bytes / 1024.0);
    fprintf(f, "%18s %9.3f %7.2f %9.0f %6.3f %7.2f %9.1f %13s", latency, row->throughput_mbs,
            row->cpu_percent, row->peak_rss_kb, row->mem_percent, 100 * row->sys.cpu_util_overall,
            row->sys.mem_used_kb_max / 1024.0, net);
    if (bench_timer()->cpu_mhz > 0)
        fprintf(f, " %9.2f", cycles_per_byte(row));
    fprintf(f, "\n");
}

typedef struct {
    const embedded_row *rows;
    size_t n;
} table;

static void write_csv(FILE *f, void *arg)
{
    const table *t = arg;
    fprintf(f, "configuration,algorithm,family,mode,key_bits,block_bits,rounds,backend,status,"
               "bytes,repeats,latency_ms_mean,latency_ms_sd,latency_ms_median,throughput_mbs,"
               "cpu_percent,peak_rss_kb,mem_percent,sys_cpu_percent,sys_mem_used_kb,"
               "net_rx_bytes,net_tx_bytes\n");
    for (size_t i = 0; i < t->n; i++) {
        const embedded_row *r = &t->rows[i];
        const embedded_config *c = r->c;
        fprintf(f, "%s,%s,%s,%s,%u,%u,%u,%s,\"%s\",", c->name, c->algorithm, c->family, c->mode,
                c->key_bits, c->block_bits, c->rounds, c->backend, r->status[0] ? r->status : "ok");
        if (r->status[0]) {
            fprintf(f, ",,,,,,,,,,,,\n");
            continue;
        }
        fprintf(f, "%zu,%u,%.4f,%.4f,%.4f,%.4f,%.2f,%.0f,%.3f,%.2f,%llu,%llu,%llu\n", r->in_bytes,
                r->runs, r->latency_mean, r->latency_sd, r->latency.median, r->throughput_mbs,
                r->cpu_percent, r->peak_rss_kb, r->mem_percent, 100 * r->sys.cpu_util_overall,
                r->sys.mem_used_kb_max, r->sys.net_rx_bytes, r->sys.net_tx_bytes);
    }
}

static void write_markdown(FILE *f, void *arg)
{
    const table *t = arg;
    const bench_context *ctx = bench_context_get();
    fprintf(f, "# zucbench embedded\n\nCPU: %s; %d cores\n\n", ctx->cpu_model, ctx->cores);
    fprintf(f, "| configuration | key bits | block bits | rounds | mode | latency ms (sd) | "
               "MB/s | CPU %% | peak KB | mem %% | system CPU %% | system memory MB |\n"
               "|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (size_t i = 0; i < t->n; i++) {
        const embedded_row *r = &t->rows[i];
        const embedded_config *c = r->c;
        fprintf(f, "| %s | %u | %u | %u | %s | ", c->name, c->key_bits, c->block_bits, c->rounds,
                c->mode);
        if (r->status[0])
            fprintf(f, "%s | | | | | | |\n", r->status);
        else
            fprintf(f, "%.2f (%.2f) | %.3f | %.2f | %.0f | %.3f | %.2f | %.1f |\n", r->latency_mean,
                    r->latency_sd, r->throughput_mbs, r->cpu_percent, r->peak_rss_kb,
                    r->mem_percent, 100 * r->sys.cpu_util_overall, r->sys.mem_used_kb_max / 1024.0);
    }
}

/* ---- the run -------------------------------------------------------------------------- */

/* The program each run re-executes: $ZUCBENCH_SELF, else this one
 * (/proc/self/exe; qemu-user answers with the emulated program). Under an
 * emulator that the kernel does not start by itself (qemu-user without
 * binfmt_misc), $ZUC_EMULATOR gives the command to run it with, as the
 * tests and CMAKE_CROSSCOMPILING_EMULATOR do: "qemu-arm -L /usr/arm-linux-gnueabihf".
 * 0, or -1 with a message. */
static int launcher_init(launcher *l, const char *emulator)
{
    const char *self = getenv("ZUCBENCH_SELF");
    memset(l, 0, sizeof *l);
    l->emulator = emulator;
    if (self && *self) {
        snprintf(l->self, sizeof l->self, "%s", self);
    } else {
        ssize_t n = readlink("/proc/self/exe", l->self, sizeof l->self - 1);
        if (n <= 0) {
            fprintf(stderr, "zucbench: cannot find this program (/proc/self/exe); "
                            "set ZUCBENCH_SELF to its path\n");
            return -1;
        }
        l->self[n] = '\0';
    }
    if (!emulator || !*emulator)
        return 0;
    snprintf(l->words_buf, sizeof l->words_buf, "%s", emulator);
    for (char *w = strtok(l->words_buf, " \t"); w; w = strtok(NULL, " \t")) {
        if (l->n_prefix == MAX_PREFIX) {
            fprintf(stderr, "zucbench: emulator '%s': more than %d words\n", emulator, MAX_PREFIX);
            l->n_prefix = 0;
            return -1;
        }
        l->prefix[l->n_prefix++] = w;
    }
    if (l->n_prefix && !strchr(l->prefix[0], '/')) { /* execv does not search $PATH */
        const char *path = getenv("PATH");
        char dirs[4096];
        snprintf(dirs, sizeof dirs, "%s", path ? path : "/usr/bin:/bin");
        for (char *save, *d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
            snprintf(l->resolved, sizeof l->resolved, "%s/%s", *d ? d : ".", l->prefix[0]);
            if (access(l->resolved, X_OK) == 0) {
                l->prefix[0] = l->resolved;
                return 0;
            }
        }
        fprintf(stderr, "zucbench: emulator '%s' not found in $PATH\n", l->prefix[0]);
        l->n_prefix = 0;
        return -1;
    }
    return 0;
}

/* The generated file and its directory, removed on SIGINT/SIGTERM too. */
static struct {
    int dir_slot, file_slot;
} generated = { -1, -1 };

static void remove_file(const char *path, const char *dir)
{
    if (!dir[0])
        return;
    unlink(path);
    rmdir(dir);
    cleanup_forget(generated.file_slot);
    cleanup_forget(generated.dir_slot);
    generated.file_slot = generated.dir_slot = -1;
}

/* The file to encrypt: the user's, or a generated one in a temporary directory. */
static int prepare_file(const embedded_options *o, char *path, size_t size, char *dir,
                        size_t dir_size)
{
    char err[512];
    dir[0] = '\0';
    if (o->file) {
        if (workload_check_file(o->file, err, sizeof err) != 0) {
            fprintf(stderr, "zucbench: %s\n", err);
            return -1;
        }
        snprintf(path, size, "%s", o->file);
        return 0;
    }
    size_t bytes = o->quick ? WORKLOAD_QUICK_BYTES : WORKLOAD_DEFAULT_BYTES;
    sigset_t held;
    cleanup_hold_signals(&held); /* no moment where the directory is unregistered */
    int made = workload_temp_dir(dir, dir_size, err, sizeof err) == 0;
    if (made) {
        generated.dir_slot = cleanup_add_dir(dir);
        snprintf(path, size, "%s/plaintext.bin", dir);
        generated.file_slot = cleanup_add_file(path);
    }
    cleanup_release_signals(&held);
    if (!made || workload_generate(path, bytes, WORKLOAD_SEED, err, sizeof err) != 0) {
        fprintf(stderr, "zucbench: %s\n", err);
        if (made)
            remove_file(path, dir);
        return -1;
    }
    return 0;
}

static void print_header(const embedded_options *o, const launcher *l, const char *file,
                         size_t bytes)
{
    char method[160];
    snprintf(method, sizeof method,
             "%u runs per configuration, each in its own process; "
             "system figures sampled every %u ms",
             o->repeats, o->interval_ms);
    bench_context_print(method);
    printf("file: %s (%zu bytes%s)\n"
           "latency: key setup + encryption of the file in memory (mean, sd); "
           "MB/s = bytes / ms / 1000;\nCPU %%: (user + system) / wall time of the run's process; "
           "peak KB: its peak resident memory\n\n",
           o->file ? file : "generated", bytes, o->file ? "" : ", removed afterwards");
    if (l->n_prefix)
        printf("runs started through the emulator: %s (ZUC_EMULATOR); CPU %% and memory are "
               "the emulator's, latency the emulated code's\n\n",
               l->emulator);
    if (bench_timer()->cpu_mhz > 0)
        printf("cyc/B: cycles per byte = latency ns * %g MHz / 1000 / bytes (--cpu-mhz)\n\n",
               bench_timer()->cpu_mhz);
    printf(TABLE_HEADER);
    printf(bench_timer()->cpu_mhz > 0 ? " %9s\n" : "\n", "cyc/B");
}

int embedded_run(const embedded_options *o)
{
    size_t total;
    embedded_configs(&total);
    const embedded_config **chosen = calloc(total, sizeof *chosen);
    embedded_row *rows = calloc(total, sizeof *rows);
    size_t n = chosen && rows ? select_configs(o, chosen) : 0;
    static launcher l;
    char file[4096], dir[4096];
    int rc = 2;
    if (!n)
        goto done;
    if (launcher_init(&l, getenv("ZUC_EMULATOR")) != 0)
        goto done;
    if (o->repeats > MAX_RUNS) {
        fprintf(stderr, "zucbench: at most %d repeats\n", MAX_RUNS);
        goto done;
    }
    if (prepare_file(o, file, sizeof file, dir, sizeof dir) != 0)
        goto done;
    struct stat st;
    print_header(o, &l, file, stat(file, &st) == 0 ? (size_t)st.st_size : 0);
    run_plan plan = { o, &l, file, 0, n, seconds_now() };
    rc = 0;
    for (size_t i = 0; i < n; i++) {
        plan.index = i;
        rows[i].c = chosen[i];
        run_config(&plan, &rows[i]);
        progress_clear(o);
        print_row(stdout, &rows[i]);
        fflush(stdout);
        if (!rows[i].status[0])
            add_result(&rows[i]);
        else if (strncmp(rows[i].status, "failed", 6) == 0)
            rc = 1;
    }
    remove_file(file, dir);
    table t = { rows, n };
    if (o->json && bench_write_json(o->json, "embedded") != 0)
        rc = 2;
    if (o->csv && bench_write_with(o->csv, write_csv, &t) != 0)
        rc = 2;
    if (o->markdown && bench_write_with(o->markdown, write_markdown, &t) != 0)
        rc = 2;
done:
    free(chosen);
    free(rows);
    return rc;
}
