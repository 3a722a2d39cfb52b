/* SPDX-License-Identifier: Apache-2.0 */
/*
 * timing.c — for `python -m zuc.bench` only (private names): the time libzuc
 * itself takes, in C, for exactly the work a Python call does (the same
 * buffers, keys and COUNTs, in this process), so that the Python layer's
 * cost is the difference, whatever the machine's load:
 *   _time_many(name, keys, counts, messages, outs, repeats) -> [ns, ...]
 *     one zuc_*_n call over the messages per repeat, the jobs built before;
 *   _time_one(name, key, count, message, out, calls, repeats) -> [ns, ...]
 *     calls one-message calls per repeat.
 * name: "eea3", "nia6" (16-byte tag) or "nca6" (encryption, 16 bytes of
 * associated data 00..0f, 16-byte tag), BEARER 5 and DIRECTION 1, as in
 * zuc/bench.py.
 */
#include "timing.h"

#include <string.h>
#include <time.h>
#include <zuc.h>

#include "args.h"

static const uint8_t aad[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };

/* This thread's CPU time, as Python's time.thread_time_ns(): what waiting
 * for a CPU on a busy machine adds is not counted, on either side. */
static long long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

enum work { EEA3, NIA6, NCA6 };

static int work_of(const char *name, enum work *w)
{
    if (strcmp(name, "eea3") == 0) {
        *w = EEA3;
    } else if (strcmp(name, "nia6") == 0) {
        *w = NIA6;
    } else if (strcmp(name, "nca6") == 0) {
        *w = NCA6;
    } else {
        PyErr_Format(PyExc_ValueError, "name: expected eea3, nia6 or nca6, got %s", name);
        return -1;
    }
    return 0;
}

/* One message's job, in place in the arrays below. */
typedef struct {
    zuc_eea3_job eea3;
    zuc_nia6_job nia6;
    zuc_nca6_job nca6;
} any_job;

static void fill(any_job *j, enum work w, const uint8_t *key, uint32_t count, const Py_buffer *msg,
                 uint8_t *out)
{
    size_t len = (size_t)msg->len;
    if (w == EEA3) {
        j->eea3 = (zuc_eea3_job){ key, count, 5, 1, msg->buf, out, 8 * len };
    } else if (w == NIA6) {
        j->nia6 = (zuc_nia6_job){ key, count, 5, 1, NULL, msg->buf, len, out, 16 };
    } else {
        j->nca6 = (zuc_nca6_job){ key,      count, 5,   1,         NULL, aad, sizeof aad,
                                  msg->buf, out,   len, out + len, 16,   NULL };
    }
}

/* The jobs of one work, contiguous, for its zuc_*_n call. */
static int gather(enum work w, const any_job *jobs, void *scratch, size_t n)
{
    if (w == EEA3) {
        zuc_eea3_job *a = scratch;
        for (size_t i = 0; i < n; i++) {
            a[i] = jobs[i].eea3;
        }
    } else if (w == NIA6) {
        zuc_nia6_job *a = scratch;
        for (size_t i = 0; i < n; i++) {
            a[i] = jobs[i].nia6;
        }
    } else {
        zuc_nca6_job *a = scratch;
        for (size_t i = 0; i < n; i++) {
            a[i] = jobs[i].nca6;
        }
    }
    return 0;
}

static int call_n(enum work w, const void *jobs, size_t n)
{
    return w == EEA3   ? zuc_eea3_n(jobs, n)
           : w == NIA6 ? zuc_nia6_n(jobs, n)
                       : zuc_nca6_encrypt_n(jobs, n);
}

static int call_one(enum work w, const any_job *j)
{
    if (w == EEA3) {
        const zuc_eea3_job *e = &j->eea3;
        return zuc_eea3(e->key, e->count, e->bearer, e->direction, e->in, e->out, e->length_bits);
    }
    if (w == NIA6) {
        const zuc_nia6_job *e = &j->nia6;
        return zuc_nia6(e->key, e->count, e->bearer, e->direction, e->msg, e->length_bytes, e->tag,
                        e->tag_bytes);
    }
    const zuc_nca6_job *e = &j->nca6;
    return zuc_nca6_encrypt(e->key, e->count, e->bearer, e->direction, e->aad, e->aad_bytes, e->in,
                            e->out, e->length_bytes, e->tag, e->tag_bytes);
}

/* The buffers of messages and outs, and the keys and counts, into jobs;
 * views receives 3 * n buffers to release. */
static int build(enum work w, PyObject *keys, PyObject *counts, PyObject *msgs, PyObject *outs,
                 Py_ssize_t n, any_job *jobs, Py_buffer *views, Py_ssize_t *held)
{
    Py_ssize_t key_bytes = w == EEA3 ? 16 : 32;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_buffer *key = &views[*held];
        if (zpy_fixed(PyList_GetItem(keys, i), "keys[i]", key_bytes, key) < 0) {
            return -1;
        }
        (*held)++;
        Py_buffer *msg = &views[*held];
        if (zpy_buffer(PyList_GetItem(msgs, i), "messages[i]", 0, msg) < 0) {
            return -1;
        }
        (*held)++;
        Py_buffer *out = &views[*held];
        Py_ssize_t need = w == EEA3 ? msg->len : w == NIA6 ? 16 : msg->len + 16;
        if (zpy_out(PyList_GetItem(outs, i), "outs[i]", msg, need, out) < 0) {
            return -1;
        }
        (*held)++;
        long long count;
        if (zpy_int_in(PyList_GetItem(counts, i), "counts[i]", 0, UINT32_MAX, &count) < 0) {
            return -1;
        }
        fill(&jobs[i], w, key->buf, (uint32_t)count, msg, out->buf);
    }
    return 0;
}

/* Times repeats runs of (many ? one zuc_*_n call over all : calls
 * one-message calls of the first); a list of ns. */
static PyObject *time_runs(enum work w, PyObject *keys, PyObject *counts, PyObject *msgs,
                           PyObject *outs, int many, long long calls, long long repeats)
{
    if (!PyList_Check(keys) || !PyList_Check(counts) || !PyList_Check(msgs) ||
        !PyList_Check(outs)) {
        PyErr_SetString(PyExc_TypeError, "keys, counts, messages, outs: expected lists");
        return NULL;
    }
    Py_ssize_t n = PyList_Size(msgs);
    if (n < 1 || PyList_Size(keys) != n || PyList_Size(counts) != n || PyList_Size(outs) != n) {
        PyErr_SetString(PyExc_ValueError, "keys, counts, messages, outs: lists of one length > 0");
        return NULL;
    }
    any_job *jobs = PyMem_Calloc((size_t)n, sizeof *jobs);
    void *scratch = PyMem_Calloc((size_t)n, sizeof(zuc_nca6_job));
    Py_buffer *views = PyMem_Calloc(3 * (size_t)n, sizeof *views);
    PyObject *result = NULL;
    Py_ssize_t held = 0;
    if (!jobs || !scratch || !views) {
        PyErr_NoMemory();
        goto done;
    }
    if (build(w, keys, counts, msgs, outs, n, jobs, views, &held) < 0) {
        goto done;
    }
    gather(w, jobs, scratch, (size_t)n);
    result = PyList_New(0);
    for (long long r = 0; result && r < repeats; r++) {
        int code = 0;
        long long start = now_ns();
        if (many) {
            code = call_n(w, scratch, (size_t)n);
        } else {
            for (long long c = 0; c < calls; c++) {
                code |= call_one(w, &jobs[0]);
            }
        }
        long long ns = now_ns() - start;
        PyObject *value = code == ZUC_OK ? PyLong_FromLongLong(ns) : zpy_zuc_error("_time", code);
        if (!value || PyList_Append(result, value) < 0) {
            Py_XDECREF(value);
            Py_CLEAR(result);
            break;
        }
        Py_DECREF(value);
    }
done:
    for (Py_ssize_t i = 0; i < held; i++) {
        PyBuffer_Release(&views[i]);
    }
    PyMem_Free(views);
    PyMem_Free(scratch);
    PyMem_Free(jobs);
    return result;
}

static PyObject *py_time_many(PyObject *m, PyObject *args)
{
    (void)m;
    const char *name;
    PyObject *keys, *counts, *msgs, *outs;
    long long repeats;
    enum work w;
    if (!PyArg_ParseTuple(args, "sOOOOL:_time_many", &name, &keys, &counts, &msgs, &outs,
                          &repeats) ||
        work_of(name, &w) < 0) {
        return NULL;
    }
    return time_runs(w, keys, counts, msgs, outs, 1, 1, repeats);
}

static PyObject *py_time_one(PyObject *m, PyObject *args)
{
    (void)m;
    const char *name;
    PyObject *key, *count, *msg, *out;
    long long calls, repeats;
    enum work w;
    if (!PyArg_ParseTuple(args, "sOOOOLL:_time_one", &name, &key, &count, &msg, &out, &calls,
                          &repeats) ||
        work_of(name, &w) < 0) {
        return NULL;
    }
    PyObject *lists[4] = { PyList_New(1), PyList_New(1), PyList_New(1), PyList_New(1) };
    PyObject *items[4] = { key, count, msg, out };
    PyObject *result = NULL;
    if (lists[0] && lists[1] && lists[2] && lists[3]) {
        for (int i = 0; i < 4; i++) {
            Py_INCREF(items[i]);
            PyList_SetItem(lists[i], 0, items[i]);
        }
        result = time_runs(w, lists[0], lists[1], lists[2], lists[3], 0, calls, repeats);
    }
    for (int i = 0; i < 4; i++) {
        Py_XDECREF(lists[i]);
    }
    return result;
}

PyMethodDef zpy_timing_methods[] = {
    { "_time_many", py_time_many, METH_VARARGS,
      "_time_many(name, keys, counts, messages, outs, repeats): ns of each of repeats "
      "zuc_*_n calls in C (for zuc.bench)." },
    { "_time_one", py_time_one, METH_VARARGS,
      "_time_one(name, key, count, message, out, calls, repeats): ns of each of repeats "
      "runs of calls one-message calls in C (for zuc.bench)." },
    { NULL, NULL, 0, NULL },
};
