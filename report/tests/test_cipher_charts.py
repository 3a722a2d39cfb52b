# SPDX-License-Identifier: Apache-2.0
"""The every-cipher charts: which lines they draw and in what order."""

from zucreport.cipher_charts import (cipher_lines, cipher_packet_chart, cipher_stream_chart,
                                     median_at, sorted_lines)
from zucreport.results import load_results_file
from zucreport.select import pick

from conftest import FIXTURES


def _estream_rows(configuration: str):
    rows = load_results_file(str(FIXTURES / "estream.json")).rows
    return pick(rows, configuration=configuration)


def test_one_line_per_contender_and_the_document_beside_its_algorithm():
    lines = {line.label: line for line in cipher_lines(_estream_rows("stream"))}
    assert {"salsa20-12 cryptopp-salsa20", "salsa20-12 sodium-stream"} <= set(lines)
    for label in ("salsa20-12 cryptopp-salsa20", "salsa20-12 sodium-stream"):
        assert [r.median for r in lines[label].document] == [8.23]
    assert lines["chacha20 sodium-ietf"].document == ()


def test_an_algorithm_only_the_document_has_gets_its_own_line():
    rows = [r for r in _estream_rows("stream") if r.is_document or r.algorithm != "grain-128"]
    lines = {line.label: line for line in cipher_lines(rows)}
    grain = lines["grain-128 [document] only"]
    assert grain.ours == () and [r.median for r in grain.document] == [31.87]


def test_lines_are_sorted_fastest_first_by_ours_else_the_documents():
    stream = median_at(0)
    lines = sorted_lines(cipher_lines(_estream_rows("stream")), [stream])
    figures = [stream(line.ours) if line.ours else stream(line.document) for line in lines]
    assert figures == sorted(figures)
    assert lines[-1].label == "mickey-128 own-bit-serial"


def test_packet_lines_follow_the_largest_size_and_fall_back_to_smaller_ones():
    sizes = [median_at(1500), median_at(16)]
    lines = sorted_lines(cipher_lines(_estream_rows("message")), sizes)
    at_1500 = [median_at(1500)(line.ours or line.document) for line in lines]
    assert at_1500 == sorted(at_1500)


def test_no_cipher_charts_without_estream_rows():
    rows = load_results_file(str(FIXTURES / "speed.json")).rows
    assert cipher_stream_chart(rows) is None
    assert cipher_packet_chart(rows) is None
