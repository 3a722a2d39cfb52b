#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# format.sh ROOT [--fix] — every C/C++ source of the tree as .clang-format
# wants it (make format fixes it). Fails naming the files that drift.
set -eu
root=$1
cd "$root"
files=$(find include lib common bench tools tests python provider -type f \( -name '*.c' -o -name '*.h' -o -name '*.cpp' \) \
        -not -path 'tests/fuzz/corpus/*' -not -path 'tools/crosscheck/*' | sort)
command -v clang-format >/dev/null || { echo "format: clang-format not found (Debian: clang-format)"; exit 1; }
if [ "${2:-}" = "--fix" ]; then
  echo "$files" | xargs clang-format -i
  exit 0
fi
drift=$(for f in $files; do clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || echo "$f"; done)
if [ -n "$drift" ]; then
  echo "format: these files differ from .clang-format (make format fixes them):"
  echo "$drift"
  exit 1
fi
echo "format: $(echo "$files" | wc -l) files as .clang-format wants them"
