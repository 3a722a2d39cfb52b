/* SPDX-License-Identifier: Apache-2.0 */
/* scratch.c — the per-thread block cache of scratch.h. */
#include "scratch.h"

#include <pthread.h>
#include <stdlib.h>

#define KEPT 8                     /* blocks a thread keeps: as many as a call uses */
#define KEEP_MAX ((size_t)2 << 20) /* a larger block is freed, not kept */

/* Each block starts with its capacity; the caller's memory follows. */
typedef union {
    size_t capacity;
    max_align_t align;
} block_head;

typedef struct {
    block_head *blocks[KEPT];
} kept_blocks;

static pthread_key_t kept_key;
static pthread_once_t kept_once = PTHREAD_ONCE_INIT;
static int kept_ready;

static void free_kept(void *p)
{
    kept_blocks *k = p;
    for (int i = 0; i < KEPT; i++) {
        free(k->blocks[i]);
    }
    free(k);
}

static void make_key(void)
{
    kept_ready = pthread_key_create(&kept_key, free_kept) == 0;
}

/* This thread's kept blocks, made on first use; NULL if that fails (then
 * every block is malloc'd and freed as usual). */
static kept_blocks *this_thread(void)
{
    pthread_once(&kept_once, make_key);
    if (!kept_ready) {
        return NULL;
    }
    kept_blocks *k = pthread_getspecific(kept_key);
    if (!k && (k = calloc(1, sizeof *k)) != NULL && pthread_setspecific(kept_key, k) != 0) {
        free(k);
        k = NULL;
    }
    return k;
}

void *zpy_scratch_alloc(size_t bytes)
{
    kept_blocks *k = this_thread();
    int best = -1;
    for (int i = 0; k && i < KEPT; i++) {
        block_head *b = k->blocks[i];
        if (b && b->capacity >= bytes && (best < 0 || b->capacity < k->blocks[best]->capacity)) {
            best = i;
        }
    }
    block_head *b;
    if (best >= 0) {
        b = k->blocks[best];
        k->blocks[best] = NULL;
    } else {
        if (bytes > (size_t)-1 - sizeof *b || !(b = malloc(sizeof *b + bytes))) {
            return NULL;
        }
        b->capacity = bytes;
    }
    return b + 1;
}

void zpy_scratch_free(void *p)
{
    if (!p) {
        return;
    }
    block_head *b = (block_head *)p - 1;
    kept_blocks *k = b->capacity <= KEEP_MAX ? this_thread() : NULL;
    /* kept in an empty slot, or in place of the smallest kept block if this one is larger */
    int slot = -1;
    for (int i = 0; k && i < KEPT; i++) {
        block_head *kb = k->blocks[i];
        if (!kb) {
            slot = i;
            break;
        }
        if (kb->capacity < b->capacity && (slot < 0 || kb->capacity < k->blocks[slot]->capacity)) {
            slot = i;
        }
    }
    if (slot < 0) {
        free(b);
        return;
    }
    free(k->blocks[slot]);
    k->blocks[slot] = b;
}
