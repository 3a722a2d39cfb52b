#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Set-up for `make` and `make test` on Debian/Ubuntu: checks the packages the
# build and the tests need; installs the missing ones when run as root,
# otherwise names them and stops.
#   scripts/setup.sh         the native build, tests and report
#   scripts/setup.sh cross   the ARM cross-compilers and qemu-user (make cross-test)
# Optional packages (the report's browser check: Chromium) are installed with the others
# as root; otherwise they are named, and the checks that need them are skipped.
set -eu

arch=$(dpkg --print-architecture 2>/dev/null || uname -m)
if [ "${1:-}" = "cross" ]; then
    # The C libraries of the targets are only recommended by the compilers,
    # and set-up installs without recommendations: named here.
    packages="cmake make python3 gcc-arm-linux-gnueabihf gcc-aarch64-linux-gnu qemu-user"
    packages="$packages libc6-dev-armhf-cross libc6-dev-arm64-cross"
else
    # python3-venv: the report renderer's virtual environment (make report, make test);
    # python3-dev: CPython's headers for the zuc package's extension (pip install .).
    packages="cmake gcc g++ make libc6-dev pkg-config python3 python3-venv python3-dev"
    # valgrind: the constant-time check of the SIMD lanes (tests/consttime.c).
    packages="$packages valgrind"
    # clang with libFuzzer and the sanitizer runtimes (Debian 12's LLVM 14): tests/fuzz and the TSan build.
    packages="$packages clang libclang-rt-14-dev"
    # The format and lint checks of make test (.clang-format, .clang-tidy).
    packages="$packages clang-format clang-tidy"
    # libsimde-dev: the emulated AVX-512 path (avx512-emu) the tests run on any x86-64.
    [ "$arch" = "amd64" ] && packages="$packages libsimde-dev"
    # The document's comparison ciphers: OpenSSL (AES/SM4-CTR, ChaCha20, EEA2/EIA2),
    # libsodium (Salsa20/12, ChaCha20), Crypto++ (HC-128, Rabbit, Sosemanuk, Salsa20/12).
    packages="$packages libssl-dev libsodium-dev libcrypto++-dev"
    # ipsec-mb: a peer and a second oracle; Debian ships it for amd64 only.
    [ "$arch" = "amd64" ] && packages="$packages libipsec-mb-dev"
    # chromium: the report's browser check (report/tests/test_browser.py) renders the page
    # at 1,400 px; without it that check is skipped, with its reason.
    optional="chromium"
fi
optional=${optional:-}

if ! command -v dpkg-query >/dev/null 2>&1; then
    for tool in cmake cc make python3; do
        command -v "$tool" >/dev/null 2>&1 || {
            echo "setup: '$tool' is missing; install it with your package manager" >&2
            exit 1
        }
    done
    python3 -c 'import venv, ensurepip' 2>/dev/null || {
        echo "setup: python3's venv module (with ensurepip) is missing; install it with your package manager" >&2
        exit 1
    }
    echo "setup: not a Debian system; ipsec-mb is optional and used when found" >&2
    exit 0
fi

installed() {
    case "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" in
        *"install ok installed"*) return 0 ;;
        *) return 1 ;;
    esac
}
missing=""
for p in $packages; do
    installed "$p" || missing="$missing $p"
done
missing_optional=""
for p in $optional; do
    installed "$p" || missing_optional="$missing_optional $p"
done
if [ -n "$missing_optional" ] && [ "$(id -u)" -ne 0 ]; then
    echo "setup: optional Debian packages missing (their checks are skipped):$missing_optional" >&2
    echo "setup: install them with:  sudo apt-get install$missing_optional" >&2
    missing_optional=""
fi
missing="$missing$missing_optional"
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
    echo "setup: installing Debian packages:$missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing
else
    echo "setup: missing Debian packages:$missing" >&2
    echo "setup: install them with:  sudo apt-get install$missing" >&2
    exit 1
fi
