/* SPDX-License-Identifier: Apache-2.0 */
/*
 * batch.c — many messages per call: eea3_many, eia3_many, nea6_many,
 * nia6_many, nca6_encrypt_many, nca6_decrypt_many, zuc256_crypt_many,
 * zuc256_mac_many. Each argument is one value for all messages or a
 * sequence with one per message; the jobs are checked and built with the
 * GIL held, then libzuc's zuc_*_n runs them with the GIL released (and only
 * there: nothing of Python is touched meanwhile, and every buffer is held).
 * The results come back as a list of bytes, one per message.
 */
#include "batch.h"

#include <zuc.h>

#include "args.h"
#include "batch_args.h"
#include "scratch.h"

/* What every batch call holds: the messages, their buffers, the results. */
typedef struct {
    PyObject *messages;
    Py_ssize_t n;
    zpy_pool pool;
    PyObject *results; /* a list of n items */
    void *jobs;
} batch;

/* Reads the messages and makes room for n jobs of job_size bytes (the
 * buffers: batch_pool, once the arguments are read). */
static int batch_begin(batch *b, PyObject *messages, size_t job_size)
{
    b->results = NULL;
    b->jobs = NULL;
    b->pool.views = NULL;
    b->pool.held = NULL;
    if (zpy_messages(messages, "messages", &b->messages, &b->n) < 0) {
        return -1;
    }
    b->results = PyList_New(b->n);
    b->jobs = zpy_scratch_alloc((size_t)(b->n > 0 ? b->n : 1) * job_size);
    if (!b->results || !b->jobs) {
        if (b->results) {
            PyErr_NoMemory();
        }
        return -1;
    }
    return 0;
}

/* The messages as a batch argument (their list or tuple, held by the batch). */
static zpy_barg messages_arg(const batch *b)
{
    return (zpy_barg){ .name = "messages", .seq = b->messages, .size = -1 };
}

/* Room for the buffers of the messages and of nseq other arguments given
 * as one per message (a sequence), and the messages' buffers, all read in
 * one loop (batch_message); 0 or -1. */
static int batch_pool(batch *b, int nseq)
{
    if (zpy_pool_init(&b->pool, b->n * (1 + nseq)) < 0) {
        return -1;
    }
    zpy_barg msgs = messages_arg(b);
    for (Py_ssize_t i = 0; i < b->n; i++) {
        if (!zpy_barg_buffer(&msgs, i, &b->pool)) {
            return -1;
        }
    }
    return 0;
}

/* The buffer of message i (held by the pool since batch_pool). */
static const Py_buffer *batch_message(const batch *b, Py_ssize_t i)
{
    return &b->pool.views[i];
}

/* How many of the arguments hold a buffer per message in the pool. */
static int sequences(zpy_barg *const *args, int n)
{
    int count = 0;
    for (int i = 0; i < n; i++) {
        count += zpy_barg_pooled(args[i], 1) != 0;
    }
    return count;
}

/* Releases everything; returns the results if ok, else NULL. */
static PyObject *batch_end(batch *b, int ok)
{
    if (b->pool.views) {
        zpy_pool_release(&b->pool);
    }
    zpy_scratch_free(b->jobs);
    Py_CLEAR(b->messages);
    if (!ok) {
        Py_CLEAR(b->results);
    }
    return b->results;
}

/* A new bytes object of size bytes as result i; its buffer, or NULL. */
static uint8_t *result_bytes(batch *b, Py_ssize_t i, Py_ssize_t size)
{
    PyObject *bytes = PyBytes_FromStringAndSize(NULL, size);
    if (!bytes) {
        return NULL;
    }
    PyList_SetItem(b->results, i, bytes);
    return (uint8_t *)zpy_bytes_data(bytes);
}

/* The 3GPP leading arguments of a batch: keys, then counts, bearers and
 * directions, or (where allowed) ivs given instead of those three. */
typedef struct {
    zpy_barg keys, counts, bearers, directions, ivs;
    int by_iv;
} head;

static void head_release(head *h)
{
    zpy_barg_release(&h->keys);
    zpy_barg_release(&h->counts);
    zpy_barg_release(&h->bearers);
    zpy_barg_release(&h->directions);
    zpy_barg_release(&h->ivs);
}

/* slots[0..3]: keys, counts, bearers, directions; ivs_obj: NULL where the
 * algorithm takes no IV. */
static int head_init(head *h, PyObject **slots, PyObject *ivs_obj, Py_ssize_t n,
                     Py_ssize_t key_bytes)
{
    h->by_iv = ivs_obj && ivs_obj != Py_None;
    int optional = h->by_iv;
    zpy_barg *all[] = { &h->keys, &h->counts, &h->bearers, &h->directions, &h->ivs };
    for (int i = 0; i < 5; i++) {
        zpy_barg_none(all[i], ""); /* releasable */
    }
    if (h->by_iv && ((slots[1] && slots[1] != Py_None) || (slots[2] && slots[2] != Py_None) ||
                     (slots[3] && slots[3] != Py_None))) {
        PyErr_SetString(PyExc_ValueError,
                        "counts, bearers, directions: must be None when ivs is given");
        return -1;
    }
    if (zpy_barg_buffers(&h->keys, "keys", slots[0], n, key_bytes, 0) < 0 ||
        zpy_barg_ints(&h->counts, "counts", slots[1], n, &zpy_count_range, optional, 0) < 0 ||
        zpy_barg_ints(&h->bearers, "bearers", slots[2], n, &zpy_bearer_range, optional, 0) < 0 ||
        zpy_barg_ints(&h->directions, "directions", slots[3], n, &zpy_direction_range, optional,
                      0) < 0 ||
        zpy_barg_buffers(&h->ivs, "ivs", ivs_obj, n, ZUC_NXA6_IV_BYTES, 1) < 0) {
        head_release(h);
        return -1;
    }
    return 0;
}

typedef struct {
    const uint8_t *key;
    const uint8_t *iv; /* NULL: made from count, bearer, direction */
    uint32_t count;
    uint8_t bearer;
    uint8_t direction;
} head_job;

/* Message i's leading arguments (read and checked by head_init). */
static head_job head_at(const head *h, Py_ssize_t i)
{
    return (head_job){ .key = zpy_barg_fixed(&h->keys, i),
                       .iv = h->by_iv ? zpy_barg_fixed(&h->ivs, i) : NULL,
                       .count = (uint32_t)zpy_barg_int(&h->counts, i),
                       .bearer = (uint8_t)zpy_barg_int(&h->bearers, i),
                       .direction = (uint8_t)zpy_barg_int(&h->directions, i) };
}

/* The bits of message i: bits[i] (or the one bits for all) if given, else
 * all of the message. */
static int bits_at(const zpy_barg *bits, Py_ssize_t i, const Py_buffer *msg, size_t max,
                   size_t *out)
{
    return zpy_bits(zpy_barg_item(bits, i), zpy_barg_name(bits, i), ZPY_ITEM("messages", i),
                    msg->len, max, out);
}

/* libzuc's many-message calls. */
enum batch_fn {
    EEA3_N,
    NEA6_N,
    EIA3_N,
    NIA6_N,
    NCA6_ENCRYPT_N,
    NCA6_DECRYPT_N,
    ZUC256_CRYPT_N,
    ZUC256_MAC_N,
};

/* Runs libzuc's call fn over n jobs (ZUC-256: of version) with the GIL
 * released, and only there. Returns 0, or -1 with a ValueError for a code
 * the checks before should leave none of (ZUC_EAUTH is no error: the
 * results of decryption say it). */
static int run_released(enum batch_fn fn, int version, const void *jobs, size_t n,
                        const char *fname)
{
    int code;
    PyThreadState *gil = PyEval_SaveThread();
    switch (fn) {
    case EEA3_N: code = zuc_eea3_n(jobs, n); break;
    case NEA6_N: code = zuc_nea6_n(jobs, n); break;
    case EIA3_N: code = zuc_eia3_n(jobs, n); break;
    case NIA6_N: code = zuc_nia6_n(jobs, n); break;
    case NCA6_ENCRYPT_N: code = zuc_nca6_encrypt_n(jobs, n); break;
    case NCA6_DECRYPT_N: code = zuc_nca6_decrypt_n(jobs, n); break;
    case ZUC256_CRYPT_N: code = zuc256v_crypt_n(version, jobs, n); break;
    default: code = zuc256v_mac_n(version, jobs, n); break;
    }
    PyEval_RestoreThread(gil);
    if (code == ZUC_OK || code == ZUC_EAUTH) {
        return 0;
    }
    zpy_zuc_error(fname, code);
    return -1;
}

/* Job k's output: its size in bytes, and (out not NULL) pointed at out. */
static Py_ssize_t job_output(enum batch_fn fn, void *jobs, size_t k, uint8_t *out)
{
    switch (fn) {
    case EEA3_N: {
        zuc_eea3_job *j = (zuc_eea3_job *)jobs + k;
        j->out = out ? out : j->out;
        return (Py_ssize_t)((j->length_bits + 7) / 8);
    }
    case NEA6_N: {
        zuc_nea6_job *j = (zuc_nea6_job *)jobs + k;
        j->out = out ? out : j->out;
        return (Py_ssize_t)((j->length_bits + 7) / 8);
    }
    case NCA6_ENCRYPT_N:
    case NCA6_DECRYPT_N: {
        zuc_nca6_job *j = (zuc_nca6_job *)jobs + k;
        int encrypt = fn == NCA6_ENCRYPT_N;
        if (out) {
            j->out = out;
            j->tag = encrypt ? out + j->length_bytes : j->tag;
        }
        return (Py_ssize_t)(encrypt ? j->length_bytes + j->tag_bytes : j->length_bytes);
    }
    default: {
        zuc256_crypt_job *j = (zuc256_crypt_job *)jobs + k;
        j->out = out ? out : j->out;
        return (Py_ssize_t)j->length_bytes;
    }
    }
}

/* The outputs of the n jobs built, new bytes objects made last to first
 * (message_of: the message of each job, NULL where job k is message k).
 * CPython frees a list's items last to first. Made first to last, they
 * would lie in the heap in that order, so that each one freed would join
 * the top of glibc's heap, which then hands pages back to the kernel again
 * and again, for the next call to fault them in again: a batch of 1,000 x
 * 1,500 bytes took up to twice as long. */
static int make_results(batch *b, enum batch_fn fn, size_t n, const Py_ssize_t *message_of)
{
    for (size_t k = n; k-- > 0;) {
        Py_ssize_t i = message_of ? message_of[k] : (Py_ssize_t)k;
        uint8_t *out = result_bytes(b, i, job_output(fn, b->jobs, k, NULL));
        if (!out) {
            return -1;
        }
        job_output(fn, b->jobs, k, out);
    }
    return 0;
}

/* The results of a batch call: the list of bytes, or (into) None. */
static PyObject *batch_result(batch *b, int ok, int into)
{
    PyObject *results = batch_end(b, ok);
    if (results && into) {
        Py_DECREF(results);
        Py_RETURN_NONE;
    }
    return results;
}

/* eea3_many and nea6_many, and their _into forms. */
static const char *const eea3_names[] = { "keys",     "counts", "bearers", "directions",
                                          "messages", "bits",   "ivs" };
static const char *const eea3_into_names[] = { "keys",     "counts", "bearers", "directions",
                                               "messages", "outs",   "bits",    "ivs" };

static PyObject *bit_cipher_many(PyObject **slots, const zpy_sig *sig, int nea6, int into)
{
    Py_ssize_t key_bytes = nea6 ? ZUC_NXA6_KEY_BYTES : ZUC128_KEY_BYTES;
    size_t max_bits = nea6 ? ZUC_NEA6_MAX_BITS : ZUC_EEA3_MAX_BITS;
    batch b;
    head h;
    zpy_barg bits;
    zpy_barg outs;
    zpy_barg_none(&bits, "bits");
    zpy_barg_none(&outs, "outs");
    int ok = 0;
    if (batch_begin(&b, slots[4], nea6 ? sizeof(zuc_nea6_job) : sizeof(zuc_eea3_job)) < 0) {
        return batch_end(&b, 0);
    }
    if (head_init(&h, slots, nea6 ? slots[6 + into] : NULL, b.n, key_bytes) < 0) {
        return batch_end(&b, 0);
    }
    if ((into && zpy_barg_sequence(&outs, "outs", slots[5], b.n) < 0) ||
        zpy_barg_objects(&bits, "bits", slots[5 + into], b.n) < 0) {
        goto done;
    }
    zpy_barg *const per_message[] = { &h.keys, &h.ivs, &outs };
    if (batch_pool(&b, sequences(per_message, 3)) < 0) {
        goto done;
    }
    for (Py_ssize_t i = 0; i < b.n; i++) {
        head_job j = head_at(&h, i);
        size_t nbits;
        const Py_buffer *msg = batch_message(&b, i);
        if (bits_at(&bits, i, msg, max_bits, &nbits) < 0) {
            goto done;
        }
        Py_ssize_t need = (Py_ssize_t)((nbits + 7) / 8);
        uint8_t *out = NULL; /* made after the loop where not into */
        if (into && !(out = zpy_barg_out(&outs, i, &b.pool, need, msg))) {
            goto done;
        }
        if (nea6) {
            ((zuc_nea6_job *)b.jobs)[i] =
                (zuc_nea6_job){ j.key, j.count, j.bearer, j.direction, j.iv, msg->buf, out, nbits };
        } else {
            ((zuc_eea3_job *)b.jobs)[i] =
                (zuc_eea3_job){ j.key, j.count, j.bearer, j.direction, msg->buf, out, nbits };
        }
    }
    enum batch_fn fn = nea6 ? NEA6_N : EEA3_N;
    ok = (into || make_results(&b, fn, (size_t)b.n, NULL) == 0) &&
         run_released(fn, 0, b.jobs, (size_t)b.n, sig->fname) == 0;
done:
    zpy_barg_release(&bits);
    zpy_barg_release(&outs);
    head_release(&h);
    return batch_result(&b, ok, into);
}

ZPY_FUNCTION(eea3_many, eea3_names, 6, 5, bit_cipher_many(slots, sig, 0, 0))
ZPY_FUNCTION(eea3_many_into, eea3_into_names, 7, 6, bit_cipher_many(slots, sig, 0, 1))
ZPY_FUNCTION(nea6_many, eea3_names, 7, 5, bit_cipher_many(slots, sig, 1, 0))
ZPY_FUNCTION(nea6_many_into, eea3_into_names, 8, 6, bit_cipher_many(slots, sig, 1, 1))

/* eia3_many: 4-byte MACs. */

static PyObject *eia3_many_call(PyObject **slots, const zpy_sig *sig)
{
    batch b;
    head h;
    zpy_barg bits;
    zpy_barg_none(&bits, "bits");
    uint32_t *macs = NULL;
    int ok = 0;
    if (batch_begin(&b, slots[4], sizeof(zuc_eia3_job)) < 0 ||
        head_init(&h, slots, NULL, b.n, ZUC128_KEY_BYTES) < 0) {
        return batch_end(&b, 0);
    }
    macs = zpy_scratch_alloc((size_t)(b.n > 0 ? b.n : 1) * sizeof *macs);
    if (!macs) {
        PyErr_NoMemory();
        goto done;
    }
    if (zpy_barg_objects(&bits, "bits", slots[5], b.n) < 0) {
        goto done;
    }
    zpy_barg *const per_message[] = { &h.keys };
    if (batch_pool(&b, sequences(per_message, 1)) < 0) {
        goto done;
    }
    zuc_eia3_job *jobs = b.jobs;
    for (Py_ssize_t i = 0; i < b.n; i++) {
        head_job j = head_at(&h, i);
        size_t nbits;
        const Py_buffer *msg = batch_message(&b, i);
        if (bits_at(&bits, i, msg, ZUC_EIA3_MAX_BITS, &nbits) < 0) {
            goto done;
        }
        jobs[i] =
            (zuc_eia3_job){ j.key, j.count, j.bearer, j.direction, msg->buf, nbits, &macs[i] };
    }
    if (run_released(EIA3_N, 0, jobs, (size_t)b.n, sig->fname) < 0) {
        goto done;
    }
    for (Py_ssize_t i = 0; i < b.n; i++) {
        uint8_t *out = result_bytes(&b, i, 4);
        if (!out) {
            goto done;
        }
        out[0] = (uint8_t)(macs[i] >> 24);
        out[1] = (uint8_t)(macs[i] >> 16);
        out[2] = (uint8_t)(macs[i] >> 8);
        out[3] = (uint8_t)macs[i];
    }
    ok = 1;
done:
    zpy_scratch_free(macs);
    zpy_barg_release(&bits);
    head_release(&h);
    return batch_end(&b, ok);
}

ZPY_FUNCTION(eia3_many, eea3_names, 6, 5, eia3_many_call(slots, sig))

/* nia6_many: tags of tag_size bytes (one size, or one per message). */
static const char *const nia6_names[] = { "keys",     "counts",   "bearers", "directions",
                                          "messages", "tag_size", "ivs" };

static PyObject *nia6_many_call(PyObject **slots, const zpy_sig *sig)
{
    batch b;
    head h;
    zpy_barg tags;
    zpy_barg_none(&tags, "tag_size");
    int ok = 0;
    if (batch_begin(&b, slots[4], sizeof(zuc_nia6_job)) < 0 ||
        head_init(&h, slots, slots[6], b.n, ZUC_NXA6_KEY_BYTES) < 0) {
        return batch_end(&b, 0);
    }
    if (zpy_barg_ints(&tags, "tag_size", slots[5], b.n, &zpy_nxa6_tag_range, 1, 4) < 0) {
        goto done;
    }
    zpy_barg *const per_message[] = { &h.keys, &h.ivs };
    if (batch_pool(&b, sequences(per_message, 2)) < 0) {
        goto done;
    }
    zuc_nia6_job *jobs = b.jobs;
    for (Py_ssize_t i = 0; i < b.n; i++) {
        head_job j = head_at(&h, i);
        long long tag_bytes = zpy_barg_int(&tags, i);
        const Py_buffer *msg = batch_message(&b, i);
        uint8_t *tag;
        if (zpy_max_bytes((size_t)msg->len, ZPY_ITEM("messages", i), ZUC_NXA6_MAX_BYTES) < 0 ||
            !(tag = result_bytes(&b, i, (Py_ssize_t)tag_bytes))) {
            goto done;
        }
        jobs[i] = (zuc_nia6_job){ j.key,    j.count,          j.bearer, j.direction,      j.iv,
                                  msg->buf, (size_t)msg->len, tag,      (size_t)tag_bytes };
    }
    ok = run_released(NIA6_N, 0, jobs, (size_t)b.n, sig->fname) == 0;
done:
    zpy_barg_release(&tags);
    head_release(&h);
    return batch_end(&b, ok);
}

ZPY_FUNCTION(nia6_many, nia6_names, 7, 5, nia6_many_call(slots, sig))

/* nca6_encrypt_many (ciphertext || tag) and nca6_decrypt_many (the
 * plaintext, or None where the tag does not verify). */
static const char *const nca6_names[] = { "keys",     "counts", "bearers",  "directions",
                                          "messages", "aads",   "tag_size", "ivs" };
static const char *const nca6_into_names[] = { "keys",       "counts",   "bearers",
                                               "directions", "messages", "outs",
                                               "aads",       "tag_size", "ivs" };

static PyObject *nca6_many(PyObject **slots, const zpy_sig *sig, int decrypt, int into)
{
    batch b;
    head h;
    zpy_barg tags;
    zpy_barg aads;
    zpy_barg outs;
    zpy_barg_none(&tags, "tag_size");
    zpy_barg_none(&aads, "aads");
    zpy_barg_none(&outs, "outs");
    int *verified = NULL;
    Py_ssize_t *index = NULL; /* decrypt: the message of each job */
    size_t njobs = 0;
    int ok = 0;
    if (batch_begin(&b, slots[4], sizeof(zuc_nca6_job)) < 0 ||
        head_init(&h, slots, slots[7 + into], b.n, ZUC_NXA6_KEY_BYTES) < 0) {
        return batch_end(&b, 0);
    }
    size_t count = (size_t)(b.n > 0 ? b.n : 1);
    verified = zpy_scratch_alloc(count * sizeof *verified);
    index = zpy_scratch_alloc(count * sizeof *index);
    if (!verified || !index) {
        PyErr_NoMemory();
        goto done;
    }
    if ((into && zpy_barg_sequence(&outs, "outs", slots[5], b.n) < 0) ||
        zpy_barg_buffers(&aads, "aads", slots[5 + into], b.n, -1, 1) < 0 ||
        zpy_barg_ints(&tags, "tag_size", slots[6 + into], b.n, &zpy_nxa6_tag_range, 1, 16) < 0) {
        goto done;
    }
    zpy_barg *const per_message[] = { &h.keys, &h.ivs, &aads, &outs };
    if (batch_pool(&b, sequences(per_message, 4)) < 0) {
        goto done;
    }
    zuc_nca6_job *jobs = b.jobs;
    for (Py_ssize_t i = 0; i < b.n; i++) {
        head_job j = head_at(&h, i);
        long long tag_bytes = zpy_barg_int(&tags, i);
        const Py_buffer *msg = batch_message(&b, i);
        const Py_buffer *aad = NULL;
        if (zpy_barg_given(&aads) && !(aad = zpy_barg_buffer(&aads, i, &b.pool))) {
            goto done;
        }
        size_t tb = (size_t)tag_bytes;
        if (decrypt && (size_t)msg->len < tb) {
            Py_INCREF(Py_None); /* too short to hold its tag: not authentic */
            PyList_SetItem(b.results, i, Py_None);
            continue;
        }
        size_t len = decrypt ? (size_t)msg->len - tb : (size_t)msg->len;
        size_t aad_len = aad ? (size_t)aad->len : 0;
        if (zpy_max_bytes(len, ZPY_ITEM("messages", i), ZUC_NXA6_MAX_BYTES) < 0 ||
            zpy_max_bytes(aad_len, zpy_barg_name(&aads, i), ZUC_NXA6_MAX_BYTES) < 0) {
            goto done;
        }
        Py_ssize_t need = (Py_ssize_t)(decrypt ? len : len + tb);
        uint8_t *out = NULL; /* made after the loop where not into */
        if (into && !(out = zpy_barg_out(&outs, i, &b.pool, need, msg))) {
            goto done;
        }
        const uint8_t *in = msg->buf;
        size_t k = njobs++;
        index[k] = i;
        jobs[k] = (zuc_nca6_job){ j.key,
                                  j.count,
                                  j.bearer,
                                  j.direction,
                                  j.iv,
                                  aad ? aad->buf : NULL,
                                  aad_len,
                                  in,
                                  out,
                                  len,
                                  decrypt ? (uint8_t *)in + len
                                  : out   ? out + len
                                          : NULL,
                                  tb,
                                  &verified[k] };
    }
    enum batch_fn fn = decrypt ? NCA6_DECRYPT_N : NCA6_ENCRYPT_N;
    if ((!into && make_results(&b, fn, njobs, index) < 0) ||
        run_released(fn, 0, jobs, njobs, sig->fname) < 0) {
        goto done;
    }
    for (size_t k = 0; decrypt && k < njobs; k++) {
        if (!verified[k]) {
            Py_INCREF(Py_None); /* its bytes object, never written, goes */
            PyList_SetItem(b.results, index[k], Py_None);
        }
    }
    ok = 1;
done:
    zpy_scratch_free(verified);
    zpy_scratch_free(index);
    zpy_barg_release(&aads);
    zpy_barg_release(&tags);
    zpy_barg_release(&outs);
    head_release(&h);
    return batch_result(&b, ok, into);
}

ZPY_FUNCTION(nca6_encrypt_many, nca6_names, 8, 5, nca6_many(slots, sig, 0, 0))
ZPY_FUNCTION(nca6_encrypt_many_into, nca6_into_names, 9, 6, nca6_many(slots, sig, 0, 1))
ZPY_FUNCTION(nca6_decrypt_many, nca6_names, 8, 5, nca6_many(slots, sig, 1, 0))

/* The IV size a ZUC-256 version takes in a batch: 25 bytes for 2018, 16 for
 * 2021 and 2023 (the packed 23-byte form is for the one-message calls). */
static Py_ssize_t zuc256_iv_size(int version)
{
    return (Py_ssize_t)zuc256v_iv_bytes(version);
}

/* The leading arguments of a ZUC-256 batch: keys and ivs, of one version
 * for all (the version's slot given apart). */
typedef struct {
    zpy_barg keys, ivs;
    int version;
} head256;

static void head256_release(head256 *h)
{
    zpy_barg_release(&h->keys);
    zpy_barg_release(&h->ivs);
}

static int head256_init(head256 *h, PyObject **slots, PyObject *version_obj, Py_ssize_t n)
{
    zpy_barg_none(&h->keys, "keys");
    zpy_barg_none(&h->ivs, "ivs");
    if (zpy_version(version_obj, "version", &h->version) < 0 ||
        zpy_barg_buffers(&h->keys, "keys", slots[0], n, ZUC256_KEY_BYTES, 0) < 0 ||
        zpy_barg_buffers(&h->ivs, "ivs", slots[1], n, zuc256_iv_size(h->version), 0) < 0) {
        head256_release(h);
        return -1;
    }
    return 0;
}

/* Message i's key and IV, and its buffer (messages: the batch's). */
static const Py_buffer *head256_at(const head256 *h, const batch *b, Py_ssize_t i,
                                   const uint8_t **key, const uint8_t **iv)
{
    *key = zpy_barg_fixed(&h->keys, i);
    *iv = zpy_barg_fixed(&h->ivs, i);
    return batch_message(b, i);
}

/* zuc256_crypt_many and zuc256_mac_many: the ZUC-256 head, then the pool
 * for its buffers. */
static int head256_begin(batch *b, head256 *h, PyObject **slots, PyObject *version_obj,
                         size_t job_size)
{
    if (batch_begin(b, slots[2], job_size) < 0) {
        return -1;
    }
    zpy_barg *const per_message[] = { &h->keys, &h->ivs };
    if (head256_init(h, slots, version_obj, b->n) < 0) {
        return -1;
    }
    if (batch_pool(b, sequences(per_message, 2)) < 0) {
        head256_release(h);
        return -1;
    }
    return 0;
}

/* zuc256_crypt_many: one version for all. */
static const char *const zuc256_crypt_names[] = { "keys", "ivs", "messages", "version" };

static PyObject *zuc256_crypt_many_call(PyObject **slots, const zpy_sig *sig)
{
    batch b;
    head256 h;
    int ok = 0;
    if (head256_begin(&b, &h, slots, slots[3], sizeof(zuc256_crypt_job)) < 0) {
        return batch_end(&b, 0);
    }
    zuc256_crypt_job *jobs = b.jobs;
    for (Py_ssize_t i = 0; i < b.n; i++) {
        const uint8_t *key, *iv;
        const Py_buffer *msg = head256_at(&h, &b, i, &key, &iv);
        if (zpy_max_bytes((size_t)msg->len, ZPY_ITEM("messages", i), ZUC256_MAX_BYTES) < 0) {
            goto done;
        }
        jobs[i] = (zuc256_crypt_job){ key, iv, msg->buf, NULL, (size_t)msg->len };
    }
    ok = make_results(&b, ZUC256_CRYPT_N, (size_t)b.n, NULL) == 0 &&
         run_released(ZUC256_CRYPT_N, h.version, jobs, (size_t)b.n, sig->fname) == 0;
done:
    head256_release(&h);
    return batch_end(&b, ok);
}

ZPY_FUNCTION(zuc256_crypt_many, zuc256_crypt_names, 4, 3, zuc256_crypt_many_call(slots, sig))

/* zuc256_mac_many: tags of 4, 8 or 16 bytes (one size, or one per message). */
static const char *const zuc256_mac_names[] = { "keys",     "ivs",     "messages",
                                                "tag_size", "version", "bits" };

static PyObject *zuc256_mac_many_call(PyObject **slots, const zpy_sig *sig)
{
    batch b;
    head256 h;
    zpy_barg tags, bits;
    zpy_barg_none(&tags, "tag_size");
    zpy_barg_none(&bits, "bits");
    int ok = 0;
    if (head256_begin(&b, &h, slots, slots[4], sizeof(zuc256_mac_job)) < 0) {
        return batch_end(&b, 0);
    }
    if (zpy_barg_ints(&tags, "tag_size", slots[3], b.n, &zpy_zuc256_tag_range, 1, 4) < 0 ||
        zpy_barg_objects(&bits, "bits", slots[5], b.n) < 0) {
        goto done;
    }
    zuc256_mac_job *jobs = b.jobs;
    for (Py_ssize_t i = 0; i < b.n; i++) {
        const uint8_t *key, *iv;
        const Py_buffer *msg = head256_at(&h, &b, i, &key, &iv);
        long long tag_bytes = zpy_barg_int(&tags, i);
        size_t nbits;
        uint8_t *tag;
        if (bits_at(&bits, i, msg, zpy_zuc256_mac_max_bits((size_t)tag_bytes), &nbits) < 0 ||
            !(tag = result_bytes(&b, i, (Py_ssize_t)tag_bytes))) {
            goto done;
        }
        jobs[i] = (zuc256_mac_job){ key, iv, msg->buf, nbits, tag, (size_t)tag_bytes };
    }
    ok = run_released(ZUC256_MAC_N, h.version, jobs, (size_t)b.n, sig->fname) == 0;
done:
    zpy_barg_release(&tags);
    zpy_barg_release(&bits);
    head256_release(&h);
    return batch_end(&b, ok);
}

ZPY_FUNCTION(zuc256_mac_many, zuc256_mac_names, 6, 3, zuc256_mac_many_call(slots, sig))

PyDoc_STRVAR(eea3_many_doc,
             "eea3_many($module, /, keys, counts, bearers, directions, messages, bits=None)\n"
             "--\n\n"
             "eea3() over many messages in one call: libzuc spreads them over its SIMD\n"
             "lanes with the GIL released. Each argument is one value for every message\n"
             "or a sequence with one per message (bits: None, or one length per\n"
             "message). Returns a list of bytes, one per message.\n\n"
             ">>> [c.hex() for c in zuc.eea3_many(bytes(16), [0, 1], 0, 0, [b'hi', b'hey'])]\n"
             "['4fd7', '89f119']\n");
PyDoc_STRVAR(eea3_many_into_doc,
             "eea3_many_into($module, /, keys, counts, bearers, directions, messages, outs,\n"
             "               bits=None)\n--\n\n"
             "eea3_many() writing each result into outs[i], a writable buffer of at least\n"
             "ceil(bits / 8) bytes (the message itself allowed; the outputs of different\n"
             "messages must not overlap). Returns None. Buffers reused from call to call\n"
             "spare the allocation (and first touch) of new bytes objects.\n\n"
             ">>> msgs = [bytearray(b'hi'), bytearray(b'hey')]\n"
             ">>> zuc.eea3_many_into(bytes(16), [0, 1], 0, 0, msgs, msgs)\n"
             ">>> [m.hex() for m in msgs]\n"
             "['4fd7', '89f119']\n");
PyDoc_STRVAR(eia3_many_doc,
             "eia3_many($module, /, keys, counts, bearers, directions, messages, bits=None)\n"
             "--\n\n"
             "eia3() over many messages (arguments as for eea3_many): a list of 4-byte\n"
             "MACs.\n\n"
             ">>> zuc.eia3_many(bytes(16), 0, 0, 0, [b'\\x00'], bits=[1])[0].hex()\n"
             "'c8a9595e'\n");
PyDoc_STRVAR(nea6_many_doc,
             "nea6_many($module, /, keys, counts, bearers, directions, messages, bits=None,\n"
             "          ivs=None)\n--\n\n"
             "nea6() over many messages (arguments as for eea3_many; with ivs, a 16-byte\n"
             "IV per message or one for all, counts, bearers and directions are None).\n\n"
             ">>> iv = bytes.fromhex('003f' + '00' * 14)\n"
             ">>> zuc.nea6_many(bytes(32), None, None, None, [b'\\x00'], ivs=iv)[0].hex()\n"
             "'4b'\n");
PyDoc_STRVAR(nea6_many_into_doc,
             "nea6_many_into($module, /, keys, counts, bearers, directions, messages, outs,\n"
             "               bits=None, ivs=None)\n--\n\n"
             "nea6_many() writing into outs (as eea3_many_into). Returns None.\n\n"
             ">>> out = [bytearray(1)]\n"
             ">>> iv = bytes.fromhex('003f' + '00' * 14)\n"
             ">>> zuc.nea6_many_into(bytes(32), None, None, None, [b'\\x00'], out, ivs=iv)\n"
             ">>> out[0].hex()\n"
             "'4b'\n");
PyDoc_STRVAR(nia6_many_doc,
             "nia6_many($module, /, keys, counts, bearers, directions, messages, tag_size=4,\n"
             "          ivs=None)\n--\n\n"
             "nia6() over many messages: a list of tags (tag_size one size, or one per\n"
             "message; ivs as for nea6_many).\n\n"
             ">>> iv = bytes.fromhex('283f' + '00' * 14)\n"
             ">>> zuc.nia6_many(bytes(32), None, None, None, [b'\\x00'], 5, ivs=iv)[0].hex()\n"
             "'41539061eb'\n");
PyDoc_STRVAR(nca6_encrypt_many_doc,
             "nca6_encrypt_many($module, /, keys, counts, bearers, directions, messages,\n"
             "                  aads=None, tag_size=16, ivs=None)\n--\n\n"
             "nca6_encrypt() over many messages: a list of ciphertext || tag (aads: None,\n"
             "one for all, or one per message; ivs as for nea6_many).\n\n"
             ">>> [len(s) for s in zuc.nca6_encrypt_many(bytes(32), [1, 2], 3, 0, [b'a', b'bc'])]\n"
             "[17, 18]\n");
PyDoc_STRVAR(nca6_encrypt_many_into_doc,
             "nca6_encrypt_many_into($module, /, keys, counts, bearers, directions, messages,\n"
             "                       outs, aads=None, tag_size=16, ivs=None)\n--\n\n"
             "nca6_encrypt_many() writing ciphertext || tag into outs[i] (len(messages[i])\n"
             "+ tag_size bytes at least). Returns None.\n\n"
             ">>> outs = [bytearray(17), bytearray(18)]\n"
             ">>> zuc.nca6_encrypt_many_into(bytes(32), [1, 2], 3, 0, [b'a', b'bc'], outs)\n"
             ">>> [bytes(o) for o in outs] == zuc.nca6_encrypt_many(bytes(32), [1, 2], 3, 0,\n"
             "...                                                     [b'a', b'bc'])\n"
             "True\n");
PyDoc_STRVAR(nca6_decrypt_many_doc,
             "nca6_decrypt_many($module, /, keys, counts, bearers, directions, messages,\n"
             "                  aads=None, tag_size=16, ivs=None)\n--\n\n"
             "nca6_decrypt() over many messages (each ciphertext || tag): a list with the\n"
             "plaintext of each message whose tag verifies and None for each that does\n"
             "not (nothing of it is decrypted).\n\n"
             ">>> sealed = zuc.nca6_encrypt_many(bytes(32), [1, 2], 3, 0, [b'a', b'bc'])\n"
             ">>> zuc.nca6_decrypt_many(bytes(32), [1, 1], 3, 0, sealed)\n"
             "[b'a', None]\n");
PyDoc_STRVAR(zuc256_crypt_many_doc,
             "zuc256_crypt_many($module, /, keys, ivs, messages, version=2018)\n--\n\n"
             "zuc256_crypt() over many messages, one version for all (IVs of 25 bytes for\n"
             "2018, 16 for 2021 and 2023).\n\n"
             ">>> zuc.zuc256_crypt_many(bytes(32), bytes(16), [bytes(4)], version=2023)[0].hex()\n"
             "'0234e932'\n");
PyDoc_STRVAR(zuc256_mac_many_doc,
             "zuc256_mac_many($module, /, keys, ivs, messages, tag_size=4, version=2018,\n"
             "                bits=None)\n--\n\n"
             "zuc256_mac() over many messages (tag_size and bits: one for all or one per\n"
             "message).\n\n"
             ">>> zuc.zuc256_mac_many(bytes(32), bytes(25), [bytes(50)])[0].hex()\n"
             "'9b972a74'\n");

PyMethodDef zpy_batch_methods[] = {
    ZPY_METHOD(eea3_many),         ZPY_METHOD(eea3_many_into),
    ZPY_METHOD(nea6_many_into),    ZPY_METHOD(nca6_encrypt_many_into),
    ZPY_METHOD(eia3_many),         ZPY_METHOD(nea6_many),
    ZPY_METHOD(nia6_many),         ZPY_METHOD(nca6_encrypt_many),
    ZPY_METHOD(nca6_decrypt_many), ZPY_METHOD(zuc256_crypt_many),
    ZPY_METHOD(zuc256_mac_many),   { NULL, NULL, 0, NULL },
};
