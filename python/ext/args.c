/* SPDX-License-Identifier: Apache-2.0 */
/* args.c — the parser and converters of args.h. */
#include "args.h"

#include <zuc.h>

PyObject *zpy_invalid_tag;

/* The index of the parameter called name, or -1. */
static int param_index(const zpy_sig *sig, PyObject *name)
{
    for (int i = 0; i < sig->nnames; i++) {
        if (PyUnicode_CompareWithASCIIString(name, sig->names[i]) == 0) {
            return i;
        }
    }
    return -1;
}

int zpy_parse(const zpy_sig *sig, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
              PyObject **slots)
{
    if (nargs > sig->nnames) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most %d arguments (%zd given)", sig->fname,
                     sig->nnames, nargs);
        return -1;
    }
    for (int i = 0; i < sig->nnames; i++) {
        slots[i] = i < nargs ? args[i] : NULL;
    }
    Py_ssize_t nkw = kwnames ? PyTuple_Size(kwnames) : 0;
    for (Py_ssize_t k = 0; k < nkw; k++) {
        PyObject *name = PyTuple_GetItem(kwnames, k);
        int i = param_index(sig, name);
        if (i < 0) {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'",
                         sig->fname, name);
            return -1;
        }
        if (slots[i]) {
            PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", sig->fname,
                         sig->names[i]);
            return -1;
        }
        slots[i] = args[nargs + k];
    }
    for (int i = 0; i < sig->nrequired; i++) {
        if (!slots[i]) {
            PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s' (pos %d)",
                         sig->fname, sig->names[i], i + 1);
            return -1;
        }
    }
    return 0;
}

/* TypeError "name: expected what, got TYPE". */
static int type_error(PyObject *obj, const char *name, const char *what)
{
    PyObject *type_name = PyType_GetName(Py_TYPE(obj));
    if (type_name) {
        PyErr_Format(PyExc_TypeError, "%s: expected %s, got %U", name, what, type_name);
        Py_DECREF(type_name);
    }
    return -1;
}

int zpy_int_in(PyObject *obj, const char *name, long long lo, long long hi, long long *value)
{
    if (!PyLong_Check(obj)) {
        return type_error(obj, name, "an int");
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (v == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (overflow || v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s: must be %lld..%lld, got %R", name, lo, hi, obj);
        return -1;
    }
    *value = v;
    return 0;
}

int zpy_count(PyObject *obj, const char *name, uint32_t *count)
{
    long long v;
    if (zpy_int_in(obj, name, 0, UINT32_MAX, &v) < 0) {
        return -1;
    }
    *count = (uint32_t)v;
    return 0;
}

int zpy_bearer(PyObject *obj, const char *name, uint8_t *bearer)
{
    long long v;
    if (zpy_int_in(obj, name, 0, 31, &v) < 0) {
        return -1;
    }
    *bearer = (uint8_t)v;
    return 0;
}

int zpy_direction(PyObject *obj, const char *name, uint8_t *direction)
{
    long long v;
    if (zpy_int_in(obj, name, 0, 1, &v) < 0) {
        return -1;
    }
    *direction = (uint8_t)v;
    return 0;
}

void zpy_bytes_view(PyObject *bytes, Py_buffer *view)
{
    *view = (Py_buffer){ .buf = PyBytes_AsString(bytes),
                         .obj = NULL,
                         .len = PyBytes_Size(bytes),
                         .itemsize = 1,
                         .readonly = 1,
                         .ndim = 1 };
}

int zpy_buffer(PyObject *obj, const char *name, int writable, Py_buffer *view)
{
    const char *what = writable ? "a writable contiguous bytes-like object (bytearray, "
                                  "memoryview, numpy array)"
                                : "a contiguous bytes-like object (bytes, bytearray, "
                                  "memoryview, numpy array)";
    if (!writable && PyBytes_CheckExact(obj)) {
        zpy_bytes_view(obj, view);
        return 0;
    }
    if (PyUnicode_Check(obj)) {
        return type_error(obj, name, what);
    }
    if (PyObject_GetBuffer(obj, view, writable ? PyBUF_WRITABLE : PyBUF_SIMPLE) < 0) {
        PyErr_Clear();
        return type_error(obj, name, what);
    }
    return 0;
}

int zpy_fixed(PyObject *obj, const char *name, Py_ssize_t size, Py_buffer *view)
{
    if (zpy_buffer(obj, name, 0, view) < 0) {
        return -1;
    }
    if (view->len != size) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd bytes, got %zd", name, size, view->len);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

int zpy_bits(PyObject *bits_obj, const char *name, Py_ssize_t data_bytes, size_t max_bits,
             size_t *bits)
{
    if (!bits_obj || bits_obj == Py_None) {
        if ((size_t)data_bytes > max_bits / 8) {
            PyErr_Format(PyExc_ValueError, "%s: %zd bytes is beyond the limit of %zu bits", name,
                         data_bytes, max_bits);
            return -1;
        }
        *bits = (size_t)data_bytes * 8;
        return 0;
    }
    long long in_data = (long long)data_bytes * 8;
    long long v;
    if (zpy_int_in(bits_obj, "bits", 0,
                   in_data < (long long)max_bits ? in_data : (long long)max_bits, &v) < 0) {
        if (PyErr_ExceptionMatches(PyExc_ValueError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError,
                         "bits: must be 0..%lld (%s holds %zd bytes, the limit is %zu bits), "
                         "got %R",
                         in_data < (long long)max_bits ? in_data : (long long)max_bits, name,
                         data_bytes, max_bits, bits_obj);
        }
        return -1;
    }
    *bits = (size_t)v;
    return 0;
}

int zpy_tag_size(PyObject *obj, const char *name, size_t lo, size_t hi, size_t fallback,
                 size_t *tag_bytes)
{
    if (!obj || obj == Py_None) {
        *tag_bytes = fallback;
        return 0;
    }
    long long v;
    if (zpy_int_in(obj, name, (long long)lo, (long long)hi, &v) < 0) {
        return -1;
    }
    *tag_bytes = (size_t)v;
    return 0;
}

int zpy_version(PyObject *obj, const char *name, int *version)
{
    if (!obj || obj == Py_None) {
        *version = ZUC256_V2018;
        return 0;
    }
    long long v;
    if (zpy_int_in(obj, name, ZUC256_V2018, ZUC256_V2023, &v) < 0) {
        return -1;
    }
    if (v != ZUC256_V2018 && v != ZUC256_V2021 && v != ZUC256_V2023) {
        PyErr_Format(PyExc_ValueError, "%s: must be 2018, 2021 or 2023, got %R", name, obj);
        return -1;
    }
    *version = (int)v;
    return 0;
}

int zpy_out_ok(const Py_buffer *view, const Py_buffer *data, Py_ssize_t need)
{
    const char *out = view->buf;
    const char *in = data->buf;
    int overlap = out != in && data->len > 0 && need > 0 && out < in + data->len && in < out + need;
    return view->len >= need && !overlap;
}

int zpy_out(PyObject *obj, const char *name, const Py_buffer *data, Py_ssize_t need,
            Py_buffer *view)
{
    if (zpy_buffer(obj, name, 1, view) < 0) {
        return -1;
    }
    if (zpy_out_ok(view, data, need)) {
        return 0;
    }
    if (view->len < need) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes, the output needs %zd", name, view->len,
                     need);
    } else {
        PyErr_Format(PyExc_ValueError,
                     "%s: overlaps the input (the input itself, from its first byte, is allowed)",
                     name);
    }
    PyBuffer_Release(view);
    return -1;
}

PyObject *zpy_zuc_error(const char *fname, int code)
{
    PyErr_Format(PyExc_ValueError, "%s: %s", fname, zuc_strerror(code));
    return NULL;
}
