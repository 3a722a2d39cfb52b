/* SPDX-License-Identifier: Apache-2.0 */
/* sysmon.c — /proc/stat, /proc/meminfo and /proc/net/dev: parsers, one
 * reading, and a sampling thread. */
#include "sysmon.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- parsing helpers ---------------------------------------------------- */

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}
static int is_eol(char c)
{
    return c == '\n' || c == '\0';
}

static const char *skip_blanks(const char *p)
{
    while (is_blank(*p))
        p++;
    return p;
}

static const char *next_line(const char *p)
{
    const char *nl = strchr(p, '\n');
    return nl ? nl + 1 : NULL;
}

/* A decimal number after optional blanks, ending at a blank or the end of
 * the line; *p moves past it. -1 if there is none, it is followed by
 * anything else, or it does not fit. */
static int parse_u64(const char **p, unsigned long long *v)
{
    const char *s = skip_blanks(*p);
    if (*s < '0' || *s > '9')
        return -1;
    unsigned long long x = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        unsigned d = (unsigned)(*s - '0');
        if (x > (~0ULL - d) / 10)
            return -1;
        x = x * 10 + d;
    }
    if (!is_blank(*s) && !is_eol(*s))
        return -1;
    *v = x;
    *p = s;
    return 0;
}

/* ---- /proc/stat --------------------------------------------------------- */

/* Columns of the "cpu" line: user nice system idle iowait irq softirq steal
 * guest guest_nice (4 on 2.4 kernels, 7 from 2.6.0, 8 from 2.6.11, 9 from
 * 2.6.24, 10 from 2.6.33). guest and guest_nice are included in user and
 * nice, so the total stops at steal; columns after the tenth are ignored. */
int sysmon_parse_stat(const char *text, sysmon_cpu *out)
{
    for (const char *line = text; line && *line; line = next_line(line)) {
        if (strncmp(line, "cpu", 3) != 0 || !is_blank(line[3]))
            continue;
        unsigned long long col[10];
        size_t n = 0;
        const char *p = line + 3;
        while (n < 10) {
            p = skip_blanks(p);
            if (is_eol(*p))
                break;
            if (parse_u64(&p, &col[n]) != 0)
                return -1;
            n++;
        }
        if (n < 4)
            return -1;
        unsigned long long total = 0;
        for (size_t i = 0; i < n && i < 8; i++)
            total += col[i];
        out->total = total;
        out->idle = col[3] + (n > 4 ? col[4] : 0);
        return 0;
    }
    return -1;
}

/* ---- /proc/meminfo ------------------------------------------------------ */

/* "Key:   123 kB" lines. Every line needs a colon; the keys used need a
 * number in kB. */
int sysmon_parse_meminfo(const char *text, sysmon_mem *out)
{
    static const char *const keys[] = { "MemTotal", "MemFree", "MemAvailable", "Buffers",
                                        "Cached" };
    enum { TOTAL, FREE, AVAILABLE, BUFFERS, CACHED, NKEYS };
    unsigned long long val[NKEYS] = { 0 };
    int have[NKEYS] = { 0 };

    for (const char *line = text; line && *line; line = next_line(line)) {
        if (*line == '\n')
            continue;
        const char *colon = line;
        while (!is_eol(*colon) && *colon != ':')
            colon++;
        if (*colon != ':')
            return -1;
        size_t klen = (size_t)(colon - line);
        for (int k = 0; k < NKEYS; k++) {
            if (strlen(keys[k]) != klen || strncmp(line, keys[k], klen) != 0)
                continue;
            const char *p = colon + 1;
            if (parse_u64(&p, &val[k]) != 0)
                return -1;
            p = skip_blanks(p);
            if (strncmp(p, "kB", 2) != 0)
                return -1;
            p = skip_blanks(p + 2);
            if (!is_eol(*p))
                return -1;
            have[k] = 1;
        }
    }
    if (!have[TOTAL] || val[TOTAL] == 0)
        return -1;
    unsigned long long avail;
    if (have[AVAILABLE])
        avail = val[AVAILABLE];
    else if (have[FREE])
        avail = val[FREE] + val[BUFFERS] + val[CACHED];
    else
        return -1;
    if (avail > val[TOTAL])
        return -1;
    out->total_kb = val[TOTAL];
    out->available_kb = avail;
    out->used_kb = val[TOTAL] - avail;
    return 0;
}

/* ---- /proc/net/dev ------------------------------------------------------ */

/* Words in [p, end), and whether the first one is "bytes". */
static size_t count_words(const char *p, const char *end, int *first_is_bytes)
{
    size_t n = 0;
    *first_is_bytes = 0;
    while (p < end) {
        while (p < end && is_blank(*p))
            p++;
        if (p == end)
            break;
        const char *w = p;
        while (p < end && !is_blank(*p))
            p++;
        if (n == 0)
            *first_is_bytes = (p - w == 5 && strncmp(w, "bytes", 5) == 0);
        n++;
    }
    return n;
}

/* Two header lines, the second naming the receive and transmit columns
 * between '|'s (" face |bytes packets ...|bytes packets ..."); the number
 * of columns is taken from it, so layouts with other counts are read too.
 * Then one line per interface: the name, a colon, and the numbers (old
 * kernels print a large first number against the colon: "eth0:123456"). An
 * interface name has no blanks or colons, so the first colon ends it. */
int sysmon_parse_net_dev(const char *text, sysmon_net *out)
{
    const char *h2 = next_line(text);
    if (!h2 || !memchr(text, '|', (size_t)(h2 - text)))
        return -1;
    const char *end2 = strchr(h2, '\n');
    if (!end2)
        return -1;
    const char *bar1 = memchr(h2, '|', (size_t)(end2 - h2));
    const char *bar2 = bar1 ? memchr(bar1 + 1, '|', (size_t)(end2 - bar1 - 1)) : NULL;
    if (!bar2)
        return -1;
    int rx_ok, tx_ok;
    size_t rx_cols = count_words(bar1 + 1, bar2, &rx_ok);
    size_t tx_cols = count_words(bar2 + 1, end2, &tx_ok);
    if (!rx_ok || !tx_ok || rx_cols + tx_cols > 64)
        return -1;

    out->n = 0;
    out->n_omitted = 0;
    for (const char *line = end2 + 1; line && *line; line = next_line(line)) {
        const char *p = skip_blanks(line);
        if (is_eol(*p))
            continue;
        const char *name = p;
        while (!is_eol(*p) && !is_blank(*p) && *p != ':')
            p++;
        size_t len = (size_t)(p - name);
        if (*p != ':' || len == 0 || len >= sizeof out->iface[0].name)
            return -1;
        p++;
        unsigned long long rx = 0, tx = 0, v;
        for (size_t i = 0; i < rx_cols + tx_cols; i++) {
            if (parse_u64(&p, &v) != 0)
                return -1;
            if (i == 0)
                rx = v;
            else if (i == rx_cols)
                tx = v;
        }
        if (!is_eol(*skip_blanks(p)))
            return -1;
        if (out->n == SYSMON_MAX_IFACES) {
            out->n_omitted++;
        } else {
            sysmon_iface *f = &out->iface[out->n++];
            memcpy(f->name, name, len);
            f->name[len] = '\0';
            f->rx_bytes = rx;
            f->tx_bytes = tx;
        }
    }
    return 0;
}

/* ---- reading the files -------------------------------------------------- */

#define SYSMON_MAX_FILE (16u << 20)

/* The whole of <root>/<name> as a NUL-terminated string (proc files report
 * size 0, so it is read until EOF). NULL + errno on failure. */
static char *read_text(const char *root, const char *name)
{
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/%s", root ? root : "/proc", name);
    if (n < 0 || (size_t)n >= sizeof path) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    size_t cap = 8192, len = 0;
    char *buf = malloc(cap);
    if (!buf)
        goto fail;
    for (;;) {
        if (len + 1 == cap) {
            if (cap >= SYSMON_MAX_FILE) {
                errno = EFBIG;
                goto fail;
            }
            char *bigger = realloc(buf, cap * 2);
            if (!bigger)
                goto fail;
            buf = bigger;
            cap *= 2;
        }
        ssize_t r = read(fd, buf + len, cap - 1 - len);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            goto fail;
        }
        if (r == 0)
            break;
        len += (size_t)r;
    }
    close(fd);
    buf[len] = '\0';
    return buf;
fail:;
    int e = errno;
    free(buf);
    close(fd);
    errno = e;
    return NULL;
}

int sysmon_read(const char *proc_root, sysmon_cpu *cpu, sysmon_mem *mem, sysmon_net *net)
{
    struct {
        const char *name;
        int is;
    } files[] = {
        { "stat", cpu != NULL },
        { "meminfo", mem != NULL },
        { "net/dev", net != NULL },
    };
    for (int i = 0; i < 3; i++) {
        if (!files[i].is)
            continue;
        char *text = read_text(proc_root, files[i].name);
        if (!text)
            return -1;
        int rc = i == 0   ? sysmon_parse_stat(text, cpu)
                 : i == 1 ? sysmon_parse_meminfo(text, mem)
                          : sysmon_parse_net_dev(text, net);
        free(text);
        if (rc != 0) {
            errno = EBADMSG;
            return -1;
        }
    }
    return 0;
}

double sysmon_cpu_utilisation(const sysmon_cpu *before, const sysmon_cpu *after)
{
    if (after->total <= before->total)
        return 0.0;
    /* iowait may step backwards on some kernels; a negative idle delta
     * counts as none. */
    double d_total = (double)(after->total - before->total);
    double d_idle = after->idle > before->idle ? (double)(after->idle - before->idle) : 0.0;
    double u = 1.0 - d_idle / d_total;
    return u < 0.0 ? 0.0 : u > 1.0 ? 1.0 : u;
}

void sysmon_net_delta(const sysmon_net *before, const sysmon_net *after,
                      unsigned long long *rx_bytes, unsigned long long *tx_bytes)
{
    unsigned long long rx = 0, tx = 0;
    for (size_t i = 0; i < after->n; i++) {
        const sysmon_iface *a = &after->iface[i];
        if (strcmp(a->name, "lo") == 0)
            continue;
        for (size_t j = 0; j < before->n; j++) {
            const sysmon_iface *b = &before->iface[j];
            if (strcmp(a->name, b->name) != 0)
                continue;
            if (a->rx_bytes >= b->rx_bytes)
                rx += a->rx_bytes - b->rx_bytes;
            if (a->tx_bytes >= b->tx_bytes)
                tx += a->tx_bytes - b->tx_bytes;
            break;
        }
    }
    *rx_bytes = rx;
    *tx_bytes = tx;
}

/* ---- the sampler -------------------------------------------------------- */

struct sysmon_sampler {
    char *root;
    unsigned interval_ms;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    int stopping; /* under lock */
    /* Written by the thread only; read by sysmon_stop after the join. */
    sysmon_cpu cpu_before, cpu_prev;
    sysmon_mem mem_before, mem_last;
    sysmon_net net_before;
    unsigned long long mem_used_max;
    double util_sum, util_max;
    size_t samples, intervals, read_errors;
};

static void add_ms(struct timespec *t, unsigned ms)
{
    t->tv_sec += ms / 1000;
    t->tv_nsec += (long)(ms % 1000) * 1000000L;
    if (t->tv_nsec >= 1000000000L) {
        t->tv_sec++;
        t->tv_nsec -= 1000000000L;
    }
}

static int before(const struct timespec *a, const struct timespec *b)
{
    return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static void take_sample(sysmon_sampler *s)
{
    sysmon_cpu cpu;
    sysmon_mem mem;
    if (sysmon_read(s->root, &cpu, &mem, NULL) != 0) {
        s->read_errors++;
        return;
    }
    s->samples++;
    s->mem_last = mem;
    if (mem.used_kb > s->mem_used_max)
        s->mem_used_max = mem.used_kb;
    if (cpu.total > s->cpu_prev.total) {
        double u = sysmon_cpu_utilisation(&s->cpu_prev, &cpu);
        s->util_sum += u;
        if (u > s->util_max)
            s->util_max = u;
        s->intervals++;
        s->cpu_prev = cpu;
    }
}

/* Wakes at start + k * interval; after a late wake-up (a loaded machine) the
 * schedule restarts from now rather than catching up with a burst. */
static void *sampler_main(void *arg)
{
    sysmon_sampler *s = arg;
    struct timespec next;
    clock_gettime(CLOCK_MONOTONIC, &next);
    pthread_mutex_lock(&s->lock);
    while (!s->stopping) {
        add_ms(&next, s->interval_ms);
        while (!s->stopping && pthread_cond_timedwait(&s->wake, &s->lock, &next) != ETIMEDOUT)
            ;
        if (s->stopping)
            break;
        pthread_mutex_unlock(&s->lock);
        take_sample(s);
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        struct timespec late = next;
        add_ms(&late, s->interval_ms);
        if (before(&late, &now))
            next = now;
        pthread_mutex_lock(&s->lock);
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

sysmon_sampler *sysmon_start(const char *proc_root, unsigned interval_ms)
{
    if (interval_ms == 0) {
        errno = EINVAL;
        return NULL;
    }
    sysmon_sampler *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->root = strdup(proc_root ? proc_root : "/proc");
    if (!s->root) {
        free(s);
        return NULL;
    }
    s->interval_ms = interval_ms;
    if (sysmon_read(s->root, &s->cpu_before, &s->mem_before, &s->net_before) != 0) {
        int e = errno;
        free(s->root);
        free(s);
        errno = e;
        return NULL;
    }
    s->cpu_prev = s->cpu_before;
    s->mem_last = s->mem_before;
    s->mem_used_max = s->mem_before.used_kb;

    pthread_condattr_t attr;
    int rc = pthread_condattr_init(&attr);
    if (rc == 0) {
        rc = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
        if (rc == 0)
            rc = pthread_cond_init(&s->wake, &attr);
        pthread_condattr_destroy(&attr);
    }
    if (rc == 0) {
        rc = pthread_mutex_init(&s->lock, NULL);
        if (rc != 0)
            pthread_cond_destroy(&s->wake);
    }
    if (rc == 0) {
        rc = pthread_create(&s->thread, NULL, sampler_main, s);
        if (rc != 0) {
            pthread_mutex_destroy(&s->lock);
            pthread_cond_destroy(&s->wake);
        }
    }
    if (rc != 0) {
        free(s->root);
        free(s);
        errno = rc;
        return NULL;
    }
    return s;
}

int sysmon_stop(sysmon_sampler *s, sysmon_summary *out)
{
    pthread_mutex_lock(&s->lock);
    s->stopping = 1;
    pthread_cond_signal(&s->wake);
    pthread_mutex_unlock(&s->lock);
    pthread_join(s->thread, NULL);
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->wake);

    sysmon_cpu cpu;
    sysmon_mem mem;
    sysmon_net net;
    int rc = sysmon_read(s->root, &cpu, &mem, &net);
    int e = errno;
    if (rc != 0) {
        cpu = s->cpu_prev;
        mem = s->mem_last;
        net = s->net_before;
    }
    if (out) {
        memset(out, 0, sizeof *out);
        out->cpu_util_overall = sysmon_cpu_utilisation(&s->cpu_before, &cpu);
        if (s->intervals > 0) {
            out->cpu_util_mean = s->util_sum / (double)s->intervals;
            out->cpu_util_max = s->util_max;
        } else {
            out->cpu_util_mean = out->cpu_util_max = out->cpu_util_overall;
        }
        if (out->cpu_util_max < out->cpu_util_overall)
            out->cpu_util_max = out->cpu_util_overall;
        out->mem_total_kb = s->mem_before.total_kb;
        out->mem_used_kb_before = s->mem_before.used_kb;
        out->mem_used_kb_after = mem.used_kb;
        out->mem_used_kb_max = s->mem_used_max > mem.used_kb ? s->mem_used_max : mem.used_kb;
        sysmon_net_delta(&s->net_before, &net, &out->net_rx_bytes, &out->net_tx_bytes);
        out->samples = s->samples;
        out->intervals = s->intervals;
        out->read_errors = s->read_errors;
    }
    free(s->root);
    free(s);
    if (rc != 0) {
        errno = e;
        return -1;
    }
    return 0;
}
