/* SPDX-License-Identifier: Apache-2.0 */
/*
 * batch_args.h — the arguments of a many-message call: each is one value
 * for every message or a sequence with one per message; buffers are held
 * (Py_buffer) until the call ends, or copied (keys and IVs, a few bytes
 * each), so other threads may change the lists while libzuc runs without
 * the GIL. An argument keeps its check (a range,
 * a size) from its start, and its items go through the checks of args.h,
 * which name them "keys[3]".
 */
#ifndef ZUCPY_BATCH_ARGS_H
#define ZUCPY_BATCH_ARGS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#include "args.h"

/* One argument: obj itself for every message (seq NULL), or the items of
 * seq (obj, a list or tuple of n items; or a tuple of another iterable's). */
typedef struct {
    const char *name;
    PyObject *obj;
    PyObject *seq;
    const zpy_range *range; /* ints: the values allowed */
    Py_ssize_t size;        /* buffers: the bytes each holds, -1 any */
    /* obj's value when it is one for all: */
    Py_buffer view;
    int has_view;
    long long value;
    /* a sequence of small fixed-size buffers: their bytes, all copied when
     * the argument is read (n x size), so that no buffer is held for them */
    uint8_t *copies;
    size_t copies_bytes;
    /* a sequence of ints: their values, all read when the argument is */
    long long *values;
} zpy_barg;

/* The buffers held during a call: views[i], or for an exact bytes object
 * (the common case) only its reference, held[i], and its pointer and
 * length in views[i] (the other fields not written). */
typedef struct {
    Py_buffer *views;
    PyObject **held; /* NULL where views[i] is a whole view to release */
    Py_ssize_t count;
    Py_ssize_t cap;
} zpy_pool;

/* messages: a sequence (not a buffer) of n items; sets *n. seq receives
 * them as a list or tuple (new reference). */
int zpy_messages(PyObject *obj, const char *name, PyObject **seq, Py_ssize_t *n);

/* An argument not given: releasable, given as nothing. */
void zpy_barg_none(zpy_barg *a, const char *name);
/* An argument of buffers (one, or a sequence of n) of size bytes each (-1:
 * any; a sequence of a fixed size is copied here, item by item). A NULL or
 * None obj is left absent when optional. */
int zpy_barg_buffers(zpy_barg *a, const char *name, PyObject *obj, Py_ssize_t n, Py_ssize_t size,
                     int optional);
/* An argument of ints in range (one, or a sequence of n, all read and
 * checked here); NULL or None gives fallback when optional, else a
 * TypeError. */
int zpy_barg_ints(zpy_barg *a, const char *name, PyObject *obj, Py_ssize_t n,
                  const zpy_range *range, int optional, long long fallback);
/* An argument of objects checked item by item (bits: None, one int, or a
 * sequence of n): an int or None is one for all. */
int zpy_barg_objects(zpy_barg *a, const char *name, PyObject *obj, Py_ssize_t n);
/* An argument that must be a sequence of n items (outputs: one buffer for
 * all would make the messages' outputs overlap). */
int zpy_barg_sequence(zpy_barg *a, const char *name, PyObject *obj, Py_ssize_t n);
void zpy_barg_release(zpy_barg *a);

/* The object of message i (borrowed; NULL for an absent argument) and the
 * name its errors give. */
PyObject *zpy_barg_item(const zpy_barg *a, Py_ssize_t i);
zpy_name zpy_barg_name(const zpy_barg *a, Py_ssize_t i);
/* The int of message i (read when the argument was). */
static inline long long zpy_barg_int(const zpy_barg *a, Py_ssize_t i)
{
    return a->values ? a->values[i] : a->value;
}
/* The bytes of message i of a fixed-size argument (zpy_barg_buffers with
 * size >= 0): its copy, or the one buffer for all; NULL if not given. */
static inline const uint8_t *zpy_barg_fixed(const zpy_barg *a, Py_ssize_t i)
{
    return a->copies ? a->copies + i * a->size : a->has_view ? a->view.buf : NULL;
}
/* How many buffers the argument holds in a pool for n messages. */
Py_ssize_t zpy_barg_pooled(const zpy_barg *a, Py_ssize_t n);
/* The buffer of message i (held in pool until zpy_pool_release), of the
 * argument's size. NULL with the error set. */
const Py_buffer *zpy_barg_buffer(zpy_barg *a, Py_ssize_t i, zpy_pool *pool);
/* The writable buffer of message i (held in pool), of at least need bytes,
 * that is the message's own buffer in or does not overlap it. */
uint8_t *zpy_barg_out(const zpy_barg *a, Py_ssize_t i, zpy_pool *pool, Py_ssize_t need,
                      const Py_buffer *in);
/* Whether the argument was given (an absent optional one was not). */
int zpy_barg_given(const zpy_barg *a);

int zpy_pool_init(zpy_pool *pool, Py_ssize_t cap);
void zpy_pool_release(zpy_pool *pool);

#endif /* ZUCPY_BATCH_ARGS_H */
