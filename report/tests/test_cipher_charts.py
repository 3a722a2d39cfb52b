# SPDX-License-Identifier: Apache-2.0
"""The every-cipher charts: which lines they draw, in what order; this machine's figures
only (the document's are in the appendix)."""

import matplotlib.colors
import pytest
from conftest import FIXTURES
from zucreport.cipher_charts import (
    TABLES_STYLE,
    cipher_lines,
    cipher_packet_chart,
    cipher_stream_chart,
    median_at,
    sorted_lines,
)
from zucreport.published import published_tables
from zucreport.results import all_rows, load_results, load_results_file
from zucreport.select import is_table_path, pick, without_repeated_documents

ESTREAM = FIXTURES / "estream.json"


def _estream_rows(configuration: str):
    rows = load_results_file(str(ESTREAM)).rows
    return pick(rows, configuration=configuration)


# the packet chart's panels: the estream fixture's message sizes measured here (a --quick
# run: up to 1 MB; the document's 100 MB is in the appendix)
PANEL_SIZES = (16, 32, 40, 576, 1500, 9000, 1_000_000)


def _panels(chart) -> list:
    return [axes for axes in chart.figure.axes if axes.get_visible()]


def _hatched_bars(axes) -> list[float]:
    """The widths of hatched bars other than libzuc's table paths': how the document's
    figures used to be drawn."""
    tables = matplotlib.colors.to_rgba(TABLES_STYLE["facecolor"])
    return [patch.get_width() for patch in axes.patches
            if patch.get_hatch() and patch.get_facecolor() != tables]


def test_one_line_per_contender_and_none_for_the_documents_figures():
    lines = {line.label: line for line in cipher_lines(_estream_rows("stream"))}
    for label in ("salsa20-12 cryptopp-salsa20", "salsa20-12 sodium-stream"):
        assert all(not r.is_document for r in lines[label].rows)
    assert not [label for label in lines if "document" in label]
    assert all(not r.is_document for line in lines.values() for r in line.rows)


def test_an_algorithm_only_the_document_has_gets_no_line():
    rows = [r for r in _estream_rows("stream") if r.is_document or r.algorithm != "grain-128"]
    assert [line for line in cipher_lines(rows) if line.algorithm == "grain-128"] == []


def test_algorithms_fastest_first_each_fastest_first():
    stream = median_at(0)
    lines = sorted_lines(cipher_lines(_estream_rows("stream")), [stream])
    blocks = list(dict.fromkeys(line.algorithm for line in lines))
    # each algorithm's lines together, fastest first
    for algorithm in blocks:
        block = [line for line in lines if line.algorithm == algorithm]
        assert lines[lines.index(block[0]):lines.index(block[-1]) + 1] == block
        ours = [stream(line.rows) for line in block]
        assert ours == sorted(ours)
    # algorithms by their fastest contender
    fastest = [min(stream(line.rows) for line in lines if line.algorithm == algorithm)
               for algorithm in blocks]
    assert fastest == sorted(fastest)
    assert blocks[-1] == "mickey-128"


def test_packet_lines_fall_back_to_a_smaller_size_where_one_is_missing():
    sizes = [median_at(1500), median_at(16)]
    rows = [r for r in _estream_rows("message") if r.size_bytes in (16, 1500)]
    without = [r for r in rows if not (r.backend == "ipsec-mb" and r.size_bytes == 1500)]
    lines = sorted_lines(cipher_lines(without), sizes)
    ipsec = next(line for line in lines if line.label == "128-eea3 ipsec-mb-1-buffer, 1/call")
    assert median_at(1500)(ipsec.rows) is None and median_at(16)(ipsec.rows) is not None
    zuc = [line for line in lines if line.algorithm == "128-eea3"]
    assert zuc[-1] is ipsec                 # ordered by its 16-byte figure: the slowest


@pytest.fixture(scope="module")
def packets():
    """The packet chart of the estream fixture, drawn once (it is large)."""
    return cipher_packet_chart(list(load_results_file(str(ESTREAM)).rows))


def test_no_published_figure_is_drawn_on_an_axis_of_this_machines_ticks(packets):
    rows = list(load_results_file(str(ESTREAM)).rows)
    assert [r for r in rows if r.is_document]      # the fixture has them
    stream = cipher_stream_chart(rows)
    for axes in _panels(stream) + _panels(packets):
        assert _hatched_bars(axes) == []
        assert not [t for t in axes.get_yticklabels() if "document" in t.get_text()]
    for chart in (stream, packets):
        legend = [t.get_text() for legend in chart.figure.legends for t in legend.get_texts()]
        assert not [text for text in legend if "document" in text], legend


def test_the_packet_chart_has_every_column_of_table_4_measured_here(packets):
    rows = list(load_results_file(str(ESTREAM)).rows)
    panels = _panels(packets)
    assert [axes.get_title() for axes in panels] == [
        "16-byte messages", "32-byte messages", "40-byte messages", "576-byte messages",
        "1500-byte messages", "9000-byte messages", "1 MB messages"]
    # 16 messages per call: libzuc's fastest constant-time path (at 1500 bytes) stands for
    # it, at every size
    libzuc = [r for r in rows if r.backend == "libzuc" and r.algorithm == "128-eea3"
              and r.configuration == "message"]
    fastest = min((r for r in libzuc if r.size_bytes == 1500 and not is_table_path(r)),
                  key=lambda r: r.median)
    at_9000 = [r.median for r in libzuc
               if r.implementation == fastest.implementation and r.size_bytes == 9000]
    assert at_9000[0] in [p.get_width() for p in panels[5].patches]


def test_two_files_with_the_same_published_figures_show_them_once():
    files = load_results([str(ESTREAM), str(ESTREAM)])
    rows = without_repeated_documents(all_rows(files))
    once = published_tables(list(load_results_file(str(ESTREAM)).rows))
    twice = published_tables(rows)
    assert [[r.cells for r in t.rows] for t in twice] == [[r.cells for r in t.rows]
                                                         for t in once]


def test_no_cipher_charts_without_estream_rows():
    rows = load_results_file(str(FIXTURES / "speed.json")).rows
    assert cipher_stream_chart(rows) is None
    assert cipher_packet_chart(rows) is None
