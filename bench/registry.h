/* SPDX-License-Identifier: Apache-2.0 */
/* registry.h — one table of every algorithm x backend x implementation the
 * harness can time, with the reason when one is absent. */
#ifndef BENCH_REGISTRY_H
#define BENCH_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

/* Associated data of every message of an authenticated-encryption entry. */
#define BENCH_AAD_BYTES 16

/* n messages, every one with its own key, IV and length. Message i is
 * msg[i] (len[i] bytes); its output, ciphertext (len[i] bytes), a tag of
 * tag_bytes (most significant byte first), or both (ciphertext, then the
 * tag: authenticated encryption), goes to out[i]. All outputs lie in
 * out_base[0 .. out_total). */
typedef struct {
    size_t n, tag_bytes, total_bytes, out_total;
    uint8_t *keys; /* n x 32 */
    uint8_t *ivs;  /* n x 25 (ZUC-256 form) */
    uint8_t *aad;  /* n x BENCH_AAD_BYTES */
    uint32_t *counts;
    uint8_t *bearers, *directions;
    size_t *len;
    uint8_t **msg, **out;
    uint8_t *in_base, *out_base;
} bench_batch;

/* OUT_SEALED4/8/16: authenticated encryption, the ciphertext then a tag of
 * 4, 8 or 16 bytes. */
typedef enum {
    OUT_CIPHERTEXT,
    OUT_TAG4,
    OUT_TAG8,
    OUT_TAG16,
    OUT_SEALED4,
    OUT_SEALED8,
    OUT_SEALED16
} bench_output_kind;

typedef struct bench_entry {
    const char *algorithm; /* "128-eea3", "128-eia3", "zuc-256", "zuc-256-mac32", ... */
    const char *backend;   /* "libzuc", "ipsec-mb" */
    const char *variant;   /* implementation or API: "scalar", "ref", "1-buffer" */
    bench_output_kind output;
    size_t max_bytes;        /* 0: no limit */
    const char *unavailable; /* NULL if it can run here, else why not */
    const char *source;      /* where the code comes from: "own: ...", "OpenSSL 3.0.x" */
    int is_oracle;           /* the spec-literal path: checks, not a contender */
    int uses_in_flight;      /* 1 if run keeps bench_in_flight() messages in flight
                                     * (per call, or as jobs; --lanes); 0: one at a time */
    int side_by_side;        /* 1 if those messages run side by side (SIMD lanes,
                                     * N-buffer, jobs in flight), so that fewer than
                                     * bench_in_flight() leave lanes idle */
    /* Called before timing (e.g. selects the libzuc path); 0 on success. */
    int (*prepare)(const struct bench_entry *e);
    /* Processes every message of the batch; 0 on success. */
    int (*run)(const bench_batch *b);
    /* Optional: key/IV setup alone for every message of the batch (the
     * eSTREAM "Init"); NULL where the API cannot separate it. */
    int (*setup_only)(const bench_batch *b);
    /* Optional, keystream throughput with setup excluded: stream_start sets
     * up one key/IV, stream_next writes the next nbytes (a multiple of 4). */
    void (*stream_start)(void);
    void (*stream_next)(uint8_t *buf, size_t nbytes);
    /* Optional: 0 if this entry reproduces a published vector (checked once
     * before any timing, where no spec-literal oracle exists). */
    int (*known_answer)(void);
} bench_entry;

/* Messages in flight: per call of the many-message APIs (libzuc's zuc_*_n,
 * ipsec-mb's N-buffer calls), or as jobs (ipsec-mb's job API): zucbench
 * --lanes (or --jobs).
 * Set it before a suite runs; the entries' labels follow (below). */
#define BENCH_IN_FLIGHT_DEFAULT 16
#define BENCH_IN_FLIGHT_MAX 64
void bench_set_in_flight(unsigned n); /* 1 .. BENCH_IN_FLIGHT_MAX */
unsigned bench_in_flight(void);
/* Messages in flight for e's message rows: bench_in_flight() if e uses it,
 * else 1. */
unsigned bench_entry_in_flight(const bench_entry *e);
/* Variant labels that carry the current number, rewritten in place by
 * bench_set_in_flight: "N-buffer" (ipsec-mb's N-buffer API called with N
 * messages; "n-buffer-1" for N = 1, as "1-buffer" names its one-buffer API)
 * and "N-jobs" (its job API with N jobs in flight). */
const char *bench_label_n_buffer(void);
const char *bench_label_n_jobs(void);

/* Names match ignoring case and the characters '-', '_', '.'. */
int bench_name_matches(const char *pattern, const char *name);

/* The program hands the registry its backends, once, before anything asks
 * for entries: each function registers one backend's entries (and context
 * fields) through bench_register. The registry itself names no backend. */
typedef void (*bench_backend_registration)(void);
void bench_registry_load(const bench_backend_registration *backends, size_t count);

/* Every entry known to this build, available or not (none before
 * bench_registry_load). */
const bench_entry *bench_registry(size_t *count);

/* Allocates a batch with fresh random keys, IVs, counts, bearers, directions
 * and messages (seeded, reproducible): n messages of len_bytes, or of the
 * lengths lens[0..n). */
bench_batch *bench_batch_new(size_t n, size_t len_bytes, bench_output_kind kind, uint64_t seed);
bench_batch *bench_batch_new_lens(size_t n, const size_t *lens, bench_output_kind kind,
                                  uint64_t seed);

void bench_batch_free(bench_batch *b);

/* The key and IV of every backend's ZUC stream rows, so that their streams
 * are the same one: ZUC-128 with the key of 3GPP 128-EEA3 test set 1 and
 * its COUNT/BEARER IV, ZUC-256 with the key 1, 2, ..., 32 and an all-zero
 * IV. */
extern const uint8_t bench_stream_key128[16], bench_stream_iv128[16];
extern const uint8_t bench_stream_key256[32];

/* A prepare for entries that have nothing to select before timing. */
int bench_prepare_nothing(const bench_entry *e);

/* Registration by each backend (backends/<name>.c), from its
 * bench_register_<name>(), which bench_registry_load calls. */
void bench_register(const bench_entry *e);

/* A fact about a backend that every results file records in its context
 * (e.g. ipsec-mb's version and code path): key, and a function giving the
 * value when the file is written. */
void bench_register_context(const char *key, const char *(*value)(void));
typedef struct {
    const char *key;
    const char *(*value)(void);
} bench_context_field;
const bench_context_field *bench_context_fields(size_t *count);

#endif
