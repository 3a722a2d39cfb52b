/* SPDX-License-Identifier: Apache-2.0 */
/*
 * single.c — one message per call: 128-EEA3/EIA3, ZUC-256
 * (2018/2021/2023) encryption and MAC, ZUC-NEA6/NIA6/NCA6. Each takes any
 * contiguous buffer and returns bytes (the _into variants write into the
 * caller's buffer and return the number of bytes written). The GIL is held:
 * one message is too short a call to be worth releasing it.
 */
#include "single.h"

#include <string.h>
#include <zuc.h>

#include "args.h"

/* The leading arguments of a 3GPP call: key, then count, bearer, direction
 * (by_iv 0) or the 16-byte IV itself (by_iv 1). */
typedef struct {
    Py_buffer key;
    Py_buffer iv;
    uint32_t count;
    uint8_t bearer;
    uint8_t direction;
    int by_iv;
} head_args;

/* The slot index after the head's arguments. */
static int head_width(int by_iv)
{
    return by_iv ? 2 : 4;
}

static int head_parse(PyObject **slots, int by_iv, Py_ssize_t key_bytes, head_args *h)
{
    h->by_iv = by_iv;
    long long count = 0;
    long long bearer = 0;
    long long direction = 0;
    if (zpy_fixed(slots[0], ZPY_ARG("key"), key_bytes, &h->key) < 0) {
        return -1;
    }
    int bad =
        by_iv ? zpy_fixed(slots[1], ZPY_ARG("iv"), ZUC_NXA6_IV_BYTES, &h->iv)
              : (zpy_int_in(slots[1], ZPY_ARG("count"), &zpy_count_range, &count) < 0 ||
                 zpy_int_in(slots[2], ZPY_ARG("bearer"), &zpy_bearer_range, &bearer) < 0 ||
                 zpy_int_in(slots[3], ZPY_ARG("direction"), &zpy_direction_range, &direction) < 0);
    if (bad) {
        PyBuffer_Release(&h->key);
        return -1;
    }
    h->count = (uint32_t)count;
    h->bearer = (uint8_t)bearer;
    h->direction = (uint8_t)direction;
    return 0;
}

static void head_release(head_args *h)
{
    PyBuffer_Release(&h->key);
    if (h->by_iv) {
        PyBuffer_Release(&h->iv);
    }
}

/* Where a function writes its output: a new bytes object, or (into) the
 * caller's buffer checked by zpy_out. */
typedef struct {
    PyObject *bytes;
    Py_buffer view;
    int into;
    uint8_t *ptr;
    Py_ssize_t size;
} dest;

static int dest_open(dest *d, PyObject *out_obj, const Py_buffer *data, Py_ssize_t size)
{
    d->into = out_obj != NULL;
    d->size = size;
    d->bytes = NULL;
    if (d->into) {
        if (zpy_out(out_obj, ZPY_ARG("out"), data, size, &d->view) < 0) {
            return -1;
        }
        d->ptr = d->view.buf;
        return 0;
    }
    d->bytes = PyBytes_FromStringAndSize(NULL, size);
    if (!d->bytes) {
        return -1;
    }
    d->ptr = (uint8_t *)zpy_bytes_data(d->bytes);
    return 0;
}

/* The function's result after libzuc returned code: the bytes, or the
 * number of bytes written into the caller's buffer; NULL with the error set
 * (InvalidTag for ZUC_EAUTH) when code is not ZUC_OK. */
static PyObject *dest_close(dest *d, int code, const char *fname)
{
    PyObject *result = NULL;
    if (code == ZUC_EAUTH) {
        PyErr_SetString(zpy_invalid_tag, "the tag does not verify (nothing was decrypted)");
    } else if (code != ZUC_OK) {
        zpy_zuc_error(fname, code);
    } else if (d->into) {
        result = PyLong_FromSsize_t(d->size);
    } else {
        result = d->bytes;
        d->bytes = NULL;
    }
    if (d->into) {
        PyBuffer_Release(&d->view);
    }
    Py_XDECREF(d->bytes);
    return result;
}

/* 128-EEA3 and ZUC-NEA6 (bits of a message XOR the keystream). */
static PyObject *bit_cipher(PyObject **slots, const zpy_sig *sig, int nea6, int by_iv, int into)
{
    head_args h;
    if (head_parse(slots, by_iv, nea6 ? ZUC_NXA6_KEY_BYTES : ZUC128_KEY_BYTES, &h) < 0) {
        return NULL;
    }
    int at = head_width(by_iv);
    PyObject *result = NULL;
    Py_buffer data;
    size_t bits;
    dest d;
    if (zpy_buffer(slots[at], ZPY_ARG("data"), 0, &data) < 0) {
        goto done;
    }
    if (zpy_bits(slots[at + 1 + into], ZPY_ARG("bits"), ZPY_ARG("data"), data.len,
                 nea6 ? ZUC_NEA6_MAX_BITS : ZUC_EEA3_MAX_BITS, &bits) < 0 ||
        dest_open(&d, into ? slots[at + 1] : NULL, &data, (Py_ssize_t)((bits + 7) / 8)) < 0) {
        PyBuffer_Release(&data);
        goto done;
    }
    int code;
    if (!nea6) {
        code = zuc_eea3(h.key.buf, h.count, h.bearer, h.direction, data.buf, d.ptr, bits);
    } else if (by_iv) {
        code = zuc_nea6_iv(h.key.buf, h.iv.buf, data.buf, d.ptr, bits);
    } else {
        code = zuc_nea6(h.key.buf, h.count, h.bearer, h.direction, data.buf, d.ptr, bits);
    }
    result = dest_close(&d, code, sig->fname);
    PyBuffer_Release(&data);
done:
    head_release(&h);
    return result;
}

static const char *const eea3_names[] = { "key", "count", "bearer", "direction", "data", "bits" };
static const char *const eea3_into_names[] = { "key",  "count", "bearer", "direction",
                                               "data", "out",   "bits" };
static const char *const iv_cipher_names[] = { "key", "iv", "data", "bits" };

ZPY_FUNCTION(eea3, eea3_names, 6, 5, bit_cipher(slots, sig, 0, 0, 0))
ZPY_FUNCTION(eea3_into, eea3_into_names, 7, 6, bit_cipher(slots, sig, 0, 0, 1))
ZPY_FUNCTION(nea6, eea3_names, 6, 5, bit_cipher(slots, sig, 1, 0, 0))
ZPY_FUNCTION(nea6_into, eea3_into_names, 7, 6, bit_cipher(slots, sig, 1, 0, 1))
ZPY_FUNCTION(nea6_iv, iv_cipher_names, 4, 3, bit_cipher(slots, sig, 1, 1, 0))

/* 128-EIA3: the 4-byte MAC-I, most significant byte first. */

static PyObject *eia3_call(PyObject **slots, const zpy_sig *sig)
{
    head_args h;
    if (head_parse(slots, 0, ZUC128_KEY_BYTES, &h) < 0) {
        return NULL;
    }
    PyObject *result = NULL;
    Py_buffer data;
    size_t bits;
    if (zpy_buffer(slots[4], ZPY_ARG("data"), 0, &data) < 0) {
        goto done;
    }
    uint32_t mac = 0;
    int code =
        zpy_bits(slots[5], ZPY_ARG("bits"), ZPY_ARG("data"), data.len, ZUC_EIA3_MAX_BITS, &bits);
    if (code == 0) {
        code = zuc_eia3(h.key.buf, h.count, h.bearer, h.direction, data.buf, bits, &mac);
        if (code == ZUC_OK) {
            uint8_t be[4] = { (uint8_t)(mac >> 24), (uint8_t)(mac >> 16), (uint8_t)(mac >> 8),
                              (uint8_t)mac };
            result = PyBytes_FromStringAndSize((const char *)be, 4);
        } else {
            zpy_zuc_error(sig->fname, code);
        }
    }
    PyBuffer_Release(&data);
done:
    head_release(&h);
    return result;
}

ZPY_FUNCTION(eia3, eea3_names, 6, 5, eia3_call(slots, sig))

/* ZUC-NIA6: a tag of tag_size (4..16) bytes over whole bytes. */
static const char *const nia6_names[] = {
    "key", "count", "bearer", "direction", "data", "tag_size"
};
static const char *const nia6_iv_names[] = { "key", "iv", "data", "tag_size" };

static PyObject *nia6_call(PyObject **slots, const zpy_sig *sig, int by_iv)
{
    head_args h;
    if (head_parse(slots, by_iv, ZUC_NXA6_KEY_BYTES, &h) < 0) {
        return NULL;
    }
    int at = head_width(by_iv);
    PyObject *result = NULL;
    Py_buffer data;
    long long tag_bytes;
    uint8_t tag[ZUC_NXA6_TAG_MAX];
    if (zpy_buffer(slots[at], ZPY_ARG("data"), 0, &data) < 0) {
        goto done;
    }
    if (zpy_int_or(slots[at + 1], ZPY_ARG("tag_size"), &zpy_nxa6_tag_range, 4, &tag_bytes) == 0) {
        int code = by_iv ? zuc_nia6_iv(h.key.buf, h.iv.buf, data.buf, (size_t)data.len, tag,
                                       (size_t)tag_bytes)
                         : zuc_nia6(h.key.buf, h.count, h.bearer, h.direction, data.buf,
                                    (size_t)data.len, tag, (size_t)tag_bytes);
        result = code == ZUC_OK
                     ? PyBytes_FromStringAndSize((const char *)tag, (Py_ssize_t)tag_bytes)
                     : zpy_zuc_error(sig->fname, code);
    }
    PyBuffer_Release(&data);
done:
    head_release(&h);
    return result;
}

ZPY_FUNCTION(nia6, nia6_names, 6, 5, nia6_call(slots, sig, 0))
ZPY_FUNCTION(nia6_iv, nia6_iv_names, 4, 3, nia6_call(slots, sig, 1))

/* ZUC-NCA6: encrypt returns ciphertext || tag; decrypt takes ciphertext ||
 * tag, and returns the plaintext only if the tag verifies (libzuc compares
 * in constant time and writes nothing otherwise), else raises InvalidTag. */
static const char *const nca6_names[] = { "key",  "count", "bearer",  "direction",
                                          "data", "aad",   "tag_size" };
static const char *const nca6_into_names[] = { "key",  "count", "bearer", "direction",
                                               "data", "out",   "aad",    "tag_size" };
static const char *const nca6_iv_names[] = { "key", "iv", "data", "aad", "tag_size" };

static int nca6_run(const head_args *h, int decrypt, const Py_buffer *aad, const uint8_t *in,
                    size_t len, uint8_t *out, uint8_t *tag, size_t tag_bytes)
{
    const uint8_t *a = aad->buf;
    size_t a_len = (size_t)aad->len;
    if (decrypt) {
        return h->by_iv ? zuc_nca6_decrypt_iv(h->key.buf, h->iv.buf, a, a_len, in, out, len, tag,
                                              tag_bytes)
                        : zuc_nca6_decrypt(h->key.buf, h->count, h->bearer, h->direction, a, a_len,
                                           in, out, len, tag, tag_bytes);
    }
    return h->by_iv
               ? zuc_nca6_encrypt_iv(h->key.buf, h->iv.buf, a, a_len, in, out, len, tag, tag_bytes)
               : zuc_nca6_encrypt(h->key.buf, h->count, h->bearer, h->direction, a, a_len, in, out,
                                  len, tag, tag_bytes);
}

static PyObject *nca6_call(PyObject **slots, const zpy_sig *sig, int by_iv, int into, int decrypt)
{
    head_args h;
    if (head_parse(slots, by_iv, ZUC_NXA6_KEY_BYTES, &h) < 0) {
        return NULL;
    }
    int at = head_width(by_iv);
    PyObject *aad_obj = slots[at + 1 + into];
    PyObject *result = NULL;
    Py_buffer data;
    Py_buffer aad = { 0 };
    size_t tag_bytes;
    dest d;
    if (zpy_buffer(slots[at], ZPY_ARG("data"), 0, &data) < 0) {
        goto done;
    }
    long long tag_size;
    if ((aad_obj && aad_obj != Py_None && zpy_buffer(aad_obj, ZPY_ARG("aad"), 0, &aad) < 0) ||
        zpy_int_or(slots[at + 2 + into], ZPY_ARG("tag_size"), &zpy_nxa6_tag_range, 16, &tag_size) <
            0) {
        goto release;
    }
    tag_bytes = (size_t)tag_size;
    if (decrypt && (size_t)data.len < tag_bytes) {
        PyErr_Format(zpy_invalid_tag, "data: %zd bytes, shorter than the %zu-byte tag", data.len,
                     tag_bytes);
        goto release;
    }
    size_t len = decrypt ? (size_t)data.len - tag_bytes : (size_t)data.len;
    if (zpy_max_bytes(len, ZPY_ARG("data"), ZUC_NXA6_MAX_BYTES) < 0 ||
        zpy_max_bytes((size_t)aad.len, ZPY_ARG("aad"), ZUC_NXA6_MAX_BYTES) < 0) {
        goto release;
    }
    if (dest_open(&d, into ? slots[at + 1] : NULL, &data,
                  (Py_ssize_t)(decrypt ? len : len + tag_bytes)) < 0) {
        goto release;
    }
    uint8_t *in = data.buf;
    /* Decrypting in place would overwrite the tag only after it is read:
     * libzuc reads the tag first; still, keep a copy so in == out is safe. */
    uint8_t tag[ZUC_NXA6_TAG_MAX];
    if (decrypt) {
        memcpy(tag, in + len, tag_bytes);
    }
    int code = nca6_run(&h, decrypt, &aad, in, len, d.ptr, decrypt ? tag : d.ptr + len, tag_bytes);
    result = dest_close(&d, code, sig->fname);
release:
    PyBuffer_Release(&data);
    if (aad.obj) {
        PyBuffer_Release(&aad);
    }
done:
    head_release(&h);
    return result;
}

ZPY_FUNCTION(nca6_encrypt, nca6_names, 7, 5, nca6_call(slots, sig, 0, 0, 0))
ZPY_FUNCTION(nca6_decrypt, nca6_names, 7, 5, nca6_call(slots, sig, 0, 0, 1))
ZPY_FUNCTION(nca6_encrypt_into, nca6_into_names, 8, 6, nca6_call(slots, sig, 0, 1, 0))
ZPY_FUNCTION(nca6_decrypt_into, nca6_into_names, 8, 6, nca6_call(slots, sig, 0, 1, 1))
ZPY_FUNCTION(nca6_encrypt_iv, nca6_iv_names, 5, 3, nca6_call(slots, sig, 1, 0, 0))
ZPY_FUNCTION(nca6_decrypt_iv, nca6_iv_names, 5, 3, nca6_call(slots, sig, 1, 0, 1))

/* A ZUC-256 IV for version: 16 bytes for 2021 and 2023; 25 bytes, or the
 * packed 23-byte form, for 2018. iv25 receives it. */
static int zuc256_iv(PyObject *obj, int version, uint8_t iv25[ZUC256_IV_BYTES])
{
    Py_buffer view;
    if (zpy_buffer(obj, ZPY_ARG("iv"), 0, &view) < 0) {
        return -1;
    }
    size_t want = zuc256v_iv_bytes(version);
    int ok = (size_t)view.len == want || (version == ZUC256_V2018 && view.len == 23);
    if (!ok) {
        PyErr_Format(PyExc_ValueError, "iv: expected %s for ZUC-256 version %d, got %zd bytes",
                     version == ZUC256_V2018 ? "25 bytes (or the packed 23)" : "16 bytes", version,
                     view.len);
    } else if (view.len == 23) {
        zuc256_iv_unpack(iv25, view.buf);
    } else {
        memcpy(iv25, view.buf, (size_t)view.len);
    }
    PyBuffer_Release(&view);
    return ok ? 0 : -1;
}

/* ZUC-256 encryption: key, iv, data[, out], version. */
static const char *const zuc256_crypt_names[] = { "key", "iv", "data", "version" };
static const char *const zuc256_crypt_into_names[] = { "key", "iv", "data", "out", "version" };

static PyObject *zuc256_crypt_call(PyObject **slots, const zpy_sig *sig, int into)
{
    int version;
    uint8_t iv[ZUC256_IV_BYTES];
    Py_buffer key;
    Py_buffer data;
    dest d;
    if (zpy_version(slots[3 + into], "version", &version) < 0 ||
        zuc256_iv(slots[1], version, iv) < 0 ||
        zpy_fixed(slots[0], ZPY_ARG("key"), ZUC256_KEY_BYTES, &key) < 0) {
        return NULL;
    }
    PyObject *result = NULL;
    if (zpy_buffer(slots[2], ZPY_ARG("data"), 0, &data) == 0) {
        if (zpy_max_bytes((size_t)data.len, ZPY_ARG("data"), ZUC256_MAX_BYTES) == 0 &&
            dest_open(&d, into ? slots[3] : NULL, &data, data.len) == 0) {
            int code = zuc256v_crypt(version, key.buf, iv, data.buf, d.ptr, (size_t)data.len);
            result = dest_close(&d, code, sig->fname);
        }
        PyBuffer_Release(&data);
    }
    PyBuffer_Release(&key);
    return result;
}

ZPY_FUNCTION(zuc256_crypt, zuc256_crypt_names, 4, 3, zuc256_crypt_call(slots, sig, 0))
ZPY_FUNCTION(zuc256_crypt_into, zuc256_crypt_into_names, 5, 4, zuc256_crypt_call(slots, sig, 1))

/* ZUC-256 MAC: key, iv, data, tag_size (4, 8, 16), version, bits. */
static const char *const zuc256_mac_names[] = {
    "key", "iv", "data", "tag_size", "version", "bits"
};

static PyObject *zuc256_mac_call(PyObject **slots, const zpy_sig *sig)
{
    int version;
    long long tag_bytes;
    uint8_t iv[ZUC256_IV_BYTES];
    Py_buffer key;
    Py_buffer data;
    if (zpy_version(slots[4], "version", &version) < 0 ||
        zpy_int_or(slots[3], ZPY_ARG("tag_size"), &zpy_zuc256_tag_range, 4, &tag_bytes) < 0) {
        return NULL;
    }
    if (zuc256_iv(slots[1], version, iv) < 0 ||
        zpy_fixed(slots[0], ZPY_ARG("key"), ZUC256_KEY_BYTES, &key) < 0) {
        return NULL;
    }
    PyObject *result = NULL;
    size_t bits;
    uint8_t tag[16];
    if (zpy_buffer(slots[2], ZPY_ARG("data"), 0, &data) == 0) {
        if (zpy_bits(slots[5], ZPY_ARG("bits"), ZPY_ARG("data"), data.len,
                     zpy_zuc256_mac_max_bits((size_t)tag_bytes), &bits) == 0) {
            int code = zuc256v_mac(version, key.buf, iv, data.buf, bits, tag, (size_t)tag_bytes);
            result = code == ZUC_OK
                         ? PyBytes_FromStringAndSize((const char *)tag, (Py_ssize_t)tag_bytes)
                         : zpy_zuc_error(sig->fname, code);
        }
        PyBuffer_Release(&data);
    }
    PyBuffer_Release(&key);
    return result;
}

ZPY_FUNCTION(zuc256_mac, zuc256_mac_names, 6, 3, zuc256_mac_call(slots, sig))

/* The docstrings: a signature line for inspect, what the function does, an
 * example (run by the tests as a doctest). */
PyDoc_STRVAR(eea3_doc, "eea3($module, /, key, count, bearer, direction, data, bits=None)\n--\n\n"
                       "128-EEA3 (3GPP confidentiality): data XOR the ZUC-128 keystream.\n\n"
                       "key: 16 bytes (CK); count: 0..2**32-1; bearer: 0..31; direction: 0 or 1;\n"
                       "data: any contiguous buffer; bits: how many bits of data to process\n"
                       "(default: all). Returns ceil(bits / 8) bytes; the bits of the last byte\n"
                       "beyond bits are zero. Decrypting is encrypting.\n\n"
                       ">>> zuc.eea3(bytes(16), 0, 0, 0, b'hello').hex()\n"
                       "'4fdbb2186e'\n");
PyDoc_STRVAR(eea3_into_doc,
             "eea3_into($module, /, key, count, bearer, direction, data, out, bits=None)\n--\n\n"
             "eea3() writing into out, a writable buffer of at least ceil(bits / 8) bytes\n"
             "(data itself is allowed: in place). Returns the number of bytes written.\n\n"
             ">>> buf = bytearray(b'hello')\n"
             ">>> zuc.eea3_into(bytes(16), 0, 0, 0, buf, buf)\n"
             "5\n");
PyDoc_STRVAR(eia3_doc,
             "eia3($module, /, key, count, bearer, direction, data, bits=None)\n--\n\n"
             "128-EIA3 (3GPP integrity): the 4-byte MAC-I of the first bits bits of data\n"
             "(default: all), most significant byte first. Arguments as for eea3().\n\n"
             ">>> zuc.eia3(bytes(16), 0, 0, 0, b'\\x00', bits=1).hex()  # 3GPP test set 1\n"
             "'c8a9595e'\n");
PyDoc_STRVAR(nea6_doc, "nea6($module, /, key, count, bearer, direction, data, bits=None)\n--\n\n"
                       "ZUC-NEA6 (3GPP 256-bit confidentiality): data XOR the ZUC-256 (version\n"
                       "2023) keystream. key: 32 bytes; the IV is made from count, bearer and\n"
                       "direction (see nea6_iv for an IV given whole). Returns ceil(bits / 8)\n"
                       "bytes, the bits beyond bits zero.\n\n"
                       ">>> zuc.nea6(bytes(32), 0, 0, 0, b'hello').hex()\n"
                       "'6a51855e9f'\n");
PyDoc_STRVAR(nea6_into_doc,
             "nea6_into($module, /, key, count, bearer, direction, data, out, bits=None)\n--\n\n"
             "nea6() writing into out (data itself allowed). Returns the bytes written.\n\n"
             ">>> buf = bytearray(b'hello')\n"
             ">>> zuc.nea6_into(bytes(32), 0, 0, 0, buf, buf)\n"
             "5\n");
PyDoc_STRVAR(nea6_iv_doc,
             "nea6_iv($module, /, key, iv, data, bits=None)\n--\n\n"
             "ZUC-NEA6 with the 16-byte IV given whole (as the published test vectors\n"
             "give it).\n\n"
             ">>> zuc.nea6_iv(bytes(32), bytes.fromhex('003f' + '00' * 14), b'\\x00').hex()\n"
             "'4b'\n");
PyDoc_STRVAR(nia6_doc,
             "nia6($module, /, key, count, bearer, direction, data, tag_size=4)\n--\n\n"
             "ZUC-NIA6 (3GPP 256-bit integrity): a tag of tag_size bytes (4..16) over\n"
             "data (whole bytes). key: 32 bytes; count, bearer, direction as for nea6().\n\n"
             ">>> zuc.nia6(bytes(32), 0, 0, 0, b'hello').hex()\n"
             "'ec43ec02'\n");
PyDoc_STRVAR(nia6_iv_doc, "nia6_iv($module, /, key, iv, data, tag_size=4)\n--\n\n"
                          "ZUC-NIA6 with the 16-byte IV given whole.\n\n"
                          ">>> iv = bytes.fromhex('283f' + '00' * 14)\n"
                          ">>> zuc.nia6_iv(bytes(32), iv, b'\\x00', tag_size=5).hex()\n"
                          "'41539061eb'\n");
PyDoc_STRVAR(nca6_encrypt_doc,
             "nca6_encrypt($module, /, key, count, bearer, direction, data, aad=None, "
             "tag_size=16)\n--\n\n"
             "ZUC-NCA6 (3GPP 256-bit authenticated encryption): returns the ciphertext\n"
             "followed by a tag of tag_size bytes (4..16) over aad (associated data,\n"
             "default none) and the ciphertext. key: 32 bytes.\n\n"
             ">>> sealed = zuc.nca6_encrypt(bytes(32), 0, 0, 0, b'hello', aad=b'hdr')\n"
             ">>> len(sealed)\n"
             "21\n");
PyDoc_STRVAR(nca6_decrypt_doc,
             "nca6_decrypt($module, /, key, count, bearer, direction, data, aad=None, "
             "tag_size=16)\n--\n\n"
             "ZUC-NCA6 decryption of data = ciphertext || tag: the plaintext if the tag\n"
             "verifies (compared in constant time), else InvalidTag is raised and no\n"
             "plaintext is produced.\n\n"
             ">>> sealed = zuc.nca6_encrypt(bytes(32), 0, 0, 0, b'hello', aad=b'hdr')\n"
             ">>> zuc.nca6_decrypt(bytes(32), 0, 0, 0, sealed, aad=b'hdr')\n"
             "b'hello'\n"
             ">>> zuc.nca6_decrypt(bytes(32), 0, 0, 0, sealed, aad=b'HDR')\n"
             "Traceback (most recent call last):\n"
             "zuc.InvalidTag: the tag does not verify (nothing was decrypted)\n");
PyDoc_STRVAR(nca6_encrypt_into_doc,
             "nca6_encrypt_into($module, /, key, count, bearer, direction, data, out, "
             "aad=None, tag_size=16)\n--\n\n"
             "nca6_encrypt() writing ciphertext || tag into out (len(data) + tag_size\n"
             "bytes at least; data itself allowed). Returns the bytes written.\n\n"
             ">>> buf = bytearray(b'hello' + bytes(16))\n"
             ">>> zuc.nca6_encrypt_into(bytes(32), 0, 0, 0, memoryview(buf)[:5], buf)\n"
             "21\n");
PyDoc_STRVAR(nca6_decrypt_into_doc,
             "nca6_decrypt_into($module, /, key, count, bearer, direction, data, out, "
             "aad=None, tag_size=16)\n--\n\n"
             "nca6_decrypt() writing the plaintext into out (len(data) - tag_size bytes\n"
             "at least). Returns the bytes written; raises InvalidTag, writing nothing,\n"
             "if the tag does not verify.\n\n"
             ">>> sealed = zuc.nca6_encrypt(bytes(32), 0, 0, 0, b'hello')\n"
             ">>> out = bytearray(5)\n"
             ">>> zuc.nca6_decrypt_into(bytes(32), 0, 0, 0, sealed, out), out\n"
             "(5, bytearray(b'hello'))\n");
PyDoc_STRVAR(nca6_encrypt_iv_doc,
             "nca6_encrypt_iv($module, /, key, iv, data, aad=None, tag_size=16)\n--\n\n"
             "ZUC-NCA6 encryption with the 16-byte IV given whole.\n\n"
             ">>> iv = bytes.fromhex('24' + '00' * 15)\n"
             ">>> zuc.nca6_encrypt_iv(bytes(32), iv, b'', tag_size=4).hex()\n"
             "'e0a47185'\n");
PyDoc_STRVAR(nca6_decrypt_iv_doc,
             "nca6_decrypt_iv($module, /, key, iv, data, aad=None, tag_size=16)\n--\n\n"
             "ZUC-NCA6 decryption with the 16-byte IV given whole.\n\n"
             ">>> iv = bytes.fromhex('24' + '00' * 15)\n"
             ">>> zuc.nca6_decrypt_iv(bytes(32), iv, bytes.fromhex('e0a47185'), tag_size=4)\n"
             "b''\n");
PyDoc_STRVAR(zuc256_crypt_doc,
             "zuc256_crypt($module, /, key, iv, data, version=2018)\n--\n\n"
             "ZUC-256 encryption: data XOR the keystream of a 32-byte key and an IV of\n"
             "25 bytes (or the packed 23) for version 2018, 16 bytes for 2021 and 2023.\n\n"
             ">>> zuc.zuc256_crypt(bytes(32), bytes(25), bytes(8)).hex()  # paper vector 1\n"
             "'58d03ad62e032ce2'\n");
PyDoc_STRVAR(zuc256_crypt_into_doc,
             "zuc256_crypt_into($module, /, key, iv, data, out, version=2018)\n--\n\n"
             "zuc256_crypt() writing into out (data itself allowed). Returns the bytes\n"
             "written.\n\n"
             ">>> buf = bytearray(8)\n"
             ">>> zuc.zuc256_crypt_into(bytes(32), bytes(16), buf, buf, version=2021), buf.hex()\n"
             "(8, 'e457e206cee79e16')\n");
PyDoc_STRVAR(zuc256_mac_doc,
             "zuc256_mac($module, /, key, iv, data, tag_size=4, version=2018, bits=None)\n--\n\n"
             "ZUC-256 MAC: a tag of 4, 8 or 16 bytes over the first bits bits of data\n"
             "(default: all). key, iv and version as for zuc256_crypt().\n\n"
             ">>> zuc.zuc256_mac(bytes(32), bytes(25), bytes(50)).hex()  # paper vector 1\n"
             "'9b972a74'\n");

PyMethodDef zpy_single_methods[] = {
    ZPY_METHOD(eea3),
    ZPY_METHOD(eea3_into),
    ZPY_METHOD(eia3),
    ZPY_METHOD(nea6),
    ZPY_METHOD(nea6_into),
    ZPY_METHOD(nea6_iv),
    ZPY_METHOD(nia6),
    ZPY_METHOD(nia6_iv),
    ZPY_METHOD(nca6_encrypt),
    ZPY_METHOD(nca6_decrypt),
    ZPY_METHOD(nca6_encrypt_into),
    ZPY_METHOD(nca6_decrypt_into),
    ZPY_METHOD(nca6_encrypt_iv),
    ZPY_METHOD(nca6_decrypt_iv),
    ZPY_METHOD(zuc256_crypt),
    ZPY_METHOD(zuc256_crypt_into),
    ZPY_METHOD(zuc256_mac),
    { NULL, NULL, 0, NULL },
};
