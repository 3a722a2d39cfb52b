/* SPDX-License-Identifier: Apache-2.0 */
#include "diff_rules.h"

#include "diff_common.h"
#include "zuc.h"

static int valid_tag(size_t tag_bytes)
{
    return tag_bytes == 4 || tag_bytes == 8 || tag_bytes == 16;
}

uint64_t diff_mac_limit(size_t tag_bytes)
{
    return ((uint64_t)1 << 32) - 16u * (valid_tag(tag_bytes) ? tag_bytes : 16);
}

/* Data pointers may be NULL only for an empty message. */
static unsigned data_rule(const void *p, size_t length)
{
    return length && !p ? DIFF_ERR(ZUC_ENULL) : 0;
}

static unsigned link_rules(const void *key, uint8_t bearer, uint8_t direction, size_t length_bits)
{
    unsigned e = 0;
    if (!key)
        e |= DIFF_ERR(ZUC_ENULL);
    if (bearer > 31 || direction > 1)
        e |= DIFF_ERR(ZUC_EPARAM);
    if ((uint64_t)length_bits > ZUC_EEA3_MAX_BITS)
        e |= DIFF_ERR(ZUC_ELENGTH);
    return e;
}

unsigned diff_rules_eea3(const void *key, uint8_t bearer, uint8_t direction, const void *in,
                         const void *out, size_t length_bits)
{
    return link_rules(key, bearer, direction, length_bits) | data_rule(in, length_bits) |
           data_rule(out, length_bits);
}

unsigned diff_rules_eia3(const void *key, uint8_t bearer, uint8_t direction, const void *msg,
                         size_t length_bits, const void *mac)
{
    return link_rules(key, bearer, direction, length_bits) | data_rule(msg, length_bits) |
           (mac ? 0 : DIFF_ERR(ZUC_ENULL));
}

unsigned diff_rules_zuc256_crypt(const void *key, const void *iv, const void *in, const void *out,
                                 size_t length_bytes)
{
    unsigned e = data_rule(in, length_bytes) | data_rule(out, length_bytes);
    if (!key || !iv)
        e |= DIFF_ERR(ZUC_ENULL);
    if ((uint64_t)length_bytes > ZUC256_MAX_BYTES)
        e |= DIFF_ERR(ZUC_ELENGTH);
    return e;
}

unsigned diff_rules_zuc256_mac(const void *key, const void *iv, const void *msg, size_t length_bits,
                               const void *tag, size_t tag_bytes)
{
    unsigned e = data_rule(msg, length_bits);
    if (!key || !iv || !tag)
        e |= DIFF_ERR(ZUC_ENULL);
    if (!valid_tag(tag_bytes))
        e |= DIFF_ERR(ZUC_ETAGSIZE);
    if ((uint64_t)length_bits > diff_mac_limit(tag_bytes))
        e |= DIFF_ERR(ZUC_ELENGTH);
    return e;
}
