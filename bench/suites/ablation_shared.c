/* SPDX-License-Identifier: Apache-2.0 */
/* ablation_shared.c — what the keystream tables (ablation.c) and Table 15
 * (ablation_t15.c) of the ablation suite share: each variant checked once,
 * the progress line, the document's figures in the results. */
#include "suites/ablation_shared.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"

typedef struct {
    const char *id;
    const abl_variant *v;
    const char *status;
} checked;
static checked checks[64];
static size_t n_checks;

static const char *verdict(const abl_variant *v, int *wrong)
{
    char why[200];
    if (!v)
        return "not built here";
    if (!v->usable())
        return "unavailable: CPU lacks its ISA";
    if (abl_check(v, why, sizeof why) == 0)
        return NULL;
    fprintf(stderr, "zucbench: ablation variant %s: %s: not timed\n", v->id, why);
    ++*wrong;
    return "WRONG OUTPUT: not timed";
}

const abl_variant *ablation_checked(const char *id, const char **status, int *wrong)
{
    for (size_t i = 0; i < n_checks; i++)
        if (strcmp(checks[i].id, id) == 0) {
            *status = checks[i].status;
            return checks[i].v;
        }
    const abl_variant *v = abl_variant_find(id);
    const char *s = verdict(v, wrong);
    if (n_checks < sizeof checks / sizeof checks[0])
        checks[n_checks++] = (checked){ id, s ? NULL : v, s };
    *status = s;
    return s ? NULL : v;
}

void ablation_progress(const ablation_options *o, const char *what, size_t done, size_t total)
{
    if (!o->run.progress)
        return;
    fprintf(stderr, "\r[%3zu/%zu] %-60.60s", done, total, what);
    fflush(stderr);
}

void ablation_document(const char *algorithm, const char *configuration, const char *row_name,
                       size_t size_bytes, const char *unit, double value)
{
    size_t n = strlen(ABLATION_DOC_MACHINE) + strlen(row_name) + 2;
    char *machine = malloc(n); /* kept: the results refer to it until exit */
    if (!machine)
        return;
    snprintf(machine, n, "%s:%s", ABLATION_DOC_MACHINE, row_name);
    bench_results_add_document("ablation", algorithm, configuration, machine, size_bytes, unit,
                               value);
}
