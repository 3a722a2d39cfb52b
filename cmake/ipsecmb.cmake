# SPDX-License-Identifier: Apache-2.0
# Intel ipsec-mb as a peer: where it is, and what its header offers.
#
# Looked for in ZUCBENCH_IPSEC_MB_DIR first (an install prefix: include/ and
# lib/ under it), then CMAKE_PREFIX_PATH and the system paths. Its API changed
# between versions, so the header is asked rather than the version number:
#   IPSECMB_HAVE_ZUC_1_BUFFER  IMB_ZUC_EEA3_1_BUFFER / EIA3 (gone in 3.0)
#   IPSECMB_HAVE_ZUC_N_BUFFER  IMB_ZUC_EEA3_N_BUFFER / EIA3 (deprecated in 3.0)
#   IPSECMB_HAVE_ZUC256        ZUC-256 of 2018 through the job API (gone in 3.0)
#   IPSECMB_HAVE_NXA6          ZUC-NEA6 / NIA6 / NCA6 jobs (from 3.0)
# Each one found becomes a compile definition of the backend (IPSECMB_DEFINITIONS);
# the rows of an API that is missing are listed as absent with the reason.
set(ZUCBENCH_IPSEC_MB_DIR "" CACHE PATH
    "An ipsec-mb install prefix (include/intel-ipsec-mb.h, lib/libIPSec_MB.*) to use before the system's")

# Another prefix than the last configure's: forget what was found there.
if(NOT "${ZUCBENCH_IPSEC_MB_DIR}" STREQUAL "${ZUCBENCH_IPSEC_MB_DIR_FOUND}")
  foreach(var IPSECMB_INCLUDE_DIR IPSECMB_LIBRARY IPSECMB_HAVE_ZUC_1_BUFFER
              IPSECMB_HAVE_ZUC_N_BUFFER IPSECMB_HAVE_ZUC256 IPSECMB_HAVE_NXA6)
    unset(${var} CACHE)
  endforeach()
  set(ZUCBENCH_IPSEC_MB_DIR_FOUND "${ZUCBENCH_IPSEC_MB_DIR}" CACHE INTERNAL "")
endif()

if(ZUCBENCH_IPSEC_MB_DIR)
  set(ipsecmb_paths PATHS "${ZUCBENCH_IPSEC_MB_DIR}" PATH_SUFFIXES include lib lib64
                    NO_DEFAULT_PATH)
  set(ipsecmb_where "in ZUCBENCH_IPSEC_MB_DIR=${ZUCBENCH_IPSEC_MB_DIR}")
else()
  set(ipsecmb_paths "")
  set(ipsecmb_where "(Debian: libipsec-mb-dev, amd64 only; or -DZUCBENCH_IPSEC_MB_DIR=PREFIX)")
endif()
find_path(IPSECMB_INCLUDE_DIR intel-ipsec-mb.h ${ipsecmb_paths})
if(ZUCBENCH_STATIC)
  find_library(IPSECMB_LIBRARY NAMES libIPSec_MB.a ${ipsecmb_paths})
else()
  find_library(IPSECMB_LIBRARY IPSec_MB ${ipsecmb_paths})
endif()

set(IPSECMB_DEFINITIONS "")
if(IPSECMB_INCLUDE_DIR AND IPSECMB_LIBRARY)
  set(HAVE_IPSECMB ON)
  add_library(ipsecmb::ipsecmb UNKNOWN IMPORTED)
  set_target_properties(ipsecmb::ipsecmb PROPERTIES
    IMPORTED_LOCATION "${IPSECMB_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${IPSECMB_INCLUDE_DIR}")
  file(STRINGS "${IPSECMB_INCLUDE_DIR}/intel-ipsec-mb.h" ipsecmb_version_line
       REGEX "^#define IMB_VERSION_STR ")
  string(REGEX MATCH "\"([^\"]*)\"" unused "${ipsecmb_version_line}")
  set(IPSECMB_VERSION "${CMAKE_MATCH_1}")

  include(CheckSymbolExists)
  include(CheckCSourceCompiles)
  set(CMAKE_REQUIRED_INCLUDES "${IPSECMB_INCLUDE_DIR}")
  set(CMAKE_REQUIRED_QUIET ON)
  check_symbol_exists(IMB_ZUC_EEA3_1_BUFFER intel-ipsec-mb.h IPSECMB_HAVE_ZUC_1_BUFFER)
  check_symbol_exists(IMB_ZUC_EEA3_N_BUFFER intel-ipsec-mb.h IPSECMB_HAVE_ZUC_N_BUFFER)
  # enumerators and job fields, not macros: compiled
  check_c_source_compiles("
    #include <intel-ipsec-mb.h>
    int main(void) {
        IMB_JOB job;
        job.hash_alg = IMB_AUTH_ZUC256_EIA3_BITLEN;
        job.u.ZUC_EIA3._iv23 = 0;
        return (int)job.hash_alg;
    }" IPSECMB_HAVE_ZUC256)
  check_c_source_compiles("
    #include <intel-ipsec-mb.h>
    int main(void) {
        IMB_JOB job;
        job.cipher_mode = IMB_CIPHER_ZUC_NEA6;
        job.cipher_mode = IMB_CIPHER_ZUC_NCA6;
        job.hash_alg = IMB_AUTH_ZUC_NIA6;
        job.hash_alg = IMB_AUTH_ZUC_NCA6;
        job.u.NIA._key = 0;
        job.u.NCA.aad_len_in_bytes = 0;
        return (int)job.hash_alg;
    }" IPSECMB_HAVE_NXA6)
  unset(CMAKE_REQUIRED_INCLUDES)
  unset(CMAKE_REQUIRED_QUIET)
  set(ipsecmb_apis "")
  foreach(api ZUC_1_BUFFER ZUC_N_BUFFER ZUC256 NXA6)
    if(IPSECMB_HAVE_${api})
      list(APPEND IPSECMB_DEFINITIONS IPSECMB_HAVE_${api}=1)
      string(TOLOWER "${api}" api_name)
      list(APPEND ipsecmb_apis ${api_name})
    endif()
  endforeach()
  list(JOIN ipsecmb_apis " " ipsecmb_apis)
  set(IPSECMB_STATUS "yes: ${IPSECMB_VERSION} (${IPSECMB_LIBRARY}; ${ipsecmb_apis})")
elseif(ZUCBENCH_STATIC AND IPSECMB_INCLUDE_DIR)
  set(HAVE_IPSECMB OFF)
  set(IPSECMB_STATUS "no: libIPSec_MB.a not found ${ipsecmb_where} (${STATIC_ONLY})")
else()
  set(HAVE_IPSECMB OFF)
  set(IPSECMB_STATUS "no: intel-ipsec-mb.h / libIPSec_MB not found ${ipsecmb_where}")
endif()
