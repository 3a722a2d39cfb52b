/* SPDX-License-Identifier: Apache-2.0 */
/*
 * args.h — argument handling of the zuc extension (limited API): a fast-call
 * parser, and the checks of every argument, written once for the
 * one-message calls and the batch calls alike. Each raises TypeError or
 * ValueError with a message that starts with the argument's name: "key",
 * or "keys[3]" for an item of a batch argument.
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

/* The most parameters a function of the extension takes. */
#define ZPY_MAX_SLOTS 10

/* py_NAME, the METH_FASTCALL | METH_KEYWORDS function NAME with the
 * parameters names[0..nnames-1] (the first nrequired required): it parses
 * its arguments into slots, then returns expr, which reads them from slots
 * and its signature from sig. One line per function, most sharing a body
 * with others. */
#define ZPY_FUNCTION(name, names, nnames, nrequired, expr)                           \
    static const zpy_sig name##_sig = { #name, names, nnames, nrequired };           \
    static PyObject *py_##name(PyObject *m, PyObject *const *args, Py_ssize_t nargs, \
                               PyObject *kwnames)                                    \
    {                                                                                \
        PyObject *slots[ZPY_MAX_SLOTS];                                              \
        const zpy_sig *sig = &name##_sig;                                            \
        (void)m;                                                                     \
        return zpy_parse(sig, args, nargs, kwnames, slots) < 0 ? NULL : (expr);      \
    }

/* The method table's entry of a ZPY_FUNCTION, with its docstring NAME_doc. */
#define ZPY_METHOD(name)                                                                         \
    {                                                                                            \
#name, (PyCFunction)(void (*)(void))py_##name, METH_FASTCALL | METH_KEYWORDS, name##_doc \
    }

/* The name an error message gives an argument: name, or name[index] for
 * item index of a batch argument (index >= 0). Only an error formats it. */
typedef struct {
    const char *name;
    Py_ssize_t index;
} zpy_name;

#define ZPY_ARG(name) ((zpy_name){ (name), -1 })
#define ZPY_ITEM(name, i) ((zpy_name){ (name), (i) })

/* The values an int argument may take: lo..hi, and where only is not 0,
 * only the v with bit v of only set (only_text says which, in words). */
typedef struct {
    long long lo;
    long long hi;
    unsigned long long only;
    const char *only_text;
} zpy_range;

/* The 3GPP and libzuc ranges, one definition each. */
extern const zpy_range zpy_count_range;      /* COUNT: 0..2^32-1 */
extern const zpy_range zpy_bearer_range;     /* BEARER: 0..31 */
extern const zpy_range zpy_direction_range;  /* DIRECTION: 0 or 1 */
extern const zpy_range zpy_nxa6_tag_range;   /* ZUC-NIA6/NCA6 tags: 4..16 bytes */
extern const zpy_range zpy_zuc256_tag_range; /* ZUC-256 MAC tags: 4, 8 or 16 bytes */

/* An int in r (TypeError if obj is not an int, ValueError if outside). */
int zpy_int_in(PyObject *obj, zpy_name name, const zpy_range *r, long long *value);
/* zpy_int_in, with fallback for a NULL or None obj. */
int zpy_int_or(PyObject *obj, zpy_name name, const zpy_range *r, long long fallback,
               long long *value);

/* Where the data of a bytes object lies from its start, the same for every
 * bytes object of this interpreter: measured once (zpy_args_init) on a
 * real one, as the limited API has no macro for it, so that reading an
 * exact bytes object (a message, a key) or filling a new one (a tag) is no
 * call per object. */
extern Py_ssize_t zpy_bytes_offset;
/* Measures zpy_bytes_offset; 0 or -1 (MemoryError). */
int zpy_args_init(void);

/* The data of an exact bytes object, or of a new one from
 * PyBytes_FromStringAndSize; its length is Py_SIZE(bytes). */
static inline char *zpy_bytes_data(PyObject *bytes)
{
    return (char *)bytes + zpy_bytes_offset;
}

/* A view of a bytes object (exactly bytes, immutable) read in place,
 * without the buffer protocol's calls; it holds a reference to the bytes,
 * which PyBuffer_Release (or zpy_view_release) drops. */
void zpy_bytes_view(PyObject *bytes, Py_buffer *view);
/* PyBuffer_Release, without its calls for a view of zpy_bytes_view. */
void zpy_view_release(Py_buffer *view);
/* Clears n bytes so that the compiler cannot drop the stores (secrets). */
void zpy_wipe(void *p, size_t n);

/* A contiguous buffer of obj (writable if asked); str and non-buffers are a
 * TypeError naming the argument. Release with PyBuffer_Release. */
int zpy_buffer(PyObject *obj, zpy_name name, int writable, Py_buffer *view);
/* zpy_buffer, then a ValueError unless it holds exactly size bytes (a key,
 * an IV); size -1 takes any. */
int zpy_fixed(PyObject *obj, zpy_name name, Py_ssize_t size, Py_buffer *view);

/* A ValueError unless len bytes of the argument are within a limit of max
 * bytes (the algorithm's longest message). */
int zpy_max_bytes(size_t len, zpy_name name, size_t max);

/* The number of bits to process of data (data_bytes long): all of it when
 * bits_obj is NULL or None, else an int in 0..8 * data_bytes; at most
 * max_bits either way. */
int zpy_bits(PyObject *bits_obj, zpy_name bits_name, zpy_name data_name, Py_ssize_t data_bytes,
             size_t max_bits, size_t *bits);

/* The longest message of a ZUC-256 MAC of tag_bytes, in bits: the MAC
 * consumes bits + 16 * tag_bytes keystream bits of 2^32. */
size_t zpy_zuc256_mac_max_bits(size_t tag_bytes);

/* A ZUC-256 version: 2018, 2021 or 2023; NULL or None gives 2018. */
int zpy_version(PyObject *obj, const char *name, int *version);

/* A writable output buffer of at least need bytes that is data itself or
 * does not overlap it (libzuc allows in == out, no other overlap). */
int zpy_out(PyObject *obj, zpy_name name, const Py_buffer *data, Py_ssize_t need, Py_buffer *view);

/* ValueError for a libzuc error code the checks above did not catch. */
PyObject *zpy_zuc_error(const char *fname, int code);

/* The exception zuc.InvalidTag (set by the module's initialisation). */
extern PyObject *zpy_invalid_tag;

#endif /* ZUCPY_ARGS_H */
