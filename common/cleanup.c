/* SPDX-License-Identifier: Apache-2.0 */
#define _XOPEN_SOURCE 700
#include "cleanup.h"

#include <errno.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define CLEANUP_SLOTS 16
#define CLEANUP_PATH_MAX 4096

enum slot_state { SLOT_FREE, SLOT_FILE, SLOT_DIR };

static char slot_path[CLEANUP_SLOTS][CLEANUP_PATH_MAX];
static volatile sig_atomic_t slot_kind[CLEANUP_SLOTS];
static volatile sig_atomic_t slot_order[CLEANUP_SLOTS]; /* registration count: latest first */
static sig_atomic_t registrations;
static volatile sig_atomic_t watched_child;
static volatile sig_atomic_t owner_pid; /* the process that installed the handlers */

static const int handled_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define HANDLED_COUNT (sizeof handled_signals / sizeof handled_signals[0])

static void signal_set(sigset_t *set)
{
    sigemptyset(set);
    for (size_t i = 0; i < HANDLED_COUNT; i++)
        sigaddset(set, handled_signals[i]);
}

void cleanup_hold_signals(sigset_t *previous)
{
    sigset_t set;
    signal_set(&set);
    sigprocmask(SIG_BLOCK, &set, previous);
}

void cleanup_release_signals(const sigset_t *previous)
{
    sigprocmask(SIG_SETMASK, previous, NULL);
}

static int add_slot(const char *path, enum slot_state kind)
{
    size_t len = strlen(path);
    if (len >= CLEANUP_PATH_MAX)
        return -1;
    sigset_t held;
    cleanup_hold_signals(&held);
    int slot = -1;
    for (int i = 0; i < CLEANUP_SLOTS && slot < 0; i++)
        if (slot_kind[i] == SLOT_FREE)
            slot = i;
    if (slot >= 0) {
        memcpy(slot_path[slot], path, len + 1);
        slot_order[slot] = ++registrations;
        atomic_signal_fence(memory_order_seq_cst); /* the path is complete before it counts */
        slot_kind[slot] = kind;
    }
    cleanup_release_signals(&held);
    return slot;
}

int cleanup_add_file(const char *path)
{
    return add_slot(path, SLOT_FILE);
}

int cleanup_add_dir(const char *path)
{
    return add_slot(path, SLOT_DIR);
}

void cleanup_forget(int slot)
{
    if (slot >= 0 && slot < CLEANUP_SLOTS)
        slot_kind[slot] = SLOT_FREE;
}

void cleanup_watch_child(pid_t pid)
{
    watched_child = pid;
}

/* The registered slot made last among those not yet removed, or -1. */
static int latest_slot(void)
{
    int latest = -1;
    for (int i = 0; i < CLEANUP_SLOTS; i++)
        if (slot_kind[i] != SLOT_FREE && (latest < 0 || slot_order[i] > slot_order[latest]))
            latest = i;
    return latest;
}

static void stop_child(int sig)
{
    pid_t child = watched_child;
    if (child <= 0)
        return;
    kill(child, sig);
    while (waitpid(child, NULL, 0) < 0 && errno == EINTR) /* its own clean-up first */
        ;
}

static void remove_registered(void)
{
    for (int i = latest_slot(); i >= 0; i = latest_slot()) {
        if (slot_kind[i] == SLOT_FILE)
            unlink(slot_path[i]);
        else
            rmdir(slot_path[i]);
        slot_kind[i] = SLOT_FREE;
    }
}

static void on_signal(int sig)
{
    /* A child between fork and exec has our handler and our list, not our files. */
    if (getpid() == owner_pid) {
        stop_child(sig);
        remove_registered();
    }
    _exit(128 + sig);
}

void cleanup_on_signals(void)
{
    static int installed;
    if (installed)
        return;
    installed = 1;
    owner_pid = getpid();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    signal_set(&sa.sa_mask); /* one clean-up at a time */
    for (size_t i = 0; i < HANDLED_COUNT; i++) {
        struct sigaction old;
        if (sigaction(handled_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue; /* e.g. `nohup`, or a background job of a script */
        sigaction(handled_signals[i], &sa, NULL);
    }
}
