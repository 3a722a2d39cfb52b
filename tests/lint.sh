#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# lint.sh ROOT BUILD_DIR RUFF — clang-tidy (.clang-tidy) over the C sources of
# lib/, common/, bench/, tools/ and provider/ with BUILD_DIR's compile_commands.json
# (python/ext/ with its own flags),
# and ruff (ruff.toml) over the Python code. Fails on any finding.
set -eu
root=$1
build=$2
ruff=$3
cd "$root"
command -v clang-tidy >/dev/null || { echo "lint: clang-tidy not found (Debian: clang-tidy)"; exit 1; }
[ -f "$build/compile_commands.json" ] || { echo "lint: no $build/compile_commands.json"; exit 1; }
files=$(find lib common bench tools provider -name '*.c' -not -name '*_emu.c' -not -path 'tools/crosscheck/*' \
        -not -path 'lib/aarch64/*' | sort)
# The compile commands without the GCC-only options clang does not know.
mkdir -p "$build/tidy"
sed -e 's/ -fno-tree-reassoc//g' -e 's/ -fno-schedule-insns2//g' -e 's/ -fno-tree-vectorize//g' \
    "$build/compile_commands.json" >"$build/tidy/compile_commands.json"
if ! echo "$files" | xargs -P "$(nproc 2>/dev/null || echo 2)" -n 6 clang-tidy -p "$build/tidy" --quiet \
     >"$build/clang-tidy.log" 2>&1; then
  grep -E "warning:|error:" "$build/clang-tidy.log" | head -40
  echo "lint: clang-tidy found the above (.clang-tidy; full log: $build/clang-tidy.log)"
  exit 1
fi
# 64-bit ARM code: for that target, where its C library headers are installed
# (the cross-build's packages).
arm_files=$(find lib/aarch64 -name '*.c' | sort)
if [ -d /usr/aarch64-linux-gnu/include ]; then
  for f in $arm_files; do
    if ! clang-tidy --quiet "$f" -- --target=aarch64-linux-gnu -march=armv8-a+crypto \
         -isystem /usr/aarch64-linux-gnu/include -Ilib/core -Iinclude -DZUC_HAVE_PMULL \
         >"$build/clang-tidy-aarch64.log" 2>&1; then
      grep -E "warning:|error:" "$build/clang-tidy-aarch64.log" | head -40
      echo "lint: clang-tidy found the above in $f (aarch64)"
      exit 1
    fi
  done
  arm_note="$(echo "$arm_files" | wc -l) for aarch64"
else
  arm_note="not the aarch64 files: no /usr/aarch64-linux-gnu/include (make cross-test installs it)"
fi
# The Python extension (python/ext/), which the CMake build above does not
# compile: with its own flags, CPython's headers (Debian: python3-dev).
py_include=$(python3 -c 'import sysconfig; print(sysconfig.get_path("include"))')
if ! clang-tidy --quiet python/ext/*.c -- -Iinclude -I"$py_include" -DPy_LIMITED_API=0x030B0000 \
     >"$build/clang-tidy-python.log" 2>&1; then
  grep -E "warning:|error:" "$build/clang-tidy-python.log" | head -40
  echo "lint: clang-tidy found the above in python/ext (full log: $build/clang-tidy-python.log)"
  exit 1
fi
"$ruff" check --no-cache .
echo "lint: clang-tidy ($(echo "$files" | wc -l) files, python/ext; $arm_note) and ruff: clean"
