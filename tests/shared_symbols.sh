#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# libzuc.so exports exactly the functions zuc.h declares with ZUC_API: the
# dynamic symbols it defines against the names the header declares, and
# its SONAME libzuc.so.MAJOR.
#   shared_symbols.sh LIBZUC_SO ZUC_H
set -eu
so=$1
header=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nm -D --defined-only "$so" | awk '$2 ~ /^[TDRBVW]$/ { print $3 }' | sort -u > "$tmp/exported"
# "ZUC_API <type> [*]name(" on one line: the name before the parenthesis
sed -n 's/^ZUC_API[^(]*[ *]\([A-Za-z0-9_]*\)(.*/\1/p' "$header" | sort -u > "$tmp/declared"
major=$(sed -n 's/^#define ZUC_VERSION_MAJOR \([0-9]*\)$/\1/p' "$header")
soname=$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]$/\1/p')
failed=0
if ! cmp -s "$tmp/exported" "$tmp/declared"; then
    echo "shared_symbols: exported (<) and declared with ZUC_API (>) differ:"
    diff "$tmp/exported" "$tmp/declared" | grep '^[<>]' || true
    failed=$((failed + 1))
fi
if [ "$soname" != "libzuc.so.$major" ]; then
    echo "shared_symbols: SONAME is '$soname', not libzuc.so.$major"
    failed=$((failed + 1))
fi
echo "shared_symbols: $(wc -l < "$tmp/declared") functions declared, $(wc -l < "$tmp/exported") exported, SONAME $soname"
echo "shared_symbols: $((2 - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
