/* SPDX-License-Identifier: Apache-2.0 */
/*
 * args.h — argument handling of the zuc extension (limited API): a fast-call
 * parser, and converters that raise TypeError / ValueError naming the
 * argument.
 */
#ifndef ZUCPY_ARGS_H
#define ZUCPY_ARGS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>

/* The signature of a function: its name, its parameters in order, how many
 * of them are required (the first nrequired). */
typedef struct {
    const char *fname;
    const char *const *names;
    int nnames;
    int nrequired;
} zpy_sig;

/* Fills slots[0..nnames-1] with borrowed references to the arguments of a
 * METH_FASTCALL | METH_KEYWORDS call (NULL for an optional one not given).
 * Returns 0, or -1 with TypeError set. */
int zpy_parse(const zpy_sig *sig, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
              PyObject **slots);

/* An int in lo..hi (TypeError if obj is not an int, ValueError if outside). */
int zpy_int_in(PyObject *obj, const char *name, long long lo, long long hi, long long *value);
/* Shorthands for zpy_int_in: a 32-bit COUNT, a BEARER (0..31), a DIRECTION
 * (0 or 1). */
int zpy_count(PyObject *obj, const char *name, uint32_t *count);
int zpy_bearer(PyObject *obj, const char *name, uint8_t *bearer);
int zpy_direction(PyObject *obj, const char *name, uint8_t *direction);

/* A view of a bytes object (exactly bytes, immutable) read in place,
 * without the buffer protocol: the view holds no reference (obj NULL, so
 * releasing it does nothing); the caller's reference keeps the bytes alive
 * (an argument of the call, or an item of a tuple the call holds). */
void zpy_bytes_view(PyObject *bytes, Py_buffer *view);

/* A contiguous buffer of obj (writable if asked); str and non-buffers are a
 * TypeError naming the argument. Release with PyBuffer_Release. */
int zpy_buffer(PyObject *obj, const char *name, int writable, Py_buffer *view);
/* zpy_buffer, then a ValueError unless it holds exactly size bytes (a key,
 * an IV). */
int zpy_fixed(PyObject *obj, const char *name, Py_ssize_t size, Py_buffer *view);

/* The number of bits to process: all of data_bytes when bits_obj is NULL or
 * None, else an int in 0..8 * data_bytes and at most max_bits. */
int zpy_bits(PyObject *bits_obj, const char *name, Py_ssize_t data_bytes, size_t max_bits,
             size_t *bits);

/* A tag size in lo..hi; NULL or None gives fallback. */
int zpy_tag_size(PyObject *obj, const char *name, size_t lo, size_t hi, size_t fallback,
                 size_t *tag_bytes);
/* A ZUC-256 version: 2018, 2021 or 2023; NULL or None gives 2018. */
int zpy_version(PyObject *obj, const char *name, int *version);

/* A writable output buffer of at least need bytes that is data itself or
 * does not overlap it (libzuc allows in == out, no other overlap). */
int zpy_out(PyObject *obj, const char *name, const Py_buffer *data, Py_ssize_t need,
            Py_buffer *view);

/* Whether an output buffer view of the caller passes zpy_out's checks (no
 * exception set either way). */
int zpy_out_ok(const Py_buffer *view, const Py_buffer *data, Py_ssize_t need);

/* ValueError for a libzuc error code the checks above did not catch. */
PyObject *zpy_zuc_error(const char *fname, int code);

/* The exception zuc.InvalidTag (set by the module's initialisation). */
extern PyObject *zpy_invalid_tag;

#endif /* ZUCPY_ARGS_H */
