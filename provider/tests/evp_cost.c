/* SPDX-License-Identifier: Apache-2.0 */
/* evp_cost.c — what the EVP layer adds to 128-EEA3 (docs/openssl.md): a
 * message of 40 and of 1500 bytes encrypted by libzuc's direct call
 * zuc_eea3 and through zucprov (init with key and IV, update, final),
 * the two timed in alternation, the median of 31 repeats of each.
 *   evp_cost MODULE_DIR */
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "zuc.h"

#define REPEATS 31

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    OSSL_LIB_CTX *libctx = OSSL_LIB_CTX_new();
    if (argc < 2 || !libctx || !OSSL_PROVIDER_set_default_search_path(libctx, argv[1]) ||
        !OSSL_PROVIDER_load(libctx, "zucprov")) {
        fprintf(stderr, "usage: evp_cost MODULE_DIR (the folder of zucprov.so)\n");
        return 2;
    }
    EVP_CIPHER *eea3 = EVP_CIPHER_fetch(libctx, "ZUC-128-EEA3", NULL);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    if (!eea3 || !ctx || !EVP_EncryptInit_ex2(ctx, eea3, NULL, NULL, NULL))
        return 2;
    uint8_t key[16] = { 1 }, iv[5] = { 1, 2, 3, 4, 8 }, in[1500], out[1500];
    memset(in, 7, sizeof in);
    static const size_t sizes[] = { 40, 1500 };
    int bad = 0;
    for (int s = 0; s < 2; s++) {
        size_t n = sizes[s];
        int iters = n == 40 ? 20000 : 2000;
        double direct[REPEATS], evp[REPEATS];
        for (int r = 0; r < REPEATS; r++) {
            double t0 = now_ns();
            for (int i = 0; i < iters; i++) {
                key[0] = (uint8_t)i; /* a fresh key for every message */
                bad |= zuc_eea3(key, (uint32_t)i, 8, 0, in, out, 8 * n);
            }
            direct[r] = (now_ns() - t0) / iters;
            t0 = now_ns();
            for (int i = 0; i < iters; i++) {
                int outl;
                key[0] = (uint8_t)i;
                iv[3] = (uint8_t)i;
                bad |= !EVP_EncryptInit_ex2(ctx, NULL, key, iv, NULL) ||
                       !EVP_EncryptUpdate(ctx, out, &outl, in, (int)n) ||
                       !EVP_EncryptFinal_ex(ctx, out + n, &outl);
            }
            evp[r] = (now_ns() - t0) / iters;
        }
        qsort(direct, REPEATS, sizeof direct[0], by_value);
        qsort(evp, REPEATS, sizeof evp[0], by_value);
        printf("128-EEA3 %4zu B: zuc_eea3 %7.1f ns, EVP %7.1f ns, EVP/direct %.3f\n", n,
               direct[REPEATS / 2], evp[REPEATS / 2], evp[REPEATS / 2] / direct[REPEATS / 2]);
    }
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(eea3);
    OSSL_LIB_CTX_free(libctx);
    return bad ? 1 : 0;
}
