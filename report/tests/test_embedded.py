# SPDX-License-Identifier: Apache-2.0
"""The embedded suite: Table 2's rows, Figure 5's panels and the throughput chart."""

import io
import json
from dataclasses import replace
from pathlib import Path

import matplotlib.image
import pytest
from conftest import FIXTURES
from zucreport import units
from zucreport.cli import main
from zucreport.embedded import block_size_table, configurations, table2
from zucreport.embedded_charts import (
    block_size_chart,
    embedded_charts,
    latency_chart,
    latency_figure,
    throughput_chart,
    throughput_order,
)
from zucreport.results import load_results_file
from zucreport.select import pick

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
FIXTURE = FIXTURES / "embedded.json"
# every Simon and Speck configuration of Table 1, a --quick-sized run (1 MiB, 3 runs)
SIMON_SPECK = FIXTURES / "embedded-simon-speck.json"


def _rows():
    return list(load_results_file(str(FIXTURE)).rows)


def _results() -> list[dict]:
    return json.loads(FIXTURE.read_text())["results"]


def _table2_rows() -> dict:
    return {row.label: row.cells for row in table2(_rows()).rows}


def _panels(figure) -> dict:
    return {axes.get_title(): axes for axes in figure.axes if axes.get_visible()}


def _legend_labels(axes) -> list[str]:
    return [text.get_text() for text in axes.get_legend().get_texts()]


def _pixels(png: bytes):
    assert png.startswith(PNG_SIGNATURE)
    return matplotlib.image.imread(io.BytesIO(png), format="png")


def test_table2_has_one_row_per_configuration_in_file_order():
    labels = [label.rstrip("*") for label in _table2_rows()]
    assert labels == [r["name"] for r in _results()]


def test_table2_cells_are_the_fixtures_numbers():
    rows = _table2_rows()
    # aes-128-cbc: mean 4.9969 ms, sd 3.224; 1275040 KB of system memory is 1245 MB
    assert rows["aes-128-cbc"] == ["128", "10", "CBC", "4.997 (3.224)", "209.8", "37.8",
                                   "15091", "0.061", "100.0", "1245"]
    assert rows["des-ede3-192-ofb"][3] == "120.8 (13.8)"
    assert rows["speck-64/128-ctr"][:5] == ["128", "27", "CTR", "3.318 (2.396)", "316.1"]


def test_table2_marks_what_does_not_apply_and_what_table1_lacks():
    rows = _table2_rows()
    assert rows["chacha20*"][:3] == ["256", "-", "STREAM"]
    assert rows["sm2-256"][:3] == ["256", "-", "PKE"]
    assert rows["zuc-128*"][:3] == ["128", "32", "STREAM"]
    notes = table2(_rows()).notes
    assert any("not among the paper's Table 1" in note for note in notes)
    assert any("encrypting a file of 1 MiB in a child process" in note for note in notes)


def test_a_name_measured_by_two_contenders_carries_each():
    rows = _rows()
    twin = replace(rows[0], backend="own", implementation="mode layer")
    labels = [c.label for c in configurations([rows[0], twin])]
    assert labels == ["aes-128-cbc openssl-evp", "aes-128-cbc own-mode layer"]


def test_a_configuration_in_two_inputs_is_shown_once_from_the_later():
    rows = _rows()
    again = replace(rows[0], optional={**rows[0].optional, "latency_ms_mean": 7.5})
    chosen = configurations(rows + [again])
    assert len(chosen) == len(rows)
    assert chosen[0].label == "aes-128-cbc" and chosen[0].latency_mean == 7.5


def _full_run_of(rows):
    """The same configurations as a full run would give them: another file size and
    number of runs (the fixture is a --quick run: 1 MiB, 3 runs)."""
    return [replace(r, size_bytes=8388608, repeats=10,
                    optional={**r.optional, "latency_ms_mean": 9 * r.optional["latency_ms_mean"]})
            for r in rows]


def test_rows_of_another_file_size_or_runs_are_kept_apart_and_labelled():
    rows = _rows()
    full = _full_run_of(rows[:2])
    chosen = configurations(rows + full)
    assert len(chosen) == len(rows) + 2
    by_label = {c.label: c for c in chosen}
    quick = by_label["aes-128-cbc (1 MiB file, 3 runs)"]
    slow = by_label["aes-128-cbc (8 MiB file, 10 runs)"]
    assert slow.latency_mean == 9 * quick.latency_mean
    labels = [row.label for row in table2(rows + full).rows]
    assert "aes-128-cbc (8 MiB file, 10 runs)" in labels


def test_figure5_never_sets_rows_of_different_files_side_by_side():
    rows = _rows()
    panels = _panels(latency_figure(rows + _full_run_of(rows)))
    assert "aes (1 MiB file, 3 runs)" in panels and "aes (8 MiB file, 10 runs)" in panels
    assert "aes" not in panels


def test_figure5_has_one_panel_per_family_with_several_configurations():
    families = [r["family"] for r in _results()]
    expected = [f for f in dict.fromkeys(families) if families.count(f) > 1]
    panels = _panels(latency_figure(_rows()))
    assert list(panels) == expected == ["aes", "des-ede3", "simon", "speck"]
    assert "Figure 5: latency by encryption mode and key length" in \
        latency_figure(_rows())._suptitle.get_text()


def test_figure5_groups_by_mode_with_a_bar_per_key_or_block_and_key_size():
    panels = _panels(latency_figure(_rows()))
    aes = panels["aes"]
    assert [t.get_text() for t in aes.get_xticklabels()] == ["CBC", "CFB", "CTR", "ECB", "OFB"]
    assert _legend_labels(aes) == ["128", "192", "256"]
    assert len(aes.patches) == 15
    assert _legend_labels(panels["simon"]) == ["128/128", "32/64"]
    assert _legend_labels(panels["des-ede3"]) == ["192"]


def test_figure5_goes_log_only_when_a_panel_spans_more_than_30x():
    rows = _rows()
    assert _panels(latency_figure(rows))["aes"].get_yscale() == "linear"
    fast = [replace(r, optional={**r.optional, "latency_ms_mean": 0.01})
            if r.text.get("name") == "aes-128-ctr" else r for r in rows]
    panels = _panels(latency_figure(fast))
    assert panels["aes"].get_yscale() == "log"
    assert panels["speck"].get_yscale() == "linear"


def test_no_figure5_when_every_family_has_one_configuration():
    single = [r for r in _rows() if r.text["family"] in ("zuc", "chacha20", "rc4")]
    assert latency_chart(single) is None
    assert [c.slug for c in embedded_charts(single)] == ["embedded-throughput"]


def test_throughput_runs_fastest_first():
    figures = [c.number("throughput_mbs") for c in throughput_order(_rows())]
    assert len(figures) == len(_results())
    assert figures == sorted(figures, reverse=True)


def test_the_charts_are_pngs_and_the_throughput_chart_grows_with_the_matrix():
    rows = _rows()
    charts = embedded_charts(rows)
    assert [c.slug for c in charts] == ["embedded-figure5", "embedded-block-size",
                                        "embedded-throughput"]
    for chart in charts:
        height, width, _ = _pixels(chart.png).shape
        assert height > 400 and width >= 1000, chart.slug
    few = _pixels(throughput_chart(pick(rows, algorithm="aes-128")).png)
    many = _pixels(throughput_chart(rows).png)
    assert many.shape[0] > few.shape[0] + 300


def test_a_file_mixing_embedded_and_mac_results_renders(tmp_path: Path):
    mac = json.loads((FIXTURES / "mac.json").read_text())
    mixed = dict(mac, results=mac["results"] + _results())
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps(mixed))
    out = tmp_path / "out"
    assert main(["--out", str(out), str(path)]) == 0
    charts = {p.stem for p in (out / "charts").glob("*.png")}
    assert charts == {"mac-ratio", "mac-time", "embedded-figure5", "embedded-block-size",
                      "embedded-throughput", "summary-headline"}
    markdown = (out / "README.md").read_text(encoding="utf-8")
    assert "**Table 2: latency and resources of every configuration**" in markdown
    assert "**Table 6: speed relative to 128-EIA3 (same backend)**" in markdown
    assert "| aes-128-cbc | 128 | 10 | CBC | 4.997 (3.224) | 209.8 |" in markdown
    html = (out / "embedded.html").read_text(encoding="utf-8")
    assert "<figcaption>Figure 5: latency by encryption mode and key length</figcaption>" \
        in html


# ---- block size and speed --------------------------------------------------------------

def _simon_speck() -> tuple[list, dict]:
    document = json.loads(SIMON_SPECK.read_text())
    by_name = {r["name"]: r for r in document["results"]}
    return list(load_results_file(str(SIMON_SPECK)).rows), by_name


SHORTEST_KEYS = ("32/64", "48/72", "64/96", "96/96", "128/128")
MODES = ("cbc", "pcbc", "cfb", "ctr", "ecb", "ofb")


def test_the_block_size_table_has_each_family_and_mode_at_each_block_size():
    rows, by_name = _simon_speck()
    table = block_size_table(rows)
    assert table.columns == ["family, mode", "32-bit block", "48-bit block", "64-bit block",
                             "96-bit block", "128-bit block", "largest / smallest block"]
    assert [row.label for row in table.rows] == [f"{family}, {mode.upper()}"
                                                 for family in ("simon", "speck")
                                                 for mode in MODES]
    faster = 0
    for row in table.rows:
        family, mode = row.label.split(", ")
        figures = [by_name[f"{family}-{sizes}-{mode.lower()}"]["throughput_mbs"]
                   for sizes in SHORTEST_KEYS]
        assert row.cells[:5] == [units.mbs(f) for f in figures], row.label
        assert row.cells[5] == f"{figures[-1] / figures[0]:.2f}x", row.label
        faster += figures[-1] > figures[0]
    assert table.notes[0] == (f"Here the largest block is the faster in {faster} of 12 "
                              f"family and mode pairs.")


def test_the_block_size_chart_has_a_line_per_mode_through_the_shortest_keys():
    rows, by_name = _simon_speck()
    chart = block_size_chart(rows)
    assert chart.slug == "embedded-block-size"
    panels = _panels(chart.figure)
    assert list(panels) == ["simon", "speck"]
    for family, axes in panels.items():
        assert [t.get_text() for t in axes.get_xticklabels()] == ["32", "48", "64", "96", "128"]
        assert axes.get_yscale() == "log"
        lines = {line.get_label(): line for line in axes.get_lines()
                 if not line.get_label().startswith("_")}
        assert list(lines) == [m.upper() for m in MODES]
        for mode in MODES:
            expected = [by_name[f"{family}-{sizes}-{mode}"]["throughput_mbs"]
                        for sizes in SHORTEST_KEYS]
            assert list(lines[mode.upper()].get_ydata()) == pytest.approx(expected)
    legend = [t.get_text() for t in chart.figure.legends[0].get_texts()]
    assert legend == [m.upper() for m in MODES] + ["a longer key, same block size"]
    assert "a larger block encrypt faster" in chart.figure.get_suptitle()


def test_longer_keys_are_hollow_markers_at_their_block_size():
    rows, by_name = _simon_speck()
    axes = _panels(block_size_chart(rows).figure)["speck"]
    hollow = [line for line in axes.get_lines()
              if line.get_markerfacecolor() == "none" and len(line.get_xdata())]
    points = sorted((x, y) for line in hollow
                    for x, y in zip(line.get_xdata(), line.get_ydata(), strict=False))
    longer = sorted((("32", "48", "64", "96", "128").index(r["name"].split("-")[1].split("/")[0]),
                     r["throughput_mbs"]) for r in by_name.values()
                    if r["family"] == "speck" and r["name"].split("-")[1] not in SHORTEST_KEYS)
    assert points == pytest.approx(longer)


def test_no_block_size_chart_for_families_of_one_block_size():
    rows = [r for r in _rows() if r.text["family"] in ("aes", "speck")]
    assert block_size_chart(rows) is None and block_size_table(rows) is None
    # the stored matrix has Simon in 32- and 128-bit blocks: a Simon panel only
    assert list(_panels(block_size_chart(_rows()).figure)) == ["simon"]
