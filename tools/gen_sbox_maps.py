#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Derives the nibble tables with which lib/x86_64/avx2/zuc_avx2_sbox.h computes ZUC's
S-boxes without looking them up (3GPP Doc 2 §3.4.2), and the GFNI matrices of
S1 for lib/x86_64/avx512/zuc_avx512_sbox.h, and prints them as C.

S1 is affine-equivalent to the AES S-box: S1(x) = B(AES(A(x))), A linear
(the isomorphism from S1's field onto the AES field that maps x to a root
beta of S1's field polynomial), B affine. beta is found by trying every byte:
for the right ones, B(y) = S1(A^-1(AES^-1(y))) is affine. A and B are then
applied with two 16-entry tables each (one per nibble). With GFNI, S1 is
GF2P8AFFINEQB by A, then GF2P8AFFINEINVQB (field inverse, then an affine
map) by h = B o (the AES S-box's affine step): two instructions.

S0 is a network of three 4-bit boxes (ZUC design report): with x = x1 || x2,
    t1 = x1 ^ P1[x2],  t2 = x2 ^ P2[t1],  t3 = t1 ^ P3[t2],
    S0(x) = (t3 || t2) <<< 5.
The last two lines become S0(x) = Q[t1] ^ R[t2] with
    Q[a] = (a << 4) <<< 5,  R[b] = (P3[b] << 4) <<< 5 ^ b <<< 5.

Every identity is checked here over all 256 inputs (and again, on the
vector code itself, by tests/sbox_avx2.c).
Usage: python3 tools/gen_sbox_maps.py [--check lib/core/zuc_sbox_maps.h]
prints lib/core/zuc_sbox_maps.h, derived from lib/core/zuc_sbox_bytes.h; with
--check, exits 1 unless the file given holds exactly that (make test runs it).
"""
import os
import re
import sys
from functools import reduce

P1 = [9, 15, 0, 14, 15, 15, 2, 10, 0, 4, 0, 12, 7, 5, 3, 9]
P2 = [8, 13, 6, 5, 7, 0, 12, 4, 11, 1, 14, 10, 15, 3, 9, 2]
P3 = [2, 6, 10, 6, 0, 13, 10, 15, 3, 3, 13, 5, 0, 9, 12, 13]


def read_sboxes(path):
    text = open(path).read()
    tables = re.findall(r"#define ZUC_SBOX[01]_LIST\(X\)((?:[^\n]*\\\n)*[^\n]*)", text)
    s0, s1 = ([int(h, 16) for h in re.findall(r"0x[0-9a-fA-F]+", t)] for t in tables[:2])
    assert len(s0) == 256 and len(s1) == 256
    return s0, s1


def gf_mul(a, b):
    """Multiplication in the AES field GF(2)[x] / (x^8 + x^4 + x^3 + x + 1)."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        b >>= 1
        a <<= 1
        if a & 0x100:
            a ^= 0x11B
    return r


def rotl8(x, k):
    return ((x << k) | (x >> (8 - k))) & 0xFF


def aes_sbox():
    inv = [0] * 256
    for a in range(1, 256):
        inv[a] = next(b for b in range(1, 256) if gf_mul(a, b) == 1)
    return [i ^ rotl8(i, 1) ^ rotl8(i, 2) ^ rotl8(i, 3) ^ rotl8(i, 4) ^ 0x63 for i in inv]


def linear_map(columns):
    """The GF(2)-linear byte map sending bit i to columns[i], as a table."""
    return [reduce(lambda acc, i: acc ^ (columns[i] if x >> i & 1 else 0), range(8), 0)
            for x in range(256)]


def affine_or_none(f):
    c = f[0]
    lin = linear_map([f[1 << i] ^ c for i in range(8)])
    return f if all(lin[x] ^ c == f[x] for x in range(256)) else None


def derive_s1(s1):
    aes = aes_sbox()
    aes_inv = [0] * 256
    for x in range(256):
        aes_inv[aes[x]] = x
    for beta in range(2, 256):
        powers = [1]
        for _ in range(7):
            powers.append(gf_mul(powers[-1], beta))
        a = linear_map(powers)
        if len(set(a)) != 256:
            continue
        a_inv = [0] * 256
        for x in range(256):
            a_inv[a[x]] = x
        b = affine_or_none([s1[a_inv[aes_inv[y]]] for y in range(256)])
        if b:
            assert all(b[aes[a[x]]] == s1[x] for x in range(256))
            return beta, a, b
    raise SystemExit("S1 is not affine-equivalent to the AES S-box?")


def derive_s0(s0):
    q = [rotl8(v << 4 & 0xFF, 5) for v in range(16)]
    r = [rotl8(P3[v] << 4 & 0xFF, 5) ^ rotl8(v, 5) for v in range(16)]
    for x in range(256):
        t1 = (x >> 4) ^ P1[x & 15]
        t2 = (x & 15) ^ P2[t1]
        assert q[t1] ^ r[t2] == s0[x], "S0 network mismatch"
    return q, r


def gfni_matrix(f):
    """The 64-bit matrix operand of GF2P8AFFINEQB for the linear byte map f:
    output bit i is the parity of (byte 7 - i of the matrix) AND the input."""
    m = 0
    for i in range(8):
        row = sum(1 << j for j in range(8) if f[1 << j] >> i & 1)
        m |= row << (8 * (7 - i))
    return m


def gfni_affine(x, m, c):
    """GF2P8AFFINEQB on one byte, as the instruction defines it."""
    return sum((bin((m >> (8 * (7 - i))) & 0xFF & x).count("1") & 1) << i
               for i in range(8)) ^ c


def derive_s1_gfni(s1, a, b):
    """S1 = B o AES o A = h o inv o A, with h(w) = B(AES's affine step of w):
    GF2P8AFFINEQB by A, then GF2P8AFFINEINVQB (inverse first) by h."""
    h = [b[aes_affine(w)] for w in range(256)]
    h_lin = [v ^ h[0] for v in h]
    ma, mh = gfni_matrix(a), gfni_matrix(h_lin)
    inv = [0] + [next(y for y in range(1, 256) if gf_mul(x, y) == 1) for x in range(1, 256)]
    assert all(gfni_affine(inv[gfni_affine(x, ma, 0)], mh, h[0]) == s1[x] for x in range(256))
    return ma, mh, h[0]


def aes_affine(w):
    return w ^ rotl8(w, 1) ^ rotl8(w, 2) ^ rotl8(w, 3) ^ rotl8(w, 4) ^ 0x63


def nibble_tables(f):
    """f(x) = lo[x & 15] ^ hi[x >> 4] for an affine f (constant in lo)."""
    c = f[0]
    return [f[v] for v in range(16)], [f[v << 4] ^ c for v in range(16)]


def c_list(name, values):
    """A #define of the values, eight a line."""
    rows = [", ".join("0x%02x" % v for v in values[i:i + 8]) for i in range(0, len(values), 8)]
    return "#define %s \\\n    %s" % (name, ", \\\n    ".join(rows))


HEADER = """/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_sbox_maps.h — ZUC's S-boxes (3GPP Doc 2 §3.4.2) as maps that SIMD code
 * computes without table lookups: nibble tables for byte shuffles (VPSHUFB,
 * used by lib/x86_64/avx2/zuc_avx2_sbox.h and
 * lib/x86_64/avx512/zuc_avx512_sbox_aesni.h) and GFNI matrices (used by
 * lib/x86_64/avx512/zuc_avx512_sbox.h). Generated from zuc_sbox_bytes.h by
 * tools/gen_sbox_maps.py, which derives and checks every identity; make test
 * checks that this file is its output. Do not edit. */
#ifndef ZUC_SBOX_MAPS_H
#define ZUC_SBOX_MAPS_H

/* clang-format off */

/* S1(x) = B(AES(A(x))), beta = 0x%02x; A and B per nibble:
 * f(x) = LO[x & 15] ^ HI[x >> 4] */
%s
%s
%s
%s

/* S0: x = x1 || x2, t1 = x1 ^ P1[x2], t2 = x2 ^ P2[t1], S0(x) = 2 t1 ^ R[t2] */
%s
%s
%s

/* GFNI: S1(x) = GF2P8AFFINEINVQB(GF2P8AFFINEQB(x, A, 0), H, C) */
#define ZUC_GFNI_S1_A 0x%016xULL
#define ZUC_GFNI_S1_H 0x%016xULL
#define ZUC_GFNI_S1_C 0x%02x
/* clang-format on */

#endif /* ZUC_SBOX_MAPS_H */
"""


def header(bytes_path):
    s0, s1 = read_sboxes(bytes_path)
    beta, a, b = derive_s1(s1)
    q, r = derive_s0(s0)
    assert q == [(2 * t) & 0xFF for t in range(16)]     # Q[t] = 2t: the code adds t to itself
    a_lo, a_hi = nibble_tables(a)
    b_lo, b_hi = nibble_tables(b)
    ma, mh, hc = derive_s1_gfni(s1, a, b)
    return HEADER % (beta, c_list("ZUC_S1_A_LO", a_lo), c_list("ZUC_S1_A_HI", a_hi),
                     c_list("ZUC_S1_B_LO", b_lo), c_list("ZUC_S1_B_HI", b_hi),
                     c_list("ZUC_S0_P1", P1), c_list("ZUC_S0_P2", P2), c_list("ZUC_S0_R", r),
                     ma, mh, hc)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    text = header(os.path.join(here, "..", "lib", "core", "zuc_sbox_bytes.h"))
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        if open(sys.argv[2]).read() != text:
            print("%s differs from tools/gen_sbox_maps.py's output: regenerate it with\n"
                  "  python3 tools/gen_sbox_maps.py > %s" % (sys.argv[2], sys.argv[2]))
            sys.exit(1)
        print("%s matches tools/gen_sbox_maps.py" % sys.argv[2])
    elif len(sys.argv) == 1:
        sys.stdout.write(text)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
