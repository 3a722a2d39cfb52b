# SPDX-License-Identifier: Apache-2.0
"""The documents' published figures are context, not contenders: no table row or chart axis
sets them beside this machine's ticks; the appendix gives them as published, naming each
document's CPU and unit, with what does not add up within them; where the comparison is
the point (gains, ratios) they are a column or series of their own named by the CPU."""

import re

import matplotlib.colors
from conftest import FIXTURES
from zucreport.charts import MAX_SERIES, mac_ratio_chart
from zucreport.cipher_charts import TABLES_STYLE
from zucreport.mac import RATIO_CONFIGURATION
from zucreport.published import published_tables
from zucreport.results import Row, load_results_file
from zucreport.tables import ablation_gain_tables, ablation_table15_tables, mac_time_table

I3 = "Intel Core i3 at 3.4 GHz (2011, no AES-NI)"
I7 = "Intel Core i7-8750H, gcc"
# The charts whose axes are this machine's ticks or µs.
TIMED_CHARTS = ("estream-stream", "estream-packets", "mac-time", "ablation-table15")


def _rows(name: str) -> list[Row]:
    return list(load_results_file(str(FIXTURES / name)).rows)


def _tables(report) -> dict:
    return {t.title: t for s in report.sections for t in s.tables}


def test_no_table_above_the_appendix_has_a_published_row_but_the_gain_comparison(report):
    for title, table in _tables(report).items():
        for row in table.rows:
            if row.document or row.label.startswith("[document]"):
                assert title.startswith("Table 15, gain over the unoptimised variant"), title
                assert row.label.startswith(f"[document] {I7}: "), row.label
        for column in table.columns:
            if "[document]" in column and not column.endswith(("alone: [document]",
                                                               "combined: [document]")):
                assert I3 in column or I7 in column, (title, column)


def test_no_chart_of_ticks_or_microseconds_draws_a_published_figure(report):
    charts = {c.slug: c for s in report.sections for c in s.charts}
    timed = [slug for slug in charts if slug in TIMED_CHARTS or slug.startswith("speed-")]
    assert set(TIMED_CHARTS) <= set(timed)
    for slug in timed:
        figure = charts[slug].figure
        for axes in figure.axes:
            # hatched: libzuc's table paths only, never the document's grey bars
            tables = matplotlib.colors.to_rgba(TABLES_STYLE["facecolor"])
            assert not [p for p in axes.patches if p.get_hatch()
                        and p.get_facecolor() != tables], slug
            labels = [line.get_label() for line in axes.get_lines()]
            labels += [t.get_text() for t in axes.get_yticklabels()]
            assert not [label for label in labels if "document" in label], (slug, labels)
        legends = [t.get_text() for legend in figure.legends + [a.get_legend() for a in
                                                                figure.axes if a.get_legend()]
                   for t in legend.get_texts()]
        assert not [text for text in legends if "document" in text], (slug, legends)


def test_table_5_holds_this_machines_microseconds_only():
    rows = _rows("mac.json")
    table = mac_time_table(rows)
    assert not [r for r in table.rows if "document" in r.label]
    assert any("appendix" in note for note in table.notes)


def test_the_appendix_gives_every_figure_as_published_with_its_cpu_and_unit():
    rows = _rows("estream.json") + _rows("mac.json") + _rows("ablation.json")
    tables = {t.title.split(",")[0]: t for t in published_tables(rows)}
    assert list(tables) == ["Table 3 as published", "Table 4 as published",
                            "Table 5 as published", "Table 6 as published",
                            "Tables 3-13 as published", "Table 15 as published"]
    for table in tables.values():
        assert I3 in table.title or I7 in table.title, table.title
    table4 = tables["Table 4 as published"]
    cells = {r.label: r.cells for r in table4.rows}
    # as published, to the document's own digits, and in its cycles
    assert cells["128-eea3"][:2] == ["cycles/byte", "258.75"]
    # Table 5's document rows are µs, not cycles
    table5 = tables["Table 5 as published"]
    assert {r.cells[0] for r in table5.rows} == {"µs per MAC"}
    assert "µs per MAC" in table5.title
    assert "cycles" not in " ".join(table5.notes)
    assert "Gbps (2^30 bits/s)" in tables["Tables 3-13 as published"].title
    assert "bits per cycle" in tables["Table 15 as published"].title


def test_the_documents_own_inconsistencies_are_noted_under_their_table():
    rows = _rows("estream.json")
    (_, table4) = published_tables(rows)
    notes = " ".join(table4.notes)
    assert ("mickey-128: 100 MB messages at 1075 cycles/byte against a keystream of 26.61"
            in notes)
    # Grain's 32 B lies below both its 16 B and 40 B, at its keystream's figure, though its
    # setup alone costs more than that a byte at 32 bytes
    assert re.search(r"grain-128: 32 bytes at 31\.87 cycles/byte, setup included, is no "
                     r"dearer than its keystream alone \(31\.87\)", notes)
    assert "grain-128: 40 bytes costs 59.54 cycles/byte, more than 32 bytes's 31.87" in notes


def test_the_ablation_sets_the_documents_gain_beside_ours_in_a_column_named_by_its_cpu():
    rows = _rows("ablation.json")
    table13 = next(t for t in ablation_gain_tables(rows)
                   if t.title == "Table 13 (combinations of methods): zuc-128")
    assert table13.columns == ["variant", "ours (Gbps)", "ours: gain",
                               f"[document] {I7}: gain"]
    # the document's Gbps, another machine's, are in the appendix only
    assert not any("4.22" in cell for row in table13.rows for cell in row.cells)


def test_table_15_is_ours_and_its_gains_stand_beside_the_documents():
    rows = _rows("ablation.json")
    table15, gains, _one_unit = ablation_table15_tables(rows)
    assert not [r for r in table15.rows if r.document or "document" in r.label]
    labels = [r.label for r in gains.rows]
    assert labels[0] == "ours: optimised"
    assert labels[-1] == f"[document] {I7}: optimised"
    # the document's optimised over its unoptimised at 128 bytes: 0.440 / 0.079 - 1
    assert gains.rows[-1].cells[0] == f"{100 * (0.440 / 0.079 - 1):+.1f}%"


def _ratio(source: str, mac: str, median: float) -> Row:
    backend, _, implementation = source.partition("-")
    return Row(suite="mac", algorithm=mac, configuration=RATIO_CONFIGURATION,
               backend=backend, implementation=implementation, size_bytes=0, repeats=11,
               unit="ratio", median=median, q1=median, q3=median,
               context={"in_flight": 1})


def test_figure_1_keeps_the_documents_series_however_many_paths_are_ours():
    ours = [_ratio(f"libzuc-path{i}", "zuc-256-mac32", 0.9) for i in range(MAX_SERIES + 4)]
    chart = mac_ratio_chart(ours + [_ratio("document-core-i3-3.4ghz-2011", "zuc-256-mac32",
                                           0.905)])
    (axes,) = [a for a in chart.figure.axes if a.get_visible()]
    labels = [t.get_text() for t in axes.get_legend().get_texts()]
    assert f"[document] {I3}" in labels
    assert len([label for label in labels if label.startswith("libzuc")]) == MAX_SERIES - 1


def test_table_15_gains_give_the_spread_of_ours():
    rows = _rows("ablation.json")
    _table15, gains, _one_unit = ablation_table15_tables(rows)
    ours = gains.rows[0].cells[0]
    assert re.fullmatch(r"[+-][0-9.]+% \([+-][0-9.]+% to [+-][0-9.]+%\)", ours), ours
    # the document's, published medians, have none
    assert "(" not in gains.rows[-1].cells[0]
