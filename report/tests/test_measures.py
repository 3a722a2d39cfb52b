# SPDX-License-Identifier: Apache-2.0
"""Derived quantities: the ablation gain, µs per message, sizes."""

from dataclasses import replace

import pytest
from conftest import FIXTURES
from zucreport.ablation import variant_gains
from zucreport.measures import gain_from_times, gain_over_baseline, us_per_message
from zucreport.results import load_results_file
from zucreport.tables import estream_message_table, mac_time_table, speed_tables
from zucreport.units import size_label


def test_gain_is_speed_over_baseline_minus_one():
    assert gain_over_baseline(4.22, 3.34) == pytest.approx(0.26347, abs=1e-5)
    assert gain_over_baseline(2.0, 2.0) == 0
    assert gain_over_baseline(1.0, 2.0) == pytest.approx(-0.5)


def test_gain_from_speeds_equals_gain_from_times():
    work_bits = 20_971_520 * 128
    baseline_s, optimised_s = 0.8, 0.5

    def speed(seconds: float) -> float:
        return work_bits / seconds / 1e9

    assert gain_over_baseline(speed(optimised_s), speed(baseline_s)) == \
        pytest.approx(gain_from_times(optimised_s, baseline_s))
    assert gain_from_times(optimised_s, baseline_s) == pytest.approx(0.6)


def test_gain_needs_a_positive_baseline():
    with pytest.raises(ValueError):
        gain_over_baseline(1.0, 0.0)


def test_variant_gains_use_each_sides_own_baseline():
    rows = load_results_file(str(FIXTURES / "ablation.json")).rows
    gains = {g.label: g for g in variant_gains(rows, "zuc-128", "table13")}

    def median(backend: str, implementation: str) -> float:
        return next(r.median for r in rows if r.configuration == "table13" and
                    r.algorithm == "zuc-128" and r.backend == backend and
                    r.implementation == implementation)

    ours_baseline = median("ablation", "baseline")
    document_baseline = median("document", "core-i7-8750h:baseline")
    best = gains["call+compile+lazy+sbox1"]
    assert best.ours_gain == pytest.approx(median("ablation", "call+compile+lazy+sbox1")
                                           / ours_baseline - 1)
    assert best.document_gain == pytest.approx(4.22 / document_baseline - 1)
    assert document_baseline == pytest.approx(0.716)
    assert gains["baseline"].ours_gain == 0
    assert gains["libzuc-scalar-v3"].document_gbps is None
    assert gains["libzuc-scalar-v3"].ours_gain == pytest.approx(
        median("libzuc", "scalar-v3") / ours_baseline - 1)


def test_us_per_message_from_ticks_when_the_file_has_no_us():
    rows = load_results_file(str(FIXTURES / "mac.json")).rows
    row = next(r for r in rows if r.unit == "ticks/byte" and r.size_bytes == 1500)
    expected = row.median * 1500 / row.context["tick_ghz"] / 1000
    assert us_per_message(row) == pytest.approx(expected, rel=1e-3)
    stripped = type(row)(**{**row.__dict__, "optional": {}})
    assert us_per_message(stripped) == pytest.approx(expected)


@pytest.mark.parametrize("size, label", [
    (16, "16"), (9000, "9000"), (1024, "1 KiB"), (8192, "8 KiB"), (1_000_000, "1 MB"),
    (100_000_000, "100 MB"), (4_194_304, "4 MiB"), (335_544_320, "320 MiB"),
])
def test_size_labels(size, label):
    assert size_label(size) == label


def test_rows_run_on_several_threads_are_never_one_row_with_single_thread_ones():
    rows = list(load_results_file(str(FIXTURES / "speed.json")).rows)
    two = [replace(r, optional={**r.optional, "threads": 2.0}, median=r.median / 2)
           for r in rows if not r.is_document]
    labels = [row.label for table in speed_tables(rows + two) for row in table.rows]
    threaded = [label for label in labels if label.endswith(" (2 threads)")]
    assert threaded and all(label[:-len(" (2 threads)")] in labels for label in threaded)


def test_the_mac_table_gives_the_quartiles_scaled_like_the_median():
    rows = list(load_results_file(str(FIXTURES / "mac.json")).rows)
    table = mac_time_table(rows)
    cells = {row.label: row.cells for row in table.rows}
    row = next(r for r in rows if r.algorithm == "128-eia3" and r.backend == "ipsec-mb"
               and r.implementation == "1-buffer" and r.size_bytes == 16
               and r.configuration == "mac")
    scale = us_per_message(row) / row.median
    assert cells["128-eia3 ipsec-mb-1-buffer, 1/call"][0] == (
        f"{us_per_message(row):.3f} ({row.q1 * scale:.3f}-{row.q3 * scale:.3f})")


def test_table_4_sets_the_imix_beside_the_imix_of_the_contenders_own_cells():
    rows = list(load_results_file(str(FIXTURES / "estream.json")).rows)
    table = estream_message_table(rows)
    assert table.columns[-2:] == ["Imix", "Imix of its cells (7:4:1)"]
    cells = {row.label: row.cells for row in table.rows}
    label = next(label for label in cells if label.startswith("128-eea3 ipsec-mb-1-buffer"))
    at = {r.size_bytes: r.median for r in rows if r.algorithm == "128-eea3"
          and r.backend == "ipsec-mb" and r.implementation == "1-buffer"
          and r.configuration == "message"}
    weighted = (7 * 40 * at[40] + 4 * 576 * at[576] + 1500 * at[1500]) / (7 * 40 + 4 * 576 + 1500)
    assert cells[label][-1] == f"{weighted:.2f}"
    assert any(note.startswith("Imix: 40/576/1500-byte messages as 7:4:1, timed as a stream")
               for note in table.notes)
