/* SPDX-License-Identifier: Apache-2.0 */
/* batch.h — the many-message functions (*_many) of the zuc extension. */
#ifndef ZUCPY_BATCH_H
#define ZUCPY_BATCH_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

extern PyMethodDef zpy_batch_methods[];

#endif /* ZUCPY_BATCH_H */
