# SPDX-License-Identifier: Apache-2.0
"""Units: axes and tables say what the results files' ticks are (TSC ticks, core cycles,
ns), never a fixed "cycles"."""

import json
from dataclasses import replace

import pytest
from conftest import FIXTURES
from zucreport.charts import ablation_table15_chart, message_speed_charts
from zucreport.cipher_charts import cipher_stream_chart
from zucreport.results import load_results_file
from zucreport.tables import (
    ablation_table15_tables,
    estream_init_stream_table,
    estream_message_table,
    speed_tables,
)
from zucreport.units import tick_unit_name


def _rows(name: str) -> list:
    return list(load_results_file(str(FIXTURES / name)).rows)


def _in_unit(rows: list, note: str) -> list:
    """The rows as a results file whose context says its ticks are `note`."""
    return [r if r.is_document else replace(r, context={**r.context, "tick_unit_note": note})
            for r in rows]


def _axis_labels(chart) -> list[str]:
    return [text for axes in chart.figure.axes if axes.get_visible()
            for text in (axes.get_xlabel(), axes.get_ylabel()) if text]


def _legend_labels(chart) -> list[str]:
    return [t.get_text() for axes in chart.figure.axes if axes.get_legend()
            for t in axes.get_legend().get_texts()]


@pytest.mark.parametrize("context, name", [
    ({"tick_unit": "cycles", "tick_unit_note": "TSC ticks", "timer": "rdtsc"}, "TSC ticks"),
    ({"tick_unit": "cycles", "tick_unit_note": "core cycles",
      "timer": "perf_event cycles (rdpmc)"}, "core cycles"),
    ({"tick_unit": "ns", "tick_unit_note": "ns", "timer": "cntvct_el0"}, "ns"),
    ({"tick_unit": "cycles", "tick_unit_note": "cycles at --cpu-mhz, ns * MHz / 1000",
      "cpu_mhz": 667.0}, "cycles at 667 MHz"),
    # written before tick_unit_note: RDTSC was the counter and "cycles" its ticks
    ({"tick_unit": "cycles", "timer": "rdtsc"}, "TSC ticks"),
    ({"tick_unit": "ns", "timer": "clock_gettime"}, "ns"),
])
def test_the_unit_is_the_contexts(context, name):
    assert tick_unit_name(context) == name


def test_the_estream_fixture_is_in_tsc_ticks():
    assert json.loads((FIXTURES / "estream.json").read_text())["context"]["tick_unit_note"] \
        == "TSC ticks"


def test_axes_and_tables_say_tsc_ticks_as_the_files_do(report):
    charts = {c.slug: c for s in report.sections for c in s.charts}
    timed = ["estream-stream", "estream-packets"] + [s for s in charts if s.startswith("speed-")]
    for slug in timed:
        labels = _axis_labels(charts[slug])
        assert any("TSC ticks/byte" in label for label in labels), (slug, labels)
        assert not any("cycles" in label for label in labels), (slug, labels)
    assert any("bits per TSC tick" in label for label in _axis_labels(charts["ablation-table15"]))
    rows = _rows("estream.json")
    assert estream_init_stream_table(rows).columns[1:3] == ["Init (TSC ticks/setup)",
                                                            "Stream (TSC ticks/byte)"]
    assert estream_message_table(rows).title.startswith("Table 4: TSC ticks/byte ")


def test_core_cycles_when_the_file_counts_core_cycles():
    rows = _in_unit(_rows("estream.json"), "core cycles")
    for chart in (cipher_stream_chart(rows), *message_speed_charts(rows)):
        assert any("core cycles/byte" in label for label in _axis_labels(chart)), chart.slug
    assert estream_message_table(rows).title.startswith("Table 4: core cycles/byte ")
    speed = _in_unit(_rows("speed.json"), "core cycles")
    assert all(t.title.endswith(": core cycles/byte by message size (bytes)")
               for t in speed_tables(speed))


def test_table15_is_in_bits_per_tick_of_the_file():
    rows = _rows("ablation.json")
    assert "bits per TSC tick" in ablation_table15_tables(rows)[0].title
    chart = ablation_table15_chart(rows)
    assert all("bits per TSC tick" in label for label in _axis_labels(chart)
               if label.startswith("bits"))
    ns = [replace(r, unit="bits/ns", context={**r.context, "tick_unit": "ns",
                                              "tick_unit_note": "ns"})
          if r.unit == "bits/cycle" and not r.is_document else r for r in rows]
    assert "bits per ns" in ablation_table15_tables(ns)[0].title
    labels = [row.label for row in ablation_table15_tables(ns)[0].rows]
    assert "optimised" in labels


def test_rows_in_different_units_are_never_one_series_and_each_says_its_unit():
    estream = _rows("estream.json")
    speed = _in_unit(_rows("speed.json"), "core cycles")
    chart = next(c for c in message_speed_charts(estream + speed) if c.slug == "speed-128-eea3")
    assert "TSC ticks or core cycles/byte" in _axis_labels(chart)[1]
    legend = _legend_labels(chart)
    # libzuc's only path in speed.json is a table path: marked, on a line of its own
    assert "speed: libzuc-scalar, 16/call [core cycles]\n(table lookups, not constant time)" \
        in legend
    assert any(s.startswith("estream: libzuc-") and s.endswith("[TSC ticks]") for s in legend)
    # one speed file in TSC ticks, another in core cycles: two rows, never one
    both = _rows("speed.json") + speed
    labels = [row.label for row in speed_tables(both)[0].rows]
    assert "libzuc-scalar, 16/call [TSC ticks] (table lookups, not constant time)" in labels
    assert "libzuc-scalar, 16/call [core cycles] (table lookups, not constant time)" in labels


def test_the_sections_name_the_unit(report):
    estream = next(s for s in report.sections if s.heading.startswith("eSTREAM"))
    assert "Timings are in TSC ticks" in estream.intro
    speed = next(s for s in report.sections if s.heading.startswith("Speed"))
    assert speed.intro.startswith("TSC ticks per byte")
