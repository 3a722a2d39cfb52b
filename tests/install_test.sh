#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# libzuc as a user gets it: `cmake --install BUILD --prefix P --component
# libzuc` into a temporary prefix, then a small program built against each
# kind of library, through pkg-config (shared, then static) and through
# find_package(zuc) (zuc::zuc_shared, then zuc::zuc), each run; then the
# tree moved elsewhere and pkg-config and find_package asked again (zuc.pc
# finds its prefix from its own place).
#   install_test.sh BUILD_DIR
set -u
build=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
check() { # check WHAT COMMAND...
    what=$1
    shift
    if "$@" >"$tmp/log" 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $what"
        tail -20 "$tmp/log"
    fi
}

cat >"$tmp/hello.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <zuc.h>
/* 128-EEA3 test set 1's first bytes, and the library's version */
int main(void)
{
    static const unsigned char key[16] = { 0x17, 0x3d, 0x14, 0xba, 0x50, 0x03, 0x73, 0x1d,
                                           0x7a, 0x60, 0x04, 0x94, 0x70, 0xf0, 0x0a, 0x29 };
    static const unsigned char pt[4] = { 0x6c, 0xf6, 0x53, 0x40 }, ct[4] = { 0xa6, 0xc8, 0x5f, 0xc6 };
    unsigned char out[4];
    if (zuc_eea3(key, 0x66035492, 15, 0, pt, out, 32) != ZUC_OK || memcmp(out, ct, 4) != 0)
        return 1;
    printf("libzuc %s\n", zuc_version());
    return 0;
}
C
cat >"$tmp/CMakeLists.txt" <<'C'
cmake_minimum_required(VERSION 3.16)
project(hello C)
find_package(zuc 0 REQUIRED)
add_executable(hello_static hello.c)
target_link_libraries(hello_static PRIVATE zuc::zuc)
add_executable(hello_shared hello.c)
target_link_libraries(hello_shared PRIVATE zuc::zuc_shared)
C

needs_libzuc_so() { readelf -d "$1" | grep -q 'NEEDED.*libzuc\.so\.'; }
no_libzuc_so() { ! needs_libzuc_so "$1"; }

# against a prefix P: pkg-config's two kinds, then CMake's
try_prefix() {
    p=$1
    pc="env PKG_CONFIG_PATH=$(dirname "$(find "$p" -name zuc.pc)")"
    check "pkg-config --modversion ($2)" sh -c "$pc pkg-config --modversion zuc | grep -q ."
    check "pkg-config shared ($2)" sh -c "cc -o '$tmp/hs' '$tmp/hello.c' \$($pc pkg-config --cflags --libs zuc)"
    check "pkg-config shared runs ($2)" sh -c "LD_LIBRARY_PATH=\$($pc pkg-config --variable=libdir zuc) '$tmp/hs'"
    check "pkg-config shared links libzuc.so ($2)" needs_libzuc_so "$tmp/hs"
    check "pkg-config static ($2)" sh -c "cc -o '$tmp/hst' '$tmp/hello.c' \$($pc pkg-config --cflags zuc) \
        -Wl,-Bstatic \$($pc pkg-config --static --libs zuc) -Wl,-Bdynamic"
    check "pkg-config static runs ($2)" "$tmp/hst"
    check "pkg-config static has no libzuc.so ($2)" no_libzuc_so "$tmp/hst"
    rm -rf "$tmp/cm"
    check "find_package(zuc) ($2)" cmake -S "$tmp" -B "$tmp/cm" -DCMAKE_PREFIX_PATH="$p"
    check "find_package(zuc) builds ($2)" cmake --build "$tmp/cm"
    check "zuc::zuc runs ($2)" "$tmp/cm/hello_static"
    check "zuc::zuc_shared runs ($2)" "$tmp/cm/hello_shared"
    check "zuc::zuc_shared links libzuc.so ($2)" needs_libzuc_so "$tmp/cm/hello_shared"
}

check "cmake --install --component libzuc" cmake --install "$build" --prefix "$tmp/prefix" \
    --component libzuc
try_prefix "$tmp/prefix" "installed"
mv "$tmp/prefix" "$tmp/moved"
try_prefix "$tmp/moved" "moved"

echo "install_test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
