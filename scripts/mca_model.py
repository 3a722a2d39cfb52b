#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The llvm-mca model of one block of the lane paths' keystream-and-XOR loop:
marks the loop body of avx512_lanes_xor (16 steps, 1024 bytes; built as
avx512-gfni and as avx512-aesni) and of
avx2_lanes_xor (two blocks of 8 steps, 512 bytes), compiles each with gcc -O3
and its file's flags, and prints llvm-mca's cycles per block and per byte
for each -mcpu.

    python3 scripts/mca_model.py [CPU ...]     (default: sapphirerapids znver4)
    python3 scripts/mca_model.py skylake-avx512  (the CPUs avx512-aesni is for)

Needs gcc and llvm-mca-16 (Debian: llvm-16)."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
AVX512 = "-mavx512f -mavx512bw -mavx512vl -mavx512vbmi -mavx512vbmi2 -mgfni -mvpclmulqdq -mpclmul"
PATHS = [
    # name, source, flags, the loop's first and last lines, bytes per iteration
    ("avx512-gfni", "lib/x86_64/avx512/zuc_avx512.c", AVX512,
     "        block16(&r, &g, z);", "vxor(m, bswap32(z[l])));\n            }", 1024),
    ("avx512-aesni", "lib/x86_64/avx512/zuc_avx512.c",
     "-mavx512f -mavx512bw -mavx512vl -maes -DZUC_AVX512_AESNI",
     "        block16(&r, &g, z);", "vxor(m, bswap32(z[l])));\n            }", 1024),
    ("avx2", "lib/x86_64/avx2/zuc_avx2.c", "-mavx2 -maes",
     "        block8(&w, 0, z);", "xor_block(z, in, out, 32 * b + 32);", 512),
    ("avx2-vaes", "lib/x86_64/avx2/zuc_avx2.c", "-mavx2 -maes -mvaes",
     "        block8(&w, 0, z);", "xor_block(z, in, out, 32 * b + 32);", 512),
]


def marked(text, first, last):
    """The source with llvm-mca markers around the first loop body of its
    *_lanes_xor function."""
    start = text.index(first, text.index("_lanes_xor("))
    end = text.index(last, start) + len(last)
    return (text[:start] + '        __asm__ volatile("# LLVM-MCA-BEGIN");\n' + text[start:end]
            + '\n        __asm__ volatile("# LLVM-MCA-END");' + text[end:])


def model(name, source, flags, first, last, nbytes, cpus, work):
    path = os.path.join(ROOT, source)
    copy = os.path.join(os.path.dirname(path), ".mca_" + os.path.basename(path))
    asm = os.path.join(work, name + ".s")
    with open(path) as f:
        text = marked(f.read(), first, last)
    try:
        with open(copy, "w") as f:
            f.write(text)
        includes = ["-I" + os.path.join(ROOT, d) for d in ("include", "lib/core")]
        subprocess.run(["gcc", "-O3", "-S", *flags.split(), *includes, copy, "-o", asm], check=True)
    finally:
        os.remove(copy)
    for cpu in cpus:
        out = subprocess.run(["llvm-mca-16", "-mcpu=" + cpu, "-iterations=200", asm],
                             check=True, capture_output=True, text=True).stdout
        iterations = int(re.search(r"^Iterations:\s+(\d+)", out, re.M).group(1))
        cycles = int(re.search(r"^Total Cycles:\s+(\d+)", out, re.M).group(1)) / iterations
        print(f"{name:12} {cpu:15} {cycles:7.1f} cycles per {nbytes} bytes, "
              f"{cycles / nbytes:.3f} cycles/byte")


def main():
    cpus = sys.argv[1:] or ["sapphirerapids", "znver4"]
    for tool in ("gcc", "llvm-mca-16"):
        if not shutil.which(tool):
            package = "llvm-16" if "mca" in tool else "gcc"
            sys.exit(f"mca_model: {tool} not found (Debian: {package})")
    with tempfile.TemporaryDirectory() as work:
        for p in PATHS:
            model(*p, cpus, work)


if __name__ == "__main__":
    main()
