#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# spdx.sh SOURCE_DIR — every source file of the project (C, C++, Python,
# shell, CMake, Makefiles) names its license in its first two lines.
set -u
root=${1:?usage: spdx.sh SOURCE_DIR}
missing=$(cd "$root" && find . \( -path ./build -o -path './build-*' -o -path ./.git \
            -o -path ./report/.venv -o -path '*/venv' -o -name '.mca_*' \) -prune -o -type f \
            \( -name '*.c' -o -name '*.h' -o -name '*.cpp' -o -name '*.py' -o -name '*.sh' \
            -o -name '*.cmake' -o -name CMakeLists.txt -o -name Makefile -o -path ./.ci/run \) \
            -print | while read -r f; do
              head -n 2 "$f" | grep -q 'SPDX-License-Identifier: Apache-2.0' || echo "$f"
            done)
if [ -n "$missing" ]; then
    echo "spdx: no SPDX-License-Identifier line in:"
    echo "$missing"
    exit 1
fi
echo "spdx: every source file names its license"
