/* SPDX-License-Identifier: Apache-2.0 */
/* ipsecmb_absent.c — stands in for ipsec-mb when the build did not find it,
 * so `zucbench list` says why it is missing. */
#include "../registry.h"

void bench_register_ipsecmb(void)
{
    bench_entry e = {
        .algorithm = "128-eea3/eia3, zuc-256",
        .backend = "ipsec-mb",
        .variant = "-",
        .unavailable = "not found when configured (Debian: apt-get install libipsec-mb-dev; amd64 only)",
    };
    bench_register(&e);
}
