/* SPDX-License-Identifier: Apache-2.0 */
/* diff_common.c — the implementations, lengths, faults and buffers of the
 * differential target. */
#include "diff_common.h"

#include <stdlib.h>
#include <string.h>

#include "random.h"
#include "zuc.h"

#define MAX_IMPLS 16

static const char *impls[2][MAX_IMPLS];
static size_t n_impls[2];

static void add(diff_calls calls, const char *name)
{
    for (size_t i = 0; i < n_impls[calls]; i++)
        if (strcmp(impls[calls][i], name) == 0)
            return;
    if (n_impls[calls] < MAX_IMPLS)
        impls[calls][n_impls[calls]++] = name;
}

void diff_setup(void)
{
    if (n_impls[DIFF_ONE])
        return;
    if (!zuc_impl_usable("ref"))
        fuzz_fail("the reference implementation is not usable");
    add(DIFF_ONE, "ref");
    add(DIFF_MANY, "ref");
    for (const char *const *name = zuc_impl_list(); *name; name++) {
        if (!zuc_impl_usable(*name))
            continue;
        diff_use(*name);
        add(DIFF_ONE, zuc_impl_name());
        add(DIFF_MANY, zuc_impl_name_n());
    }
    zuc_force_impl("auto");
}

size_t diff_impl_count(diff_calls calls)
{
    return n_impls[calls];
}

const char *diff_impl(diff_calls calls, size_t i)
{
    return impls[calls][i];
}

void diff_use(const char *impl)
{
    if (zuc_force_impl(impl) != 0)
        fuzz_fail("zuc_force_impl(\"%s\") refused a usable implementation", impl);
}

void diff_check_rc(const char *call, const char *impl, int rc, unsigned allowed)
{
    if (allowed == 0 && rc != ZUC_OK)
        fuzz_fail("%s on %s: returned %d (%s) for valid arguments", call, impl, rc,
                  zuc_strerror(rc));
    if (allowed != 0 && (rc >= 0 || rc < -31 || !(allowed & DIFF_ERR(rc))))
        fuzz_fail("%s on %s: returned %d (%s); expected one of the error set 0x%x", call, impl, rc,
                  zuc_strerror(rc), allowed);
}

diff_fault diff_pick_fault(fuzz_input *in)
{
    unsigned v = fuzz_u8(in) % 32;
    return v < FAULT_KINDS ? (diff_fault)v : FAULT_NONE;
}

uint64_t diff_edge_length(fuzz_input *in, uint64_t limit)
{
    uint8_t how = fuzz_u8(in);
    uint64_t d = fuzz_u8(in), v;
    switch (how % 8) {
    case 0: v = limit + 1 + d; break;                 /* just beyond */
    case 1: v = SIZE_MAX - d; break;                  /* where a sum would wrap */
    case 2: v = limit - 8 + d; break;                 /* across the limit */
    case 3: v = ((uint64_t)1 << 32) - 128 + d; break; /* around 2^32 */
    case 4: v = (uint64_t)1 << (d % 64); break;
    case 5: v = SIZE_MAX / 8 - 128 + d; break;              /* bits <-> bytes */
    case 6: v = SIZE_MAX - 16 * (d % 17) - (d >> 5); break; /* L + 16 * tag bytes */
    default: v = fuzz_u64(in); break;
    }
    return v > SIZE_MAX ? SIZE_MAX : v;
}

size_t diff_beyond_length(fuzz_input *in, uint64_t limit)
{
    uint64_t v = diff_edge_length(in, limit);
    return (size_t)(v > limit ? v : limit + 1);
}

diff_length diff_pick_length(fuzz_input *in, uint64_t limit, size_t cap)
{
    uint8_t how = fuzz_u8(in);
    if (how < 192) /* half of them short: most bugs need a length, not a long one */
        return (diff_length){ fuzz_u16(in) % ((how & 1 ? cap : cap / 16) + 1), 0 };
    uint64_t v = diff_edge_length(in, limit);
    if (v > limit)
        return (diff_length){ (size_t)v, 1 };
    return (diff_length){ (size_t)(v % (cap + 1)), 0 };
}

size_t diff_pick_tag_bytes(fuzz_input *in, diff_fault fault)
{
    static const size_t valid[] = { 4, 8, 16 };
    /* near the valid sizes, and sizes that a cast to 8 or 32 bits would
     * turn into valid ones */
    static const size_t invalid[] = { 0,
                                      1,
                                      2,
                                      3,
                                      5,
                                      7,
                                      9,
                                      12,
                                      15,
                                      17,
                                      20,
                                      24,
                                      32,
                                      64,
                                      260,
                                      264,
                                      272,
                                      ((size_t)1 << 32) + 4,
                                      ((size_t)1 << 32) + 16,
                                      SIZE_MAX,
                                      SIZE_MAX - 3,
                                      SIZE_MAX - 15 };
    uint8_t v = fuzz_u8(in);
    if (fault != FAULT_TAG_SIZE)
        return valid[v % 3];
    if (v == 0xFF) {
        size_t any = (size_t)fuzz_u64(in);
        return any == 4 || any == 8 || any == 16 ? any + 1 : any;
    }
    return invalid[v % (sizeof invalid / sizeof invalid[0])];
}

size_t diff_bytes_of_bits(size_t bits)
{
    return bits / 8 + (bits % 8 != 0);
}

uint8_t *diff_alloc(size_t n)
{
    uint8_t *p = malloc(n ? n : 1);
    if (!p)
        fuzz_fail("out of memory (%zu bytes)", n);
    return p;
}

uint8_t *diff_copy(const uint8_t *p, size_t n)
{
    uint8_t *q = diff_alloc(n);
    if (n)
        memcpy(q, p, n);
    return q;
}

void diff_fill(uint8_t *buf, size_t n, uint64_t seed)
{
    splitmix64_fill(buf, n, &seed); /* every seed gives well-mixed bytes, zero included */
}

void diff_clear_tail(uint8_t *buf, size_t bits)
{
    if (bits % 8)
        buf[bits / 8] &= (uint8_t)(0xFF << (8 - bits % 8));
}

void diff_canary(uint8_t *buf, size_t n)
{
    memset(buf, DIFF_CANARY, n);
}

void diff_same(const char *call, const char *impl, const char *what, const uint8_t *a,
               const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            fuzz_fail("%s on %s: %s differs at byte %zu of %zu (0x%02x, expected 0x%02x)", call,
                      impl, what, i, n, a[i], b[i]);
}
