/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_proc.c — libFuzzer target: the /proc parsers of `zucbench embedded`
 * (bench/sysmon.c: /proc/stat, /proc/meminfo, /proc/net/dev). Each input is
 * given to all three; a NUL byte splits it into a reading before and one
 * after, as the sampler takes them, for the utilisation and network sums. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_report.h"
#include "sysmon.h"

/* The text as the readers pass it: NUL-terminated, in a buffer of exactly
 * that size, so a read past the NUL is caught. */
static char *as_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return NULL;
    memcpy(text, data, size);
    text[size] = 0;
    return text;
}

typedef struct {
    int cpu_ok, mem_ok, net_ok;
    sysmon_cpu cpu;
    sysmon_mem mem;
    sysmon_net net;
} reading;

static void check_net(const sysmon_net *net)
{
    if (net->n > SYSMON_MAX_IFACES)
        fuzz_fail("net/dev: %zu interfaces kept, at most %d fit", net->n, SYSMON_MAX_IFACES);
    for (size_t i = 0; i < net->n; i++) {
        const char *name = net->iface[i].name;
        size_t len = strnlen(name, sizeof net->iface[i].name);
        if (len == 0 || len == sizeof net->iface[i].name)
            fuzz_fail("net/dev: interface %zu has an empty or unterminated name", i);
        if (strpbrk(name, ": \t\n"))
            fuzz_fail("net/dev: interface name \"%s\" holds a colon or a blank", name);
    }
}

static reading parse(const char *text)
{
    reading r;
    memset(&r, 0, sizeof r);
    r.cpu_ok = sysmon_parse_stat(text, &r.cpu) == 0;
    r.mem_ok = sysmon_parse_meminfo(text, &r.mem) == 0;
    r.net_ok = sysmon_parse_net_dev(text, &r.net) == 0;
    if (r.mem_ok && (r.mem.total_kb == 0 || r.mem.available_kb > r.mem.total_kb ||
                     r.mem.used_kb != r.mem.total_kb - r.mem.available_kb))
        fuzz_fail("meminfo: total %llu, available %llu, used %llu do not add up", r.mem.total_kb,
                  r.mem.available_kb, r.mem.used_kb);
    if (r.net_ok)
        check_net(&r.net);
    return r;
}

static void between(const reading *before, const reading *after)
{
    if (before->cpu_ok && after->cpu_ok) {
        double u = sysmon_cpu_utilisation(&before->cpu, &after->cpu);
        if (!(u >= 0.0 && u <= 1.0))
            fuzz_fail("stat: utilisation %g is outside [0, 1]", u);
    }
    if (before->net_ok && after->net_ok) {
        unsigned long long rx, tx;
        sysmon_net_delta(&before->net, &after->net, &rx, &tx);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, 0, size);
    size_t first = nul ? (size_t)(nul - data) : size;
    char *a = as_text(data, first);
    char *b = nul ? as_text(nul + 1, size - first - 1) : NULL;
    if (a) {
        reading ra = parse(a);
        reading rb = b ? parse(b) : ra;
        between(&ra, &rb);
    }
    free(a);
    free(b);
    return 0;
}
