/* SPDX-License-Identifier: Apache-2.0 */
/* link.c — the 3GPP link parameters (COUNT, BEARER, DIRECTION) as OpenSSL
 * parameters and as the IVs 128-EEA3 takes, and the length-bits parameter. */
#include <openssl/params.h>
#include <string.h>

#include "zucprov.h"

int zp_link_set(const zp_provctx *prov, zp_link *link, int *changed, const OSSL_PARAM params[])
{
    const OSSL_PARAM *p;
    unsigned int v;
    zp_link next = *link;
    int any = 0;
    if ((p = OSSL_PARAM_locate_const(params, ZP_PARAM_COUNT)) != NULL) {
        if (!OSSL_PARAM_get_uint32(p, &next.count)) {
            zp_error(prov, ZP_R_BAD_PARAMETER, "count: not a 32-bit unsigned number");
            return 0;
        }
        any = 1;
    }
    if ((p = OSSL_PARAM_locate_const(params, ZP_PARAM_BEARER)) != NULL) {
        if (!OSSL_PARAM_get_uint(p, &v) || v > 31) {
            zp_error(prov, ZP_R_BAD_PARAMETER, "bearer: must be 0..31");
            return 0;
        }
        next.bearer = (uint8_t)v;
        any = 1;
    }
    if ((p = OSSL_PARAM_locate_const(params, ZP_PARAM_DIRECTION)) != NULL) {
        if (!OSSL_PARAM_get_uint(p, &v) || v > 1) {
            zp_error(prov, ZP_R_BAD_PARAMETER, "direction: must be 0 or 1");
            return 0;
        }
        next.direction = (uint8_t)v;
        any = 1;
    }
    *link = next;
    *changed = any;
    return 1;
}

int zp_link_get(const zp_link *link, OSSL_PARAM params[])
{
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, ZP_PARAM_COUNT)) != NULL &&
        !OSSL_PARAM_set_uint32(p, link->count))
        return 0;
    if ((p = OSSL_PARAM_locate(params, ZP_PARAM_BEARER)) != NULL &&
        !OSSL_PARAM_set_uint(p, link->bearer))
        return 0;
    if ((p = OSSL_PARAM_locate(params, ZP_PARAM_DIRECTION)) != NULL &&
        !OSSL_PARAM_set_uint(p, link->direction))
        return 0;
    return 1;
}

void zp_link_to_iv5(const zp_link *link, uint8_t iv5[5])
{
    iv5[0] = (uint8_t)(link->count >> 24);
    iv5[1] = (uint8_t)(link->count >> 16);
    iv5[2] = (uint8_t)(link->count >> 8);
    iv5[3] = (uint8_t)link->count;
    iv5[4] = (uint8_t)(link->bearer << 3 | link->direction << 2);
}

int zp_link_from_iv5(const zp_provctx *prov, zp_link *link, const uint8_t iv5[5])
{
    if (iv5[4] & 3) {
        zp_error(prov, ZP_R_BAD_IV,
                 "byte 4 of the IV is BEARER << 3 | DIRECTION << 2: its low "
                 "two bits must be zero");
        return 0;
    }
    link->count = (uint32_t)iv5[0] << 24 | (uint32_t)iv5[1] << 16 | (uint32_t)iv5[2] << 8 | iv5[3];
    link->bearer = iv5[4] >> 3;
    link->direction = (iv5[4] >> 2) & 1;
    return 1;
}

void zp_link_zuc128_iv(const zp_link *link, uint8_t iv[16])
{
    memset(iv, 0, 16);
    zp_link_to_iv5(link, iv);
    memcpy(iv + 8, iv, 8);
}

int zp_length_bits_set(const zp_provctx *prov, uint64_t *bits, int *set, uint64_t max_bits,
                       const OSSL_PARAM params[])
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, ZP_PARAM_LENGTH_BITS);
    uint64_t v;
    if (!p)
        return 1;
    if (!OSSL_PARAM_get_uint64(p, &v) || v > max_bits) {
        zp_error(prov, ZP_R_BAD_PARAMETER, "length-bits: must be a number of bits up to %llu",
                 (unsigned long long)max_bits);
        return 0;
    }
    *bits = v;
    *set = 1;
    return 1;
}
