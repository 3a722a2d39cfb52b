/* SPDX-License-Identifier: Apache-2.0 */
#include "embedded/matrix.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "backends/stream.h"
#include "ciphers/block.h"
#include "ciphers/modes.h"

#define MAX_CONFIGS 256

static embedded_config configs[MAX_CONFIGS];
static size_t n_configs;

static embedded_config *add(const char *name, const char *algorithm, const char *family,
                            const char *mode, unsigned key_bits, unsigned block_bits,
                            unsigned rounds, embedded_engine engine, const char *backend)
{
    if (n_configs == MAX_CONFIGS)
        return NULL;
    embedded_config *c = &configs[n_configs++];
    snprintf(c->name, sizeof c->name, "%s", name);
    snprintf(c->algorithm, sizeof c->algorithm, "%s", algorithm);
    snprintf(c->family, sizeof c->family, "%s", family);
    snprintf(c->mode, sizeof c->mode, "%s", mode);
    c->key_bits = key_bits;
    c->block_bits = block_bits;
    c->rounds = rounds;
    c->engine = engine;
    c->backend = backend;
    c->in_table1 = 1;
    return c;
}

/* One EVP block cipher of Table 1 in each of its modes. evp_stem is the EVP
 * name before the mode ("AES-128"); NULL for SM2, which is no EVP cipher. */
typedef struct {
    const char *algorithm, *family, *evp_stem;
    unsigned key_bits, block_bits, rounds;
    const char *modes; /* space-separated */
} evp_row;

static const evp_row evp_rows[] = {
    { "aes-128", "aes", "AES-128", 128, 128, 10, "cbc cfb ctr ecb ofb" },
    { "aes-192", "aes", "AES-192", 192, 128, 12, "cbc cfb ctr ecb ofb" },
    { "aes-256", "aes", "AES-256", 256, 128, 14, "cbc cfb ctr ecb ofb" },
    { "blowfish-128", "blowfish", "BF", 128, 64, 16, "cbc cfb ecb ofb" },
    { "camellia-128", "camellia", "CAMELLIA-128", 128, 128, 18, "cbc cfb ecb ofb" },
    { "camellia-192", "camellia", "CAMELLIA-192", 192, 128, 24, "cbc cfb ecb ofb" },
    { "camellia-256", "camellia", "CAMELLIA-256", 256, 128, 24, "cbc cfb ecb ofb" },
    { "cast5-128", "cast5", "CAST5", 128, 64, 16, "cbc cfb ecb ofb" },
    { "des-64", "des", "DES", 64, 64, 16, "cbc cfb ecb ofb" },
    /* two-key triple DES: Table 1 says 192 bits; EVP's DES-EDE takes K1 K2 (128) */
    { "des-ede-128", "des-ede", "DES-EDE", 128, 64, 48, "cbc cfb ecb ofb" },
    { "des-ede3-192", "des-ede3", "DES-EDE3", 192, 64, 48, "cbc cfb ecb ofb" },
    { "desx-192", "desx", "DESX", 192, 64, 16, "cbc ecb" },
    /* RC2: 16 mixing and 2 mashing rounds; the key's effective bits as its length */
    { "rc2-40", "rc2", "RC2", 40, 64, 18, "cbc cfb ecb ofb" },
    { "rc2-64", "rc2", "RC2", 64, 64, 18, "cbc cfb ecb ofb" },
    /* RC4 is a stream cipher (Table 1 lists it under ECB); RC4-40 has a 40-bit key */
    { "rc4-40", "rc4", "RC4-40", 40, 0, 0, "stream" },
    { "seed-128", "seed", "SEED", 128, 128, 16, "cbc cfb ecb ofb" },
    /* a file is encrypted as fixed-size messages (engine_openssl.c) */
    { "sm2-256", "sm2", NULL, 256, 0, 0, "pke" },
    { "sm4-128", "sm4", "SM4", 128, 128, 32, "cbc ecb" },
};

/* The EVP name of a row in a mode: STEM-MODE, but DESX in ECB is DES-ECB
 * (whitened by the engine) and a stream cipher is its stem. */
static const char *evp_name_of(const evp_row *r, const char *mode, char *buf, size_t size)
{
    if (strcmp(r->evp_stem, "DESX") == 0 && strcmp(mode, "ecb") == 0)
        snprintf(buf, size, "DES-ECB"); /* with the whitening around it */
    else if (strcmp(mode, "stream") == 0)
        snprintf(buf, size, "%s", r->evp_stem);
    else
        snprintf(buf, size, "%s-%s", r->evp_stem, mode);
    for (char *p = buf; *p; p++)
        if (*p >= 'a' && *p <= 'z')
            *p = (char)(*p - 'a' + 'A');
    return buf;
}

/* Names of EVP ciphers outlive the table: kept here. */
static char evp_names[MAX_CONFIGS][32];

static void add_evp_rows(void)
{
    for (size_t i = 0; i < sizeof evp_rows / sizeof evp_rows[0]; i++) {
        const evp_row *r = &evp_rows[i];
        char modes[64];
        snprintf(modes, sizeof modes, "%s", r->modes);
        for (char *save, *m = strtok_r(modes, " ", &save); m; m = strtok_r(NULL, " ", &save)) {
            char name[40];
            int single = strcmp(m, "stream") == 0 || strcmp(m, "pke") == 0;
            snprintf(name, sizeof name, single ? "%s" : "%s-%s", r->algorithm, m);
            embedded_engine engine = !r->evp_stem ? ENGINE_SM2
                                     : strcmp(r->family, "desx") == 0 && strcmp(m, "ecb") == 0
                                         ? ENGINE_DESX_ECB
                                         : ENGINE_EVP;
            embedded_config *c = add(name, r->algorithm, r->family, m, r->key_bits, r->block_bits,
                                     r->rounds, engine, "openssl");
            if (c && r->evp_stem)
                c->evp_name = evp_name_of(r, m, evp_names[c - configs], sizeof evp_names[0]);
        }
    }
}

static void add_block_ciphers(void)
{
    static const block_mode modes[] = {
        MODE_CBC, MODE_PCBC, MODE_CFB, MODE_CTR, MODE_ECB, MODE_OFB
    };
    for (const block_cipher *const *b = block_ciphers(); *b; b++)
        for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
            char name[40];
            snprintf(name, sizeof name, "%s-%s", (*b)->name, block_mode_name(modes[m]));
            embedded_config *c = add(name, (*b)->name, (*b)->family, block_mode_name(modes[m]),
                                     (unsigned)(*b)->key_bytes * 8, (unsigned)(*b)->block_bytes * 8,
                                     (*b)->rounds, ENGINE_BLOCK, "own");
            if (c)
                c->impl = *b;
        }
}

/* Block ciphers in a counter mode are in the matrix already. */
static int is_block_based(const char *algorithm)
{
    return strncmp(algorithm, "aes", 3) == 0 || strncmp(algorithm, "sm4", 3) == 0 ||
           strcmp(algorithm, "128-eea2") == 0;
}

static int have_algorithm(const char *algorithm)
{
    for (size_t i = 0; i < n_configs; i++)
        if (strcmp(configs[i].algorithm, algorithm) == 0)
            return 1;
    return 0;
}

static void add_stream_ciphers(void)
{
    embedded_config *c =
        add("zuc-128", "zuc-128", "zuc", "stream", 128, 0, 32, ENGINE_ZUC128, "libzuc");
    if (c)
        c->in_table1 = 0;
    if ((c = add("zuc-256", "zuc-256", "zuc", "stream", 256, 0, 32, ENGINE_ZUC256, "libzuc")))
        c->in_table1 = 0;
    size_t n;
    const bench_stream *const *s = bench_streams(&n);
    /* the first library to offer an algorithm stands for it (registry order) */
    for (size_t i = 0; i < n; i++) {
        if (is_block_based(s[i]->algorithm) || have_algorithm(s[i]->algorithm))
            continue;
        if ((c = add(s[i]->algorithm, s[i]->algorithm, s[i]->algorithm, "stream",
                     (unsigned)s[i]->key_bytes * 8, 0, 0, ENGINE_STREAM, s[i]->backend))) {
            c->impl = s[i];
            c->in_table1 = 0;
        }
    }
}

const embedded_config *embedded_configs(size_t *count)
{
    if (!n_configs) {
        add_evp_rows();
        add_block_ciphers();
        add_stream_ciphers();
    }
    *count = n_configs;
    return configs;
}

const embedded_config *embedded_config_find(const char *name)
{
    size_t n;
    const embedded_config *all = embedded_configs(&n);
    for (size_t i = 0; i < n; i++)
        if (strcasecmp(all[i].name, name) == 0)
            return &all[i];
    return NULL;
}
