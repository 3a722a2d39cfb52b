# SPDX-License-Identifier: Apache-2.0
"""Bad inputs: a clear message naming the file and the problem, exit code 2."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from zucreport.cli import main

REPORT_DIR = Path(__file__).parent.parent


def _spoil(path: Path, change) -> Path:
    document = json.loads(path.read_text())
    change(document)
    path.write_text(json.dumps(document))
    return path


def _fails_with(capsys, tmp_path: Path, paths: list[str], *expected: str) -> None:
    assert main(["--out", str(tmp_path / "out"), *paths]) == 2
    error = capsys.readouterr().err
    for text in expected:
        assert text in error, error
    assert not (tmp_path / "out" / "index.html").exists()


def test_missing_file(capsys, tmp_path):
    missing = str(tmp_path / "nothing.json")
    _fails_with(capsys, tmp_path, [missing], missing, "no such file")


def test_not_json(capsys, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"schema": ')
    _fails_with(capsys, tmp_path, [str(path)], str(path), "not JSON", "line 1")


def test_wrong_schema(capsys, tmp_path, fixture_copy):
    path = _spoil(fixture_copy("mac.json"), lambda d: d.update(schema="zucbench-results/9"))
    _fails_with(capsys, tmp_path, [str(path)], str(path), "'zucbench-results/9'",
                "expected 'zucbench-results/1'")


def test_no_schema(capsys, tmp_path, fixture_copy):
    path = _spoil(fixture_copy("mac.json"), lambda d: d.pop("schema"))
    _fails_with(capsys, tmp_path, [str(path)], str(path), "no 'schema' field")


@pytest.mark.parametrize("change, problem", [
    (lambda d: d["results"][3].pop("median"), "results[3]: 'median' is missing"),
    (lambda d: d["results"][0].update(size_bytes="16"),
     "results[0]: 'size_bytes' is not a non-negative integer"),
    (lambda d: d["results"][1].update(q3=None), "results[1]: 'q3' is not a number"),
    (lambda d: d.update(results={}), "'results' is missing or not an array"),
    (lambda d: d.update(context=[]), "'context' is missing or not an object"),
])
def test_bad_fields(capsys, tmp_path, fixture_copy, change, problem):
    path = _spoil(fixture_copy("estream.json"), change)
    _fails_with(capsys, tmp_path, [str(path)], str(path), problem)


@pytest.mark.parametrize("change, problem", [
    (lambda r: r.update(key_bits="128"), "results[2]: 'key_bits' is not a number"),
    (lambda r: r.update(latency_ms_sd=None), "results[2]: 'latency_ms_sd' is not a number"),
    (lambda r: r.update(family=["aes"]), "results[2]: 'family' is not a string"),
    (lambda r: r.update(in_table1=1), "results[2]: 'in_table1' is not true or false"),
])
def test_bad_embedded_fields(capsys, tmp_path, fixture_copy, change, problem):
    path = _spoil(fixture_copy("embedded.json"), lambda d: change(d["results"][2]))
    _fails_with(capsys, tmp_path, [str(path)], str(path), problem)


def test_one_bad_file_among_good_ones(capsys, tmp_path, fixture_copy):
    good = fixture_copy("speed.json")
    missing = tmp_path / "missing.json"
    _fails_with(capsys, tmp_path, [str(good), str(missing)], str(missing))


def test_no_files(capsys, tmp_path):
    _fails_with(capsys, tmp_path, [], "no results files given")


def test_the_module_runs_as_a_program(tmp_path):
    environment = dict(os.environ, PYTHONPATH=str(REPORT_DIR))
    missing = tmp_path / "missing.json"
    finished = subprocess.run([sys.executable, "-m", "zucreport", "--out", str(tmp_path),
                               str(missing)], capture_output=True, text=True,
                              env=environment, cwd=tmp_path)
    assert finished.returncode == 2
    assert finished.stderr.startswith(f"zucreport: {missing}: no such file")
