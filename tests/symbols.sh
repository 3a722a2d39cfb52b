#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# No global symbol of libzuc may also be defined by a library a program may
# link beside it, or one would silently replace the other (shared) or the
# link would fail (static): the ZUC functions of GmSSL and Tongsuo (listed in
# tests/symbols_others.txt) and, where it is installed, every symbol ipsec-mb
# exports (the benchmark and the differential test link both).
#   symbols.sh LIBZUC OTHERS_LIST [IPSECMB_LIBRARY]
set -eu
libzuc=$1
others=$2
ipsecmb=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nm --defined-only "$libzuc" | awk 'NF == 3 && $2 ~ /^[TDRB]$/ { print $3 }' | sort -u > "$tmp/ours"
grep -v '^#' "$others" | sed '/^$/d' > "$tmp/theirs"
if [ -n "$ipsecmb" ]; then
    nm -D --defined-only "$ipsecmb" | awk '{ print $3 }' >> "$tmp/theirs"
fi
sort -u -o "$tmp/theirs" "$tmp/theirs"
clash=$(comm -12 "$tmp/ours" "$tmp/theirs")
if [ -n "$clash" ]; then
    echo "symbols: libzuc defines symbols that GmSSL, Tongsuo or ipsec-mb define too:" $clash
    echo "symbols: 0 passed, 1 failed"
    exit 1
fi
echo "symbols: $(wc -l < "$tmp/ours") libzuc symbols, none defined by GmSSL, Tongsuo${ipsecmb:+ or ipsec-mb}"
echo "symbols: 1 passed, 0 failed"
