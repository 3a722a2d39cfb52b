/* SPDX-License-Identifier: Apache-2.0 */
/*
 * keystream.c — zuc.Keystream(key, iv, version=None): the keystream of one
 * key and IV, read a byte count at a time (read, readinto) or applied to
 * data (xor), each call going on where the last stopped. Words are turned
 * into bytes big-endian (z1's most significant byte first); the bytes of a
 * word not yet read wait in the object. The state is wiped when the object
 * goes. Calls hold the GIL, so threads sharing one object take turns.
 */
#include "keystream.h"

#include <string.h>
#include <zuc.h>

#include "args.h"

typedef struct {
    PyObject_HEAD zuc_state st;
    uint8_t pending[4]; /* the last word's bytes not yet handed out */
    int npending;
} keystream_object;

/* Loads key and iv into st: ZUC-128 for a 16-byte key, ZUC-256 of version
 * (default 2018) for a 32-byte key. */
static int load(zuc_state *st, PyObject *key_obj, PyObject *iv_obj, PyObject *version_obj)
{
    Py_buffer key;
    Py_buffer iv;
    if (zpy_buffer(key_obj, ZPY_ARG("key"), 0, &key) < 0) {
        return -1;
    }
    int rc = -1;
    if (key.len != ZUC128_KEY_BYTES && key.len != ZUC256_KEY_BYTES) {
        PyErr_Format(PyExc_ValueError, "key: expected 16 bytes (ZUC-128) or 32 (ZUC-256), got %zd",
                     key.len);
        goto release_key;
    }
    if (key.len == ZUC128_KEY_BYTES && version_obj && version_obj != Py_None) {
        PyErr_SetString(PyExc_ValueError, "version: only for ZUC-256 (a 32-byte key)");
        goto release_key;
    }
    int version = 0;
    if (key.len == ZUC256_KEY_BYTES && zpy_version(version_obj, "version", &version) < 0) {
        goto release_key;
    }
    if (zpy_buffer(iv_obj, ZPY_ARG("iv"), 0, &iv) < 0) {
        goto release_key;
    }
    uint8_t iv25[ZUC256_IV_BYTES];
    size_t want = key.len == ZUC128_KEY_BYTES ? ZUC128_IV_BYTES : zuc256v_iv_bytes(version);
    if (version == ZUC256_V2018 && iv.len == 23) {
        zuc256_iv_unpack(iv25, iv.buf);
        rc = zuc256v_keystream_init(st, version, key.buf, iv25);
    } else if ((size_t)iv.len != want) {
        PyErr_Format(PyExc_ValueError, "iv: expected %zu bytes for this key%s, got %zd", want,
                     version == ZUC256_V2018 ? " and version 2018 (or the packed 23)" : "", iv.len);
    } else if (key.len == ZUC128_KEY_BYTES) {
        rc = zuc128_keystream_init(st, key.buf, iv.buf);
    } else {
        rc = zuc256v_keystream_init(st, version, key.buf, iv.buf);
    }
    zpy_wipe(iv25, sizeof iv25);
    PyBuffer_Release(&iv);
release_key:
    PyBuffer_Release(&key);
    return rc == 0 ? 0 : -1;
}

static PyObject *ks_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    PyObject *slots[3] = { NULL, NULL, NULL };
    static char *kwlist[] = { "key", "iv", "version", NULL };
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO|O:Keystream", kwlist, &slots[0], &slots[1],
                                     &slots[2])) {
        return NULL;
    }
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    keystream_object *self = (keystream_object *)alloc(type, 0);
    if (!self) {
        return NULL;
    }
    self->npending = 0;
    if (load(&self->st, slots[0], slots[1], slots[2]) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static void ks_dealloc(PyObject *obj)
{
    keystream_object *self = (keystream_object *)obj;
    PyTypeObject *type = Py_TYPE(obj);
    zpy_wipe(&self->st, sizeof self->st);
    zpy_wipe(self->pending, sizeof self->pending);
    freefunc tp_free = (freefunc)PyType_GetSlot(type, Py_tp_free);
    tp_free(obj);
    Py_DECREF(type);
}

/* The next n keystream bytes into out (mask 0), or XORed into out (mask 1). */
static void produce(keystream_object *self, uint8_t *out, size_t n, int xor)
{
    size_t i = 0;
    while (i < n && self->npending > 0) {
        uint8_t k = self->pending[4 - self->npending--];
        out[i] = xor? out[i] ^ k : k;
        i++;
    }
    uint32_t words[64];
    while (i < n) {
        size_t nwords = (n - i + 3) / 4 < 64 ? (n - i + 3) / 4 : 64;
        zuc_keystream(&self->st, words, nwords);
        for (size_t w = 0; w < nwords; w++) {
            for (int b = 0; b < 4; b++) {
                uint8_t k = (uint8_t)(words[w] >> (24 - 8 * b));
                if (i < n) {
                    out[i] = xor? out[i] ^ k : k;
                    i++;
                } else {
                    self->pending[b] = k;
                    self->npending++;
                }
            }
        }
    }
    zpy_wipe(words, sizeof words);
}

PyDoc_STRVAR(read_doc, "read($self, length, /)\n--\n\n"
                       "The next length keystream bytes.\n\n"
                       ">>> ks = zuc.Keystream(bytes(16), bytes(16))\n"
                       ">>> ks.read(3).hex() + ks.read(5).hex()  # 3GPP test set 1: z1 z2\n"
                       "'27bede74018082da'\n");

static PyObject *ks_read(PyObject *obj, PyObject *length_obj)
{
    static const zpy_range lengths = { 0, (long long)1 << 40, 0, NULL };
    long long length;
    if (zpy_int_in(length_obj, ZPY_ARG("length"), &lengths, &length) < 0) {
        return NULL;
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)length);
    if (out) {
        produce((keystream_object *)obj, (uint8_t *)zpy_bytes_data(out), (size_t)length, 0);
    }
    return out;
}

PyDoc_STRVAR(readinto_doc, "readinto($self, buffer, /)\n--\n\n"
                           "Fills a writable buffer with the next keystream bytes; returns how "
                           "many.\n\n"
                           ">>> buf = bytearray(4)\n"
                           ">>> zuc.Keystream(bytes(16), bytes(16)).readinto(buf), buf.hex()\n"
                           "(4, '27bede74')\n");

static PyObject *ks_readinto(PyObject *obj, PyObject *buffer)
{
    Py_buffer view;
    if (zpy_buffer(buffer, ZPY_ARG("buffer"), 1, &view) < 0) {
        return NULL;
    }
    produce((keystream_object *)obj, view.buf, (size_t)view.len, 0);
    Py_ssize_t n = view.len;
    PyBuffer_Release(&view);
    return PyLong_FromSsize_t(n);
}

PyDoc_STRVAR(xor_doc, "xor($self, data, /)\n--\n\n"
                      "data XOR the next len(data) keystream bytes: encryption or decryption\n"
                      "of a stream in pieces.\n\n"
                      ">>> ks = zuc.Keystream(bytes(32), bytes(16), version=2023)\n"
                      ">>> (ks.xor(bytes(2)) + ks.xor(bytes(2))).hex()\n"
                      "'0234e932'\n");

static PyObject *ks_xor(PyObject *obj, PyObject *data)
{
    Py_buffer view;
    if (zpy_buffer(data, ZPY_ARG("data"), 0, &view) < 0) {
        return NULL;
    }
    PyObject *out = PyBytes_FromStringAndSize(view.buf, view.len);
    if (out) {
        produce((keystream_object *)obj, (uint8_t *)zpy_bytes_data(out), (size_t)view.len, 1);
    }
    PyBuffer_Release(&view);
    return out;
}

static PyMethodDef ks_methods[] = {
    { "read", ks_read, METH_O, read_doc },
    { "readinto", ks_readinto, METH_O, readinto_doc },
    { "xor", ks_xor, METH_O, xor_doc },
    { NULL, NULL, 0, NULL },
};

PyDoc_STRVAR(ks_doc, "Keystream(key, iv, version=None)\n--\n\n"
                     "The keystream of ZUC-128 (16-byte key, 16-byte IV) or ZUC-256 (32-byte\n"
                     "key; version 2018 with a 25-byte IV or the packed 23, the default, or\n"
                     "2021 / 2023 with a 16-byte IV), read in pieces: each read(), readinto()\n"
                     "or xor() goes on where the last one stopped. Keystream words are\n"
                     "big-endian bytes. The state is wiped when the object is freed.\n");

static PyType_Slot ks_slots[] = {
    { Py_tp_new, (void *)ks_new },
    { Py_tp_dealloc, (void *)ks_dealloc },
    { Py_tp_methods, ks_methods },
    { Py_tp_doc, (void *)ks_doc },
    { 0, NULL },
};

static PyType_Spec ks_spec = {
    .name = "zuc.Keystream",
    .basicsize = sizeof(keystream_object),
    .itemsize = 0,
    .flags = Py_TPFLAGS_DEFAULT,
    .slots = ks_slots,
};

int zpy_add_keystream_type(PyObject *m)
{
    PyObject *type = PyType_FromSpec(&ks_spec);
    if (!type) {
        return -1;
    }
    return PyModule_AddObject(m, "Keystream", type) < 0 ? (Py_DECREF(type), -1) : 0;
}
