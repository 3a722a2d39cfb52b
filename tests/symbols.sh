#!/bin/sh
# libzuc and ipsec-mb are linked into one program (the benchmark, the
# differential test): no global symbol of libzuc may also be defined by
# ipsec-mb, or one would silently replace the other.
set -eu
libzuc=$1
ipsecmb=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nm --defined-only "$libzuc" | awk 'NF == 3 && $2 ~ /^[TDRB]$/ { print $3 }' | sort -u > "$tmp/ours"
nm -D --defined-only "$ipsecmb" | awk '{ print $3 }' | sort -u > "$tmp/theirs"
clash=$(comm -12 "$tmp/ours" "$tmp/theirs")
if [ -n "$clash" ]; then
    echo "symbols: libzuc defines symbols that ipsec-mb exports too:" $clash
    echo "symbols: 0 passed, 1 failed"
    exit 1
fi
echo "symbols: $(wc -l < "$tmp/ours") libzuc symbols, none exported by ipsec-mb"
echo "symbols: 1 passed, 0 failed"
