/* SPDX-License-Identifier: Apache-2.0 */
/* outfile.h — a result file written the way careful tools write one.
 *
 * By the kind of path given:
 *   "-"                 standard output.
 *   a new name, or an existing regular file (also through a symbolic link:
 *                       the file it points at is updated and the link kept)
 *                       the content goes to a temporary file that mkstemp
 *                       makes beside the target (O_EXCL: a link planted
 *                       there is never followed), then replaces the target
 *                       at once: complete or not at all. An existing file
 *                       keeps its mode (and its owner when run as root). A
 *                       file with other hard links is rewritten in place
 *                       once the temporary file holds everything, so that
 *                       every link sees the new content.
 *   an existing FIFO, device or other file that is not regular (/dev/null)
 *                       written in place; never replaced.
 * A directory, an empty name, a symbolic link to nothing and a regular file
 * this process may not write are refused. Temporary files are registered
 * with cleanup.h, so that SIGINT or SIGTERM removes them. */
#ifndef ZUC_COMMON_OUTFILE_H
#define ZUC_COMMON_OUTFILE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

typedef struct {
    int fd; /* write the content here, or through outfile_stream() */
    /* private */
    FILE *stream;
    int how;
    char *target; /* the file that receives the content */
    char *temp;   /* the temporary file, or NULL */
    int cleanup_slot;
    int existed;
    struct stat existing; /* the target as found, when it existed */
} outfile;

/* An outfile not opened (yet): outfile_discard may be called on it. */
#define OUTFILE_NONE                 \
    {                                \
        .fd = -1, .cleanup_slot = -1 \
    }

/* Prepares path for writing. 0, or -1 with errno (ENOENT for "" and for a
 * link to nothing, EISDIR for a directory, EACCES, ...). */
int outfile_open(outfile *o, const char *path);

/* Standard I/O on the file; it is flushed and closed by commit or discard.
 * NULL with errno. */
FILE *outfile_stream(outfile *o);

/* Writes all n bytes to o->fd. 0, or -1 with errno. */
int outfile_write(outfile *o, const void *data, size_t n);

/* Makes the content the target's. 0, or -1 with errno (the target then
 * keeps its old content). Releases o either way. */
int outfile_commit(outfile *o);

/* Drops the content: the target keeps its old one. Releases o. */
void outfile_discard(outfile *o);

/* The end of every write: commits when failed is 0, else discards (errno
 * as the failure left it). 0, or -1 with errno. Releases o either way. */
int outfile_finish(outfile *o, int failed);

/* A whole file in one call: outfile_open, then fill (0, or -1 with errno)
 * writes the content through outfile_write or outfile_stream, then
 * outfile_finish. path gets all of the content or keeps what it had. 0, or
 * -1 with errno. */
int outfile_save(const char *path, int (*fill)(outfile *o, void *arg), void *arg);

/* Before a long run: 0 if outfile_open(path) would succeed (a temporary
 * file is made and removed; a FIFO is not opened), else -1 with errno. */
int outfile_check(const char *path);

/* For a program with other output on standard output: "-" keeps the real
 * standard output, and what the program prints there goes to standard error
 * from now on. 0, or -1 with errno. */
int outfile_reserve_stdout(void);

#endif
