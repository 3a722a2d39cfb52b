# SPDX-License-Identifier: Apache-2.0
"""python -m zuc.bench runs, with and without zucbench, and prints a row per
figure (a smoke test: speed is measured by hand, never asserted here)."""
import os

import pytest
import zuc
from zuc import bench

SMALL = ["--repeats", "1", "--messages", "8", "--size", "64", "--small", "40", "--calls", "10"]


def test_bench_without_c(capsys, monkeypatch, tmp_path):
    monkeypatch.delenv("ZUCBENCH", raising=False)
    monkeypatch.chdir(tmp_path)  # no build/tools/zucbench here
    assert bench.main(SMALL) == 0
    out = capsys.readouterr().out
    assert "its column is left out" in out
    assert out.count("ns/B") == 5 and out.count("ns/call") == 3
    assert out.count("<=") == 8


def test_bench_beside_zucbench(capsys, zuc_tool):
    zucbench = os.path.join(os.path.dirname(zuc_tool), "zucbench")
    if not os.access(zucbench, os.X_OK):
        pytest.skip(f"no zucbench beside {zuc_tool}")
    assert bench.main([*SMALL, "--zucbench", zucbench]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if "<=" in line]
    assert len(rows) == 8, rows


def test_bench_refuses_bad_options(capsys):
    with pytest.raises(SystemExit) as info:
        bench.main(["--repeats", "0"])
    assert info.value.code == 2 and "--repeats" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["eea3", "nia6", "nca6"])
def test_c_harness_writes_where_python_does(name):
    """The C side's jobs, built once, still write the Python call's output
    into outs after a run into new buffers in between."""
    keys = [bytes([k]) * (16 if name == "eea3" else 32) for k in (1, 2, 3)]
    counts, msgs = [7, 8, 9], [bytes(range(i, i + 40)) for i in range(3)]
    outs = [bytearray(56) for _ in range(3)]
    jobs = zuc._zuc._prepare_many(name, keys, counts, msgs, outs)
    for fresh in (True, False):
        [(ns, faults)] = zuc._zuc._time_many(jobs, 1, fresh)
        assert ns > 0 and faults >= 0
    if name == "eea3":
        want = zuc.eea3_many(keys, counts, 5, 1, msgs)
    elif name == "nia6":
        want = zuc.nia6_many(keys, counts, 5, 1, msgs, 16)
    else:
        want = zuc.nca6_encrypt_many(keys, counts, 5, 1, msgs, bytes(range(16)), 16)
    assert [bytes(o[:len(w)]) for o, w in zip(outs, want, strict=True)] == want
