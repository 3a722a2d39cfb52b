#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# static_build.sh BUILD_DIR DYNAMIC_ZUCBENCH — the programs of a
# -DZUCBENCH_STATIC=ON build are static, run, and have every peer the
# dynamic build has, or say why not (a peer without its static archive).
set -eu
dir=$1
dynamic=$2
fail() { echo "static_build: FAIL: $*"; exit 1; }
for prog in "$dir/tools/zuc" "$dir/tools/zucbench"; do
  [ -x "$prog" ] || fail "$prog was not built"
  if ldd "$prog" >/dev/null 2>&1; then fail "$prog is dynamically linked: $(ldd "$prog" | head -3)"; fi
done
# 3GPP test set 1 of ZUC-128: the first two keystream words
out=$("$dir/tools/zuc" keystream --key 00000000000000000000000000000000 \
      --iv 00000000000000000000000000000000 --words 2)
[ "$out" = "27bede74018082da" ] || fail "zuc keystream gave '$out'"
static_list=$("$dir/tools/zucbench" list)
peers=$("$dynamic" list | awk '$4 == "available" && $2 != "libzuc" && $2 != "own" {print $2}' | sort -u)
for peer in $peers; do
  if ! echo "$static_list" | awk -v p="$peer" '$2 == p && $4 == "available"' | grep -q .; then
    echo "$static_list" | grep -E " $peer .*(ZUCBENCH_STATIC|static)" >/dev/null ||
      fail "peer $peer: neither available in the static build nor absent with the reason"
  fi
done
"$dir/tools/zucbench" speed 128-eea3 --sizes 64 --repeats 1 --impl scalar >/dev/null ||
  fail "the static zucbench cannot run speed"
echo "static_build: zuc and zucbench are static and run; peers: $(echo $peers | tr '\n' ' ')"
