# SPDX-License-Identifier: Apache-2.0
"""The ablation suite beyond Tables 13 and 15: Table 14 (is each method effective, alone and
combined) derived from the runs, and the best combination measured here."""

from dataclasses import replace

import pytest
from conftest import FIXTURES
from zucreport.ablation import (
    EFFECT_THRESHOLD,
    best_combination_note,
    effect,
    table14,
    table15_best_note,
)
from zucreport.results import load_results_file
from zucreport.tables import (
    ablation_gain_tables,
    ablation_table14,
    ablation_table15_tables,
    table13_and_15_table,
)

# The second document's Table 14 (seed 001, after Table 13): alone, combined.
PUBLISHED = {
    "call": ("✓", "✓"), "compile": ("✓", "✓"), "lazy": ("✓", "✓"), "sbox1": ("✓", "✓"),
    "sbox2": ("×", "×"), "simd": ("✓", "×"), "threads": ("×", "×"), "circular": ("✓", "×"),
    "ltable": ("×", "×"),
}


def _rows() -> list:
    return list(load_results_file(str(FIXTURES / "ablation.json")).rows)


def _median(rows, variant: str, configuration: str = "table13") -> float:
    return next(r.median for r in rows if r.algorithm == "zuc-128" and r.backend == "ablation"
                and r.configuration == configuration and r.implementation == variant)


def _table14_cells() -> dict[str, list[str]]:
    return {row.label.rpartition(" (")[2].rstrip(")"): row.cells
            for row in ablation_table14(_rows()).rows}


def test_table14_has_every_method_of_the_document_with_its_published_verdicts():
    cells = _table14_cells()
    assert list(cells) == list(PUBLISHED)
    for method, (alone, combined) in PUBLISHED.items():
        assert (cells[method][1], cells[method][3]) == (alone, combined), method


def test_table14_alone_is_each_method_over_the_baseline_of_this_run():
    rows = _rows()
    baseline = _median(rows, "baseline", "single")
    for method in table14(rows):
        expected = _median(rows, method.method, "single") / baseline - 1
        assert method.alone.gain == pytest.approx(expected), method.method
        assert method.alone.added_to == "baseline"
    cells = _table14_cells()
    assert [cells[m][0] for m in PUBLISHED] == [
        "✓ +69.3%", "✓ +203.6%", "✓? +23.4%", "≈? -0.5%", "✓? +4.3%", "✓? +17.1%",
        "× -99.7%", "×? -5.6%", "×? -14.5%"]


def test_table14_combined_is_the_worst_addition_to_a_table13_combination():
    rows = _rows()
    by_method = {m.method: m for m in table14(rows)}
    # SIMD: +(-5.5%) to call+compile+lazy, -24.9% to call+compile+lazy+sbox1: the worst
    simd = by_method["simd"].combined
    assert simd.added_to == "call+compile+lazy+sbox1"
    assert simd.gain == pytest.approx(_median(rows, "call+compile+lazy+sbox1+simd")
                                      / _median(rows, "call+compile+lazy+sbox1") - 1)
    # call: added to compile (Table 5's run), the pair call+compile / compile
    assert by_method["call"].combined.gain == pytest.approx(
        _median(rows, "call+compile") / _median(rows, "compile", "single") - 1)
    cells = _table14_cells()
    assert [cells[m][2] for m in PUBLISHED] == [
        "✓? +16.6% added to compile", "✓ +109.1% added to call",
        "✓ +57.3% added to call+compile", "× -38.3% added to call+compile+lazy+simd",
        "not combined", "× -24.9% added to call+compile+lazy+sbox1", "not combined",
        "✓ +36.0% added to call+compile", "not combined"]


def test_a_verdict_needs_the_threshold_and_says_when_the_spreads_overlap():
    rows = _rows()
    base = next(r for r in rows if r.implementation == "baseline" and r.backend == "ablation")
    tight = replace(base, median=1.0, q1=0.99, q3=1.01)
    assert effect(replace(tight, median=1.0 + EFFECT_THRESHOLD / 2), tight).verdict == "≈"
    faster = effect(replace(tight, median=1.2, q1=1.19, q3=1.21), tight)
    assert (faster.verdict, faster.overlap) == ("✓", False)
    noisy = effect(replace(tight, median=1.2, q1=0.9, q3=1.3), tight)
    assert (noisy.verdict, noisy.overlap) == ("✓", True)
    assert effect(replace(tight, median=0.8, q1=0.79, q3=0.81), tight).verdict == "×"


def test_no_table14_without_ablation_rows():
    rows = load_results_file(str(FIXTURES / "speed.json")).rows
    assert ablation_table14(list(rows)) is None


def test_the_best_combination_here_is_said_under_table13():
    rows = _rows()
    table13 = next(t for t in ablation_gain_tables(rows)
                   if t.title == "Table 13 (combinations of methods): zuc-128")
    assert table13.notes[0] == (
        "Best combination measured here: call+compile+lazy, 4.32 Gbps (+456.5% over the "
        "baseline). The document's pick, call+compile+lazy+sbox1 (4.22 Gbps there), runs at "
        "3.36 Gbps here, 22.3% slower: adding the merged S-box (sbox1) to call+compile+lazy "
        "costs 22.3% here, where it gained 31.9% in the document (the two runs' quartile "
        "ranges overlap: within this machine's noise).")
    # ZUC-256 runs the document's pick alone: nothing to choose from
    zuc256 = next(t for t in ablation_gain_tables(rows)
                  if t.title == "Table 13 (combinations of methods): zuc-256")
    assert not any(note.startswith("Best combination") for note in zuc256.notes)


def test_when_the_documents_pick_is_best_here_too_it_is_said():
    rows = [replace(r, median=9.0, q1=8.9, q3=9.1)
            if r.backend == "ablation" and r.implementation == "call+compile+lazy+sbox1"
            and r.algorithm == "zuc-128" else r for r in _rows()]
    note = best_combination_note(rows)
    assert note.startswith("Best combination measured here: call+compile+lazy+sbox1, 9.00 Gbps")
    assert note.endswith(", the document's pick too.")
    assert table15_best_note(rows).endswith("the document's pick, which is this table's "
                                            "optimised column.")


def test_table15_says_its_optimised_column_is_not_the_best_here():
    table, *_ = ablation_table15_tables(_rows())
    assert table.notes[0] == (
        "Best combination measured here (Table 13's keystream runs): call+compile+lazy; this "
        "table's optimised column is the document's pick, call+compile+lazy+sbox1, 22.3% "
        "slower at keystream here, so it understates what this machine does best.")
    assert table.notes[1] == (
        "Fastest here: libzuc-scalar-v3, 3.719 bits per TSC tick at 64 KiB (the document's "
        "fastest, on its Intel Core i7-8750H, gcc: optimised, 0.849 bits per cycle of that CPU "
        "at 64 KiB).")


def test_table15_says_which_row_times_the_best_here():
    """zucbench times Table 13's fastest combination in Table 15 when it is not
    the document's pick: the note points to that row instead of warning."""
    extra = [replace(r, implementation="best here: call+compile+lazy")
             for r in _rows() if r.configuration == "table15" and r.implementation == "optimised"]
    table, *_ = ablation_table15_tables(_rows() + extra)
    assert table.notes[0] == (
        "Best combination measured here (Table 13's keystream runs): call+compile+lazy; this "
        "table's optimised column is the document's pick, call+compile+lazy+sbox1, 22.3% "
        "slower at keystream here; the \"best here: call+compile+lazy\" row times the best.")
    assert "best here: call+compile+lazy" in {row.label for row in table.rows}


def test_table15_cells_give_the_quartiles_the_note_promises():
    table, *_ = ablation_table15_tables(_rows())
    cells = {row.label: row.cells for row in table.rows}
    row = next(r for r in _rows() if r.configuration == "table15" and r.size_bytes == 128
               and r.implementation == "optimised")
    assert cells["optimised"][0] == f"{row.median:.3f} ({row.q1:.3f}-{row.q3:.3f})"


GIBIBIT = 2 ** 30


def test_tables_13_and_15_in_one_unit_agree_for_the_variants_and_say_why_libzuc_does_not():
    rows = _rows()
    table = table13_and_15_table(rows, "zuc-128")
    assert table.title == "Tables 13 and 15 in one unit: zuc-128"
    assert table in ablation_table15_tables(rows)
    cells = {row.label: row.cells for row in table.rows}
    assert cells["optimised"][0] == "call+compile+lazy+sbox1"
    # libzuc's Table 15 at its fastest size (64 KiB), in Table 13's Gbps (2^30 bits/s)
    libzuc15 = next(r for r in rows if r.configuration == "table15" and r.backend == "libzuc"
                    and r.size_bytes == 65536)
    gbps = libzuc15.median * libzuc15.context["tick_ghz"] * 1e9 / GIBIBIT
    libzuc13 = next(r for r in rows if r.configuration == "table13" and r.backend == "libzuc")
    scale = gbps / libzuc15.median
    assert cells["libzuc-scalar-v3"][2] == (
        f"{gbps:.2f} ({libzuc15.q1 * scale:.2f}-{libzuc15.q3 * scale:.2f}) at 64 KiB")
    assert cells["libzuc-scalar-v3"][3] == f"{gbps / libzuc13.median:.2f}x"
    notes = " ".join(table.notes)
    assert "the two tables agree for optimised" in notes
    assert ("libzuc-scalar-v3: Table 15 gives 2.62x its Table 13 figure. Table 13 calls "
            "zuc_keystream for 16 bytes at a time") in notes
    # Table 13 says so under its libzuc row too
    table13 = next(t for t in ablation_gain_tables(rows)
                   if t.title == "Table 13 (combinations of methods): zuc-128")
    assert any(n.startswith("libzuc-scalar-v3 calls zuc_keystream for 16 bytes at a time")
               and "2.62x this figure" in n for n in table13.notes)
