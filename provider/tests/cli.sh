#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The openssl command line as a user types it, with OPENSSL_MODULES (or
# -provider-path, which must come before -provider) pointing at the built
# module: the provider and its algorithms listed, `openssl enc` round trip
# and 128-EEA3 test set 1, `openssl mac` and 128-EIA3 test set 1, a refused
# IV, and a short `openssl speed -evp ZUC-128-EEA3`.
#   cli.sh OPENSSL MODULE_DIR
set -u
openssl=$1
export OPENSSL_MODULES=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
check() { # check WHAT COMMAND...: the command must succeed
    what=$1
    shift
    if "$@" >"$tmp/out" 2>"$tmp/err"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $what"
        cat "$tmp/err"
    fi
}
hex() { od -An -v -tx1 "$1" | tr -d ' \n'; }
prov="-provider zucprov -provider default"

check "list -providers" sh -c "'$openssl' list -providers $prov | grep -q 'name: zucprov'"
check "-provider-path before -provider" sh -c \
    "OPENSSL_MODULES= '$openssl' list -providers -provider-path '$2' -provider zucprov | grep -q zucprov"
check "list -cipher-algorithms" sh -c \
    "'$openssl' list -cipher-algorithms $prov | grep -q 'ZUC-128-EEA3.* @ zucprov'"
check "list -mac-algorithms" sh -c \
    "'$openssl' list -mac-algorithms $prov | grep -q 'ZUC-NIA6.* @ zucprov'"

# enc: a round trip over 10000 random bytes
head -c 10000 /dev/urandom >"$tmp/plain"
key=173d14ba5003731d7a60049470f00a29
check "enc -ZUC-128-EEA3" "$openssl" enc $prov -ZUC-128-EEA3 -K $key -iv 6603549278 \
    -in "$tmp/plain" -out "$tmp/cipher"
check "enc -d -ZUC-128-EEA3" "$openssl" enc -d $prov -ZUC-128-EEA3 -K $key -iv 6603549278 \
    -in "$tmp/cipher" -out "$tmp/back"
check "enc round trip" cmp -s "$tmp/plain" "$tmp/back"
check "enc changed the data" sh -c "! cmp -s '$tmp/plain' '$tmp/cipher'"

# 128-EEA3 test set 1: COUNT 66035492, BEARER 15, DIRECTION 0 (IV 66035492 78),
# 193 bits. openssl enc has no length-bits: the 24 whole bytes and the top
# bit of the 25th (bit 193) must match; the other 7 bits are beyond LENGTH.
printf '6cf65340735552ab0c9752fa6f9025fe0bd675d9005875b200' | xxd -r -p >"$tmp/set1"
"$openssl" enc $prov -ZUC-128-EEA3 -K $key -iv 6603549278 -in "$tmp/set1" -out "$tmp/set1.enc"
got=$(hex "$tmp/set1.enc")
want=a6c85fc66afb8533aafc2518dfe784940ee1e4b030238cc8
last=$(printf '%s' "$got" | cut -c49-50)
check "enc: 128-EEA3 test set 1" test "$(printf '%s' "$got" | cut -c1-48)" = "$want" -a \
    $((0x$last >> 7)) -eq 0

# mac: 128-EIA3 test set 1 (all-zero key and IV, one 0 bit: MAC-I c8a9595e)
printf '\0' >"$tmp/bit"
check "mac EIA3 test set 1" sh -c "'$openssl' mac $prov -macopt hexkey:00000000000000000000000000000000 \
    -macopt hexiv:0000000000 -macopt length-bits:1 -in '$tmp/bit' EIA3 | grep -qi '^c8a9595e$'"
check "mac ZUC-NIA6 with count, bearer, direction" sh -c "'$openssl' mac $prov \
    -macopt hexkey:$key$key -macopt count:7 -macopt bearer:3 -macopt direction:1 -macopt size:8 \
    -in '$tmp/plain' ZUC-NIA6 | grep -qE '^[0-9A-F]{16}$'"

# a refused IV: byte 4's low bits must be zero
if "$openssl" enc $prov -ZUC-128-EEA3 -K $key -iv 6603549203 -in "$tmp/set1" >/dev/null \
    2>"$tmp/err"; then
    failed=$((failed + 1))
    echo "FAIL enc with a bad IV succeeded"
elif grep -q "low two bits must be zero" "$tmp/err"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "FAIL enc with a bad IV: no message"
    cat "$tmp/err"
fi

check "speed -evp ZUC-128-EEA3" sh -c "'$openssl' speed $prov -evp ZUC-128-EEA3 -seconds 1 \
    -bytes 1500 2>/dev/null | grep -q '^ZUC-128-EEA3 '"

echo "provider_cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
