# SPDX-License-Identifier: Apache-2.0
"""libzuc's table paths (scalar-v3, scalar, ref) are not constant time: where a chart or a
table picks libzuc's path, it picks the one the summary shows (its default one-message path,
constant time; its fastest constant-time path for many per call), and its table path, where
faster, is drawn apart (hatched or dashed) and named "table lookups, not constant time"."""

import json
import re
from pathlib import Path

import matplotlib.colors
from zucreport.assemble import build_report
from zucreport.charts import (
    MAX_SERIES,
    fastest_series,
    mac_ratio_chart,
    mac_time_chart,
    message_speed_charts,
)
from zucreport.cipher_charts import (
    TABLES_LEGEND,
    TABLES_STYLE,
    cipher_packet_chart,
    cipher_stream_chart,
)
from zucreport.results import Row, load_results, load_results_file
from zucreport.select import NOT_CONSTANT_TIME, TABLE_PATH_NOTE, contender_label
from zucreport.tables import estream_message_table, speed_tables

MARK = f"({NOT_CONSTANT_TIME})"
SIZES = (40, 576, 1500)
CONTEXT = {"cpu_model": "AMD EPYC", "tick_unit_note": "TSC ticks", "tick_ghz": 2.5,
           "libzuc_default_impl": "ct-aesni"}


def _result(suite, algorithm, configuration, backend, implementation, in_flight, median,
            size):
    return {"suite": suite, "algorithm": algorithm, "configuration": configuration,
            "backend": backend, "implementation": implementation, "size_bytes": size,
            "repeats": 3, "unit": "ticks/byte", "median": median, "q1": median * 0.95,
            "q3": median * 1.05, "in_flight": in_flight}


# One message per call: the default ct-aesni (4), slower than the table path scalar-v3 (3)
# and than the lane path avx2 run with one message (3.5, constant time but not the default);
# scalar (5) and ref (9) are slower table paths. Sixteen per call: avx2 (1.2), scalar (2).
LIBZUC = (("ct-aesni", 1, 4.0), ("avx2", 1, 3.5), ("scalar-v3", 1, 3.0), ("scalar", 1, 5.0),
          ("ref", 1, 9.0), ("avx2", 16, 1.2), ("scalar", 16, 2.0))
PEERS = (("gmssl", "portable-c", 1, 8.0), ("ipsec-mb", "1-buffer", 1, 6.0),
         ("ipsec-mb", "16-buffer", 16, 1.5))


def _results(suite: str, configuration: str, sizes=SIZES, algorithm="128-eea3") -> list[dict]:
    results = []
    for size in sizes:
        step = 1 + 40 / max(size, 1)        # dearer per byte at smaller sizes
        results += [_result(suite, algorithm, configuration, "libzuc", path, calls,
                            median * step, size) for path, calls, median in LIBZUC]
        results += [_result(suite, algorithm, configuration, backend, api, calls,
                            median * step, size) for backend, api, calls, median in PEERS]
    return results


def _write(tmp_path: Path, name: str, suite: str, results: list[dict], context=CONTEXT) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"schema": "zucbench-results/1",
                                "context": {**context, "suite": suite}, "results": results}))
    return path


def _rows(tmp_path: Path, suite="speed", configuration="message", sizes=SIZES,
          context=CONTEXT) -> list:
    path = _write(tmp_path, f"{suite}-{configuration}.json", suite,
                  _results(suite, configuration, sizes), context)
    return list(load_results_file(str(path)).rows)


def _shown(rows) -> set[tuple[str, int]]:
    return {(r.implementation, int(r.optional["in_flight"])) for r in rows
            if r.backend == "libzuc"}


def _legend(axes) -> dict[str, object]:
    return {t.get_text(): line for t, line in zip(axes.get_legend().get_texts(),
                                                  axes.get_legend().get_lines(), strict=True)}


def _row(backend: str, implementation: str, threads: int = 1) -> Row:
    return Row("speed", "128-eea3", "message", backend, implementation, 1500, 3, "ticks/byte",
               1.0, 1.0, 1.0, optional={"in_flight": 1, "threads": threads}, context=CONTEXT)


def test_a_table_path_is_marked_in_its_label():
    assert contender_label(_row("libzuc", "scalar-v3")) == f"libzuc-scalar-v3, 1/call {MARK}"
    assert contender_label(_row("libzuc", "ref", threads=2)) == (
        f"libzuc-ref, 1/call (2 threads; {NOT_CONSTANT_TIME})")
    assert contender_label(_row("libzuc", "ct-aesni")) == "libzuc-ct-aesni, 1/call"
    # another library's path of that name is no libzuc table path
    assert contender_label(_row("other", "scalar")) == "other-scalar, 1/call"
    assert contender_label(_row("libzuc", "scalar-v3"), marked=False) == (
        "libzuc-scalar-v3, 1/call")


def test_charts_show_libzucs_default_path_and_its_faster_table_path_apart(tmp_path):
    rows = _rows(tmp_path)
    # one message per call: the default (not the faster avx2 nor scalar-v3), and the
    # fastest table path beside it; many per call: the fastest constant-time path (avx2,
    # though scalar is slower: no table path)
    assert _shown(fastest_series(rows)) == {("ct-aesni", 1), ("scalar-v3", 1), ("avx2", 16)}
    (chart,) = message_speed_charts(rows)
    (axes,) = chart.figure.axes
    legend = _legend(axes)
    assert "libzuc-ct-aesni, 1/call" in legend
    table = f"libzuc-scalar-v3, 1/call\n{MARK}"
    assert table in legend
    assert legend[table].get_linestyle() == "--"
    assert legend["libzuc-ct-aesni, 1/call"].get_linestyle() == "-"
    assert "libzuc's as in the summary" in axes.get_title()


def test_a_table_path_never_takes_the_place_of_a_librarys_path(tmp_path):
    rows = _rows(tmp_path)

    def contenders(limit: int) -> set[tuple]:
        return {(r.backend, r.implementation, int(r.optional["in_flight"]))
                for r in fastest_series(rows, limit=limit)}
    # five libraries run one way each (libzuc and ipsec-mb one and sixteen per call, GmSSL
    # one): with room for five, those five, never the table path instead of one of them
    assert contenders(5) == {("libzuc", "ct-aesni", 1), ("libzuc", "avx2", 16),
                             ("ipsec-mb", "1-buffer", 1), ("ipsec-mb", "16-buffer", 16),
                             ("gmssl", "portable-c", 1)}
    # with room for a sixth, the table path beside libzuc's own
    assert contenders(6) == contenders(5) | {("libzuc", "scalar-v3", 1)}
    assert contenders(MAX_SERIES) == contenders(6)


def test_a_slower_table_path_is_not_drawn(tmp_path):
    rows = [r for r in _rows(tmp_path) if r.implementation != "scalar-v3"]
    # scalar (5) is slower than ct-aesni (4)
    assert _shown(fastest_series(rows)) == {("ct-aesni", 1), ("avx2", 16)}


def test_a_table_path_default_stands_for_libzuc_marked(tmp_path):
    # a library built with -DZUC_TABLES_DEFAULT=ON, or results from before the ct paths
    rows = _rows(tmp_path, context={**CONTEXT, "libzuc_default_impl": "scalar-v3"})
    assert _shown(fastest_series(rows)) == {("scalar-v3", 1), ("avx2", 16)}
    (chart,) = message_speed_charts(rows)
    legend = _legend(chart.figure.axes[0])
    assert legend[f"libzuc-scalar-v3, 1/call\n{MARK}"].get_linestyle() == "--"


def _bars(chart) -> dict[str, list]:
    """Each line of a bar chart (its panels share them): its label, and its bars in every
    panel."""
    panels = [axes for axes in chart.figure.axes if axes.get_visible()]
    labels = [t.get_text() for t in panels[0].get_yticklabels()]
    found: dict[str, list] = {}
    for axes in panels:
        for patch in axes.patches:
            position = round(patch.get_y() + patch.get_height() / 2)
            found.setdefault(labels[position], []).append(patch)
    return found


def _hatched(patch) -> bool:
    return bool(patch.get_hatch()) and patch.get_facecolor() == matplotlib.colors.to_rgba(
        TABLES_STYLE["facecolor"])


def test_the_estream_charts_hatch_the_table_path_and_say_so(tmp_path):
    stream = cipher_stream_chart(_rows(tmp_path, "estream", "stream", sizes=(0,)))
    packets = cipher_packet_chart(_rows(tmp_path, "estream", "message"))
    # one keystream: the default path and its faster table path; messages: those for one
    # per call, and for sixteen the fastest constant-time path (avx2, not scalar)
    for chart, paths in ((stream, {"ct-aesni", "scalar-v3"}),
                         (packets, {"ct-aesni, 1/call", "scalar-v3, 1/call", "avx2, 16/call"})):
        bars = _bars(chart)
        ours = [label for label in bars if "libzuc" in label]
        assert {label.removeprefix("128-eea3 libzuc-") for label in ours} == paths
        for label in ours:
            assert all(_hatched(p) == ("scalar-v3" in label) for p in bars[label]), label
        legend = [t.get_text() for legend in chart.figure.legends for t in legend.get_texts()]
        assert TABLES_LEGEND == "libzuc table path: table lookups, not constant time"
        assert TABLES_LEGEND in legend, chart.slug
        assert "libzuc's as in the summary" in chart.title


def test_the_mac_charts_mark_the_table_paths(tmp_path):
    macs = [dict(r, suite="mac", configuration="mac", unit="ticks/byte")
            for r in _results("mac", "mac")]
    ratios = [dict(r, suite="mac", configuration="ratio-to-128-eia3", algorithm="zuc-256-mac32",
                   unit="ratio") for r in _results("mac", "x", sizes=(0,))
              if r["backend"] == "libzuc"]
    path = _write(tmp_path, "mac.json", "mac", macs + ratios)
    rows = list(load_results_file(str(path)).rows)
    (axes,) = [a for a in mac_time_chart(rows).figure.axes if a.get_visible()]
    legend = _legend(axes)
    assert "libzuc-ct-aesni, 1/call" in legend
    assert legend[f"libzuc-scalar-v3, 1/call\n{MARK}"].get_linestyle() == "--"
    # every libzuc path is a series of Figure 1: its table paths hatched and named
    chart = mac_ratio_chart(rows)
    (axes,) = chart.figure.axes
    for container in axes.containers:
        label = container.get_label()
        if "libzuc" in label:
            hatched = all(bar.get_hatch() for bar in container)
            assert hatched == (MARK in label), label
            assert (MARK in label) == label.startswith(("libzuc-scalar", "libzuc-ref")), label


def test_tables_mark_the_table_paths_in_their_rows_and_say_why(tmp_path):
    speed = _write(tmp_path, "speed.json", "speed", _results("speed", "message"))
    estream = _write(tmp_path, "estream.json", "estream", _results("estream", "message"))
    rows = [r for f in load_results([str(speed), str(estream)]) for r in f.rows]
    for table in (speed_tables(rows)[0], estream_message_table(rows)):
        labels = [row.label for row in table.rows if "libzuc" in row.label]
        for label in labels:
            assert (MARK in label) == any(f"libzuc-{p}," in label
                                          for p in ("scalar-v3", "scalar", "ref")), label
    report = build_report(load_results([str(speed), str(estream)]))
    tables = [t for s in report.sections for t in s.tables]
    marked = [t for t in tables if any(MARK in row.label for row in t.rows)]
    assert {t.title.split(":")[0] for t in marked} >= {"Table 4", "128-eea3"}
    for table in marked:
        note = next(n for n in table.notes if n.startswith(TABLE_PATH_NOTE))
        assert note.endswith("in these results: ct-aesni.")


def test_the_fixtures_report_marks_every_table_path_it_names(report):
    """Every row of every table that names one of libzuc's table paths says so, and its
    table says why, whatever the suite (Tables 3 to 6, speed, consistency)."""
    tables = [t for s in report.sections for t in s.tables if not s.heading.startswith(
        "Ablation")]
    seen = 0
    for table in tables:
        for text in [row.label for row in table.rows] + table.columns:
            if re.search(r"libzuc-(scalar-v3|scalar|ref)(?![\w-])", text):
                seen += 1
                assert MARK in text, (table.title, text)
                assert any(n.startswith(TABLE_PATH_NOTE) for n in table.notes), table.title
    assert seen > 10
