/* SPDX-License-Identifier: Apache-2.0 */
/* batch_args.c — the arguments of the many-message calls (batch_args.h).
 * The items are checked by args.c's checks, under their item names.
 *
 * A list or a tuple is read in place, not copied into a new tuple (which
 * would touch every item twice more: a reference taken, then dropped after
 * libzuc's run, when the items are out of the caches), one argument at a
 * time: a loop over its items when the argument is read (ints into values,
 * small buffers into copies, messages into the pool), so that the loop that
 * builds the jobs makes no calls for them. What libzuc reads is kept alive
 * by the call's own references (a held bytes object, or a buffer's view),
 * not by the list, which other threads may change while libzuc runs. While
 * the arguments are read the GIL is held, and only a buffer exporter
 * written in Python could change a list: each item is read by index, with
 * its bounds checked. */
#include "batch_args.h"

#include <string.h>

#include "scratch.h"

/* obj itself (a list or a tuple, new reference), or a tuple of its items
 * (another iterable), or NULL with TypeError. */
static PyObject *as_sequence(PyObject *obj, const char *name, const char *what)
{
    if (PyTuple_Check(obj) || PyList_CheckExact(obj)) {
        Py_INCREF(obj);
        return obj;
    }
    PyObject *seq = PyObject_CheckBuffer(obj) ? NULL : PySequence_Tuple(obj);
    if (!seq) {
        PyErr_Clear();
        PyObject *type_name = PyType_GetName(Py_TYPE(obj));
        if (type_name) {
            PyErr_Format(PyExc_TypeError, "%s: expected %s, got %U", name, what, type_name);
            Py_DECREF(type_name);
        }
    }
    return seq;
}

int zpy_messages(PyObject *obj, const char *name, PyObject **seq, Py_ssize_t *n)
{
    *seq = as_sequence(obj, name, "a sequence of bytes-like objects");
    if (!*seq) {
        return -1;
    }
    *n = PyTuple_Check(*seq) ? PyTuple_Size(*seq) : PyList_Size(*seq);
    return 0;
}

/* Sets a->seq from a->obj and checks its length; 0 or -1. */
static int take_sequence(zpy_barg *a, Py_ssize_t n, const char *what)
{
    a->seq = as_sequence(a->obj, a->name, what);
    if (!a->seq) {
        return -1;
    }
    Py_ssize_t got = PyTuple_Check(a->seq) ? PyTuple_Size(a->seq) : PyList_Size(a->seq);
    if (got != n) {
        PyErr_Format(PyExc_ValueError, "%s: %zd items for %zd messages", a->name, got, n);
        Py_CLEAR(a->seq);
        return -1;
    }
    return 0;
}

static void barg_start(zpy_barg *a, const char *name, PyObject *obj)
{
    *a = (zpy_barg){ .name = name, .obj = obj == Py_None ? NULL : obj, .size = -1 };
}

void zpy_barg_none(zpy_barg *a, const char *name)
{
    barg_start(a, name, NULL);
}

/* An absent argument: fine when optional, else a TypeError. */
static int absent(const zpy_barg *a, int optional, const char *what)
{
    if (optional) {
        return 0;
    }
    PyErr_Format(PyExc_TypeError, "%s: expected %s, got None", a->name, what);
    return -1;
}

/* Item i of the sequence (borrowed), or NULL with IndexError if the list
 * got shorter. */
static PyObject *seq_item(PyObject *seq, Py_ssize_t i)
{
    /* seq is an exact list or a tuple: the inline check, not PyTuple_Check's call */
    return PyList_CheckExact(seq) ? PyList_GetItem(seq, i) : PyTuple_GetItem(seq, i);
}

/* Copies item i of a sequence of fixed-size buffers into its place in
 * a->copies; 0 or -1. */
static int copy_item(zpy_barg *a, Py_ssize_t i)
{
    PyObject *o = seq_item(a->seq, i);
    Py_buffer view;
    if (!o) {
        return -1;
    }
    uint8_t *copy = a->copies + i * a->size;
    if (PyBytes_CheckExact(o) && Py_SIZE(o) == a->size) {
        const char *bytes = zpy_bytes_data(o);
        Py_ssize_t len = a->size;
        if (len == 32) { /* the key sizes as copies of a known size, not a call */
            memcpy(copy, bytes, 32);
        } else if (len == 16) {
            memcpy(copy, bytes, 16);
        } else {
            memcpy(copy, bytes, (size_t)len); /* no Python code runs: no reference needed */
        }
        return 0;
    }
    Py_INCREF(o); /* across an exporter's code */
    int rc = zpy_fixed(o, ZPY_ITEM(a->name, i), a->size, &view);
    Py_DECREF(o);
    if (rc < 0) {
        return -1;
    }
    memcpy(copy, view.buf, (size_t)a->size);
    zpy_view_release(&view);
    return 0;
}

/* Room for the copies of a sequence of n fixed-size buffers (keys, IVs),
 * and the copies: a copy costs less than a buffer held and released, and
 * one loop over the items less than a call per message. */
static int make_copies(zpy_barg *a, Py_ssize_t n)
{
    a->copies_bytes = (size_t)(n > 0 ? n : 1) * (size_t)(a->size > 0 ? a->size : 1);
    a->copies = zpy_scratch_alloc(a->copies_bytes);
    if (!a->copies) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (copy_item(a, i) < 0) {
            return -1;
        }
    }
    return 0;
}

/* The values of a sequence of n ints, each checked, into a->values (one
 * loop over the items, not a call per message); 0 or -1. */
static int read_ints(zpy_barg *a, Py_ssize_t n)
{
    a->values = zpy_scratch_alloc((size_t)(n > 0 ? n : 1) * sizeof *a->values);
    if (!a->values) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *o = seq_item(a->seq, i); /* read at once: no reference kept */
        if (!o || zpy_int_in(o, ZPY_ITEM(a->name, i), a->range, &a->values[i]) < 0) {
            return -1;
        }
    }
    return 0;
}

int zpy_barg_buffers(zpy_barg *a, const char *name, PyObject *obj, Py_ssize_t n, Py_ssize_t size,
                     int optional)
{
    static const char what[] = "a bytes-like object or a sequence of them";
    barg_start(a, name, obj);
    a->size = size;
    if (!a->obj) {
        return absent(a, optional, what);
    }
    if (!PyObject_CheckBuffer(a->obj)) {
        if (take_sequence(a, n, what) < 0) {
            return -1;
        }
        return size >= 0 ? make_copies(a, n) : 0;
    }
    a->has_view = zpy_fixed(a->obj, ZPY_ARG(name), size, &a->view) == 0;
    return a->has_view ? 0 : -1;
}

int zpy_barg_ints(zpy_barg *a, const char *name, PyObject *obj, Py_ssize_t n,
                  const zpy_range *range, int optional, long long fallback)
{
    static const char what[] = "an int or a sequence of ints";
    barg_start(a, name, obj);
    a->range = range;
    a->value = fallback;
    if (!a->obj) {
        return absent(a, optional, what);
    }
    if (PyLong_Check(a->obj)) {
        return zpy_int_in(a->obj, ZPY_ARG(name), range, &a->value);
    }
    if (take_sequence(a, n, what) < 0) {
        return -1;
    }
    return read_ints(a, n);
}

int zpy_barg_objects(zpy_barg *a, const char *name, PyObject *obj, Py_ssize_t n)
{
    barg_start(a, name, obj);
    if (!a->obj || PyLong_Check(a->obj)) {
        return 0;
    }
    return take_sequence(a, n, "an int or a sequence of them");
}

int zpy_barg_sequence(zpy_barg *a, const char *name, PyObject *obj, Py_ssize_t n)
{
    barg_start(a, name, obj);
    if (!a->obj || PyObject_CheckBuffer(a->obj)) {
        PyErr_Format(PyExc_TypeError,
                     "%s: expected a sequence of writable buffers, one per "
                     "message, got %s",
                     name, a->obj ? "one buffer" : "None");
        return -1;
    }
    return take_sequence(a, n, "a sequence of writable buffers");
}

void zpy_barg_release(zpy_barg *a)
{
    if (a->copies) {
        zpy_wipe(a->copies, a->copies_bytes); /* keys are secret */
        zpy_scratch_free(a->copies);
        a->copies = NULL;
    }
    zpy_scratch_free(a->values);
    a->values = NULL;
    if (a->has_view) {
        PyBuffer_Release(&a->view);
        a->has_view = 0;
    }
    Py_CLEAR(a->seq);
}

int zpy_barg_given(const zpy_barg *a)
{
    return a->seq || a->has_view;
}

PyObject *zpy_barg_item(const zpy_barg *a, Py_ssize_t i)
{
    return a->seq ? seq_item(a->seq, i) : a->obj;
}

zpy_name zpy_barg_name(const zpy_barg *a, Py_ssize_t i)
{
    return a->seq ? ZPY_ITEM(a->name, i) : ZPY_ARG(a->name);
}

/* Whether the pool has no room left (a SystemError: each call sizes its
 * pool for the buffers it takes per message). */
static Py_buffer *pool_next(zpy_pool *pool)
{
    if (pool->count < pool->cap) {
        return &pool->views[pool->count];
    }
    PyErr_SetString(PyExc_SystemError, "zuc: more buffers held than the call made room for");
    return NULL;
}

const Py_buffer *zpy_barg_buffer(zpy_barg *a, Py_ssize_t i, zpy_pool *pool)
{
    if (!a->seq) {
        return &a->view;
    }
    PyObject *o = seq_item(a->seq, i);
    Py_buffer *view = o ? pool_next(pool) : NULL;
    if (!view) {
        return NULL;
    }
    if (a->size < 0 && PyBytes_CheckExact(o)) { /* the common case, without calls */
        view->buf = zpy_bytes_data(o);
        view->len = Py_SIZE(o);
        pool->held[pool->count++] = Py_NewRef(o);
        return view;
    }
    Py_INCREF(o); /* across an exporter's code; the view holds its own */
    int rc = zpy_fixed(o, ZPY_ITEM(a->name, i), a->size, view);
    Py_DECREF(o);
    if (rc < 0) {
        return NULL;
    }
    pool->held[pool->count++] = NULL;
    return view;
}

Py_ssize_t zpy_barg_pooled(const zpy_barg *a, Py_ssize_t n)
{
    return a->seq && !a->copies ? n : 0;
}

uint8_t *zpy_barg_out(const zpy_barg *a, Py_ssize_t i, zpy_pool *pool, Py_ssize_t need,
                      const Py_buffer *in)
{
    PyObject *o = seq_item(a->seq, i);
    Py_buffer *view = o ? pool_next(pool) : NULL;
    if (!view) {
        return NULL;
    }
    Py_INCREF(o);
    int rc = zpy_out(o, ZPY_ITEM(a->name, i), in, need, view);
    Py_DECREF(o);
    if (rc < 0) {
        return NULL;
    }
    pool->held[pool->count++] = NULL;
    return view->buf;
}

int zpy_pool_init(zpy_pool *pool, Py_ssize_t cap)
{
    pool->count = 0;
    pool->cap = cap;
    pool->views = zpy_scratch_alloc((size_t)(cap > 0 ? cap : 1) * sizeof(Py_buffer));
    pool->held = zpy_scratch_alloc((size_t)(cap > 0 ? cap : 1) * sizeof(PyObject *));
    if (!pool->views || !pool->held) {
        zpy_scratch_free(pool->views);
        zpy_scratch_free(pool->held);
        pool->views = NULL;
        pool->held = NULL;
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

void zpy_pool_release(zpy_pool *pool)
{
    for (Py_ssize_t i = 0; i < pool->count; i++) {
        if (pool->held[i]) {
            Py_DECREF(pool->held[i]);
        } else {
            zpy_view_release(&pool->views[i]);
        }
    }
    zpy_scratch_free(pool->views);
    zpy_scratch_free(pool->held);
    pool->views = NULL;
    pool->held = NULL;
    pool->count = 0;
}
