# SPDX-License-Identifier: Apache-2.0
"""The fields of interleaved cells: per-repeat ratios with their spread, the messages
per batch and per call, and the interleaving in the method note."""

import json
from pathlib import Path

from zucreport.assemble import build_report
from zucreport.results import load_results

CONTEXT = {"suite": "speed", "cpu_model": "AMD EPYC", "tick_unit": "cycles",
           "tick_ghz": 2.5, "messages_per_call": 16, "interleaving": "alternating"}


def _result(backend, implementation, size, median, ratio=None, **extra):
    r = {"suite": "speed", "algorithm": "128-eea3", "configuration": "message",
         "backend": backend, "implementation": implementation, "size_bytes": size,
         "repeats": 5, "unit": "ticks/byte", "median": median, "q1": median * 0.9,
         "q3": median * 1.1, "messages": 80 if size == 1500 else 128,
         "messages_per_call": 16, **extra}
    if ratio is not None:
        r.update(ratio_to="libzuc-avx2", ratio=ratio[0], ratio_q1=ratio[1], ratio_q3=ratio[2],
                 ratio_samples=[ratio[0]] * 5)
    return r


def _write(tmp_path: Path, context: dict, results: list) -> str:
    path = tmp_path / "speed.json"
    path.write_text(json.dumps({"schema": "zucbench-results/1", "context": context,
                                "results": results}))
    return str(path)


def _speed_section(path: str):
    report = build_report(load_results([path]))
    return next(s for s in report.sections if s.heading.startswith("Speed"))


def test_ratio_table_with_spread_and_messages(tmp_path):
    path = _write(tmp_path, CONTEXT, [
        _result("libzuc", "avx2", 1024, 2.5, (1, 1, 1)),
        _result("libzuc", "avx2", 1500, 2.4, (1, 1, 1)),
        _result("ipsec-mb", "16-buffer", 1024, 3.0, (1.18, 1.15, 1.21)),
        _result("ipsec-mb", "16-buffer", 1500, 2.9, (1.17, 1.14, 1.2)),
    ])
    section = _speed_section(path)
    assert "took turns" in section.intro and "order reversed every repeat" in section.intro
    times, ratios = section.tables
    assert ratios.title == "128-eea3, ratio: time over libzuc-avx2's"
    cells = {row.label: row.cells for row in ratios.rows}
    assert cells["libzuc-avx2, 16/call"] == ["baseline", "baseline"]
    assert cells["ipsec-mb-16-buffer, 16/call"] == ["1.180 (1.150-1.210)", "1.170 (1.140-1.200)"]
    assert any("per-repeat ratios" in note for note in ratios.notes)
    note = next(n for n in times.notes if n.startswith("Messages per timed batch"))
    assert "1024 B: 128" in note and "1500 B: 80" in note and "16 per many-message call" in note


def test_older_files_claim_no_interleaving(tmp_path):
    plain = [{k: v for k, v in _result("libzuc", "avx2", 1500, 2.4).items()
              if k not in ("messages", "messages_per_call")}]
    context = {k: v for k, v in CONTEXT.items() if k != "interleaving"}
    section = _speed_section(_write(tmp_path, context, plain))
    assert "took turns" not in section.intro
    assert len(section.tables) == 1  # no ratios to show
    assert not any(n.startswith("Messages per timed batch") for n in section.tables[0].notes)
