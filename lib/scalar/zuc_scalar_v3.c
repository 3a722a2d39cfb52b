/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_scalar_v3.c — the one-stream path of zuc_scalar.c built again for
 * x86-64 CPUs with AVX2, BMI1/2 and MOVBE (the x86-64-v3 level, Haswell and
 * Zen on), as the implementation "scalar-v3". The source is the same portable
 * C; the flags give it three-operand vector instructions (the block path's
 * LFSR lanes without register copies, which also lets F take L2 of its LFSR
 * input from them), non-destructive shifts and rotations, and byte-swapping
 * loads. The initialisation rounds are the assembly of zuc_init_x86_64.h
 * (figures: docs/performance.md). The dispatcher
 * prefers it where the CPU has those. */
#include "zuc_scalar.c"
