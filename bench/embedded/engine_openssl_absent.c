/* SPDX-License-Identifier: Apache-2.0 */
/* engine_openssl_absent.c — a build without OpenSSL (a board without its
 * headers): the matrix still lists OpenSSL's configurations, as absent. */
#include <stdio.h>

#include "embedded/engine.h"

const char *engine_openssl_unavailable(const embedded_config *c)
{
    (void)c;
    return "built without OpenSSL";
}

size_t engine_openssl_out_capacity(const embedded_config *c, size_t n)
{
    (void)c;
    return n;
}

int engine_openssl_crypt(const embedded_config *c, int encrypt, const uint8_t *key,
                         const uint8_t *iv, const uint8_t *in, size_t n, uint8_t *out,
                         size_t *out_n, char *err, size_t err_size)
{
    (void)encrypt;
    (void)key;
    (void)iv;
    (void)in;
    (void)n;
    (void)out;
    *out_n = 0;
    snprintf(err, err_size, "%s: built without OpenSSL", c->name);
    return -1;
}
