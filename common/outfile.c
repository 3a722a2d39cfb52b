/* SPDX-License-Identifier: Apache-2.0 */
#define _XOPEN_SOURCE 700
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cleanup.h"

enum how { WRITE_STDOUT, WRITE_IN_PLACE, WRITE_REPLACE, WRITE_COPY_BACK };

static const char temp_pattern[] = ".zuc-tmp-XXXXXX";

static int stdout_fd = STDOUT_FILENO;

/* ---- where the content goes ------------------------------------------------------- */

/* Sets o->how, o->target and o->existing for path. 0, or -1 with errno. */
static int plan(outfile *o, const char *path)
{
    struct stat st;
    if (!*path) {
        errno = ENOENT;
        return -1;
    }
    if (strcmp(path, "-") == 0) {
        o->how = WRITE_STDOUT;
        return 0;
    }
    if (lstat(path, &st) != 0) {
        if (errno != ENOENT)
            return -1;
        o->how = WRITE_REPLACE; /* a new file */
        o->target = strdup(path);
        return o->target ? 0 : -1;
    }
    int is_link = S_ISLNK(st.st_mode);
    if (is_link && stat(path, &st) != 0)
        return -1; /* a link to nothing: ENOENT */
    if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        o->how = WRITE_IN_PLACE; /* FIFO, device, socket: never replaced */
        o->target = strdup(path);
        return o->target ? 0 : -1;
    }
    /* A regular file: through a link, the file it points at (the link stays). */
    o->target = is_link ? realpath(path, NULL) : strdup(path);
    if (!o->target)
        return -1;
    if (access(o->target, W_OK) != 0) /* replacing would bypass its permissions */
        return -1;
    o->existed = 1;
    o->existing = st;
    o->how = st.st_nlink > 1 ? WRITE_COPY_BACK : WRITE_REPLACE;
    return 0;
}

static size_t directory_part_length(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? (size_t)(slash - path) + 1 : 0;
}

/* A fresh temporary file beside the target, registered for removal on a signal. */
static int make_temp(outfile *o)
{
    size_t dir_len = directory_part_length(o->target);
    o->temp = malloc(dir_len + sizeof temp_pattern);
    if (!o->temp)
        return -1;
    memcpy(o->temp, o->target, dir_len);
    memcpy(o->temp + dir_len, temp_pattern, sizeof temp_pattern);
    sigset_t held;
    cleanup_hold_signals(&held); /* no moment where it exists unregistered */
    o->fd = mkstemp(o->temp);
    if (o->fd >= 0)
        o->cleanup_slot = cleanup_add_file(o->temp);
    cleanup_release_signals(&held);
    if (o->fd < 0) {
        free(o->temp);
        o->temp = NULL;
        return -1;
    }
    return 0;
}

/* The state of OUTFILE_NONE: nothing open, nothing to remove. */
static void clear(outfile *o)
{
    memset(o, 0, sizeof *o);
    o->fd = -1;
    o->cleanup_slot = -1;
}

static void release(outfile *o)
{
    int saved = errno;
    if (o->stream)
        fclose(o->stream);
    if (o->fd >= 0 && o->how != WRITE_STDOUT)
        close(o->fd);
    if (o->temp) {
        unlink(o->temp);
        cleanup_forget(o->cleanup_slot);
    }
    free(o->temp);
    free(o->target);
    clear(o);
    errno = saved;
}

int outfile_open(outfile *o, const char *path)
{
    clear(o);
    int ok = plan(o, path) == 0;
    if (ok && o->how == WRITE_STDOUT)
        o->fd = stdout_fd;
    else if (ok && o->how == WRITE_IN_PLACE)
        ok = (o->fd = open(o->target, O_WRONLY | O_NOCTTY | O_CLOEXEC)) >= 0;
    else if (ok)
        ok = make_temp(o) == 0;
    if (!ok)
        release(o);
    return ok ? 0 : -1;
}

FILE *outfile_stream(outfile *o)
{
    if (o->stream)
        return o->stream;
    int fd = fcntl(o->fd, F_DUPFD_CLOEXEC, 0); /* the stream's own: o->fd outlives it */
    if (fd < 0)
        return NULL;
    o->stream = fdopen(fd, "w");
    if (!o->stream)
        close(fd);
    return o->stream;
}

static int write_all(int fd, const void *data, size_t n)
{
    const unsigned char *p = data;
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

int outfile_write(outfile *o, const void *data, size_t n)
{
    return write_all(o->fd, data, n);
}

/* ---- commit ------------------------------------------------------------------------ */

static int flush_stream(outfile *o)
{
    if (!o->stream)
        return 0;
    errno = 0;
    int failed = fflush(o->stream) != 0 || ferror(o->stream); /* an earlier write failed */
    int saved = errno ? errno : EIO;
    if (fclose(o->stream) != 0 && !failed) {
        failed = 1;
        saved = errno;
    }
    o->stream = NULL;
    errno = saved;
    return failed ? -1 : 0;
}

/* mkstemp makes files 0600; a new file gets the mode a plain create would. */
static mode_t mode_for_new_file(void)
{
    mode_t mask = umask(0); /* reading the umask means setting it */
    umask(mask);
    return 0666 & ~mask;
}

/* The temporary file takes the existing file's owner (root only) and mode. */
static int give_attributes(outfile *o)
{
    if (!o->existed)
        return fchmod(o->fd, mode_for_new_file());
    if (geteuid() == 0 && fchown(o->fd, o->existing.st_uid, o->existing.st_gid) != 0)
        return -1;
    return fchmod(o->fd, o->existing.st_mode & 07777); /* after chown, which clears set-id bits */
}

/* After a rename, the entry is durable once the directory is synced. Best
 * effort: some file systems refuse fsync on a directory. */
static void sync_directory_of(const char *path)
{
    size_t len = directory_part_length(path);
    char *dir = len ? strndup(path, len) : strdup(".");
    if (!dir)
        return;
    int fd = open(dir, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
    free(dir);
}

static int replace_target(outfile *o)
{
    if (give_attributes(o) != 0 || fsync(o->fd) != 0)
        return -1;
    int rc = close(o->fd);
    o->fd = -1;
    if (rc != 0 || rename(o->temp, o->target) != 0)
        return -1;
    cleanup_forget(o->cleanup_slot);
    free(o->temp);
    o->temp = NULL;
    sync_directory_of(o->target);
    return 0;
}

/* Copies the finished temporary file into the target, keeping its inode. */
static int copy_into(int from, int to)
{
    char buf[65536];
    off_t total = 0;
    if (lseek(from, 0, SEEK_SET) != 0)
        return -1;
    for (;;) {
        ssize_t r = read(from, buf, sizeof buf);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -1;
        if (r == 0)
            break;
        if (write_all(to, buf, (size_t)r) != 0)
            return -1;
        total += r;
    }
    return ftruncate(to, total) == 0 && fsync(to) == 0 ? 0 : -1;
}

static int same_file(int fd, const struct stat *expected)
{
    struct stat now;
    return fstat(fd, &now) == 0 && now.st_dev == expected->st_dev && now.st_ino == expected->st_ino;
}

static int copy_back(outfile *o)
{
    int to = open(o->target, O_WRONLY | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
    if (to < 0)
        return -1;
    int ok = same_file(to, &o->existing);
    if (!ok)
        errno = EAGAIN; /* it was replaced meanwhile: leave it */
    else
        ok = copy_into(o->fd, to) == 0;
    int saved = errno;
    if (close(to) != 0 && ok) {
        ok = 0;
        saved = errno;
    }
    errno = saved;
    return ok ? 0 : -1;
}

int outfile_commit(outfile *o)
{
    int rc = flush_stream(o);
    if (rc == 0) {
        switch (o->how) {
        case WRITE_STDOUT: break;
        case WRITE_IN_PLACE:
            rc = close(o->fd);
            o->fd = -1;
            break;
        case WRITE_REPLACE: rc = replace_target(o); break;
        case WRITE_COPY_BACK: rc = copy_back(o); break;
        }
    }
    release(o);
    return rc;
}

void outfile_discard(outfile *o)
{
    release(o);
}

int outfile_finish(outfile *o, int failed)
{
    if (!failed)
        return outfile_commit(o);
    outfile_discard(o);
    return -1;
}

int outfile_save(const char *path, int (*fill)(outfile *o, void *arg), void *arg)
{
    outfile o;
    if (outfile_open(&o, path) != 0)
        return -1;
    return outfile_finish(&o, fill(&o, arg) != 0);
}

/* ---- before the run ---------------------------------------------------------------- */

int outfile_check(const char *path)
{
    outfile o;
    clear(&o);
    int rc = plan(&o, path);
    if (rc == 0 && o.how == WRITE_IN_PLACE)
        rc = access(o.target, W_OK); /* opening a FIFO would wait for a reader */
    else if (rc == 0 && o.how != WRITE_STDOUT)
        rc = make_temp(&o);
    release(&o);
    return rc;
}

int outfile_reserve_stdout(void)
{
    if (stdout_fd != STDOUT_FILENO)
        return 0;
    fflush(stdout);
    int kept = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    if (kept < 0)
        return -1;
    if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        close(kept);
        return -1;
    }
    stdout_fd = kept;
    return 0;
}
