/* SPDX-License-Identifier: Apache-2.0 */
/*
 * batch_args.h — the arguments of a many-message call: each is one value
 * for every message or a sequence with one per message; buffers are held
 * (Py_buffer) until the call ends, so other threads may change the lists
 * while libzuc runs without the GIL.
 */
#ifndef ZUCPY_BATCH_ARGS_H
#define ZUCPY_BATCH_ARGS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* One argument: obj itself for every message (seq NULL), or the items of
 * seq (a tuple of n items, obj's copy). */
typedef struct {
    const char *name;
    PyObject *obj;
    PyObject *seq;
    /* obj's value when it is one for all: */
    Py_buffer view;
    int has_view;
    long long value;
} zpy_barg;

/* The buffers held during a call. */
typedef struct {
    Py_buffer *views;
    Py_ssize_t count;
    Py_ssize_t cap;
} zpy_pool;

/* messages: a sequence (not a buffer) of n items; sets *n. seq receives a
 * tuple of them (new reference). */
int zpy_messages(PyObject *obj, const char *name, PyObject **seq, Py_ssize_t *n);

/* An argument of buffers (one, or a sequence of n); size: the bytes each
 * must hold, or -1 for any. A NULL or None obj is left absent (seq NULL,
 * has_view 0) when optional. */
int zpy_barg_buffers(zpy_barg *a, const char *name, PyObject *obj, Py_ssize_t n, Py_ssize_t size,
                     int optional);
/* An argument of ints in lo..hi (one, or a sequence of n); NULL or None
 * gives fallback when optional, else a TypeError. */
int zpy_barg_ints(zpy_barg *a, const char *name, PyObject *obj, Py_ssize_t n, long long lo,
                  long long hi, int optional, long long fallback);
/* An argument that must be a sequence of n items (outputs: one buffer for
 * all would make the messages' outputs overlap). */
int zpy_barg_sequence(zpy_barg *a, const char *name, PyObject *obj, Py_ssize_t n);
void zpy_barg_release(zpy_barg *a);

/* The int of message i. */
int zpy_barg_int(zpy_barg *a, Py_ssize_t i, long long lo, long long hi, long long *value);
/* The buffer of message i (held in pool until zpy_pool_release), checked
 * to hold size bytes (-1: any). NULL with the error set. */
const Py_buffer *zpy_barg_buffer(zpy_barg *a, Py_ssize_t i, zpy_pool *pool, Py_ssize_t size);
/* The writable buffer of message i (held in pool), of at least need bytes,
 * that is the message's own buffer in or does not overlap it. */
uint8_t *zpy_barg_out(zpy_barg *a, Py_ssize_t i, zpy_pool *pool, Py_ssize_t need,
                      const Py_buffer *in);
/* Whether the argument was given (an absent optional one was not). */
int zpy_barg_given(const zpy_barg *a);

int zpy_pool_init(zpy_pool *pool, Py_ssize_t cap);
void zpy_pool_release(zpy_pool *pool);

#endif /* ZUCPY_BATCH_ARGS_H */
