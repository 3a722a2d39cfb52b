/* SPDX-License-Identifier: Apache-2.0 */
/* ciphers_kat.c — the peers as the evaluation suite runs them: each registry
 * entry's published vector (libraries too: it proves the wiring), and the
 * cross-checks of the ciphers two libraries offer (Salsa20/12: libsodium and
 * Crypto++ with 12 rounds; ChaCha20, AES-256-GCM and ChaCha20-Poly1305:
 * libsodium and OpenSSL). Our own
 * ciphers' full vector sets are in own_ciphers_kat.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backends.h"
#include "registry.h"
#include "support/testutil.h"

static void check_registry_vectors(void)
{
    size_t n;
    const bench_entry *all = bench_registry(&n);
    for (size_t i = 0; i < n; i++) {
        const bench_entry *e = &all[i];
        if (!e->known_answer)
            continue;
        if (e->unavailable) {
            printf("%-14s %-9s %-10s UNAVAILABLE\n", e->algorithm, e->backend, e->variant);
            continue;
        }
        int ok = e->known_answer() == 0;
        check_count(ok);
        printf("%-14s %-9s %-10s published vector %s\n", e->algorithm, e->backend, e->variant,
               ok ? "ok" : "FAILED");
    }
}

static const bench_entry *find(const char *algorithm, const char *backend)
{
    size_t n;
    const bench_entry *all = bench_registry(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(all[i].algorithm, algorithm) == 0 && strcmp(all[i].backend, backend) == 0 &&
            !all[i].unavailable && all[i].run)
            return &all[i];
    return NULL;
}

/* The two sources agree on random keys, IVs and lengths 1..2000. */
static void cross_check(const char *algorithm, const char *a_backend, const char *b_backend)
{
    const bench_entry *a = find(algorithm, a_backend), *b = find(algorithm, b_backend);
    if (!a || !b) {
        printf("%-14s %s vs %s UNAVAILABLE\n", algorithm, a_backend, b_backend);
        return;
    }
    size_t lens[40];
    for (size_t i = 0; i < 40; i++)
        lens[i] = 1 + (i * 997 + 13) % 2000;
    bench_batch *x = bench_batch_new_lens(40, lens, a->output, 7);
    bench_batch *y = bench_batch_new_lens(40, lens, b->output, 7);
    int ok = a->output == b->output && a->run(x) == 0 && b->run(y) == 0 &&
             memcmp(x->out_base, y->out_base, x->out_total) == 0;
    check_count(ok);
    printf("%-14s %s vs %s, 40 random messages %s\n", algorithm, a_backend, b_backend,
           ok ? "agree" : "DISAGREE");
    bench_batch_free(x);
    bench_batch_free(y);
}

int main(void)
{
    bench_backends_load();
    check_registry_vectors();
    cross_check("salsa20-12", "sodium", "cryptopp");
    cross_check("chacha20", "sodium", "openssl");
    cross_check("aes-256-gcm", "openssl", "sodium");
    cross_check("chacha20-poly1305", "openssl", "sodium");
    return check_report("ciphers_kat");
}
