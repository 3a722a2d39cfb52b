/* SPDX-License-Identifier: Apache-2.0 */
/* context.h — what machine and build a result comes from. */
#ifndef BENCH_CONTEXT_H
#define BENCH_CONTEXT_H

typedef struct {
    char cpu_model[128];
    int cpu_family; /* x86 CPUID family and model as /proc/cpuinfo gives them; -1: none */
    int cpu_model_number;
    int cores;
    char os[256];
    const char *compiler;
    const char *compiler_flags; /* the build's C flags */
    char cpu_flags[256];        /* the features that matter to ZUC and its peers */
    char library_path[512];     /* where libzuc's code was loaded from */
} bench_context;

const bench_context *bench_context_get(void);

/* Prints the context lines every suite starts with. */
void bench_context_print(const char *method_line);

#endif
