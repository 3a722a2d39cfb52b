/* SPDX-License-Identifier: Apache-2.0 */
/* gmssl.c — GmSSL 3.x as a peer: its portable C ZUC, one message per call,
 * for 128-EEA3, 128-EIA3, ZUC-256 and the three ZUC-256 MACs.
 *
 * The library is loaded at run time with dlopen(RTLD_LOCAL) and its
 * functions taken from that handle only: GmSSL exports zuc256_init and
 * other ZUC names, which must never meet libzuc's in one symbol scope, and
 * zucbench builds and runs without it (its rows are then absent, with the
 * reason). No GmSSL header is needed: the few declarations below follow
 * GmSSL 3.1.1's include/gmssl/zuc.h, and every row is compared with
 * libzuc's spec-literal path before it is timed.
 *
 * Where it is looked for, first found wins:
 *   $ZUCBENCH_GMSSL             the library file, or a directory holding it
 *                               (when set, nothing else is tried);
 *   ZUCBENCH_GMSSL_DIR/lib      fixed at build time: the project's venv, where
 *                               `make` has the PyPI package easy-gmssl build it;
 *   ~/.gmssl_3.1.1_install/lib  where easy-gmssl installs it by default;
 *   libgmssl.so.3               the dynamic loader's search path (a system-wide
 *                               GmSSL 3 install). */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "backends/backends.h"
#include "be.h"
#include "registry.h"

#define GMSSL_SONAME "libgmssl.so.3"

/* GmSSL's contexts on our side: ZUC_STATE is 18 words, ZUC256_MAC_CTX 26
 * words, 4 bytes, a size_t and an int; room to spare for another 3.x. */
typedef union {
    uint32_t words[64];
    uint64_t align;
} gmssl_ctx;

/* include/gmssl/zuc.h, GmSSL 3.1.1. EEA3 works on 32-bit words in host
 * order (the message's bytes, most significant first, make each word); EIA3
 * declares words but reads the message as bytes (src/zuc_modes.c casts it
 * back), hence const void * here. */
static struct {
    void (*zuc_init)(gmssl_ctx *state, const uint8_t key[16], const uint8_t iv[16]);
    void (*zuc_generate_keystream)(gmssl_ctx *state, size_t nwords, uint32_t *words);
    void (*zuc_encrypt)(gmssl_ctx *state, const uint8_t *in, size_t inlen, uint8_t *out);
    void (*zuc_eea_encrypt)(const uint32_t *in, uint32_t *out, size_t nbits, const uint8_t key[16],
                            uint32_t count, uint32_t bearer, uint32_t direction);
    uint32_t (*zuc_eia_generate_mac)(const void *data, size_t nbits, const uint8_t key[16],
                                     uint32_t count, uint32_t bearer, uint32_t direction);
    void (*zuc256_init)(gmssl_ctx *state, const uint8_t key[32], const uint8_t iv[23]);
    void (*zuc256_mac_init)(gmssl_ctx *ctx, const uint8_t key[32], const uint8_t iv[23],
                            int macbits);
    void (*zuc256_mac_finish)(gmssl_ctx *ctx, const uint8_t *data, size_t nbits, uint8_t *mac);
    const char *(*gmssl_version_str)(void);
} gm;

static const char *const symbol_names[] = {
    "zuc_init",        "zuc_generate_keystream", "zuc_encrypt",
    "zuc_eea_encrypt", "zuc_eia_generate_mac",   "zuc256_init",
    "zuc256_mac_init", "zuc256_mac_finish",      "gmssl_version_str",
};

static int loaded;
static char why_absent[768], library_path[512], version[64], source[640];

/* Takes every function from handle; 0 if all are there, else -1 with
 * why_absent saying which is missing. */
static int take_symbols(void *handle, const char *path)
{
    void *fns[sizeof symbol_names / sizeof symbol_names[0]];
    _Static_assert(sizeof fns == sizeof gm, "one pointer per GmSSL function");
    for (size_t i = 0; i < sizeof symbol_names / sizeof symbol_names[0]; i++) {
        dlerror();
        fns[i] = dlsym(handle, symbol_names[i]);
        if (!fns[i]) {
            snprintf(why_absent, sizeof why_absent, "%s has no %s (GmSSL 3 expected)", path,
                     symbol_names[i]);
            return -1;
        }
    }
    memcpy(&gm, fns, sizeof gm); /* object to function pointers, as POSIX allows */
    return 0;
}

/* Opens path; 1 if GmSSL is now loaded, 0 if path could not be opened
 * (its dlerror appended to tried), -1 if it opened but is not GmSSL 3. */
static int try_open(const char *path, char *tried, size_t tried_size)
{
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        size_t used = strlen(tried);
        const char *err = dlerror();
        snprintf(tried + used, tried_size - used, "%s%s", used ? "; " : "", err ? err : path);
        return 0;
    }
    if (take_symbols(handle, path) != 0) {
        dlclose(handle);
        return -1;
    }
    snprintf(library_path, sizeof library_path, "%s", path);
    return 1;
}

static int is_directory(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Finds and loads GmSSL once; 0 on success, else -1 with why_absent set. */
static int load(void)
{
    char tried[1024] = "", path[512];
    const char *env = getenv("ZUCBENCH_GMSSL");
    int rc;
    if (env && *env) {
        if (is_directory(env))
            snprintf(path, sizeof path, "%s/%s", env, GMSSL_SONAME);
        else
            snprintf(path, sizeof path, "%s", env);
        rc = try_open(path, tried, sizeof tried);
        if (rc == 0)
            snprintf(why_absent, sizeof why_absent, "ZUCBENCH_GMSSL=%s: %s", env, tried);
        return rc == 1 ? 0 : -1;
    }
    const char *home = getenv("HOME");
    const char *candidates[3] = { NULL, NULL, GMSSL_SONAME };
    char user[512];
#ifdef ZUCBENCH_GMSSL_DIR
    candidates[0] = ZUCBENCH_GMSSL_DIR "/lib/" GMSSL_SONAME;
#endif
    if (home && *home) {
        snprintf(user, sizeof user, "%s/.gmssl_3.1.1_install/lib/%s", home, GMSSL_SONAME);
        candidates[1] = user;
    }
    for (size_t i = 0; i < 3; i++) {
        if (!candidates[i])
            continue;
        rc = try_open(candidates[i], tried, sizeof tried);
        if (rc != 0)
            return rc == 1 ? 0 : -1;
    }
    snprintf(why_absent, sizeof why_absent,
             "GmSSL 3 not found (%s); `make gmssl` installs it (PyPI easy-gmssl), "
             "or set ZUCBENCH_GMSSL to its libgmssl.so.3",
             tried);
    return -1;
}

static int ensure_loaded(void)
{
    if (!loaded) {
        loaded = load() == 0 ? 1 : -1;
        if (loaded > 0) {
            snprintf(version, sizeof version, "%s", gm.gmssl_version_str());
            snprintf(source, sizeof source, "library: %s (%s)", version, library_path);
        }
    }
    return loaded > 0 ? 0 : -1;
}

/* The results' context, once loaded: "GmSSL 3.1.1" and the file. */
static const char *context_version(void)
{
    return version;
}

static const char *context_library(void)
{
    return library_path;
}

/* ---- the work of one message ------------------------------------------- */

/* A thread's word buffers for EEA3, grown as needed and kept (freed when
 * the thread ends). */
typedef struct {
    size_t capacity_words; /* of each of the two arrays */
    uint32_t *in, *out;
} scratch;

static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;

static void scratch_free(void *p)
{
    scratch *s = p;
    free(s->in);
    free(s);
}

static void scratch_key_create(void)
{
    pthread_key_create(&scratch_key, scratch_free);
}

static scratch *scratch_for(size_t nwords)
{
    pthread_once(&scratch_once, scratch_key_create);
    scratch *s = pthread_getspecific(scratch_key);
    if (!s) {
        if (!(s = calloc(1, sizeof *s)))
            return NULL;
        pthread_setspecific(scratch_key, s);
    }
    if (s->capacity_words < nwords) {
        size_t want = nwords < 1024 ? 1024 : nwords;
        uint32_t *p = malloc(2 * want * sizeof *p);
        if (!p)
            return NULL;
        free(s->in);
        s->in = p;
        s->out = p + want;
        s->capacity_words = want;
    }
    return s;
}

/* 128-EEA3 through zuc_eea_encrypt: the bytes become big-endian words, and
 * the words bytes again, as a caller holding bytes must (counted). */
static int eea3(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                const uint8_t *in, uint8_t *out, size_t len_bytes)
{
    size_t nwords = (len_bytes + 3) / 4, whole = len_bytes / 4;
    scratch *s = scratch_for(nwords);
    if (!s)
        return -1;
    for (size_t i = 0; i < whole; i++)
        s->in[i] = load_be32(in + 4 * i);
    if (len_bytes % 4) {
        uint8_t last[4] = { 0 };
        memcpy(last, in + 4 * whole, len_bytes % 4);
        s->in[whole] = load_be32(last);
    }
    gm.zuc_eea_encrypt(s->in, s->out, 8 * len_bytes, key, count, bearer, direction);
    for (size_t i = 0; i < whole; i++)
        store_be32(out + 4 * i, s->out[i]);
    if (len_bytes % 4) {
        uint8_t last[4];
        store_be32(last, s->out[whole]);
        memcpy(out + 4 * whole, last, len_bytes % 4);
    }
    return 0;
}

/* The 25-byte ZUC-256 IV (IV17..IV24 as 6-bit values, one a byte) packed
 * into GmSSL's 23 bytes: the eight 6-bit values most significant first in
 * the last 6 bytes (the inverse of zuc256_iv_unpack). */
static void iv_pack23(uint8_t iv23[23], const uint8_t iv25[25])
{
    const uint8_t *v = iv25 + 17;
    memcpy(iv23, iv25, 17);
    for (int half = 0; half < 2; half++, v += 4) {
        uint32_t bits = ((uint32_t)(v[0] & 0x3F) << 18) | ((uint32_t)(v[1] & 0x3F) << 12) |
                        ((uint32_t)(v[2] & 0x3F) << 6) | (v[3] & 0x3F);
        iv23[17 + 3 * half] = (uint8_t)(bits >> 16);
        iv23[18 + 3 * half] = (uint8_t)(bits >> 8);
        iv23[19 + 3 * half] = (uint8_t)bits;
    }
}

/* ---- the harness's entries --------------------------------------------- */

static int run_eea3(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0; i < b->n; i++)
        rc |= eea3(b->keys + 32 * i, b->counts[i], b->bearers[i], b->directions[i], b->msg[i],
                   b->out[i], b->len[i]);
    return rc;
}

static int run_eia3(const bench_batch *b)
{
    for (size_t i = 0; i < b->n; i++)
        store_be32(b->out[i],
                   gm.zuc_eia_generate_mac(b->msg[i], 8 * b->len[i], b->keys + 32 * i, b->counts[i],
                                           b->bearers[i], b->directions[i]));
    return 0;
}

/* ZUC-256 encryption: zuc256_init, then zuc_encrypt over the bytes. */
static int run_zuc256(const bench_batch *b)
{
    gmssl_ctx st;
    uint8_t iv[23];
    for (size_t i = 0; i < b->n; i++) {
        iv_pack23(iv, b->ivs + 25 * i);
        gm.zuc256_init(&st, b->keys + 32 * i, iv);
        gm.zuc_encrypt(&st, b->msg[i], b->len[i], b->out[i]);
    }
    return 0;
}

/* zuc256_mac_init with the tag's bits, then zuc256_mac_finish over the
 * whole message (it updates with the whole bytes, then takes the rest). */
static int run_zuc256_mac(const bench_batch *b)
{
    gmssl_ctx ctx;
    uint8_t iv[23];
    for (size_t i = 0; i < b->n; i++) {
        iv_pack23(iv, b->ivs + 25 * i);
        gm.zuc256_mac_init(&ctx, b->keys + 32 * i, iv, (int)(8 * b->tag_bytes));
        gm.zuc256_mac_finish(&ctx, b->msg[i], 8 * b->len[i], b->out[i]);
    }
    return 0;
}

/* Setup alone (the eSTREAM Init): the key/IV of each message loaded. */
static int setup_128(const bench_batch *b)
{
    gmssl_ctx st;
    for (size_t i = 0; i < b->n; i++)
        gm.zuc_init(&st, b->keys + 32 * i, b->ivs + 25 * i);
    return 0;
}

static int setup_256(const bench_batch *b)
{
    gmssl_ctx st;
    uint8_t iv[23];
    for (size_t i = 0; i < b->n; i++) {
        iv_pack23(iv, b->ivs + 25 * i);
        gm.zuc256_init(&st, b->keys + 32 * i, iv);
    }
    return 0;
}

/* One stream per thread, set up once and continued, with the key and IV of
 * every backend's stream rows (registry.h), so the streams match. */
static _Thread_local gmssl_ctx stream_state;

static void stream_start_128(void)
{
    gm.zuc_init(&stream_state, bench_stream_key128, bench_stream_iv128);
}

static void stream_start_256(void)
{
    static const uint8_t iv[23] = { 0 }; /* GmSSL's packed form of the zero IV */
    gm.zuc256_init(&stream_state, bench_stream_key256, iv);
}

/* Keystream words in host order, as zuc_keystream writes them. */
static void stream_next(uint8_t *buf, size_t nbytes)
{
    gm.zuc_generate_keystream(&stream_state, nbytes / 4, (uint32_t *)(void *)buf);
}

/* 3GPP LENGTH is 32 bits: at most 2^32 - 1 bits per EEA3/EIA3 message. */
#define MAX_3GPP_BYTES ((size_t)0xFFFFFFFFu / 8)

void bench_register_gmssl(void)
{
    static const struct {
        const char *algorithm;
        bench_output_kind output;
        size_t max_bytes;
        int (*run)(const bench_batch *);
        int (*setup_only)(const bench_batch *);
        void (*stream_start)(void);
    } algs[] = {
        { "128-eea3", OUT_CIPHERTEXT, MAX_3GPP_BYTES, run_eea3, setup_128, stream_start_128 },
        { "128-eia3", OUT_TAG4, MAX_3GPP_BYTES, run_eia3, NULL, NULL },
        { "zuc-256", OUT_CIPHERTEXT, 0, run_zuc256, setup_256, stream_start_256 },
        { "zuc-256-mac32", OUT_TAG4, 0, run_zuc256_mac, NULL, NULL },
        { "zuc-256-mac64", OUT_TAG8, 0, run_zuc256_mac, NULL, NULL },
        { "zuc-256-mac128", OUT_TAG16, 0, run_zuc256_mac, NULL, NULL },
    };
    const char *absent = ensure_loaded() == 0 ? NULL : why_absent;
    if (!absent) {
        bench_register_context("gmssl_version", context_version);
        bench_register_context("gmssl_library", context_library);
    }
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        bench_entry e = {
            .algorithm = algs[a].algorithm,
            .backend = "gmssl",
            .variant = "portable-c",
            .output = algs[a].output,
            .max_bytes = algs[a].max_bytes,
            .unavailable = absent,
            .source = absent ? "library: GmSSL 3 (loaded at run time)" : source,
            .prepare = bench_prepare_nothing,
            .run = algs[a].run,
            .setup_only = algs[a].setup_only,
            .stream_start = algs[a].stream_start,
            .stream_next = algs[a].stream_start ? stream_next : NULL,
        };
        bench_register(&e);
    }
}
