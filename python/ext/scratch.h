/* SPDX-License-Identifier: Apache-2.0 */
/*
 * scratch.h — memory for a batch call's bookkeeping (its jobs, the buffers
 * it holds, its copied keys), kept by each thread from call to call.
 *
 * Allocated anew for every call, a 1,000-message batch's few hundred KiB go
 * back to the kernel when freed (glibc trims its heap or unmaps the block)
 * and the next call faults the pages in again: that took as long as reading
 * the arguments themselves. A thread keeps up to eight blocks (as many as
 * one call uses) of up to 2 MiB each; they are freed when the thread ends.
 */
#ifndef ZUCPY_SCRATCH_H
#define ZUCPY_SCRATCH_H
#include <stddef.h>

/* bytes of memory aligned for any job, or NULL (no error is set). */
void *zpy_scratch_alloc(size_t bytes);
/* Gives back a block of zpy_scratch_alloc (NULL: nothing); a block that
 * held secrets is wiped by its user first. */
void zpy_scratch_free(void *p);

#endif /* ZUCPY_SCRATCH_H */
