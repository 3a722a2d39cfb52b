# SPDX-License-Identifier: Apache-2.0
"""The every-cipher charts: which lines they draw, in what order, and the document's
figures once per chart."""

from collections import Counter

import pytest
from conftest import FIXTURES
from zucreport.charts import DOCUMENT_COLOUR, message_speed_charts
from zucreport.cipher_charts import (
    cipher_lines,
    cipher_packet_chart,
    cipher_stream_chart,
    median_at,
    sorted_lines,
)
from zucreport.results import all_rows, load_results, load_results_file
from zucreport.select import pick, without_repeated_documents

ESTREAM = FIXTURES / "estream.json"


def _estream_rows(configuration: str):
    rows = load_results_file(str(ESTREAM)).rows
    return pick(rows, configuration=configuration)


# the packet chart's panels: the estream fixture's message sizes (a --quick run: ours up to
# 1 MB, the document's 100 MB)
PANEL_SIZES = (16, 32, 40, 576, 1500, 9000, 1_000_000, 100_000_000)


def _panels(chart) -> list:
    return [axes for axes in chart.figure.axes if axes.get_visible()]


def _document_bars(axes) -> list[float]:
    """The widths of the grey hatched bars: the document's figures drawn in a panel."""
    return [patch.get_width() for patch in axes.patches if patch.get_hatch() == "//"]


def test_one_line_per_contender_and_one_for_the_documents_figures():
    lines = {line.label: line for line in cipher_lines(_estream_rows("stream"))}
    for label in ("salsa20-12 cryptopp-salsa20", "salsa20-12 sodium-stream"):
        assert not lines[label].document
        assert all(not r.is_document for r in lines[label].rows)
    document = lines["salsa20-12 [document]"]
    assert document.document and [r.median for r in document.rows] == [8.23]
    assert "chacha20 [document]" not in lines


def test_an_algorithm_only_the_document_has_gets_its_document_line_alone():
    rows = [r for r in _estream_rows("stream") if r.is_document or r.algorithm != "grain-128"]
    grain = [line for line in cipher_lines(rows) if line.algorithm == "grain-128"]
    assert [line.label for line in grain] == ["grain-128 [document]"]
    assert [r.median for r in grain[0].rows] == [31.87]


def test_algorithms_fastest_first_ours_in_order_then_the_documents():
    stream = median_at(0)
    lines = sorted_lines(cipher_lines(_estream_rows("stream")), [stream])
    blocks = list(dict.fromkeys(line.algorithm for line in lines))
    # each algorithm's lines together: ours fastest first, the document's last
    for algorithm in blocks:
        block = [line for line in lines if line.algorithm == algorithm]
        assert lines[lines.index(block[0]):lines.index(block[-1]) + 1] == block
        ours = [stream(line.rows) for line in block if not line.document]
        assert ours == sorted(ours)
        assert [line.document for line in block] == sorted(line.document for line in block)
    # algorithms by their fastest contender of ours
    fastest = [min(stream(line.rows) for line in lines
                   if line.algorithm == algorithm and not line.document) for algorithm in blocks]
    assert fastest == sorted(fastest)
    assert blocks[-1] == "mickey-128"


def test_packet_lines_fall_back_to_a_smaller_size_where_one_is_missing():
    sizes = [median_at(1500), median_at(16)]
    rows = [r for r in _estream_rows("message") if r.size_bytes in (16, 1500)]
    without = [r for r in rows if not (r.backend == "ipsec-mb" and r.size_bytes == 1500)]
    lines = sorted_lines(cipher_lines(without), sizes)
    ipsec = next(line for line in lines if line.label == "128-eea3 ipsec-mb-1-buffer, 1/call")
    assert median_at(1500)(ipsec.rows) is None and median_at(16)(ipsec.rows) is not None
    zuc = [line for line in lines if line.algorithm == "128-eea3" and not line.document]
    assert zuc[-1] is ipsec                 # ordered by its 16-byte figure: the slowest


@pytest.fixture(scope="module")
def packets():
    """The packet chart of the estream fixture, drawn once (it is large)."""
    return cipher_packet_chart(list(load_results_file(str(ESTREAM)).rows))


def test_the_documents_figure_is_drawn_once_per_panel_and_algorithm(packets):
    rows = list(load_results_file(str(ESTREAM)).rows)
    stream = cipher_stream_chart(rows)
    published = [r.median for r in pick(rows, configuration="stream") if r.is_document]
    (axes,) = [a for a in stream.figure.axes if a.get_visible()]
    assert sorted(_document_bars(axes)) == sorted(published)
    for axes, size in zip(_panels(packets), PANEL_SIZES, strict=False):
        at_size = [r.median for r in pick(rows, configuration="message")
                   if r.is_document and r.size_bytes == size]
        assert sorted(_document_bars(axes)) == sorted(at_size), size


def test_the_packet_chart_has_every_column_of_table_4(packets):
    rows = list(load_results_file(str(ESTREAM)).rows)
    panels = _panels(packets)
    assert [axes.get_title() for axes in panels] == [
        "16-byte messages", "32-byte messages", "40-byte messages", "576-byte messages",
        "1500-byte messages", "9000-byte messages", "1 MB messages",
        "100 MB messages (the document's only)"]
    # ours at 1 MB (a --quick run), the document's at 100 MB: each in its own panel
    one_mb, hundred_mb = panels[6], panels[7]
    assert _document_bars(one_mb) == []
    assert sorted(_document_bars(hundred_mb)) == sorted(
        r.median for r in rows if r.is_document and r.size_bytes == 100_000_000)
    # libzuc's fastest path (at 1500 bytes) stands for it, at every size
    libzuc = [r for r in rows if r.backend == "libzuc" and r.algorithm == "128-eea3"
              and r.configuration == "message"]
    fastest = min((r for r in libzuc if r.size_bytes == 1500), key=lambda r: r.median)
    at_9000 = [r.median for r in libzuc
               if r.implementation == fastest.implementation and r.size_bytes == 9000]
    assert at_9000[0] in [p.get_width() for p in panels[5].patches]


def test_two_files_with_the_same_published_figures_show_them_once():
    files = load_results([str(ESTREAM), str(ESTREAM)])
    rows = without_repeated_documents(all_rows(files))
    (axes,) = _panels(cipher_stream_chart(rows))
    published = Counter(_document_bars(axes))
    assert published and max(published.values()) == 1
    # the per-size charts: the document's line visits each size once
    charts = {c.slug: c for c in message_speed_charts(rows)}
    for slug in ("speed-128-eea3", "speed-zuc-256"):
        (axes,) = _panels(charts[slug])
        document = [line for line in axes.get_lines() if line.get_color() == DOCUMENT_COLOUR]
        assert len(document) == 1, slug
        sizes = list(document[0].get_xdata())
        assert len(sizes) == len(set(sizes)), slug


def test_no_cipher_charts_without_estream_rows():
    rows = load_results_file(str(FIXTURES / "speed.json")).rows
    assert cipher_stream_chart(rows) is None
    assert cipher_packet_chart(rows) is None
