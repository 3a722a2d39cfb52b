/* SPDX-License-Identifier: Apache-2.0 */
/* cryptopp_block.h — Crypto++'s SIMON64/128 and SPECK64/128 in ECB, CBC,
 * CFB, OFB and CTR behind a C call, for tests/simon_speck_cryptopp.c. */
#ifndef TESTS_CRYPTOPP_BLOCK_H
#define TESTS_CRYPTOPP_BLOCK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Runs n bytes of `name` ("simon-64/96", "speck-128/256", ...; our names)
 * in `mode` ("ecb", "cbc", "cfb", "ofb", "ctr"; "one": ECB encryption a
 * block per ProcessBlock call) one way. iv: block size,
 * unused for ECB. 0 on success, -1 if Crypto++ has no such cipher or mode,
 * or rejects the arguments. */
int cryptopp_block_crypt(const char *name, const char *mode, int decrypt, const uint8_t *key,
                         size_t key_bytes, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                         size_t n);

#ifdef __cplusplus
}
#endif

#endif
