/* SPDX-License-Identifier: Apache-2.0 */
/* timing.h — libzuc's own time for the work of zuc.bench (private). */
#ifndef ZUCPY_TIMING_H
#define ZUCPY_TIMING_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

extern PyMethodDef zpy_timing_methods[];

#endif /* ZUCPY_TIMING_H */
