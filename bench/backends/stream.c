/* SPDX-License-Identifier: Apache-2.0 */
#include "backends/stream.h"

#include <stdlib.h>
#include <string.h>

#include "hex.h"

static const uint8_t *iv_of(const bench_stream *s, const bench_batch *b, size_t i, uint8_t *buf)
{
    if (!s->derive_iv)
        return b->ivs + 25 * i;
    s->derive_iv(b, i, buf);
    return buf;
}

int bench_stream_run(const bench_stream *s, void *ctx, const bench_batch *b)
{
    uint8_t iv[32];
    int rc = 0;
    for (size_t i = 0; i < b->n; i++) {
        rc |= s->init(ctx, b->keys + 32 * i, iv_of(s, b, i, iv));
        rc |= s->crypt(ctx, b->msg[i], b->out[i], b->len[i]);
    }
    return rc;
}

int bench_stream_setup(const bench_stream *s, void *ctx, const bench_batch *b)
{
    uint8_t iv[32];
    int rc = 0;
    for (size_t i = 0; i < b->n; i++)
        rc |= s->init(ctx, b->keys + 32 * i, iv_of(s, b, i, iv));
    return rc;
}

void bench_stream_start(const bench_stream *s, void *ctx)
{
    uint8_t key[32], iv[32];
    for (int i = 0; i < 32; i++) {
        key[i] = (uint8_t)(0x17 * i + 1);
        iv[i] = (uint8_t)(0x3D * i + 5);
    }
    s->init(ctx, key, iv);
}

void bench_stream_next(const bench_stream *s, void *ctx, uint8_t *buf, size_t n)
{
    s->crypt(ctx, buf, buf, n); /* in place: encrypting a buffer, as eSTREAM does */
}

int bench_stream_kat(const bench_stream *s, void *ctx)
{
    if (!s->kat.key)
        return -1;
    size_t nk = 0, niv = 0, n = 0;
    uint8_t *key = hex_to_new_bytes(s->kat.key, &nk), *iv = hex_to_new_bytes(s->kat.iv, &niv);
    uint8_t *want = hex_to_new_bytes(s->kat.keystream, &n), *got = calloc(n + 1, 1);
    /* in two calls (split on a 64-byte block), so a continued stream is checked too */
    size_t first = n / 3 / 64 * 64;
    int ok = key && iv && want && got && nk == s->key_bytes && niv == s->iv_bytes &&
             s->init(ctx, key, iv) == 0 && s->crypt(ctx, got, got, first) == 0 &&
             s->crypt(ctx, got + first, got + first, n - first) == 0 && memcmp(got, want, n) == 0;
    free(key);
    free(iv);
    free(want);
    free(got);
    return ok ? 0 : -1;
}

/* Every descriptor an entry was made from, for bench_streams. */
#define MAX_STREAMS 64
static const bench_stream *streams[MAX_STREAMS];
static size_t n_streams;

static void remember(const bench_stream *s)
{
    for (size_t i = 0; i < n_streams; i++)
        if (streams[i] == s)
            return;
    if (n_streams < MAX_STREAMS)
        streams[n_streams++] = s;
}

bench_entry bench_stream_entry(const bench_stream *s, bench_stream_fns fns)
{
    remember(s);
    return (bench_entry){
        .algorithm = s->algorithm,
        .backend = s->backend,
        .variant = s->variant,
        .output = OUT_CIPHERTEXT,
        .unavailable = s->unavailable,
        .source = s->source,
        .prepare = bench_prepare_nothing,
        .run = fns.run,
        .setup_only = fns.setup,
        .stream_start = fns.start,
        .stream_next = fns.next,
        .known_answer = s->kat.key ? fns.kat : NULL,
    };
}

void bench_stream_register(const bench_stream *s, bench_stream_fns fns)
{
    bench_entry e = bench_stream_entry(s, fns);
    bench_register(&e);
}

const bench_stream *const *bench_streams(size_t *count)
{
    *count = n_streams;
    return streams;
}
