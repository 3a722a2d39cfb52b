/* SPDX-License-Identifier: Apache-2.0 */
#include "suites/embedded.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cleanup.h"
#include "context.h"
#include "embedded/child.h"
#include "embedded/engine.h"
#include "embedded/matrix.h"
#include "embedded/workload.h"
#include "method.h"
#include "procmetrics.h"
#include "registry.h"
#include "suites/embedded_rows.h"
#include "sysmon.h"
#include "timer.h"

#define WORKLOAD_SEED 0x5A55C0DEull

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
    if (!p->o->run.progress)
        return;
    unsigned repeats = p->o->run.repeats;
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
    if (o->run.progress)
        fprintf(stderr, "\r%100s\r", "");
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
    double latency[EMBEDDED_MAX_REPEATS], cpu = 0, rss = 0, mem = 0;
    uint64_t first_sum = 0;
    /* The sampler thread inherits held signals: SIGINT/SIGTERM then reach
     * this thread, which knows the child to pass them on to. */
    sigset_t held;
    cleanup_hold_signals(&held);
    sysmon_sampler *sampler = sysmon_start("/proc", p->o->interval_ms);
    cleanup_release_signals(&held);
    for (unsigned r = 0; r < p->o->run.repeats; r++) {
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
        embedded_row_summarise(row, latency, cpu, rss, mem);
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
             o->run.repeats, o->interval_ms);
    bench_context_print(method);
    printf("file: %s (%zu bytes%s)\n"
           "latency: key setup + encryption of the file in memory (mean, sd); "
           "%s;\nCPU %%: (user + system) / wall time of the run's process; "
           "peak KB: its peak resident memory\n\n",
           o->file ? file : "generated", bytes, o->file ? "" : ", removed afterwards",
           embedded_speed_legend(o->run.unit));
    if (l->n_prefix)
        printf("runs started through the emulator: %s (ZUC_EMULATOR); CPU %% and memory are "
               "the emulator's, latency the emulated code's\n\n",
               l->emulator);
    if (bench_timer()->cpu_mhz > 0)
        printf("cyc/B: cycles per byte = latency ns * %g MHz / 1000 / bytes (--cpu-mhz)\n\n",
               bench_timer()->cpu_mhz);
    embedded_table_header(o->run.unit);
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
    if (o->run.repeats > EMBEDDED_MAX_REPEATS) {
        fprintf(stderr, "zucbench: at most %d repeats\n", EMBEDDED_MAX_REPEATS);
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
        embedded_table_row(&rows[i], o->run.unit);
        fflush(stdout);
        if (!rows[i].status[0])
            embedded_row_record(&rows[i]);
        else if (strncmp(rows[i].status, "failed", 6) == 0)
            rc = 1;
    }
    remove_file(file, dir);
done:
    free(chosen);
    free(rows);
    return rc;
}
