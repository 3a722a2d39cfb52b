/* zuc_dispatch.c — CPU feature detection and the choice of implementation.
 *
 * The list below is ordered widest first; the first usable one is chosen
 * once and cached. zuc_force_impl() overrides the choice (tests, zucbench
 * --impl) so every path stays reachable on one machine. */
#include <stdatomic.h>
#include <string.h>

#include "zuc_impl.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

static const zuc_impl *const all_impls[] = {
    &zuc_impl_scalar,
    &zuc_impl_ref,
};
#define N_IMPLS (sizeof all_impls / sizeof all_impls[0])

static const char *const impl_names[N_IMPLS + 1] = {
    "scalar", "ref", NULL,
};

static _Atomic(const zuc_impl *) active;

int zuc_cpu_has_pclmul(void)
{
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    return (c & bit_PCLMUL) && (c & bit_SSE4_1) && (c & bit_SSSE3);
#else
    return 0;
#endif
}

static const zuc_impl *find(const char *name)
{
    for (size_t i = 0; i < N_IMPLS; i++)
        if (strcmp(all_impls[i]->name, name) == 0)
            return all_impls[i];
    return NULL;
}

static const zuc_impl *best_usable(void)
{
    for (size_t i = 0; i < N_IMPLS; i++)
        if (all_impls[i]->usable())
            return all_impls[i];
    return &zuc_impl_ref;
}

const zuc_impl *zuc_active_impl(void)
{
    const zuc_impl *im = atomic_load_explicit(&active, memory_order_acquire);
    if (!im) {
        im = best_usable();
        atomic_store_explicit(&active, im, memory_order_release);
    }
    return im;
}

const char *zuc_impl_name(void)
{
    return zuc_active_impl()->name;
}

int zuc_force_impl(const char *name)
{
    if (!name)
        return -1;
    if (strcmp(name, "auto") == 0) {
        atomic_store_explicit(&active, best_usable(), memory_order_release);
        return 0;
    }
    const zuc_impl *im = find(name);
    if (!im || !im->usable())
        return -1;
    atomic_store_explicit(&active, im, memory_order_release);
    return 0;
}

const char *const *zuc_impl_list(void)
{
    return impl_names;
}

int zuc_impl_usable(const char *name)
{
    const zuc_impl *im = name ? find(name) : NULL;
    return im && im->usable();
}
