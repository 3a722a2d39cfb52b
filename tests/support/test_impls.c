/* SPDX-License-Identifier: Apache-2.0 */
/* test_impls.c — the implementations only the tests link in: the emulated
 * builds of the SIMD paths (lib/x86_64/avx512/zuc_avx512_emu.c and
 * zuc_avx512_aesni_emu.c, and
 * lib/x86_64/avx2/zuc_avx2_vaes_emu.c with the VPCLMULQDQ fold of
 * lib/x86_64/clmul/zuc_mac_fold_vpclmul_emu.c, and the one-stream
 * lib/x86_64/ct/zuc_ct_gfni_emu.c and zuc_ct_avx512_emu.c), listed by zuc_impl_list()
 * after the library's own and forced by name like them. */
#include "zuc_impl.h"

extern const zuc_impl zuc_impl_avx512_emu;
extern const zuc_impl zuc_impl_avx512_aesni_emu;
extern const zuc_impl zuc_impl_avx2_vaes_emu;
extern const zuc_impl zuc_impl_ct_gfni_emu;
extern const zuc_impl zuc_impl_ct_avx512_emu;

const zuc_impl *const zuc_test_impls[] = { &zuc_impl_avx512_emu,    &zuc_impl_avx512_aesni_emu,
                                           &zuc_impl_avx2_vaes_emu, &zuc_impl_ct_gfni_emu,
                                           &zuc_impl_ct_avx512_emu, NULL };
