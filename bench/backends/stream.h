/* SPDX-License-Identifier: Apache-2.0 */
/* stream.h — one adapter for every cipher with a key/IV setup and an XOR
 * stream (library or own): the harness's run, setup, stream and
 * known-answer functions, on a context per thread. */
#ifndef BENCH_BACKENDS_STREAM_H
#define BENCH_BACKENDS_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "registry.h"

#define BENCH_STREAM_CTX 256

/* One published vector: the keystream (encryption of zeros) for key and IV,
 * all hex, from the first byte. */
typedef struct {
    const char *key, *iv, *keystream;
} bench_kat;

typedef struct bench_stream {
    const char *algorithm, *backend, *variant, *source;
    size_t key_bytes, iv_bytes;
    /* The context starts zeroed once per thread; 0 on success. */
    int (*init)(void *ctx, const uint8_t *key, const uint8_t *iv);
    int (*crypt)(void *ctx, const uint8_t *in, uint8_t *out, size_t n);
    /* Optional: the IV of message i from COUNT, BEARER and DIRECTION (3GPP). */
    void (*derive_iv)(const bench_batch *b, size_t i, uint8_t *iv);
    bench_kat kat; /* kat.key NULL: none (checked by a peer) */
    const char *unavailable;
} bench_stream;

int bench_stream_run(const bench_stream *s, void *ctx, const bench_batch *b);
int bench_stream_setup(const bench_stream *s, void *ctx, const bench_batch *b);
void bench_stream_start(const bench_stream *s, void *ctx);
void bench_stream_next(const bench_stream *s, void *ctx, uint8_t *buf, size_t n);
int bench_stream_kat(const bench_stream *s, void *ctx);

typedef struct {
    int (*run)(const bench_batch *);
    int (*setup)(const bench_batch *);
    void (*start)(void);
    void (*next)(uint8_t *, size_t);
    int (*kat)(void);
} bench_stream_fns;

bench_entry bench_stream_entry(const bench_stream *s, bench_stream_fns fns);
void bench_stream_register(const bench_stream *s, bench_stream_fns fns);
/* Every cipher registered (an entry made by bench_stream_entry), available or
 * not: after bench_registry_load. */
const bench_stream *const *bench_streams(size_t *count);

/* Defines the entry functions of one descriptor (the harness's callbacks
 * carry no context, so each cipher gets its own). */
#define BENCH_STREAM_DEFINE(id, desc)                                           \
    static _Thread_local _Alignas(64) unsigned char ctx_##id[BENCH_STREAM_CTX]; \
    static int run_##id(const bench_batch *b)                                   \
    {                                                                           \
        return bench_stream_run(&(desc), ctx_##id, b);                          \
    }                                                                           \
    static int setup_##id(const bench_batch *b)                                 \
    {                                                                           \
        return bench_stream_setup(&(desc), ctx_##id, b);                        \
    }                                                                           \
    static void start_##id(void)                                                \
    {                                                                           \
        bench_stream_start(&(desc), ctx_##id);                                  \
    }                                                                           \
    static void next_##id(uint8_t *buf, size_t n)                               \
    {                                                                           \
        bench_stream_next(&(desc), ctx_##id, buf, n);                           \
    }                                                                           \
    static int kat_##id(void)                                                   \
    {                                                                           \
        return bench_stream_kat(&(desc), ctx_##id);                             \
    }

#define BENCH_STREAM_FNS(id) \
    ((bench_stream_fns){ run_##id, setup_##id, start_##id, next_##id, kat_##id })

#endif
