/* SPDX-License-Identifier: Apache-2.0 */
/* backends.c — the list of backends, which a program hands to the registry
 * (bench_backends_load); each backend registers its entries (a missing peer
 * its absent stand-in, backends/absent.c), so the registry names none. */
#include "backends/backends.h"

#include "registry.h"

static const bench_backend_registration backends[] = {
    bench_register_libzuc, bench_register_ipsecmb,  bench_register_ipsecmb_nxa6,
    bench_register_gmssl,  bench_register_snow3g,   bench_register_openssl,
    bench_register_sodium, bench_register_cryptopp, bench_register_own,
    bench_register_probe,
};

void bench_backends_load(void)
{
    bench_registry_load(backends, sizeof backends / sizeof backends[0]);
}
