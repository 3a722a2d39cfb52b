# SPDX-License-Identifier: Apache-2.0
"""Shared fixtures of the zuc package's tests: the vector files of
tests/vectors/, the zuc tool for the differential tests, and a check that the
zuc imported is the one installed from the wheel under test."""
import json
import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
VECTORS = ROOT / "tests" / "vectors"


def load(name):
    with open(VECTORS / name, encoding="utf-8") as f:
        return json.load(f)


def h(text):
    return bytes.fromhex(text)


def pytest_report_header(config):
    import zuc

    return (f"zuc {zuc.__version__} from {os.path.dirname(zuc.__file__)}; "
            f"one message: {zuc.impl_name()}, many: {zuc.impl_name_n()}")


def pytest_sessionstart(session):
    # make test installs the fresh wheel into a clean venv and names its
    # site-packages here: the tests must not run on another copy of zuc.
    expected = os.environ.get("ZUC_EXPECT_SITE")
    if expected:
        import zuc

        where = os.path.realpath(zuc.__file__)
        if not where.startswith(os.path.realpath(expected) + os.sep):
            raise pytest.UsageError(f"zuc was imported from {where}, not from {expected}")


@pytest.fixture(scope="session")
def zuc_tool():
    """The path of the zuc tool (ZUC_TOOL, else build/tools/zuc)."""
    path = os.environ.get("ZUC_TOOL", str(ROOT / "build" / "tools" / "zuc"))
    if not os.access(path, os.X_OK):
        pytest.skip(f"no zuc tool at {path} (set ZUC_TOOL; make test does)")
    return path
