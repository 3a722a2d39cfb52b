/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_dispatch.c — CPU feature detection and the choice of implementation.
 *
 * The list below is ordered widest first. Two choices are made once and
 * cached: for many messages per call (zuc_*_n), the first usable one; for
 * one message, the first usable one-lane path (lanes help only when there
 * are messages to fill them). zuc_force_impl() sets both (tests, zucbench
 * --impl) so every path stays reachable on one machine; a multi-lane path
 * forced so takes the many-message calls, and one message still runs on the
 * best one-lane path.
 *
 * One message per call runs a constant-time path by default (ct-avx512,
 * ct-gfni, ct-aesni, ct-neon, else the portable ct); the table paths (scalar-v3,
 * scalar: faster, not constant time) run only when chosen: by
 * zuc_force_impl, by ZUC_IMPL in the environment (read once, at the first
 * call), or for the whole build by -DZUC_TABLES_DEFAULT=ON.
 *
 * Built with ZUC_NO_AVX512 (CMake -DZUC_NO_AVX512=ON), the AVX-512 feature
 * bits read from CPUID are masked: zuc_cpu_has_avx512() is 0, and a path
 * that needs AVX-512 is neither usable, nor chosen, nor accepted by
 * zuc_force_impl (nor listed, as none is compiled in). */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "zuc_impl.h"

#if defined(ZUC_HAVE_PMULL)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif
#if defined(__x86_64__)
#include <cpuid.h>
#endif

/* AVX-512 paths go first, inside
 * #if defined(__x86_64__) && !defined(ZUC_NO_AVX512). */
static const zuc_impl *const all_impls[] = {
#if defined(__x86_64__) && !defined(ZUC_NO_AVX512)
    &zuc_impl_avx512_gfni, &zuc_impl_avx512_aesni, &zuc_impl_ct_avx512,
#endif
#if defined(__x86_64__)
    &zuc_impl_avx2_vaes,   &zuc_impl_avx2,         &zuc_impl_ct_gfni,   &zuc_impl_ct_aesni,
#endif
#if defined(ZUC_HAVE_CT_NEON)
    &zuc_impl_ct_neon,
#endif
    &zuc_impl_ct,
#if defined(__x86_64__)
    &zuc_impl_scalar_v3,
#endif
    &zuc_impl_scalar,      &zuc_impl_ref,
};
#define N_IMPLS (sizeof all_impls / sizeof all_impls[0])

/* Test-only implementations (zuc_test_impls) the list can hold. */
#define MAX_TEST_IMPLS 8

static _Atomic(const zuc_impl *) active, active_n;

static size_t test_impl_count(void)
{
    size_t n = 0;
    if (zuc_test_impls)
        while (n < MAX_TEST_IMPLS && zuc_test_impls[n])
            n++;
    return n;
}

static size_t impl_count(void)
{
    return N_IMPLS + test_impl_count();
}

static const zuc_impl *impl_at(size_t i)
{
    return i < N_IMPLS ? all_impls[i] : zuc_test_impls[i - N_IMPLS];
}

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

#if defined(ZUC_HAVE_PMULL)
int zuc_cpu_has_pmull(void)
{
    return (getauxval(AT_HWCAP) & HWCAP_PMULL) != 0;
}
#endif

int zuc_cpu_has_avx2(void)
{
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE) || !(c & bit_AVX))
        return 0;
    unsigned xcr0_lo, xcr0_hi;
    __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    if ((xcr0_lo & 6) != 6 || !__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    return (b & bit_AVX2) != 0;
#else
    return 0;
#endif
}

int zuc_cpu_has_vpclmul(void)
{
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!zuc_cpu_has_pclmul() || !zuc_cpu_has_avx2() || !__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    return (c & bit_VPCLMULQDQ) != 0;
#else
    return 0;
#endif
}

/* CPUID leaf 7 EBX: AVX512F (16), AVX512BW (30), AVX512VL (31). */
#define AVX512_FBWVL ((1u << 16) | (1u << 30) | (1u << 31))
/* XCR0: SSE, AVX (YMM) and the opmask, ZMM0-15 high and ZMM16-31 states. */
#define XCR0_AVX512 0xE6u

int zuc_cpu_has_avx512(void)
{
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE))
        return 0;
    unsigned xcr0_lo, xcr0_hi;
    __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    if ((xcr0_lo & XCR0_AVX512) != XCR0_AVX512 || !__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
#if defined(ZUC_NO_AVX512)
    b &= ~AVX512_FBWVL; /* as if the CPU had none */
#endif
    return (b & AVX512_FBWVL) == AVX512_FBWVL;
#else
    return 0;
#endif
}

/* Can run here: the CPU and OS have what it needs, AVX-512 included. */
static int runs_here(const zuc_impl *im)
{
    return (!im->needs_avx512 || zuc_cpu_has_avx512()) && im->usable();
}

static const zuc_impl *find(const char *name)
{
    for (size_t i = 0; i < impl_count(); i++)
        if (strcmp(impl_at(i)->name, name) == 0)
            return impl_at(i);
    return NULL;
}

/* One message per call: constant time by default. The first usable
 * one-lane path whose constant_time is want_ct (the reference aside). */
#if defined(ZUC_TABLES_DEFAULT)
#define ONE_MESSAGE_CT 0 /* -DZUC_TABLES_DEFAULT=ON: scalar-v3 / scalar */
#else
#define ONE_MESSAGE_CT 1
#endif

/* The first usable implementation with at most max_lanes lanes; with one
 * lane, the first of the default kind (ONE_MESSAGE_CT). */
static const zuc_impl *best_usable(unsigned max_lanes)
{
    for (size_t i = 0; i < N_IMPLS; i++) {
        const zuc_impl *im = all_impls[i];
        if (max_lanes == 1 && (im->constant_time != ONE_MESSAGE_CT || im == &zuc_impl_ref))
            continue;
        if (im->lanes <= max_lanes && runs_here(im))
            return im;
    }
    return &zuc_impl_ref;
}

/* ZUC_IMPL in the environment, read once at the first choice: the name of a
 * path, as zuc_force_impl takes it ("scalar-v3" for the table path), or
 * "auto"; an unknown or unusable name is ignored. */
static const zuc_impl *from_environment(int one)
{
    const char *name = getenv("ZUC_IMPL");
    const zuc_impl *im = name ? find(name) : NULL;
    if (!im || !runs_here(im))
        return NULL;
    if (one && im->lanes > 1)
        return NULL;
    return im;
}

static void choose(const zuc_impl *one, const zuc_impl *many)
{
    atomic_store_explicit(&active_n, many, memory_order_release);
    atomic_store_explicit(&active, one, memory_order_release);
}

const zuc_impl *zuc_active_impl(void)
{
    const zuc_impl *im = atomic_load_explicit(&active, memory_order_acquire);
    if (!im) {
        im = from_environment(1);
        if (!im)
            im = best_usable(1);
        atomic_store_explicit(&active, im, memory_order_release);
    }
    return im;
}

const zuc_impl *zuc_active_impl_n(void)
{
    const zuc_impl *im = atomic_load_explicit(&active_n, memory_order_acquire);
    if (!im) {
        im = from_environment(0);
        if (!im)
            im = best_usable(ZUC_LANES_MAX);
        atomic_store_explicit(&active_n, im, memory_order_release);
    }
    return im;
}

const char *zuc_impl_name(void)
{
    return zuc_active_impl()->name;
}

const char *zuc_impl_name_n(void)
{
    return zuc_active_impl_n()->name;
}

int zuc_force_impl(const char *name)
{
    if (!name)
        return ZUC_ENULL;
    if (strcmp(name, "auto") == 0) {
        choose(best_usable(1), best_usable(ZUC_LANES_MAX));
        return ZUC_OK;
    }
    const zuc_impl *im = find(name);
    if (!im || !runs_here(im))
        return ZUC_EIMPL;
    choose(im->lanes > 1 ? best_usable(1) : im, im);
    return ZUC_OK;
}

/* The names of all_impls, then of zuc_test_impls where the tests link
 * some in: made once, by the first caller, while any other waits. */
const char *const *zuc_impl_list(void)
{
    static const char *names[N_IMPLS + MAX_TEST_IMPLS + 1];
    static atomic_int state; /* 0: not made, 1: being made, 2: made */
    int expected = 0;
    if (atomic_load_explicit(&state, memory_order_acquire) == 2)
        return names;
    if (atomic_compare_exchange_strong(&state, &expected, 1)) {
        for (size_t i = 0; i < impl_count(); i++)
            names[i] = impl_at(i)->name;
        atomic_store_explicit(&state, 2, memory_order_release);
    }
    while (atomic_load_explicit(&state, memory_order_acquire) != 2)
        ;
    return names;
}

int zuc_impl_usable(const char *name)
{
    const zuc_impl *im = name ? find(name) : NULL;
    return im && runs_here(im);
}
