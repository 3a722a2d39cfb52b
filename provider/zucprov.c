/* SPDX-License-Identifier: Apache-2.0 */
/* zucprov.c — the provider's entry point: OSSL_provider_init, the table of
 * its algorithms (every one with property provider=zucprov), its parameters
 * (name, version, status), its error reasons. */
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <stdarg.h>
#include <stdlib.h>

#include "zuc.h"
#include "zucprov.h"

#define ZP_PROPS "provider=zucprov"

/* Names: the first is the canonical one, the others aliases. */
static const OSSL_ALGORITHM zp_ciphers[] = {
    { "ZUC-128-EEA3:EEA3:NEA3", ZP_PROPS, zp_eea3_functions, "3GPP 128-EEA3 (ZUC-128)" },
    { "ZUC-128", ZP_PROPS, zp_zuc128_functions, "ZUC-128 keystream cipher, 16-byte IV" },
    { "ZUC-256", ZP_PROPS, zp_zuc256_functions, "ZUC-256 keystream cipher, 2018/2021/2023" },
    { "ZUC-NEA6:NEA6", ZP_PROPS, zp_nea6_functions, "3GPP ZUC-NEA6 (ZUC-256 version 2023)" },
    { "ZUC-NCA6:NCA6", ZP_PROPS, zp_nca6_functions, "3GPP ZUC-NCA6 AEAD" },
    { NULL, NULL, NULL, NULL },
};

static const OSSL_ALGORITHM zp_macs[] = {
    { "ZUC-128-EIA3:EIA3:NIA3", ZP_PROPS, zp_eia3_functions, "3GPP 128-EIA3 (ZUC-128)" },
    { "ZUC-256-MAC", ZP_PROPS, zp_zuc256_mac_functions, "ZUC-256 MAC, 32/64/128-bit tags" },
    { "ZUC-NIA6:NIA6", ZP_PROPS, zp_nia6_functions, "3GPP ZUC-NIA6 (POLYVAL on ZUC-256)" },
    { NULL, NULL, NULL, NULL },
};

static const OSSL_ALGORITHM *zp_query(void *provctx, int operation_id, int *no_cache)
{
    (void)provctx;
    *no_cache = 0;
    switch (operation_id) {
    case OSSL_OP_CIPHER: return zp_ciphers;
    case OSSL_OP_MAC: return zp_macs;
    default: return NULL;
    }
}

static const OSSL_PARAM zp_param_types[] = {
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_NAME, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_VERSION, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_BUILDINFO, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_STATUS, OSSL_PARAM_INTEGER, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *zp_gettable_params(void *provctx)
{
    (void)provctx;
    return zp_param_types;
}

static int zp_get_params(void *provctx, OSSL_PARAM params[])
{
    (void)provctx;
    OSSL_PARAM *p;
    p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME);
    if (p && !OSSL_PARAM_set_utf8_ptr(p, "zucprov: ZUC ciphers and MACs (libzuc)"))
        return 0;
    p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION);
    if (p && !OSSL_PARAM_set_utf8_ptr(p, zuc_version()))
        return 0;
    p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO);
    if (p && !OSSL_PARAM_set_utf8_ptr(p, zuc_impl_name()))
        return 0;
    p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS);
    if (p && !OSSL_PARAM_set_int(p, 1))
        return 0;
    return 1;
}

static const OSSL_ITEM zp_reasons[] = {
    { ZP_R_BAD_KEY_LENGTH, "wrong key length" },
    { ZP_R_BAD_IV_LENGTH, "wrong IV length" },
    { ZP_R_BAD_IV, "invalid IV" },
    { ZP_R_BAD_TAG_LENGTH, "wrong tag length" },
    { ZP_R_BAD_PARAMETER, "invalid parameter" },
    { ZP_R_NO_KEY, "no key set" },
    { ZP_R_NO_IV, "no IV set" },
    { ZP_R_TOO_LONG, "message too long" },
    { ZP_R_LENGTH_BITS, "message does not match length-bits" },
    { ZP_R_TAG_MISMATCH, "tag does not verify" },
    { ZP_R_WRONG_STATE, "call out of order" },
    { ZP_R_OUT_OF_MEMORY, "out of memory" },
    { ZP_R_LIBZUC, "libzuc refused the input" },
    { 0, NULL },
};

static const OSSL_ITEM *zp_reason_strings(void *provctx)
{
    (void)provctx;
    return zp_reasons;
}

void zp_error_at(const zp_provctx *prov, const char *file, int line, const char *func, int reason,
                 const char *fmt, ...)
{
    if (!prov || !prov->new_error || !prov->set_error_debug || !prov->vset_error)
        return;
    va_list ap;
    va_start(ap, fmt);
    prov->new_error(prov->handle);
    prov->set_error_debug(prov->handle, file, line, func);
    prov->vset_error(prov->handle, (uint32_t)reason, fmt, ap);
    va_end(ap);
}

static void zp_teardown(void *provctx)
{
    free(provctx);
}

static const OSSL_DISPATCH zp_provider_functions[] = {
    { OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))zp_teardown },
    { OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))zp_query },
    { OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, (void (*)(void))zp_gettable_params },
    { OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))zp_get_params },
    { OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, (void (*)(void))zp_reason_strings },
    { 0, NULL },
};

/* The one exported symbol: OpenSSL calls it when it loads the module. */
__attribute__((visibility("default"))) int OSSL_provider_init(const OSSL_CORE_HANDLE *handle,
                                                              const OSSL_DISPATCH *in,
                                                              const OSSL_DISPATCH **out,
                                                              void **provctx)
{
    zp_provctx *prov = calloc(1, sizeof *prov);
    if (!prov)
        return 0;
    prov->handle = handle;
    for (; in->function_id != 0; in++) {
        switch (in->function_id) {
        case OSSL_FUNC_CORE_NEW_ERROR: prov->new_error = OSSL_FUNC_core_new_error(in); break;
        case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
            prov->set_error_debug = OSSL_FUNC_core_set_error_debug(in);
            break;
        case OSSL_FUNC_CORE_VSET_ERROR: prov->vset_error = OSSL_FUNC_core_vset_error(in); break;
        default: break;
        }
    }
    *out = zp_provider_functions;
    *provctx = prov;
    return 1;
}
