/* SPDX-License-Identifier: Apache-2.0 */
/* ipsecmb_absent.c — stands in for ipsec-mb when the build did not find it,
 * so `zucbench list` says why it is missing. */
#include "backends/backends.h"
#include "registry.h"

#ifndef ZUCBENCH_IPSECMB_ABSENT /* the configure step's reason, if it gave one */
#define ZUCBENCH_IPSECMB_ABSENT \
    "not found when configured (Debian: apt-get install libipsec-mb-dev; amd64 only)"
#endif

void bench_register_ipsecmb(void)
{
    bench_entry e = {
        .algorithm = "128-eea3/eia3, zuc-256",
        .backend = "ipsec-mb",
        .variant = "-",
        .unavailable = ZUCBENCH_IPSECMB_ABSENT,
    };
    bench_register(&e);
}
