/* SPDX-License-Identifier: Apache-2.0 */
/*
 * module.c — zuc._zuc: the module, libzuc's names and version, the
 * exception InvalidTag; the functions come from single.c, batch.c,
 * keystream.c and (private, for zuc.bench) timing.c. Limited API of CPython 3.11 (one abi3 build for 3.11 on).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <zuc.h>

#include "args.h"
#include "batch.h"
#include "keystream.h"
#include "single.h"
#include "timing.h"

PyDoc_STRVAR(impl_name_doc, "impl_name($module, /)\n--\n\n"
                            "The libzuc path one message per call runs on here ('ct-aesni',\n"
                            "'ct', ...; constant time unless a table path was chosen: see\n"
                            "docs/python.md).\n");

static PyObject *py_impl_name(PyObject *m, PyObject *unused)
{
    (void)m;
    (void)unused;
    return PyUnicode_FromString(zuc_impl_name());
}

PyDoc_STRVAR(impl_name_n_doc,
             "impl_name_n($module, /)\n--\n\n"
             "The libzuc path the batch calls (*_many) run on here ('avx512-gfni',\n"
             "'avx2-vaes', 'avx2': constant time; else the one-message path).\n");

static PyObject *py_impl_name_n(PyObject *m, PyObject *unused)
{
    (void)m;
    (void)unused;
    return PyUnicode_FromString(zuc_impl_name_n());
}

PyDoc_STRVAR(version_doc, "version($module, /)\n--\n\n"
                          "The version of the libzuc inside this module, 'MAJOR.MINOR.PATCH'.\n");

static PyObject *py_version(PyObject *m, PyObject *unused)
{
    (void)m;
    (void)unused;
    return PyUnicode_FromString(zuc_version());
}

static PyMethodDef module_methods[] = {
    { "impl_name", py_impl_name, METH_NOARGS, impl_name_doc },
    { "impl_name_n", py_impl_name_n, METH_NOARGS, impl_name_n_doc },
    { "version", py_version, METH_NOARGS, version_doc },
    { NULL, NULL, 0, NULL },
};

static struct PyModuleDef zuc_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "zuc._zuc",
    .m_doc = "libzuc's ZUC-128, ZUC-256 and ZUC-NEA6/NIA6/NCA6 (import zuc, not this).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__zuc(void)
{
    PyObject *m = PyModule_Create(&zuc_module);
    if (!m) {
        return NULL;
    }
    if (!zpy_invalid_tag) {
        zpy_invalid_tag = PyErr_NewExceptionWithDoc(
            "zuc.InvalidTag",
            "A ZUC-NCA6 tag did not verify: the message is not authentic and nothing "
            "was decrypted.",
            NULL, NULL);
    }
    if (!zpy_invalid_tag || zpy_args_init() < 0 ||
        PyModule_AddFunctions(m, zpy_single_methods) < 0 ||
        PyModule_AddFunctions(m, zpy_batch_methods) < 0 ||
        PyModule_AddFunctions(m, zpy_timing_methods) < 0 || zpy_add_keystream_type(m) < 0 ||
        PyModule_AddObjectRef(m, "InvalidTag", zpy_invalid_tag) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
