/* SPDX-License-Identifier: Apache-2.0 */
/* absent.c — stands in for the optional peers the build did not find, so
 * `zucbench list` says which are missing and why: the configure step's
 * reason (ZUCBENCH_*_ABSENT, e.g. a static build without the archive), or
 * how to get them. */
#include "backends/backends.h"
#include "registry.h"

#ifndef ZUCBENCH_OPENSSL_ABSENT
#define ZUCBENCH_OPENSSL_ABSENT "not found when configured (Debian: apt-get install libssl-dev)"
#endif
#ifndef ZUCBENCH_SODIUM_ABSENT
#define ZUCBENCH_SODIUM_ABSENT "not found when configured (Debian: apt-get install libsodium-dev)"
#endif
#ifndef ZUCBENCH_CRYPTOPP_ABSENT
#define ZUCBENCH_CRYPTOPP_ABSENT                                                         \
    "not found when configured (Debian: apt-get install libcrypto++-dev; needs a C++17 " \
    "compiler)"
#endif
#ifndef ZUCBENCH_GMSSL_ABSENT
#define ZUCBENCH_GMSSL_ABSENT "not built"
#endif
#ifndef ZUCBENCH_IPSECMB_ABSENT
#define ZUCBENCH_IPSECMB_ABSENT \
    "not found when configured (Debian: apt-get install libipsec-mb-dev; amd64 only)"
#endif

__attribute__((unused)) static void absent(const char *algorithms, const char *backend,
                                           const char *why)
{
    bench_entry e = { .algorithm = algorithms,
                      .backend = backend,
                      .variant = "-",
                      .unavailable = why,
                      .source = "library (not built)" };
    bench_register(&e);
}

#ifndef ZUCBENCH_HAVE_OPENSSL
void bench_register_openssl(void)
{
    absent("aes-128-ctr, sm4-ctr, chacha20, 128-eea2, 128-eia2, aes-256-gcm, chacha20-poly1305",
           "openssl", ZUCBENCH_OPENSSL_ABSENT);
}
#endif

#ifndef ZUCBENCH_HAVE_SODIUM
void bench_register_sodium(void)
{
    absent("salsa20-12, chacha20, chacha20-poly1305, aes-256-gcm", "sodium",
           ZUCBENCH_SODIUM_ABSENT);
}
#endif

#ifndef ZUCBENCH_HAVE_CRYPTOPP
void bench_register_cryptopp(void)
{
    absent("hc-128, rabbit, sosemanuk, salsa20-12", "cryptopp", ZUCBENCH_CRYPTOPP_ABSENT);
}
#endif

#ifndef ZUCBENCH_HAVE_GMSSL
/* Row by row, as where it is built but not found, so that every kind of
 * build lists the same six rows. */
void bench_register_gmssl(void)
{
    static const char *const algorithms[] = { "128-eea3",      "128-eia3",      "zuc-256",
                                              "zuc-256-mac32", "zuc-256-mac64", "zuc-256-mac128" };
    for (size_t i = 0; i < sizeof algorithms / sizeof algorithms[0]; i++) {
        bench_entry e = { .algorithm = algorithms[i],
                          .backend = "gmssl",
                          .variant = "portable-c",
                          .unavailable = ZUCBENCH_GMSSL_ABSENT,
                          .source = "library (not built)" };
        bench_register(&e);
    }
}
#endif

#ifndef ZUCBENCH_HAVE_IPSECMB
void bench_register_snow3g(void)
{
    absent("128-eea1, 128-eia1", "ipsec-mb", ZUCBENCH_IPSECMB_ABSENT);
}

void bench_register_ipsecmb_nxa6(void)
{
    absent("zuc-nea6, zuc-nia6, zuc-nca6", "ipsec-mb", ZUCBENCH_IPSECMB_ABSENT);
}
#endif
