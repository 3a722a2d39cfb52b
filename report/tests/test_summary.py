# SPDX-License-Identifier: Apache-2.0
"""The summary: latency apart from throughput, ratios paired repeat by repeat, and the facts
it stands on."""

import json
from pathlib import Path

import pytest
from zucreport.results import load_results_file
from zucreport.summary import (
    TABLES_COLUMN,
    cpu_text,
    facts,
    headline_sentences,
    matches,
    summary_tables,
    time_ratio,
    versions_text,
)
from zucreport.summary_chart import headline_chart

CONTEXT = {"suite": "speed", "cpu_model": "AMD EPYC", "cpu_family": 25, "cpu_model_number": 1,
           "cores": 2, "tick_unit_note": "TSC ticks", "tick_ghz": 2.5, "in_flight": 16,
           "libraries": "OpenSSL 3.0.19 27 Jan 2026; libsodium 1.0.18",
           "ipsec_mb_version": "1.3.0", "ipsec_mb_arch": "avx2", "libzuc_version": "0.1.0"}


def _result(backend, implementation, in_flight, samples, size=1500):
    ordered = sorted(samples)
    return {"suite": "speed", "algorithm": "128-eea3", "configuration": "message",
            "backend": backend, "implementation": implementation, "size_bytes": size,
            "repeats": len(samples), "unit": "ticks/byte", "median": ordered[len(samples) // 2],
            "q1": ordered[len(samples) // 4], "q3": ordered[3 * len(samples) // 4],
            "in_flight": in_flight, "samples": samples}


ONE_PER_CALL = {**CONTEXT, "in_flight": 1, "libzuc_default_impl": "ct-aesni"}


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
    assert text.startswith("libzuc 0.1.0, ")
    assert "OpenSSL 3.0.19" in text and "libsodium 1.0.18" in text
    assert "ipsec-mb 1.3.0 (avx2)" in text


def _one_per_call(tmp_path: Path, context=ONE_PER_CALL):
    """libzuc's default path (ct-aesni), slower than its table path (scalar-v3) and than a
    lane path called with one message (avx2, constant time too), beside GmSSL."""
    return _rows(tmp_path, [
        _result("libzuc", "ct-aesni", 1, [4.0, 4.0, 4.0]),
        _result("libzuc", "avx2", 1, [5.0, 5.0, 5.0]),
        _result("libzuc", "scalar-v3", 1, [3.0, 3.0, 3.0]),
        _result("gmssl", "portable-c", 1, [8.0, 8.0, 8.0]),
    ], context)


def test_one_message_per_call_gives_the_default_constant_time_path(tmp_path):
    (latency,) = summary_tables(_one_per_call(tmp_path))
    cells = dict(zip(latency.columns[1:], latency.rows[0].cells, strict=True))
    assert cells["libzuc path (constant time unless marked)"] == "ct-aesni, default"
    # the ratio is the default path's (8 / 4), not the table path's (8 / 3)
    assert cells["× vs gmssl"].startswith("2.00×")
    # the faster table path is a column of its own, named not constant time
    assert TABLES_COLUMN == "libzuc table path Gbps (table lookups, not constant time)"
    assert cells[TABLES_COLUMN].endswith("[scalar-v3]")
    assert any("not constant time" in note and "ZUC_IMPL" in note for note in latency.notes)
    (sentence,) = headline_sentences(_one_per_call(tmp_path))
    assert "libzuc's default path (ct-aesni, constant time) is 128-eea3 2.00× faster" \
        in sentence
    assert dict(facts(_one_per_call(tmp_path)))["libzuc default path"] == (
        "ct-aesni (one message per call; constant time)")


def test_a_table_path_default_is_marked_not_constant_time(tmp_path):
    # a library built with -DZUC_TABLES_DEFAULT=ON (or before the ct paths)
    rows = _one_per_call(tmp_path, {**ONE_PER_CALL, "libzuc_default_impl": "scalar-v3"})
    (latency,) = summary_tables(rows)
    assert latency.rows[0].cells[1] == "scalar-v3, default, table lookups, not constant time"
    assert TABLES_COLUMN not in latency.columns


def test_many_per_call_gives_the_fastest_constant_time_path(tmp_path):
    rows = _rows(tmp_path, [
        _result("libzuc", "avx2", 16, [2.0, 2.0, 2.0]),
        _result("libzuc", "scalar", 16, [1.0, 1.0, 1.0]),
        _result("ipsec-mb", "16-buffer", 16, [3.0, 3.0, 3.0]),
    ])
    (throughput,) = summary_tables(rows)
    cells = dict(zip(throughput.columns[1:], throughput.rows[0].cells, strict=True))
    assert cells["libzuc path (constant time unless marked)"] == "avx2"
    assert cells["× vs ipsec-mb"].startswith("1.50×")
    assert cells[TABLES_COLUMN].endswith("[scalar]")


def test_the_headline_chart_draws_the_table_path_apart(tmp_path):
    chart = headline_chart(_one_per_call(tmp_path))
    labels = [t.get_text() for legend in chart.figure.legends for t in legend.get_texts()]
    assert labels == ["libzuc, constant time", "gmssl",
                      "libzuc, table lookups, not constant time"]
    # the title says which path stands for libzuc, on a line of its own (the first holds the
    # CPU whole)
    assert chart.title.startswith("libzuc, constant time, against each peer's best API")
    assert chart.figure.texts[0].get_text().split("\n")[1].startswith(
        "libzuc: its default path for one message per call")
