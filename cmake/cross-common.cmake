# SPDX-License-Identifier: Apache-2.0
# What both ARM toolchain files share: look for libraries and headers in the
# target's sysroot only, and run the target's programs (the tests) in
# qemu-user with that sysroot.
set(CMAKE_FIND_ROOT_PATH /usr/${ZUC_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# pkg-config too: only the target's .pc files, never the build machine's.
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/${ZUC_CROSS_TRIPLE}/pkgconfig:/usr/${ZUC_CROSS_TRIPLE}/lib/pkgconfig)

if(CMAKE_SYSTEM_PROCESSOR STREQUAL "arm")
  set(zuc_qemu_name qemu-arm)
else()
  set(zuc_qemu_name qemu-${CMAKE_SYSTEM_PROCESSOR})
endif()
find_program(ZUC_QEMU NAMES ${zuc_qemu_name})
if(ZUC_QEMU)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${ZUC_QEMU} -L /usr/${ZUC_CROSS_TRIPLE})
endif()
