/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE /* dladdr */
#include "context.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "registry.h"
#include "timer.h"
#include "zuc.h"

static void read_cpu_model(char *out, size_t n)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    snprintf(out, n, "unknown CPU");
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) == 0 || strncmp(line, "Hardware", 8) == 0) {
            char *v = strchr(line, ':');
            if (v) {
                v += 1 + strspn(v + 1, " \t");
                v[strcspn(v, "\n")] = 0;
                snprintf(out, n, "%s", v);
                break;
            }
        }
    }
    fclose(f);
}

/* x86's "cpu family" and "model" (the model name alone does not tell a
 * generation apart: "Intel(R) Xeon(R) Processor"); -1 where absent (ARM). */
static void read_cpu_family_model(int *family, int *model)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    *family = *model = -1;
    if (!f)
        return;
    while (fgets(line, sizeof line, f) && (*family < 0 || *model < 0)) {
        const char *v = strchr(line, ':');
        if (!v)
            continue;
        if (strncmp(line, "cpu family", 10) == 0)
            *family = atoi(v + 1);
        else if (strncmp(line, "model", 5) == 0 && (line[5] == ' ' || line[5] == '\t'))
            *model = atoi(v + 1);
    }
    fclose(f);
}

/* The /proc/cpuinfo flags among those the paths and peers use. */
static void read_cpu_flags(char *out, size_t n)
{
    static const char *const wanted[] = { "sse4_1", "ssse3", "aes",        "pclmulqdq", "avx",
                                          "avx2",   "bmi2",  "avx512f",    "avx512bw",  "avx512vl",
                                          "gfni",   "vaes",  "vpclmulqdq", "sha_ni",    "neon",
                                          "asimd",  "pmull", NULL };
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[8192];
    out[0] = 0;
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "flags", 5) != 0 && strncmp(line, "Features", 8) != 0)
            continue;
        line[strcspn(line, "\n")] = ' '; /* every flag is now " name " */
        for (const char *const *w = wanted; *w; w++) {
            char padded[32];
            snprintf(padded, sizeof padded, " %s ", *w);
            size_t used = strlen(out);
            if (strstr(line, padded))
                snprintf(out + used, n - used, "%s%s", used ? " " : "", *w);
        }
        break;
    }
    fclose(f);
}

const bench_context *bench_context_get(void)
{
    static bench_context ctx;
    static int done;
    if (done)
        return &ctx;
    done = 1;
    read_cpu_model(ctx.cpu_model, sizeof ctx.cpu_model);
    read_cpu_family_model(&ctx.cpu_family, &ctx.cpu_model_number);
    read_cpu_flags(ctx.cpu_flags, sizeof ctx.cpu_flags);
    Dl_info where;
    snprintf(ctx.library_path, sizeof ctx.library_path, "%s",
             dladdr((void *)zuc_eea3, &where) && where.dli_fname ? where.dli_fname : "unknown");
    ctx.compiler_flags = ZUCBENCH_C_FLAGS;
    ctx.cores = (int)sysconf(_SC_NPROCESSORS_ONLN);
    struct utsname u;
    if (uname(&u) == 0)
        snprintf(ctx.os, sizeof ctx.os, "%s %s %s", u.sysname, u.release, u.machine);
#if defined(__clang__)
    ctx.compiler = "clang " __clang_version__;
#else
    ctx.compiler = "gcc " __VERSION__;
#endif
    return &ctx;
}

/* The 1-minute load average, or -1 where /proc/loadavg is not there. */
static double load_average(void)
{
    double load = -1;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (fscanf(f, "%lf", &load) != 1)
            load = -1;
        fclose(f);
    }
    return load;
}

/* Warns when other processes keep the CPUs busy as a run starts (a load
 * of BENCH_BUSY_LOAD or more besides zucbench itself, which has not started
 * timing yet): its figures will be noisy. */
#define BENCH_BUSY_LOAD 1.0
static void warn_if_busy(void)
{
    double load = load_average();
    if (load >= BENCH_BUSY_LOAD)
        fprintf(stderr,
                "warning: load average %.2f as the run starts: other processes compete "
                "for the CPUs, so the figures will be noisy (compare runs only with "
                "their spread, or rerun on a quiet machine)\n",
                load);
}

/* The facts the peers registered (ipsec-mb's version and code path), as
 * the JSON context records them. */
static void print_peer_facts(void)
{
    size_t n;
    const bench_context_field *fields = bench_context_fields(&n);
    for (size_t i = 0; i < n; i++)
        printf("%s%s=%s%s", i ? " " : "peers: ", fields[i].key, fields[i].value(),
               i + 1 == n ? "\n" : "");
}

void bench_context_print(const char *method_line)
{
    warn_if_busy();
    const bench_context *ctx = bench_context_get();
    const bench_timer_info *t = bench_timer();
    printf("cpu: %s (%d cores)   ", ctx->cpu_model, ctx->cores);
    if (BENCH_HAVE_TSC)
        printf("tsc: %.3f GHz (core ~%.2f GHz)   ", t->counter_ghz, t->core_ghz);
    else if (t->counter_ghz != 1)
        printf("timer: %s at %.3f MHz   ", t->source, t->counter_ghz * 1000);
    else
        printf("timer: %s   ", t->source);
    printf("libzuc: %s\n", zuc_impl_name());
    print_peer_facts();
    if (t->cpu_mhz > 0)
        printf("unit: cycles = ns * %g MHz / 1000 (--cpu-mhz %g: from the time, not counted)\n",
               t->cpu_mhz, t->cpu_mhz);
    else if (t->core_cycles)
        printf("unit: core cycles of the timing thread, user mode, counted by %s\n", t->source);
    else if (!BENCH_HAVE_TSC)
        printf("unit: ns (times in ns, not cycles; --cpu-mhz MHZ converts them to cycles)\n");
    printf("method: %s\n", method_line);
    fflush(stdout);
    double ratio = t->core_ghz / t->counter_ghz;
    if (t->cpu_mhz == 0 && !t->core_cycles && t->core_ghz > 0 && (ratio > 1.05 || ratio < 0.95)) {
        const char *why = bench_timer_counter_problem();
        fprintf(stderr,
                "note: cycles are TSC ticks at %.3f GHz; the core runs at about %.2f GHz "
                "(%.2fx), so one tick is not one core cycle (core cycles: %s)\n",
                t->counter_ghz, t->core_ghz, ratio,
                why ? why : "chosen off by --counter tsc or --threads");
    }
}
