# SPDX-License-Identifier: Apache-2.0
# Cross-build for 32-bit ARM boards: ZYNQ-7000 (Cortex-A9 with NEON), Debian's
# arm-linux-gnueabihf toolchain. Tests run under qemu-arm when it is installed.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(ZUC_CROSS_TRIPLE arm-linux-gnueabihf)
set(CMAKE_C_COMPILER ${ZUC_CROSS_TRIPLE}-gcc)
set(CMAKE_C_FLAGS_INIT "-mcpu=cortex-a9 -mfpu=neon -mfloat-abi=hard")
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
