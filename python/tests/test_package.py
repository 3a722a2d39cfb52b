# SPDX-License-Identifier: Apache-2.0
"""The package as shipped: the docstrings' examples run (doctest), the
stub (_zuc.pyi) names the parameters the extension takes, and the wheel
make test built is one abi3 wheel whose extension links no libzuc (nor
libpython) outside itself and exports only its init function."""
import ast
import doctest
import inspect
import os
import pathlib
import re
import subprocess
import zipfile

import pytest
import zuc
import zuc._zuc
import zuc.compat.cryptomobile
from conftest import ROOT


@pytest.mark.parametrize("module", [zuc._zuc, zuc, zuc.compat.cryptomobile],
                         ids=lambda m: m.__name__)
def test_docstring_examples(module):
    finder = doctest.DocTestFinder()
    globs = {**vars(module), "zuc": zuc}
    tests = [t for t in finder.find(module, globs=globs) if t.examples]
    if module is zuc._zuc:  # its type says it lives in zuc: the finder does not look there
        tests += [t for t in finder.find(zuc.Keystream, "Keystream", module=False, globs=globs)
                  if t.examples]
    assert tests, f"no examples found in {module.__name__}"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test)
    assert runner.failures == 0, f"{runner.failures} failing examples in {module.__name__}"
    if module is zuc._zuc:  # every function and method shows an example
        documented = {t.name.rsplit(".", 1)[-1] for t in tests}
        public = {n for n in dir(module) if not n.startswith("_") and n != "InvalidTag"}
        methods = {"read", "readinto", "xor"}
        assert public - {"Keystream", "impl_name", "impl_name_n", "version"} <= documented
        assert methods <= documented


@pytest.mark.parametrize("doc", ["README.md", "docs/python.md"])
def test_python_blocks_of_the_docs_run(doc):
    text = (ROOT / doc).read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)
    assert blocks, f"no python block in {doc}"
    for block in blocks:
        exec(compile(block, doc, "exec"), {})  # noqa: S102 (our own documentation)


def test_stub_matches_extension():
    stub = pathlib.Path(zuc.__file__).with_name("_zuc.pyi")
    tree = ast.parse(stub.read_text(encoding="utf-8"))
    functions = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}
    public = {n for n in dir(zuc._zuc) if not n.startswith("_")
              and inspect.isbuiltin(getattr(zuc._zuc, n))}
    assert set(functions) == public
    for name, node in functions.items():
        stub_params = [a.arg for a in node.args.posonlyargs + node.args.args]
        assert list(inspect.signature(getattr(zuc._zuc, name)).parameters) == stub_params, name
    assert set(zuc.__all__) == public | {"InvalidTag", "Keystream", "zuc128_keystream"}


def test_version():
    assert zuc.__version__ == zuc.version()
    assert zuc.impl_name() and zuc.impl_name_n()


WHEEL = os.environ.get("ZUC_WHEEL")


@pytest.mark.skipif(not WHEEL, reason="ZUC_WHEEL names no wheel (make test sets it)")
def test_wheel_is_abi3_and_self_contained(tmp_path):
    name = os.path.basename(WHEEL)
    assert "-cp311-abi3-" in name, name
    with zipfile.ZipFile(WHEEL) as wheel:
        meta = next(n for n in wheel.namelist() if n.endswith(".dist-info/WHEEL"))
        info = wheel.read(meta).decode()
        assert "Root-Is-Purelib: false" in info
        tags = [line.split(": ", 1)[1] for line in info.splitlines() if line.startswith("Tag: ")]
        assert tags and all(t.startswith("cp311-abi3-") for t in tags), tags
        modules = [n for n in wheel.namelist() if n.endswith(".so")]
        assert modules == ["zuc/_zuc.abi3.so"], modules
        wheel.extract(modules[0], tmp_path)
    so = tmp_path / modules[0]
    dynamic = subprocess.run(["readelf", "-d", so], capture_output=True, text=True,
                             check=True).stdout
    needed = [line.split("[", 1)[1].rstrip("]") for line in dynamic.splitlines()
              if "(NEEDED)" in line]
    assert all(n.startswith(("libc.so", "libm.so", "ld-linux")) for n in needed), needed
    assert "RPATH" not in dynamic and "RUNPATH" not in dynamic
    exported = subprocess.run(["nm", "-D", "--defined-only", so], capture_output=True,
                              text=True, check=True).stdout
    assert [line.split()[-1] for line in exported.splitlines() if line.strip()] == ["PyInit__zuc"]
