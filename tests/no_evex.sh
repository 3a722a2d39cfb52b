#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The emulated objects must run on any x86-64, and under valgrind 3.19:
# objdump finds no 512-bit register, opmask register or EVEX-only mnemonic
# in them, no instruction encoded with EVEX (first byte 0x62, which is
# nothing else in 64-bit mode), and no VAES or VPCLMULQDQ (AES and
# carry-less multiplication on ymm/zmm registers; the 128-bit AES-NI and
# PCLMULQDQ forms are allowed).
set -eu
found=0
[ "$#" -gt 0 ] || { echo "emulated_no_evex: no object given"; exit 1; }
for obj in "$@"; do
    objdump -d "$obj" > /dev/null || { echo "emulated_no_evex: cannot read $obj"; exit 1; }
    n=$(objdump -d "$obj" | grep -cE '%zmm|%k[0-7]|\{1to|vpternlog|vpermt2|vpshld|gf2p8' || true)
    e=$(objdump -d "$obj" | awk -F'\t' 'NF >= 3 && $2 ~ /^62 /' | wc -l)
    v=$(objdump -d "$obj" | grep -cE '\sv(aes[a-z]*|pclmul[a-z]*)\s.*%[yz]mm' || true)
    echo "emulated_no_evex: $(basename "$obj"): $n AVX-512 instructions, $e EVEX-encoded, $v VAES/VPCLMULQDQ"
    [ "$n" -eq 0 ] && [ "$e" -eq 0 ] && [ "$v" -eq 0 ] || found=1
done
[ "$found" -eq 0 ] && echo "emulated_no_evex: 1 passed, 0 failed" && exit 0
echo "emulated_no_evex: 0 passed, 1 failed"
exit 1
