/* SPDX-License-Identifier: Apache-2.0 */
/* cleanup.h — an interrupted run leaves nothing behind.
 *
 * After cleanup_on_signals(), SIGINT, SIGTERM or SIGHUP makes the process
 * signal the child it waits for (if any) and wait for it, remove every file
 * and directory registered here (the latest first), and exit with status
 * 128 + the signal number (130 for SIGINT, 143 for SIGTERM). The handler only
 * makes async-signal-safe calls, on paths kept in static buffers.
 *
 * Registering is cheap and harmless without the handlers: a library that
 * makes temporary files registers them whoever its caller is. */
#ifndef ZUC_COMMON_CLEANUP_H
#define ZUC_COMMON_CLEANUP_H

#include <signal.h>
#include <sys/types.h>

/* Installs the handlers (once; a signal the process inherited as ignored
 * stays ignored). */
void cleanup_on_signals(void);

/* Registers a file to unlink, or an empty directory to remove, on a signal.
 * Returns a slot for cleanup_forget, or -1 if the path is too long or every
 * slot is taken (then it is simply not removed on a signal). */
int cleanup_add_file(const char *path);
int cleanup_add_dir(const char *path);

/* The path of slot is gone or kept on purpose: a signal leaves it alone.
 * A slot of -1 is ignored. */
void cleanup_forget(int slot);

/* The child process a signal is passed on to (0: none). Around fork, hold
 * the signals so the child is known before a signal is handled. */
void cleanup_watch_child(pid_t pid);
void cleanup_hold_signals(sigset_t *previous);
void cleanup_release_signals(const sigset_t *previous);

#endif
