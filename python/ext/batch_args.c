/* SPDX-License-Identifier: Apache-2.0 */
/* batch_args.c — the arguments of the many-message calls (batch_args.h).
 * The per-message paths check the common case first and build the
 * argument's name with its index ("keys[3]") only to report an error. */
#include "batch_args.h"

#include <stdio.h>

#include "args.h"

/* "name[i]" into label. */
static const char *item_label(char label[80], const char *name, Py_ssize_t i)
{
    snprintf(label, 80, "%s[%zd]", name, i);
    return label;
}

/* A tuple of obj's items (new reference), or NULL with TypeError. A list is
 * copied too: a buffer exporter written in Python could change it while
 * the items are read. */
static PyObject *as_sequence(PyObject *obj, const char *name, const char *what)
{
    if (PyTuple_Check(obj)) {
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

static Py_ssize_t seq_size(PyObject *seq)
{
    return PyTuple_Size(seq);
}

int zpy_messages(PyObject *obj, const char *name, PyObject **seq, Py_ssize_t *n)
{
    *seq = as_sequence(obj, name, "a sequence of bytes-like objects");
    if (!*seq) {
        return -1;
    }
    *n = seq_size(*seq);
    return 0;
}

/* Sets a->seq from obj and checks its length; 0 or -1. */
static int take_sequence(zpy_barg *a, PyObject *obj, Py_ssize_t n, const char *what)
{
    a->seq = as_sequence(obj, a->name, what);
    if (!a->seq) {
        return -1;
    }
    Py_ssize_t got = seq_size(a->seq);
    if (got != n) {
        PyErr_Format(PyExc_ValueError, "%s: %zd items for %zd messages", a->name, got, n);
        Py_CLEAR(a->seq);
        return -1;
    }
    return 0;
}

static void barg_clear(zpy_barg *a, const char *name, PyObject *obj)
{
    a->name = name;
    a->obj = obj;
    a->seq = NULL;
    a->has_view = 0;
    a->value = 0;
}

int zpy_barg_buffers(zpy_barg *a, const char *name, PyObject *obj, Py_ssize_t n, Py_ssize_t size,
                     int optional)
{
    barg_clear(a, name, obj);
    if (!obj || obj == Py_None) {
        if (optional) {
            return 0;
        }
        PyErr_Format(PyExc_TypeError,
                     "%s: expected a bytes-like object or a sequence of them, "
                     "got None",
                     name);
        return -1;
    }
    if (!PyObject_CheckBuffer(obj)) {
        return take_sequence(a, obj, n, "a bytes-like object or a sequence of them");
    }
    int rc = size < 0 ? zpy_buffer(obj, name, 0, &a->view) : zpy_fixed(obj, name, size, &a->view);
    a->has_view = rc == 0;
    return rc;
}

int zpy_barg_ints(zpy_barg *a, const char *name, PyObject *obj, Py_ssize_t n, long long lo,
                  long long hi, int optional, long long fallback)
{
    barg_clear(a, name, obj);
    if (!obj || obj == Py_None) {
        if (optional) {
            a->value = fallback;
            return 0;
        }
        PyErr_Format(PyExc_TypeError, "%s: expected an int or a sequence of ints, got None", name);
        return -1;
    }
    if (!PyLong_Check(obj)) {
        return take_sequence(a, obj, n, "an int or a sequence of ints");
    }
    return zpy_int_in(obj, name, lo, hi, &a->value);
}

int zpy_barg_sequence(zpy_barg *a, const char *name, PyObject *obj, Py_ssize_t n)
{
    barg_clear(a, name, obj);
    if (PyObject_CheckBuffer(obj)) {
        PyErr_Format(PyExc_TypeError,
                     "%s: expected a sequence of writable buffers, one per "
                     "message, got one buffer",
                     name);
        return -1;
    }
    return take_sequence(a, obj, n, "a sequence of writable buffers");
}

void zpy_barg_release(zpy_barg *a)
{
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

/* Whether the pool has no room left (a SystemError: each call sizes its
 * pool for the buffers it takes per message). */
static int pool_full(const zpy_pool *pool)
{
    if (pool->count < pool->cap) {
        return 0;
    }
    PyErr_SetString(PyExc_SystemError, "zuc: more buffers held than the call made room for");
    return 1;
}

static PyObject *item(const zpy_barg *a, Py_ssize_t i)
{
    return PyTuple_GetItem(a->seq, i);
}

int zpy_barg_int(zpy_barg *a, Py_ssize_t i, long long lo, long long hi, long long *value)
{
    if (!a->seq) {
        *value = a->value;
        return 0;
    }
    PyObject *o = item(a, i);
    if (!o) {
        return -1;
    }
    if (PyLong_Check(o)) {
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
        if (!overflow && v >= lo && v <= hi) {
            *value = v;
            return 0;
        }
    }
    char label[80];
    return zpy_int_in(o, item_label(label, a->name, i), lo, hi, value);
}

const Py_buffer *zpy_barg_buffer(zpy_barg *a, Py_ssize_t i, zpy_pool *pool, Py_ssize_t size)
{
    if (!a->seq) {
        return &a->view;
    }
    PyObject *o = item(a, i);
    if (!o) {
        return NULL;
    }
    if (pool_full(pool)) {
        return NULL;
    }
    Py_buffer *view = &pool->views[pool->count];
    if (PyObject_GetBuffer(o, view, PyBUF_SIMPLE) == 0) {
        pool->count++;
        if (size < 0 || view->len == size) {
            return view;
        }
    } else {
        PyErr_Clear();
    }
    char label[80];
    item_label(label, a->name, i);
    if (size < 0) {
        zpy_buffer(o, label, 0, view); /* fails as GetBuffer did, naming the item */
    } else {
        Py_buffer check;
        if (zpy_fixed(o, label, size, &check) == 0) {
            PyBuffer_Release(&check); /* not reached: the size was wrong */
        }
    }
    return NULL;
}

uint8_t *zpy_barg_out(zpy_barg *a, Py_ssize_t i, zpy_pool *pool, Py_ssize_t need,
                      const Py_buffer *in)
{
    PyObject *o = item(a, i);
    if (!o) {
        return NULL;
    }
    if (pool_full(pool)) {
        return NULL;
    }
    Py_buffer *view = &pool->views[pool->count];
    if (PyObject_GetBuffer(o, view, PyBUF_WRITABLE) == 0) {
        if (zpy_out_ok(view, in, need)) {
            pool->count++;
            return view->buf;
        }
        PyBuffer_Release(view);
    } else {
        PyErr_Clear();
    }
    char label[80];
    zpy_out(o, item_label(label, a->name, i), in, need, view); /* fails, naming the item */
    return NULL;
}

int zpy_pool_init(zpy_pool *pool, Py_ssize_t cap)
{
    pool->count = 0;
    pool->cap = cap;
    pool->views = PyMem_Malloc((size_t)(cap > 0 ? cap : 1) * sizeof(Py_buffer));
    if (!pool->views) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

void zpy_pool_release(zpy_pool *pool)
{
    for (Py_ssize_t i = 0; i < pool->count; i++) {
        PyBuffer_Release(&pool->views[i]);
    }
    PyMem_Free(pool->views);
    pool->views = NULL;
    pool->count = 0;
}
