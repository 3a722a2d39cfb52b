/* SPDX-License-Identifier: Apache-2.0 */
/* single.h — the one-message functions of the zuc extension. */
#ifndef ZUCPY_SINGLE_H
#define ZUCPY_SINGLE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

extern PyMethodDef zpy_single_methods[];

#endif /* ZUCPY_SINGLE_H */
