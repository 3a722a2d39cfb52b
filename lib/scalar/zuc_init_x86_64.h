/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_init_x86_64.h — the initialisation rounds (32, or 48) of zuc_scalar.c in
 * x86-64 assembly (AVX2, BMI2), for its x86-64-v3 build (zuc_scalar_v3.c).
 *
 * In initialisation the LFSR takes W >> 1, so the feedback is serial with F,
 * and the C rounds are bound by the integer ALUs, which F, the bit
 * reorganisation, W and the feedback all share (about 66 ALU operations a
 * round on four ALUs: 21 core cycles here). These rounds move X0, W and the
 * whole feedback, lazy reduction included, into one 64-bit lane of the vector
 * unit, which is otherwise idle: R1 and R2 cross over with one VMOVD each,
 * and the new cell goes to memory, where F reads the cells from. F stays in
 * the integer unit, with the tables and formulas of zuc_scalar.c (see fsm
 * there), now with about 42 ALU operations a round. Nothing feeds back from
 * W into F before five rounds have passed (through s5..s11), so the two loops
 * run side by side (the figures, and what else was tried: docs/performance.md).
 */
#ifndef ZUC_INIT_X86_64_H
#define ZUC_INIT_X86_64_H

#include <stddef.h>

/* The table offsets written in the assembly below. */
_Static_assert(offsetof(__typeof__(tab), r2) == 0 && sizeof tab.r2[0] == 0x800, "r2 layout");
_Static_assert(offsetof(__typeof__(tab), r1) == 0x2000 && sizeof tab.r1[0] == 0x400, "r1 layout");
_Static_assert(offsetof(__typeof__(tab), r1_low) == 0x3000 && sizeof tab.r1_low[0] == 0x800,
               "r1_low layout");

typedef long long v2i64 __attribute__((vector_size(16)));

/* Cell k of the spec at round i of a 16-round block: the cells are renamed,
 * never moved (see CELL in zuc_scalar.c). GAS evaluates the expression. */
/* clang-format off */
#define INIT_CELL(i, k) "4*((" #i "+" #k ")&15)(%q[s])"

/* One round. NEW holds s15 and OLD s14 (low lane); the new cell replaces OLD.
 * xmm8..xmm10 and xmm14 are scratch. */
#define INIT_ROUND(i, NEW, OLD)                                                  \
    /* W = (X0 ^ R1) + R2, X0 = s15H || s14L, in the vector lane */              \
    "vpslld $1, " NEW ", %%xmm14\n\t"                                            \
    "vpblendw $1, " OLD ", %%xmm14, %%xmm14\n\t"                                 \
    "vmovd %k[r1], %%xmm10\n\t"                                                  \
    "vpxor %%xmm10, %%xmm14, %%xmm14\n\t"                                        \
    "vmovd %k[r2], %%xmm10\n\t"                                                  \
    "vpaddd %%xmm10, %%xmm14, %%xmm14\n\t"                                       \
    "vpsrld $1, %%xmm14, %%xmm14\n\t"                                            \
    /* (1 + 2^8) s0 + 2^20 (s4 + 2 s10) + 2^17 s13 + 2^15 s15 + (W >> 1) */      \
    "vmovd " INIT_CELL(i, 0) ", %%xmm8\n\t"                                      \
    "vpsllq $8, %%xmm8, %%xmm9\n\t"                                              \
    "vpaddq %%xmm8, %%xmm9, %%xmm8\n\t"                                          \
    "vmovd " INIT_CELL(i, 10) ", %%xmm9\n\t"                                     \
    "vpaddq %%xmm9, %%xmm9, %%xmm9\n\t"                                          \
    "vmovd " INIT_CELL(i, 4) ", %%xmm10\n\t"                                     \
    "vpaddq %%xmm10, %%xmm9, %%xmm9\n\t"                                         \
    "vpsllq $20, %%xmm9, %%xmm9\n\t"                                             \
    "vpaddq %%xmm9, %%xmm8, %%xmm8\n\t"                                          \
    "vmovd " INIT_CELL(i, 13) ", %%xmm9\n\t"                                     \
    "vpsllq $17, %%xmm9, %%xmm9\n\t"                                             \
    "vpaddq %%xmm9, %%xmm8, %%xmm8\n\t"                                          \
    "vpsllq $15, " NEW ", %%xmm9\n\t"                                            \
    "vpaddq %%xmm9, %%xmm8, %%xmm8\n\t"                                          \
    "vpaddq %%xmm14, %%xmm8, %%xmm8\n\t"                                         \
    /* mod 2^31 - 1: two folds (the sum is below 2^55 and never 0) */           \
    "vpsrlq $31, %%xmm8, %%xmm9\n\t"                                             \
    "vpand %[m31], %%xmm8, %%xmm8\n\t"                                           \
    "vpaddq %%xmm9, %%xmm8, %%xmm8\n\t"                                          \
    "vpsrlq $31, %%xmm8, %%xmm9\n\t"                                             \
    "vpand %[m31], %%xmm8, %%xmm8\n\t"                                           \
    "vpaddq %%xmm9, %%xmm8, " OLD "\n\t"                                         \
    "vmovd " OLD ", " INIT_CELL(i, 0) "\n\t"                                     \
    /* F: W1 = R1 + X1 (X1 = s11L || s9H); u = W1L || s7L with R1L << 16 */      \
    "movl " INIT_CELL(i, 9) ", %k[f]\n\t"                                        \
    "shrl $15, %k[f]\n\t"                                                        \
    "rorxl $16, " INIT_CELL(i, 11) ", %k[a]\n\t"                                 \
    "movw %w[f], %w[a]\n\t"                                                      \
    "addl %k[r1], %k[a]\n\t"                                                     \
    "rorxl $16, %k[f], %k[b]\n\t"                                                \
    "movw " INIT_CELL(i, 7) ", %w[b]\n\t"                                        \
    "addl %k[rlu], %k[b]\n\t"                                                    \
    /* L1(u) ^ L1(R2H) = (y <<< 2) ^ (y <<< 24) ^ (u <<< 18) ^ h, y = u ^ (u <<< 8) */ \
    "rorxl $24, %k[b], %k[c]\n\t"                                                \
    "xorl %k[b], %k[c]\n\t"                                                      \
    "rorxl $30, %k[c], %k[d]\n\t"                                                \
    "rorxl $8, %k[c], %k[c]\n\t"                                                 \
    "xorl %k[d], %k[c]\n\t"                                                      \
    "rorxl $14, %k[b], %k[b]\n\t"                                                \
    "xorl %k[h], %k[b]\n\t"                                                      \
    "xorl %k[c], %k[b]\n\t"                                                      \
    /* v = W1H || s5H; L2(v) ^ L2(R2L) = y ^ (y <<< 14) ^ (v <<< 30) ^ l */      \
    "movl " INIT_CELL(i, 5) ", %k[f]\n\t"                                        \
    "shrl $15, %k[f]\n\t"                                                        \
    "movw %w[f], %w[a]\n\t"                                                      \
    "rorxl $24, %k[a], %k[c]\n\t"                                                \
    "xorl %k[a], %k[c]\n\t"                                                      \
    "rorxl $18, %k[c], %k[d]\n\t"                                                \
    "xorl %k[d], %k[c]\n\t"                                                      \
    "rorxl $2, %k[a], %k[a]\n\t"                                                 \
    "xorl %k[l], %k[a]\n\t"                                                      \
    "xorl %k[c], %k[a]\n\t"                                                      \
    /* R1 = S(L1), and R1L << 16, from tab.r1_low and tab.r1 */                  \
    "movzbl %b[b], %k[c]\n\t"                                                    \
    "movzbl %h[b], %k[d]\n\t"                                                    \
    "shrl $16, %k[b]\n\t"                                                        \
    "movzbl %h[b], %k[f]\n\t"                                                    \
    "movzbl %b[b], %k[b]\n\t"                                                    \
    "movq 0x3000(%q[t],%q[d],8), %q[rlu]\n\t"                                    \
    "orq 0x3800(%q[t],%q[c],8), %q[rlu]\n\t"                                     \
    "movl 0x2000(%q[t],%q[f],4), %k[r1]\n\t"                                     \
    "orl 0x2400(%q[t],%q[b],4), %k[r1]\n\t"                                      \
    "orl %k[rlu], %k[r1]\n\t"                                                    \
    "shrq $32, %q[rlu]\n\t"                                                      \
    /* R2 = S(L2), with L1(R2H) and L2(R2L) for the next round, from tab.r2 */   \
    "movzbl %b[a], %k[c]\n\t"                                                    \
    "movzbl %h[a], %k[d]\n\t"                                                    \
    "shrl $16, %k[a]\n\t"                                                        \
    "movzbl %h[a], %k[f]\n\t"                                                    \
    "movzbl %b[a], %k[a]\n\t"                                                    \
    "movq 0x0000(%q[t],%q[d],8), %q[h]\n\t"                                      \
    "xorq 0x0800(%q[t],%q[c],8), %q[h]\n\t"                                      \
    "movq 0x1000(%q[t],%q[f],8), %q[l]\n\t"                                      \
    "xorq 0x1800(%q[t],%q[a],8), %q[l]\n\t"                                      \
    "movq %q[h], %q[r2]\n\t"                                                     \
    "xorq %q[l], %q[r2]\n\t"                                                     \
    "shrq $32, %q[r2]\n\t"

/* Two rounds: the registers of s15 and s14 swap roles each round. */
#define INIT_PAIR(i, j) INIT_ROUND(i, "%[xa]", "%[xb]") INIT_ROUND(j, "%[xb]", "%[xa]")

/* 16 * blocks rounds of initialisation (2 or 3 blocks) from R1 = R2 = 0 on
 * the cells in c->s; F's registers are left in c->f. */
/* clang-format on */
static void init_rounds(core *c, unsigned blocks)
{
    uint64_t r1 = 0, rlu = 0, r2 = 0, h = 0, l = 0; /* R1, R1L << 16, R2, L1(R2H), L2(R2L) */
    uint64_t a, b, t1, t2, f;
    v2i64 xa = { (long long)c->s[15], 0 }, xb = { (long long)c->s[14], 0 };
    const v2i64 m31 = { 0x7fffffff, 0x7fffffff };
    for (unsigned block = 0; block < blocks; block++) {
        /* a, b: byte registers (%h); d, f: destinations of %h loads (no REX) */
        __asm__(INIT_PAIR(0, 1) INIT_PAIR(2, 3) INIT_PAIR(4, 5) INIT_PAIR(6, 7) INIT_PAIR(8, 9)
                    INIT_PAIR(10, 11) INIT_PAIR(12, 13) INIT_PAIR(14, 15)
                : [r1] "+r"(r1), [rlu] "+r"(rlu), [r2] "+r"(r2), [h] "+r"(h), [l] "+r"(l),
                  [a] "=&a"(a), [b] "=&b"(b), [c] "=&r"(t1), [d] "=&S"(t2), [f] "=&D"(f),
                  [xa] "+x"(xa), [xb] "+x"(xb), "+m"(*(uint32_t(*)[16])c->s)
                : [s] "r"(c->s), [t] "r"(&tab), [m31] "x"(m31), "m"(tab)
                : "cc", "xmm8", "xmm9", "xmm10", "xmm14");
    }
    c->f.r1 = (uint32_t)r1;
    c->f.r1_low_up = (uint32_t)rlu;
    c->f.r2 = (uint32_t)r2;
    c->f.l1_r2h = (uint32_t)h;
    c->f.l2_r2l = (uint32_t)l;
}

#undef INIT_PAIR
#undef INIT_ROUND
#undef INIT_CELL

#endif
