/* SPDX-License-Identifier: Apache-2.0 */
/* ipsecmb.h — Intel ipsec-mb as a peer and as a second oracle.
 *
 * One manager per thread, initialised once with init_mb_mgr_auto (the
 * widest path the CPU runs). Every ZUC-128 and ZUC-256 path of ipsec-mb
 * refuses messages over IPSECMB_ZUC_MAX_BYTES, and every one of them, NEA6
 * and NIA6 too, refuses empty messages; these wrappers return -1 for them,
 * for an API the installed version lacks, and on any error ipsec-mb
 * reports, instead of leaving the output untouched silently. */
#ifndef BENCH_IPSECMB_H
#define BENCH_IPSECMB_H

#include <stddef.h>
#include <stdint.h>

#define IPSECMB_ZUC_MAX_BYTES 8188

/* The thread's manager (NULL if ipsec-mb cannot run here). */
struct IMB_MGR *ipsecmb_manager(void);

/* NULL if usable, else why not. */
const char *ipsecmb_unavailable(void);
/* The architecture manager picked ("avx512", "avx2", ...) and the version. */
const char *ipsecmb_arch_name(void);
const char *ipsecmb_version(void);

/* 128-EEA3 on whole bytes through IMB_ZUC_EEA3_1_BUFFER, or one job where
 * the version has no 1-buffer calls (3.0); the IV from zuc_eea3_iv_gen,
 * counted as part of the work. */
int ipsecmb_eea3(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                 const uint8_t *in, uint8_t *out, size_t len_bytes);
/* 128-EIA3 through IMB_ZUC_EIA3_1_BUFFER, or one job (3.0); *mac as a number. */
int ipsecmb_eia3(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                 const uint8_t *msg, size_t len_bits, uint32_t *mac);
/* ZUC-256 (2018) through the job API (32-byte key, 25-byte IV); ipsec-mb
 * 3.0 has it no more: ipsecmb_zuc256_unavailable() says so (NULL if usable). */
const char *ipsecmb_zuc256_unavailable(void);
int ipsecmb_zuc256_crypt(const uint8_t key[32], const uint8_t iv[25], const uint8_t *in,
                         uint8_t *out, size_t len_bytes);
int ipsecmb_zuc256_mac(const uint8_t key[32], const uint8_t iv[25], const uint8_t *msg,
                       size_t len_bits, uint8_t *tag, size_t tag_bytes);

/* ZUC-NEA6 / NIA6 / NCA6 through the job API, one job per call (ipsec-mb
 * 3.0 and later): 32-byte key, 16-byte IV (zuc_nxa6_iv's), tags of 4 to 16
 * bytes, most significant byte first. ipsecmb_nxa6_unavailable(): NULL if
 * usable, else why not. NEA6 and NIA6 messages of 1 to
 * IPSECMB_NEA6_NIA6_MAX_BYTES (longer ones it gets wrong), NCA6 messages
 * of 0 to IPSECMB_NCA6_MAX_BYTES (its limit); ipsecmb_nca6_decrypt writes
 * the plaintext and the tag it computes over aad and the ciphertext (the
 * caller compares it). */
#define IPSECMB_NEA6_NIA6_MAX_BYTES 65535
#define IPSECMB_NCA6_MAX_BYTES 65534
const char *ipsecmb_nxa6_unavailable(void);
int ipsecmb_nea6(const uint8_t key[32], const uint8_t iv[16], const uint8_t *in, uint8_t *out,
                 size_t len_bytes);
int ipsecmb_nia6(const uint8_t key[32], const uint8_t iv[16], const uint8_t *msg, size_t len_bytes,
                 uint8_t *tag, size_t tag_bytes);
int ipsecmb_nca6_encrypt(const uint8_t key[32], const uint8_t iv[16], const uint8_t *aad,
                         size_t aad_bytes, const uint8_t *in, uint8_t *out, size_t len_bytes,
                         uint8_t *tag, size_t tag_bytes);
int ipsecmb_nca6_decrypt(const uint8_t key[32], const uint8_t iv[16], const uint8_t *aad,
                         size_t aad_bytes, const uint8_t *in, uint8_t *out, size_t len_bytes,
                         uint8_t *tag, size_t tag_bytes);

#endif
