/* SPDX-License-Identifier: Apache-2.0 */
/* keystream.h — zuc.Keystream, a ZUC-128 / ZUC-256 keystream read in pieces. */
#ifndef ZUCPY_KEYSTREAM_H
#define ZUCPY_KEYSTREAM_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* Adds the type Keystream to module m; 0 or -1. */
int zpy_add_keystream_type(PyObject *m);

#endif /* ZUCPY_KEYSTREAM_H */
