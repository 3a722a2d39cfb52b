/* SPDX-License-Identifier: Apache-2.0 */
/* backends.h — each backend's registration of its entries (and context
 * fields) in the registry; backends.c lists them. */
#ifndef BENCH_BACKENDS_H
#define BENCH_BACKENDS_H

/* Hands every backend of this build to the registry (once): what a program
 * calls before it asks the registry for entries. */
void bench_backends_load(void);

void bench_register_libzuc(void);
void bench_register_ipsecmb(void);
void bench_register_ipsecmb_nxa6(void);
void bench_register_gmssl(void);
void bench_register_snow3g(void);
void bench_register_own(void);
void bench_register_openssl(void);
/* Called by bench_register_openssl / bench_register_sodium. */
void bench_register_openssl_aead(const char *version);
void bench_register_openssl_zucprov(const char *version);
void bench_register_sodium_aead(int ready, const char *version);
void bench_register_sodium(void);
void bench_register_cryptopp(void);
/* Test-only contenders, registered when ZUCBENCH_TEST_PROBE is set
 * (backends/probe.c). */
void bench_register_probe(void);

#endif
