/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_avx2_vaes.c — the 8-lane AVX2 path with S1's AES round on whole
 * 256-bit registers (VAES): the source of zuc_avx2.c built again with
 * -mavx2 -maes -mvaes, as the implementation "avx2-vaes". */
#include "zuc_avx2.c"
