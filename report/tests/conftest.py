# SPDX-License-Identifier: Apache-2.0
import shutil
from pathlib import Path

import pytest
from zucreport.assemble import Report, build_report
from zucreport.cli import write_report
from zucreport.results import load_results

FIXTURES = Path(__file__).parent / "fixtures"
ALL_FIXTURES = [FIXTURES / name for name in
                ("estream.json", "mac.json", "speed.json", "ablation.json", "embedded.json",
                 "speed-lanes1.json")]


@pytest.fixture(scope="session")
def rendered(tmp_path_factory, report) -> Path:
    """The report rendered once from every fixture (the files main writes for them)."""
    out = tmp_path_factory.mktemp("report")
    write_report(report, out)
    return out


@pytest.fixture(scope="session")
def report() -> Report:
    """The report built once from every fixture, its charts' figures kept for inspection."""
    return build_report(load_results(map(str, ALL_FIXTURES)))


@pytest.fixture
def fixture_copy(tmp_path):
    """A fixture copied into tmp_path, to be spoiled by a test."""
    def copy(name: str) -> Path:
        return Path(shutil.copy(FIXTURES / name, tmp_path / name))
    return copy
