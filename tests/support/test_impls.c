/* test_impls.c — the implementations only the tests link in: the emulated
 * builds of the SIMD paths (lib/x86_64/avx512/zuc_avx512_emu.c), listed by
 * zuc_impl_list() after the library's own and forced by name like them. */
#include "zuc_impl.h"

extern const zuc_impl zuc_impl_avx512_emu;

const zuc_impl *const zuc_test_impls[] = { &zuc_impl_avx512_emu, NULL };
