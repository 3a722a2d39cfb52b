/* SPDX-License-Identifier: Apache-2.0 */
/* args.c — the parser and converters of args.h. */
#include "args.h"

#include <stdio.h>
#include <string.h>
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

const zpy_range zpy_count_range = { 0, UINT32_MAX, 0, NULL };
const zpy_range zpy_bearer_range = { 0, 31, 0, NULL };
const zpy_range zpy_direction_range = { 0, 1, 0, NULL };
const zpy_range zpy_nxa6_tag_range = { ZUC_NXA6_TAG_MIN, ZUC_NXA6_TAG_MAX, 0, NULL };
const zpy_range zpy_zuc256_tag_range = { 4, 16, (1ULL << 4) | (1ULL << 8) | (1ULL << 16),
                                         "4, 8 or 16" };

/* The name as a message gives it, in label (which it returns) when it is a
 * batch item. */
static const char *label_of(zpy_name name, char label[80])
{
    if (name.index < 0) {
        return name.name;
    }
    snprintf(label, 80, "%s[%zd]", name.name, name.index);
    return label;
}

/* TypeError "name: expected what, got TYPE". */
static int type_error(PyObject *obj, zpy_name name, const char *what)
{
    char label[80];
    PyObject *type_name = PyType_GetName(Py_TYPE(obj));
    if (type_name) {
        PyErr_Format(PyExc_TypeError, "%s: expected %s, got %U", label_of(name, label), what,
                     type_name);
        Py_DECREF(type_name);
    }
    return -1;
}

static int in_range(long long v, const zpy_range *r)
{
    return v >= r->lo && v <= r->hi && (!r->only || (r->only >> v) & 1);
}

int zpy_int_in(PyObject *obj, zpy_name name, const zpy_range *r, long long *value)
{
    if (!PyLong_CheckExact(obj) && !PyLong_Check(obj)) { /* the first inline, no call */
        return type_error(obj, name, "an int");
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (v == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (!overflow && in_range(v, r)) {
        *value = v;
        return 0;
    }
    char label[80];
    if (r->only) {
        PyErr_Format(PyExc_ValueError, "%s: must be %s, got %R", label_of(name, label),
                     r->only_text, obj);
    } else {
        PyErr_Format(PyExc_ValueError, "%s: must be %lld..%lld, got %R", label_of(name, label),
                     r->lo, r->hi, obj);
    }
    return -1;
}

int zpy_int_or(PyObject *obj, zpy_name name, const zpy_range *r, long long fallback,
               long long *value)
{
    if (!obj || obj == Py_None) {
        *value = fallback;
        return 0;
    }
    return zpy_int_in(obj, name, r, value);
}

Py_ssize_t zpy_bytes_offset;

int zpy_args_init(void)
{
    PyObject *probe = PyBytes_FromStringAndSize(NULL, 1);
    if (!probe) {
        return -1;
    }
    zpy_bytes_offset = PyBytes_AsString(probe) - (char *)probe;
    Py_DECREF(probe);
    return 0;
}

/* Marks the views zpy_bytes_view makes (a field only an exporter reads). */
static char bytes_view_mark;

void zpy_bytes_view(PyObject *bytes, Py_buffer *view)
{
    *view = (Py_buffer){ .buf = zpy_bytes_data(bytes),
                         .obj = Py_NewRef(bytes),
                         .len = Py_SIZE(bytes),
                         .itemsize = 1,
                         .readonly = 1,
                         .ndim = 1,
                         .internal = &bytes_view_mark };
}

void zpy_view_release(Py_buffer *view)
{
    if (view->internal == &bytes_view_mark) {
        Py_CLEAR(view->obj);
        return;
    }
    PyBuffer_Release(view);
}

void zpy_wipe(void *p, size_t n)
{
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory"); /* the stores are kept */
}

int zpy_buffer(PyObject *obj, zpy_name name, int writable, Py_buffer *view)
{
    if (!writable && PyBytes_CheckExact(obj)) {
        zpy_bytes_view(obj, view);
        return 0;
    }
    const char *what = writable ? "a writable contiguous bytes-like object (bytearray, "
                                  "memoryview, numpy array)"
                                : "a contiguous bytes-like object (bytes, bytearray, "
                                  "memoryview, numpy array)";
    if (PyObject_GetBuffer(obj, view, writable ? PyBUF_WRITABLE : PyBUF_SIMPLE) < 0) {
        PyErr_Clear();
        return type_error(obj, name, what);
    }
    return 0;
}

int zpy_fixed(PyObject *obj, zpy_name name, Py_ssize_t size, Py_buffer *view)
{
    if (zpy_buffer(obj, name, 0, view) < 0) {
        return -1;
    }
    if (size >= 0 && view->len != size) {
        char label[80];
        PyErr_Format(PyExc_ValueError, "%s: expected %zd bytes, got %zd", label_of(name, label),
                     size, view->len);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

int zpy_max_bytes(size_t len, zpy_name name, size_t max)
{
    if (len <= max) {
        return 0;
    }
    char label[80];
    PyErr_Format(PyExc_ValueError, "%s: %zu bytes, beyond the limit of %zu bytes",
                 label_of(name, label), len, max);
    return -1;
}

int zpy_bits(PyObject *bits_obj, zpy_name bits_name, zpy_name data_name, Py_ssize_t data_bytes,
             size_t max_bits, size_t *bits)
{
    char label[80];
    long long in_data = (long long)data_bytes * 8;
    long long most = in_data < (long long)max_bits ? in_data : (long long)max_bits;
    if (!bits_obj || bits_obj == Py_None) {
        if (in_data > (long long)max_bits) {
            PyErr_Format(PyExc_ValueError, "%s: %zd bytes is beyond the limit of %zu bits",
                         label_of(data_name, label), data_bytes, max_bits);
            return -1;
        }
        *bits = (size_t)in_data;
        return 0;
    }
    zpy_range r = { 0, most, 0, NULL };
    long long v;
    if (zpy_int_in(bits_obj, bits_name, &r, &v) < 0) {
        if (PyErr_ExceptionMatches(PyExc_ValueError)) {
            char data_label[80];
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError,
                         "%s: must be 0..%lld (%s holds %zd bytes, the limit is %zu bits), "
                         "got %R",
                         label_of(bits_name, label), most, label_of(data_name, data_label),
                         data_bytes, max_bits, bits_obj);
        }
        return -1;
    }
    *bits = (size_t)v;
    return 0;
}

size_t zpy_zuc256_mac_max_bits(size_t tag_bytes)
{
    return ((size_t)1 << 32) - 16 * tag_bytes;
}

int zpy_version(PyObject *obj, const char *name, int *version)
{
    static const zpy_range any_version = { ZUC256_V2018, ZUC256_V2023, 0, NULL };
    long long v;
    if (zpy_int_or(obj, ZPY_ARG(name), &any_version, ZUC256_V2018, &v) < 0) {
        return -1;
    }
    if (v != ZUC256_V2018 && v != ZUC256_V2021 && v != ZUC256_V2023) {
        PyErr_Format(PyExc_ValueError, "%s: must be 2018, 2021 or 2023, got %R", name, obj);
        return -1;
    }
    *version = (int)v;
    return 0;
}

/* Whether an output buffer passes zpy_out's checks. */
static int out_ok(const Py_buffer *view, const Py_buffer *data, Py_ssize_t need)
{
    const char *out = view->buf;
    const char *in = data->buf;
    int overlap = out != in && data->len > 0 && need > 0 && out < in + data->len && in < out + need;
    return view->len >= need && !overlap;
}

int zpy_out(PyObject *obj, zpy_name name, const Py_buffer *data, Py_ssize_t need, Py_buffer *view)
{
    if (zpy_buffer(obj, name, 1, view) < 0) {
        return -1;
    }
    if (out_ok(view, data, need)) {
        return 0;
    }
    char label[80];
    if (view->len < need) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes, the output needs %zd", label_of(name, label),
                     view->len, need);
    } else {
        PyErr_Format(PyExc_ValueError,
                     "%s: overlaps the input (the input itself, from its first byte, is allowed)",
                     label_of(name, label));
    }
    PyBuffer_Release(view);
    return -1;
}

PyObject *zpy_zuc_error(const char *fname, int code)
{
    PyErr_Format(PyExc_ValueError, "%s: %s", fname, zuc_strerror(code));
    return NULL;
}
