/* SPDX-License-Identifier: Apache-2.0 */
/* matrix.h — the configurations of `zucbench embedded`: the third source
 * document's Table 1 (block ciphers in their modes, SM2, RC4) and, beyond
 * it, ZUC-128, ZUC-256 and the stream ciphers of the evaluation suite. */
#ifndef BENCH_EMBEDDED_MATRIX_H
#define BENCH_EMBEDDED_MATRIX_H

#include <stddef.h>

typedef enum {
    ENGINE_EVP,      /* an OpenSSL EVP cipher (default or legacy provider) */
    ENGINE_DESX_ECB, /* DESX = K2 ^ DES_K(P ^ K1) over OpenSSL's DES-ECB (no EVP DESX-ECB) */
    ENGINE_SM2,      /* OpenSSL EVP_PKEY SM2 public-key encryption of fixed-size messages */
    ENGINE_BLOCK,    /* our Simon / Speck through the generic mode layer */
    ENGINE_ZUC128,   /* libzuc 128-EEA3 */
    ENGINE_ZUC256,   /* libzuc ZUC-256 encryption */
    ENGINE_STREAM    /* a stream cipher of the evaluation suite (bench_stream) */
} embedded_engine;

typedef struct {
    char name[40];       /* "aes-128-cbc", "speck-64/128-pcbc", "sm2-256", "zuc-128" */
    char algorithm[24];  /* the cipher and its key (and block) size: "aes-128", "speck-64/128" */
    char family[16];     /* "aes", "speck", ...: a Figure 5 panel; --quick takes one per family */
    char mode[8];        /* "cbc", "pcbc", "cfb", "ctr", "ecb", "ofb", "stream", "pke" */
    unsigned key_bits;   /* the key as given to the cipher */
    unsigned block_bits; /* 0 for stream ciphers */
    unsigned rounds;     /* 0 where the cipher has no single round count */
    embedded_engine engine;
    const char *evp_name; /* ENGINE_EVP: the name EVP_CIPHER_fetch takes */
    const void *impl;     /* ENGINE_BLOCK: block_cipher; ENGINE_STREAM: bench_stream */
    const char *backend;  /* "openssl", "own", "libzuc", or the stream's library */
    int in_table1;        /* 1: a row of the document's Table 1; 0: added here */
} embedded_config;

/* Every configuration, Table 1 first (built once). */
const embedded_config *embedded_configs(size_t *count);
/* By name, ignoring case; NULL if there is none. */
const embedded_config *embedded_config_find(const char *name);

#endif
