/* SPDX-License-Identifier: Apache-2.0 */
#include "embedded/workload.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"
#include "random.h"

static int failf(char *err, size_t size, const char *what, const char *path)
{
    snprintf(err, size, "%s '%s': %s", what, path, strerror(errno));
    return -1;
}

typedef struct {
    size_t n;
    uint64_t seed;
} random_fill;

static int fill_random(outfile *out, void *arg)
{
    random_fill *r = arg;
    uint8_t buf[1 << 16];
    uint64_t state = r->seed;
    for (size_t done = 0; done < r->n;) {
        size_t len = r->n - done < sizeof buf ? r->n - done : sizeof buf;
        for (size_t i = 0; i < len; i += 8) {
            uint64_t v = splitmix64_next(&state);
            for (size_t b = 0; b < 8 && i + b < len; b++)
                buf[i + b] = (uint8_t)(v >> (8 * b));
        }
        if (outfile_write(out, buf, len) != 0)
            return -1;
        done += len;
    }
    return 0;
}

int workload_generate(const char *path, size_t n, uint64_t seed, char *err, size_t err_size)
{
    random_fill r = { n, seed };
    /* complete or absent; a signal removes the temporary file */
    return outfile_save(path, fill_random, &r) == 0 ? 0
                                                    : failf(err, err_size, "cannot write", path);
}

int workload_temp_dir(char *dir, size_t dir_size, char *err, size_t err_size)
{
    const char *base = getenv("TMPDIR");
    snprintf(dir, dir_size, "%s/zucbench-embedded-XXXXXX", base && *base ? base : "/tmp");
    return mkdtemp(dir) ? 0 : failf(err, err_size, "cannot create a directory like", dir);
}

/* Opens path for reading if it is a regular file with something in it (a
 * device such as /dev/zero has no size to measure; an empty file nothing to
 * encrypt). The descriptor, or -1 with err. */
static int open_input(const char *path, struct stat *st, char *err, size_t err_size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0 || fstat(fd, st) != 0) {
        int saved = errno;
        if (fd >= 0)
            close(fd);
        errno = saved;
        return failf(err, err_size, "cannot read", path);
    }
    if (S_ISDIR(st->st_mode)) {
        close(fd);
        errno = EISDIR;
        return failf(err, err_size, "cannot read", path);
    }
    const char *why = !S_ISREG(st->st_mode) ? "not a regular file (a device or FIFO has no size)"
                      : st->st_size == 0    ? "an empty file"
                                            : NULL;
    if (why) {
        close(fd);
        snprintf(err, err_size, "cannot encrypt '%s': %s", path, why);
        return -1;
    }
    return fd;
}

int workload_check_file(const char *path, char *err, size_t err_size)
{
    struct stat st;
    int fd = open_input(path, &st, err, err_size);
    if (fd < 0)
        return -1;
    close(fd);
    return 0;
}

uint8_t *workload_read(const char *path, size_t *n, char *err, size_t err_size)
{
    struct stat st;
    int fd = open_input(path, &st, err, err_size);
    if (fd < 0)
        return NULL;
    size_t size = (size_t)st.st_size, got = 0;
    uint8_t *buf = malloc(size ? size : 1);
    while (buf && got < size) {
        ssize_t r = read(fd, buf + got, size - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    if (!buf || got != size) {
        failf(err, err_size, "cannot read", path);
        free(buf);
        return NULL;
    }
    *n = size;
    return buf;
}

typedef struct {
    const uint8_t *buf;
    size_t n;
} plain_fill;

static int fill_plain(outfile *out, void *arg)
{
    plain_fill *p = arg;
    return outfile_write(out, p->buf, p->n);
}

int workload_write_output(const char *dir, const char *name, const uint8_t *buf, size_t n,
                          char *err, size_t err_size)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s.enc", dir, name) >= (int)sizeof path) {
        errno = ENAMETOOLONG;
        return failf(err, err_size, "cannot write in", dir);
    }
    for (char *p = path + strlen(dir) + 1; *p; p++)
        if (*p == '/')
            *p = '_';
    plain_fill p = { buf, n };
    return outfile_save(path, fill_plain, &p) == 0 ? 0 : failf(err, err_size, "cannot write", path);
}

int workload_check_out_dir(const char *dir, char *err, size_t err_size)
{
    struct stat st;
    if (stat(dir, &st) != 0)
        return failf(err, err_size, "cannot use output directory", dir);
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return failf(err, err_size, "cannot use output directory", dir);
    }
    if (access(dir, W_OK | X_OK) != 0)
        return failf(err, err_size, "cannot write in output directory", dir);
    return 0;
}

void workload_key_iv(const char *name, uint8_t key[32], uint8_t iv[32])
{
    uint64_t state = 0x7A756362656E6368ull; /* "zucbench" */
    for (const char *p = name; *p; p++)
        state = (state ^ (uint8_t)*p) * 0x100000001B3ull;
    for (int i = 0; i < 32; i += 8) {
        uint64_t k = splitmix64_next(&state), v = splitmix64_next(&state);
        for (int b = 0; b < 8; b++) {
            key[i + b] = (uint8_t)(k >> (8 * b));
            iv[i + b] = (uint8_t)(v >> (8 * b));
        }
    }
}

uint64_t workload_checksum(const uint8_t *buf, size_t n)
{
    uint64_t h = 0xCBF29CE484222325ull; /* FNV-1a over 8-byte words */
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, buf + i, 8);
        h = (h ^ w) * 0x100000001B3ull;
    }
    for (; i < n; i++)
        h = (h ^ buf[i]) * 0x100000001B3ull;
    return h;
}
