/* SPDX-License-Identifier: Apache-2.0 */
/* diff_rules.h — the argument rules zuc.h states, written out once more
 * from the header (not from lib/), as the set of errors a call may return:
 * empty when the arguments are valid, else every code one of its invalid
 * arguments calls for (the header does not say which check comes first). */
#ifndef DIFF_RULES_H
#define DIFF_RULES_H

#include <stddef.h>
#include <stdint.h>

/* ZUC-256 MAC: L + 2t <= 2^32 keystream bits, t the tag in bits; for an
 * invalid tag size, the limit of the largest tag. */
uint64_t diff_mac_limit(size_t tag_bytes);

unsigned diff_rules_eea3(const void *key, uint8_t bearer, uint8_t direction, const void *in,
                         const void *out, size_t length_bits);
unsigned diff_rules_eia3(const void *key, uint8_t bearer, uint8_t direction, const void *msg,
                         size_t length_bits, const void *mac);
unsigned diff_rules_zuc256_crypt(const void *key, const void *iv, const void *in, const void *out,
                                 size_t length_bytes);
unsigned diff_rules_zuc256_mac(const void *key, const void *iv, const void *msg, size_t length_bits,
                               const void *tag, size_t tag_bytes);

#endif
