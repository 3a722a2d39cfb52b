/* SPDX-License-Identifier: Apache-2.0 */
/* backends.c — the list of backends: the registry asks for it once, and
 * each backend registers its entries (a missing peer its absent stand-in,
 * backends/absent.c), so the registry itself names none of them. */
#include "backends/backends.h"

#include "registry.h"

void bench_register_backends(void)
{
    bench_register_libzuc();
    bench_register_ipsecmb();
    bench_register_ipsecmb_nxa6();
    bench_register_gmssl();
    bench_register_snow3g();
    bench_register_openssl();
    bench_register_sodium();
    bench_register_cryptopp();
    bench_register_own();
}
