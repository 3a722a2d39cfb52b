#!/bin/sh
# The emulated AVX-512 objects must run on any x86-64: objdump finds no
# 512-bit register, opmask register or EVEX-only mnemonic in them.
set -eu
found=0
for obj in "$@"; do
    n=$(objdump -d "$obj" | grep -cE '%zmm|%k[0-7]|\{1to|vpternlog|vpermt2|vpshld|gf2p8' || true)
    echo "emulated_no_evex: $(basename "$obj"): $n AVX-512 instructions"
    [ "$n" -eq 0 ] || found=1
done
[ "$found" -eq 0 ] && echo "emulated_no_evex: 1 passed, 0 failed" && exit 0
echo "emulated_no_evex: 0 passed, 1 failed"
exit 1
