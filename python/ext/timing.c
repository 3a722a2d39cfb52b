/* SPDX-License-Identifier: Apache-2.0 */
/*
 * timing.c — for `python -m zuc.bench` only (private names): the time libzuc
 * itself takes, in C, for exactly the work a Python call does (the same
 * buffers, keys and COUNTs, in this process), so that the Python layer's
 * cost is the difference, whatever the machine's load:
 *   _prepare_many(name, keys, counts, messages, outs) -> prepared
 *     the jobs over the lists, built once, as a C loop builds them;
 *   _time_many(prepared, repeats, fresh=False) -> [(ns, faults), ...]
 *     one zuc_*_n call over the messages per repeat;
 *     into outs, or (fresh) into n buffers malloc'd for the run and freed
 *     after it, as a C program that hands out new buffers does (both timed,
 *     like the Python call that makes its bytes and has them freed; the
 *     heap around it untimed as each side's own loop leaves it, below);
 *   _time_one(name, key, count, message, out, calls, repeats)
 *     -> [(ns, faults), ...]
 *     calls one-message calls per repeat.
 * faults: the minor page faults of the thread during the run (getrusage).
 * name: "eea3", "nia6" (16-byte tag) or "nca6" (encryption, 16 bytes of
 * associated data 00..0f, 16-byte tag), BEARER 5 and DIRECTION 1, as in
 * zuc/bench.py.
 */
#include "timing.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
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

/* The harness's own arrays, mapped apart from the heap: the malloc heap that
 * the Python calls timed in turn with these runs allocate from is left as
 * they left it (a heap grown here and given back would cost them page
 * faults that a loop of Python calls alone does not take). */
static void *harness_alloc(size_t count, size_t size)
{
    void *p =
        mmap(NULL, count * size + 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

static void harness_free(void *p, size_t count, size_t size)
{
    if (p) {
        munmap(p, count * size + 1);
    }
}

/* The minor page faults of this thread so far. */
static long long faults_now(void)
{
    struct rusage r;
    getrusage(RUSAGE_THREAD, &r);
    return (long long)r.ru_minflt;
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

/* The output bytes job k of a work needs: the ciphertext, the tag, or
 * both. */
static size_t out_size(enum work w, size_t len)
{
    return w == EEA3 ? len : w == NIA6 ? 16 : len + 16;
}

/* The message length in bytes of job k of the contiguous array. */
static size_t length_of(enum work w, const void *jobs, size_t k)
{
    if (w == EEA3) {
        return ((const zuc_eea3_job *)jobs)[k].length_bits / 8;
    }
    if (w == NIA6) {
        return ((const zuc_nia6_job *)jobs)[k].length_bytes;
    }
    return ((const zuc_nca6_job *)jobs)[k].length_bytes;
}

/* Points job k of the contiguous array at out. */
static void point_out(enum work w, void *jobs, size_t k, uint8_t *out)
{
    if (w == EEA3) {
        ((zuc_eea3_job *)jobs)[k].out = out;
    } else if (w == NIA6) {
        ((zuc_nia6_job *)jobs)[k].tag = out;
    } else {
        zuc_nca6_job *j = &((zuc_nca6_job *)jobs)[k];
        j->out = out;
        j->tag = out + j->length_bytes;
    }
}

/* call_n_fresh's code when malloc fails (libzuc's codes are 0 or below). */
#define NO_MEMORY 1

/* Points each job at a new buffer, malloc'd the size of its output;
 * returns how many were made (n unless malloc failed). */
static size_t alloc_outs(enum work w, void *jobs, uint8_t **outs, size_t n)
{
    size_t made = 0;
    for (; made < n; made++) {
        outs[made] = malloc(out_size(w, length_of(w, jobs, made)));
        if (!outs[made]) {
            break;
        }
        point_out(w, jobs, made, outs[made]);
    }
    return made;
}

static void free_outs(uint8_t **outs, size_t made)
{
    for (size_t k = 0; k < made; k++) {
        free(outs[k]);
    }
}

/* One zuc_*_n call over new buffers: each malloc'd (sized as the job's
 * output), the call, each freed. */
static int call_n_fresh(enum work w, void *jobs, uint8_t **outs, size_t n)
{
    size_t made = alloc_outs(w, jobs, outs, n);
    int code = made == n ? call_n(w, jobs, n) : NO_MEMORY;
    free_outs(outs, made);
    return code;
}

/* The C runs into new buffers and the Python calls share one process and
 * so one malloc heap, timed in turns; around each such C run, untimed, the
 * heap is put as each side's own loop would leave it, so that neither pays
 * for the other's frees. Outputs of up to FREE_LISTED_BYTES (tags) stay in
 * glibc's fastbins when freed, and a C loop's next run takes them back;
 * any large malloc merges them first, which the Python call timed next (its
 * result list's array) did, at 10 us a call over 1,000 tags, while the C
 * run after it carved its tags anew, at 14 ns a tag more than from the
 * fastbins. Larger outputs go back to the heap's top when freed, on both
 * sides alike (a run made before would only warm the caches for C). */
#define FREE_LISTED_BYTES 120 /* glibc's fastbins by default, 64-bit */

/* Whether every job's output is small enough to stay in the free lists. */
static int outputs_free_listed(enum work w, const void *jobs, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        if (out_size(w, length_of(w, jobs, k)) > FREE_LISTED_BYTES) {
            return 0;
        }
    }
    return 1;
}

/* Before (where outputs_free_listed): the run's mallocs and frees once, as
 * the C loop's previous run leaves them. */
static void heap_as_c_loop_leaves_it(enum work w, void *jobs, uint8_t **outs, size_t n)
{
    free_outs(outs, alloc_outs(w, jobs, outs, n));
}

/* After: one large request, on which glibc merges the chunks just freed. */
static void heap_as_python_loop_leaves_it(void)
{
    void *volatile block = malloc(4096); /* volatile: kept by the compiler */
    free(block);
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
        if (zpy_fixed(PyList_GetItem(keys, i), ZPY_ITEM("keys", i), key_bytes, key) < 0) {
            return -1;
        }
        (*held)++;
        Py_buffer *msg = &views[*held];
        if (zpy_buffer(PyList_GetItem(msgs, i), ZPY_ITEM("messages", i), 0, msg) < 0) {
            return -1;
        }
        (*held)++;
        Py_buffer *out = &views[*held];
        Py_ssize_t need = w == EEA3 ? msg->len : w == NIA6 ? 16 : msg->len + 16;
        if (zpy_out(PyList_GetItem(outs, i), ZPY_ITEM("outs", i), msg, need, out) < 0) {
            return -1;
        }
        (*held)++;
        long long count;
        if (zpy_int_in(PyList_GetItem(counts, i), ZPY_ITEM("counts", i), &zpy_count_range, &count) <
            0) {
            return -1;
        }
        fill(&jobs[i], w, key->buf, (uint32_t)count, msg, out->buf);
    }
    return 0;
}

/* How a run is made: one zuc_*_n call over all the messages (into outs, or
 * into fresh buffers), or calls one-message calls of the first. */
enum run { MANY, MANY_FRESH, ONE };

/* The work of a timing, built once and timed run after run, as a C loop
 * builds its jobs once: built again before each run, its 3n views and its
 * new arrays had pushed the Python call timed next out of the caches, and
 * the C run itself (each about a tenth slower than in a loop of its own). */
typedef struct {
    enum work w;
    size_t n;
    any_job *jobs;    /* as built */
    void *scratch;    /* the jobs side by side, for zuc_*_n */
    Py_buffer *views; /* held buffers: the keys, messages and outs */
    Py_ssize_t held;
    uint8_t **fresh;
    int into_outs;   /* scratch's jobs write into outs (a run into new buffers repoints them) */
    int free_listed; /* every output small enough for glibc's free lists */
} prepared;

static const char prepared_name[] = "zuc._zuc.prepared";

static void prepared_free(prepared *p)
{
    for (Py_ssize_t i = 0; i < p->held; i++) {
        PyBuffer_Release(&p->views[i]);
    }
    harness_free(p->fresh, p->n, sizeof *p->fresh);
    harness_free(p->views, 3 * p->n, sizeof *p->views);
    harness_free(p->scratch, p->n, sizeof(zuc_nca6_job));
    harness_free(p->jobs, p->n, sizeof *p->jobs);
    PyMem_Free(p);
}

/* The jobs of w over the lists (one length > 0), holding their buffers;
 * NULL with the error set. */
static prepared *prepare(enum work w, PyObject *keys, PyObject *counts, PyObject *msgs,
                         PyObject *outs)
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
    prepared *p = PyMem_Calloc(1, sizeof *p);
    if (!p) {
        PyErr_NoMemory();
        return NULL;
    }
    p->w = w;
    p->n = (size_t)n;
    p->jobs = harness_alloc(p->n, sizeof *p->jobs);
    p->scratch = harness_alloc(p->n, sizeof(zuc_nca6_job));
    p->views = harness_alloc(3 * p->n, sizeof *p->views);
    p->fresh = harness_alloc(p->n, sizeof *p->fresh);
    if (!p->jobs || !p->scratch || !p->views || !p->fresh) {
        PyErr_NoMemory();
        prepared_free(p);
        return NULL;
    }
    if (build(w, keys, counts, msgs, outs, n, p->jobs, p->views, &p->held) < 0) {
        prepared_free(p);
        return NULL;
    }
    gather(w, p->jobs, p->scratch, p->n);
    p->into_outs = 1;
    p->free_listed = outputs_free_listed(w, p->scratch, p->n);
    return p;
}

/* Times repeats runs of p; a list of (ns, faults). */
static PyObject *time_runs(prepared *p, enum run how, long long calls, long long repeats)
{
    if (how == MANY && !p->into_outs) {
        gather(p->w, p->jobs, p->scratch, p->n);
        p->into_outs = 1;
    }
    if (how == MANY_FRESH) {
        p->into_outs = 0; /* the run points the jobs at its new buffers */
    }
    int warm_heap = how == MANY_FRESH && p->free_listed;
    PyObject *result = PyList_New(0);
    for (long long r = 0; result && r < repeats; r++) {
        int code = 0;
        if (warm_heap) {
            heap_as_c_loop_leaves_it(p->w, p->scratch, p->fresh, p->n);
        }
        long long faults = faults_now();
        long long start = now_ns();
        if (how == MANY) {
            code = call_n(p->w, p->scratch, p->n);
        } else if (how == MANY_FRESH) {
            code = call_n_fresh(p->w, p->scratch, p->fresh, p->n);
        } else {
            for (long long c = 0; c < calls; c++) {
                code |= call_one(p->w, &p->jobs[0]);
            }
        }
        long long ns = now_ns() - start;
        faults = faults_now() - faults;
        if (how == MANY_FRESH) {
            heap_as_python_loop_leaves_it();
        }
        PyObject *value = code == ZUC_OK      ? Py_BuildValue("(LL)", ns, faults)
                          : code == NO_MEMORY ? PyErr_NoMemory()
                                              : zpy_zuc_error("_time", code);
        if (!value || PyList_Append(result, value) < 0) {
            Py_XDECREF(value);
            Py_CLEAR(result);
            break;
        }
        Py_DECREF(value);
    }
    return result;
}

static void prepared_destroy(PyObject *capsule)
{
    prepared_free(PyCapsule_GetPointer(capsule, prepared_name));
}

static PyObject *py_prepare_many(PyObject *m, PyObject *args)
{
    (void)m;
    const char *name;
    PyObject *keys, *counts, *msgs, *outs;
    enum work w;
    if (!PyArg_ParseTuple(args, "sOOOO:_prepare_many", &name, &keys, &counts, &msgs, &outs) ||
        work_of(name, &w) < 0) {
        return NULL;
    }
    prepared *p = prepare(w, keys, counts, msgs, outs);
    if (!p) {
        return NULL;
    }
    PyObject *capsule = PyCapsule_New(p, prepared_name, prepared_destroy);
    if (!capsule) {
        prepared_free(p);
    }
    return capsule;
}

static PyObject *py_time_many(PyObject *m, PyObject *args)
{
    (void)m;
    PyObject *capsule;
    long long repeats;
    int fresh = 0;
    if (!PyArg_ParseTuple(args, "OL|p:_time_many", &capsule, &repeats, &fresh)) {
        return NULL;
    }
    prepared *p = PyCapsule_GetPointer(capsule, prepared_name);
    return p ? time_runs(p, fresh ? MANY_FRESH : MANY, 1, repeats) : NULL;
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
        prepared *p = prepare(w, lists[0], lists[1], lists[2], lists[3]);
        if (p) {
            result = time_runs(p, ONE, calls, repeats);
            prepared_free(p);
        }
    }
    for (int i = 0; i < 4; i++) {
        Py_XDECREF(lists[i]);
    }
    return result;
}

PyMethodDef zpy_timing_methods[] = {
    { "_prepare_many", py_prepare_many, METH_VARARGS,
      "_prepare_many(name, keys, counts, messages, outs): the jobs of one zuc_*_n call over "
      "the lists, built once, for _time_many (for zuc.bench)." },
    { "_time_many", py_time_many, METH_VARARGS,
      "_time_many(prepared, repeats, fresh=False): (ns, page faults) of each of repeats "
      "zuc_*_n calls in C over _prepare_many's jobs, into outs or new buffers (for "
      "zuc.bench)." },
    { "_time_one", py_time_one, METH_VARARGS,
      "_time_one(name, key, count, message, out, calls, repeats): (ns, page faults) of "
      "each of repeats runs of calls one-message calls in C (for zuc.bench)." },
    { NULL, NULL, 0, NULL },
};
