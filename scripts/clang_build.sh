#!/bin/sh
# Configures and builds with clang, for the fuzz targets and the TSan build:
#   scripts/clang_build.sh SOURCE_DIR BUILD_DIR TARGET [cmake options...]
# libzuc's AVX-512 source does not build with clang yet (it passes an
# intrinsic's immediate through an inline function's parameter, which gcc
# accepts after inlining and clang refuses). When the build fails for that,
# it is made once more without the AVX-512 path (ZUC_NO_AVX512) and says so,
# so that the rest is still checked; once the source builds, nothing is left out.
set -eu
src=$1 build=$2 target=$3
shift 3

configure() {
    cmake -S "$src" -B "$build" -DCMAKE_C_COMPILER=clang "$@" >/dev/null
}

configure -DZUC_NO_AVX512=OFF "$@"
if cmake --build "$build" -j "${JOBS:-2}" --target "$target" >"$build/clang_build.log" 2>&1; then
    echo "$(basename "$build"): built $target with clang (log: $build/clang_build.log)"
    exit 0
fi
if ! grep -q 'x86_64/avx512/.*error' "$build/clang_build.log"; then
    cat "$build/clang_build.log" >&2
    exit 1
fi
grep 'error' "$build/clang_build.log" | head -3 >&2
echo "$(basename "$build"): WARNING: libzuc's AVX-512 path does not build with clang;" \
     "built and tested without it (ZUC_NO_AVX512=ON)" >&2
configure -DZUC_NO_AVX512=ON "$@"
cmake --build "$build" -j "${JOBS:-2}" --target "$target"
