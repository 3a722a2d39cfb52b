/* SPDX-License-Identifier: Apache-2.0 */
/* workload.h — the file `zucbench embedded` encrypts: a given file, or a
 * reproducible random one of the document's size; and where the output goes. */
#ifndef BENCH_EMBEDDED_WORKLOAD_H
#define BENCH_EMBEDDED_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

/* The third source document's file: 8.31 MiB (its latencies and throughputs
 * imply 8.7 million bytes). --quick uses 1 MiB. */
#define WORKLOAD_DEFAULT_BYTES 8713667u
#define WORKLOAD_QUICK_BYTES (1u << 20)

/* Writes n pseudo-random bytes (a fixed generator and seed: the same file on
 * every machine) to path, completely or not at all (common/outfile.h).
 * 0, or -1 with err. */
int workload_generate(const char *path, size_t n, uint64_t seed, char *err, size_t err_size);

/* A fresh private directory for the generated file (mkdtemp under $TMPDIR
 * or /tmp): dir receives its path. 0, or -1 with err. */
int workload_temp_dir(char *dir, size_t dir_size, char *err, size_t err_size);

/* 0 if path is a regular file with at least one byte that this process can
 * read (not a directory, device or FIFO, not empty), else -1 with err. */
int workload_check_file(const char *path, char *err, size_t err_size);

/* The whole file in memory (malloc'd; the caller frees), on the terms of
 * workload_check_file. NULL with err. */
uint8_t *workload_read(const char *path, size_t *n, char *err, size_t err_size);

/* Writes buf to DIR/NAME.enc ('/' in a name becomes '_') as
 * common/outfile.h does: complete or absent. 0, or -1 with err. */
int workload_write_output(const char *dir, const char *name, const uint8_t *buf, size_t n,
                          char *err, size_t err_size);

/* 0 if dir is a directory this process can create files in, else -1 with err. */
int workload_check_out_dir(const char *dir, char *err, size_t err_size);

/* The key and IV material of a configuration: derived from its name, so
 * every run and every machine encrypts alike. */
void workload_key_iv(const char *name, uint8_t key[32], uint8_t iv[32]);

/* A 64-bit digest of the output: the child reports it, so the encryption
 * cannot be optimised away and runs can be compared. */
uint64_t workload_checksum(const uint8_t *buf, size_t n);

#endif
