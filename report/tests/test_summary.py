# SPDX-License-Identifier: Apache-2.0
"""The summary: latency apart from throughput, ratios paired repeat by repeat, and the facts
it stands on."""

import json
from pathlib import Path

import pytest
from zucreport.results import load_results_file
from zucreport.summary import (
    cpu_text,
    matches,
    summary_tables,
    time_ratio,
    versions_text,
)

CONTEXT = {"suite": "speed", "cpu_model": "AMD EPYC", "cpu_family": 25, "cpu_model_number": 1,
           "cores": 2, "tick_unit_note": "TSC ticks", "tick_ghz": 2.5, "in_flight": 16,
           "libraries": "OpenSSL 3.0.19 27 Jan 2026; libsodium 1.0.18",
           "ipsec_mb_version": "1.3.0", "ipsec_mb_arch": "avx2"}


def _result(backend, implementation, in_flight, samples, size=1500):
    ordered = sorted(samples)
    return {"suite": "speed", "algorithm": "128-eea3", "configuration": "message",
            "backend": backend, "implementation": implementation, "size_bytes": size,
            "repeats": len(samples), "unit": "ticks/byte", "median": ordered[len(samples) // 2],
            "q1": ordered[len(samples) // 4], "q3": ordered[3 * len(samples) // 4],
            "in_flight": in_flight, "samples": samples}


def _rows(tmp_path: Path, results, context=CONTEXT):
    path = tmp_path / f"{len(list(tmp_path.iterdir()))}.json"
    path.write_text(json.dumps({"schema": "zucbench-results/1", "context": context,
                                "results": results}))
    return list(load_results_file(str(path)).rows)


def test_one_message_per_call_and_many_are_separate_tables(tmp_path):
    rows = _rows(tmp_path, [
        _result("libzuc", "avx2", 16, [1.0, 1.1, 1.2]),
        _result("ipsec-mb", "16-buffer", 16, [1.5, 1.6, 1.7]),
        _result("ipsec-mb", "1-buffer", 1, [9.0, 9.1, 9.2]),
        _result("gmssl", "portable-c", 1, [7.0, 7.1, 7.2]),
    ])
    latency, throughput = summary_tables(rows)
    assert latency.title == "Summary, one message per call (latency)"
    assert throughput.title == "Summary, many messages per call (throughput)"
    # libzuc was run many per call only: its latency is not measured, never the batch's
    assert latency.rows[0].cells[1] == "not measured"
    assert any("--lanes 1" in note for note in latency.notes)
    assert "gmssl Gbps [API]" not in throughput.columns
    assert throughput.rows[0].cells[1] == "avx2"
    assert throughput.rows[0].cells[4].startswith("1.45")


def test_the_ratio_is_paired_repeat_by_repeat_within_one_run(tmp_path):
    # the machine's clock moved between repeats: each repeat's ratio is 2, the medians' not
    rows = _rows(tmp_path, [_result("libzuc", "scalar", 1, [1.0, 3.0, 1.5, 2.0, 1.2]),
                            _result("gmssl", "portable-c", 1, [2.0, 6.0, 3.0, 4.0, 2.4])])
    ratio = time_ratio(rows[1], rows[0])
    assert ratio.paired and ratio.median == pytest.approx(2.0)
    assert ratio.q1 == pytest.approx(2.0) and ratio.q3 == pytest.approx(2.0)
    other = _rows(tmp_path, [_result("gmssl", "portable-c", 1, [2.0, 6.0, 3.0, 4.0, 2.4])])
    unpaired = time_ratio(other[0], rows[0])
    assert not unpaired.paired and unpaired.q1 < 2.0 < unpaired.q3


def test_the_peer_comes_from_libzucs_run_where_that_run_has_it(tmp_path):
    first = _rows(tmp_path, [_result("gmssl", "portable-c", 1, [1.0, 1.0, 1.0])])
    second = _rows(tmp_path, [_result("libzuc", "scalar", 1, [2.0, 2.0, 2.0]),
                              _result("gmssl", "portable-c", 1, [4.0, 4.0, 4.0])])
    (match,) = matches(first + second, latency=True)
    assert match.peers["gmssl"] is second[1]


def test_the_facts_name_family_model_and_versions():
    assert cpu_text(CONTEXT) == "AMD EPYC, family 25 model 1, 2 cores"
    text = versions_text([CONTEXT])
    assert "OpenSSL 3.0.19" in text and "libsodium 1.0.18" in text
    assert "ipsec-mb 1.3.0 (avx2)" in text
