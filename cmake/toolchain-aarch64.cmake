# SPDX-License-Identifier: Apache-2.0
# Cross-build for 64-bit ARM boards: ZYNQ UltraScale+ (Cortex-A53), Debian's
# aarch64-linux-gnu toolchain. Tests run under qemu-aarch64 when it is installed.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(ZUC_CROSS_TRIPLE aarch64-linux-gnu)
set(CMAKE_C_COMPILER ${ZUC_CROSS_TRIPLE}-gcc)
set(CMAKE_C_FLAGS_INIT "-mcpu=cortex-a53")
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
