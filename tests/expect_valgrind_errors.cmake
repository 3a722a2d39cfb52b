# SPDX-License-Identifier: Apache-2.0
# Runs COMMAND (valgrind --error-exitcode=99 ... PROGRAM ARGS) and passes only
# if valgrind reported errors: exit status 99 and a non-zero error summary.
# Any other outcome (the program failing on its own, valgrind not starting,
# no error found) fails.
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX MATCH "ERROR SUMMARY: ([0-9]+) errors" summary "${err}")
set(errors "${CMAKE_MATCH_1}")
message("${out}")
message("valgrind exit status ${rc}, ${summary}")
if(NOT rc EQUAL 99 OR NOT errors OR errors EQUAL 0)
  message(FATAL_ERROR "expected valgrind to report errors (exit status 99), got status ${rc}: "
                      "the check cannot tell a table path from a constant-time one")
endif()
string(REGEX MATCH "(Use of uninitialised value|Conditional jump or move depends on uninitialised value)[^\n]*" first "${err}")
message("first error: ${first}")
