/* SPDX-License-Identifier: Apache-2.0 */
/* tables.h — the tables the variants look up: ZUC's S-boxes S0 and S1, the
 * merged S-boxes of §3.4 and the L1/L2 tables of §3.8. Built once by
 * abl_tables_init() (abl_variants() and abl_variant_find() call it). */
#ifndef BENCH_ABLATION_TABLES_H
#define BENCH_ABLATION_TABLES_H

#include <stdint.h>

/* 3GPP Doc 2 §3.4.2. */
extern const uint8_t abl_s0[256];
extern const uint8_t abl_s1[256];

/* bigS(ab) = S0(a) << 8 | S1(b): S of a 32-bit word in two lookups (128 KiB). */
extern uint16_t abl_big_s[65536];
/* bigSHigh(ab) = bigS(ab) << 16 and bigSLow(ab) = bigS(ab): S in two lookups
 * and one XOR, no shift (256 KiB each). */
extern uint32_t abl_big_s_high[65536];
extern uint32_t abl_big_s_low[65536];

/* abl_lN_table[j][a] = LN(a << (24 - 8 j)): LN(x) is the XOR of four lookups,
 * one per byte of x, most significant first. */
extern uint32_t abl_l1_table[4][256];
extern uint32_t abl_l2_table[4][256];

void abl_tables_init(void);

#endif
