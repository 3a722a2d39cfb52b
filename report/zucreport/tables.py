# SPDX-License-Identifier: Apache-2.0
"""The report's tables, mirroring zucbench's terminal tables, as plain text cells."""

from dataclasses import dataclass, field
from typing import Callable, Iterable

from . import units
from .ablation import (
    EFFECT_THRESHOLD,
    EFFECTIVE,
    GAIN_TITLES,
    NO_EFFECT,
    NOT_EFFECTIVE,
    TABLE14_ALGORITHM,
    Effect,
    VariantGain,
    best_combination_note,
    gain_sets,
    table14,
    table15_best_note,
    variant_gains,
    variant_label,
)
from .mac import mac_ratio_series
from .measures import mbps, time_ratio, us_per_message
from .results import Row
from .select import (
    DOCUMENT_NOTE,
    by_size,
    contender_key,
    contender_label,
    grouped,
    in_order,
    measured,
    ours_first,
    per_call,
    pick,
    sizes_of,
    tick_heading,
    tick_labels,
    timed_contender_key,
)
from .sources import cpu_of, source_label

MISSING_NOTE = "n/a: not in the results (beyond the contender's size limit, or not measured)."
SPREAD_NOTE = "Each cell: the median of the repeats, then (first quartile-third quartile)."


@dataclass
class TableRow:
    label: str
    cells: list[str]
    document: bool = False


@dataclass
class Table:
    title: str
    columns: list[str]              # the first names the label column
    rows: list[TableRow] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    numeric: bool = True            # cells after the label right-aligned


def _notes_for(rows: Iterable[Row], *extra: str) -> list[str]:
    """A table's notes; where the document has the same table, where its figures are."""
    notes = list(extra)
    documents = [r for r in rows if r.is_document]
    if documents:
        notes.append(f"The document's figures for this table ({source_label(documents)}, in "
                     f"its own units) are in the appendix, as published: another machine, "
                     f"never a contender of these.")
    return notes


def _size_cells(rows: list[Row], sizes: list[int], cell: Callable[[Row], str]) -> list[str]:
    """One contender's cells at each size; n/a where it has no row."""
    at = by_size(rows)
    return [cell(at[s]) if s in at else units.MISSING for s in sizes]


def _ticks(row: Row) -> str:
    return units.cycles_with_spread(row.median, row.q1, row.q3)


def _spread_of(value: Callable[[Row], float | None], form: Callable[[float], str]
               ) -> Callable[[Row], str]:
    """A cell of a quantity derived in proportion to the median (µs per MAC from ticks per
    byte), its quartiles scaled alike."""
    def cell(row: Row) -> str:
        figure = value(row)
        if figure is None:
            return units.MISSING
        if row.median <= 0:
            return form(figure)
        scale = figure / row.median
        return units.with_spread(figure, row.q1 * scale, row.q3 * scale, form)
    return cell


def _ratio(row: Row) -> str:
    """A ratio cell: the median (q1-q3) of the per-repeat ratios to the cell's baseline."""
    if row.is_baseline:
        return "baseline"
    if "ratio" not in row.optional:
        return units.MISSING
    return units.with_spread(row.optional["ratio"], row.optional["ratio_q1"],
                             row.optional["ratio_q3"], units.ratio)


RATIO_NOTE = ("Each cell: the contender's time over its baseline's, taken in the same repeat "
              "(the contenders of a cell take turns, in an order reversed every repeat); the "
              "median of those per-repeat ratios, then (first quartile-third quartile). Above 1: "
              "slower than the baseline.")


def _baselines(rows: list[Row]) -> str:
    return ", ".join(in_order(r.text["ratio_to"] for r in rows
                              if "ratio_to" in r.text and not r.is_document))


def _ratio_table(title: str, rows: list[Row], key: Callable[[Row], tuple],
                 label: Callable[[Row], str]) -> Table | None:
    """Per-repeat ratios by size, where the results hold them (files from builds that
    interleaved the contenders of a cell) and some contender is not the baseline."""
    ours = [r for r in rows if not r.is_document and "ratio" in r.optional]
    if not any(not r.is_baseline for r in ours):
        return None
    table = _size_table(f"{title}: time over {_baselines(ours)}'s", ours, _ratio, key=key,
                        label=label)
    table.notes = [RATIO_NOTE, MISSING_NOTE]
    return table


def messages_note(rows: Iterable[Row]) -> str | None:
    """How many messages a timed batch held at each size, and how many one many-message
    call took: the same for every contender of a cell."""
    seen = {}
    for r in rows:
        if "messages" in r.optional and r.size_bytes:
            seen.setdefault(r.size_bytes, (int(r.optional["messages"]),
                                           int(r.optional.get("messages_per_call", 1))))
    if not seen:
        return None
    cells = [f"{s} B: {n}" for s, (n, _) in sorted(seen.items())]
    per_call = sorted({k for _, k in seen.values()})
    return (f"Messages per timed batch, the same for every contender: {', '.join(cells)}; "
            f"{' or '.join(map(str, per_call))} per many-message call (whole calls).")


def _size_table(title: str, rows: list[Row], cell: Callable[[Row], str],
                key: Callable[[Row], tuple] = contender_key,
                label: Callable[[Row], str] = contender_label) -> Table:
    """Contenders down, sizes across."""
    sizes = sizes_of(rows)
    table = Table(title, ["contender"] + [units.size_label(s) for s in sizes])
    for group in grouped(ours_first(rows), key).values():
        table.rows.append(TableRow(label(group[0]), _size_cells(group, sizes, cell),
                                   group[0].is_document))
    table.notes = _notes_for(rows, SPREAD_NOTE, MISSING_NOTE)
    return table


def _sizes_and_one_more(title: str, rows: list[Row], extra_configuration: str,
                        key: Callable[[Row], tuple], label: Callable[[Row], str]) -> Table:
    """Ticks/byte of "message" rows by size, then one column for another configuration."""
    sizes = sizes_of(pick(rows, configuration="message"))
    table = Table(title, ["contender"] + [units.size_label(s) for s in sizes]
                  + [extra_configuration.capitalize()])
    for group in grouped(ours_first(rows), key).values():
        cells = _size_cells(pick(group, configuration="message"), sizes, _ticks)
        extra = pick(group, configuration=extra_configuration)
        cells.append(_ticks(extra[-1]) if extra else units.MISSING)
        table.rows.append(TableRow(label(group[0]), cells, group[0].is_document))
    return table


# ---- estream ----------------------------------------------------------------

def _algorithm_and_contender(row: Row) -> tuple:
    return (row.algorithm,) + timed_contender_key(row)


def _labelled_with_algorithm(row: Row) -> str:
    return f"{row.algorithm} {contender_label(row)}"


def _value_of(rows: list[Row], configuration: str) -> Row | None:
    matching = pick(rows, configuration=configuration)
    return matching[-1] if matching else None


def _rate_cell(row: Row) -> str:
    """Mbps, with the speeds at the quartiles of the time (a rate is its inverse)."""
    rate = mbps(row)
    if rate is None or row.q1 <= 0 or row.q3 <= 0:
        return units.whole(rate)
    return units.with_spread(rate, rate * row.median / row.q3, rate * row.median / row.q1,
                             units.whole)


def _init_stream_row(rows: list[Row], label: Callable[[Row], str]) -> TableRow:
    init, stream = _value_of(rows, "init"), _value_of(rows, "stream")
    cells = [units.with_spread(init.median, init.q1, init.q3, units.whole) if init
             else units.MISSING,
             _ticks(stream) if stream else units.MISSING,
             _rate_cell(stream) if stream else units.MISSING]
    return TableRow(label(rows[0]), cells, document=rows[0].is_document)


def estream_init_stream_table(rows: list[Row]) -> Table | None:
    """Table 3: key/IV setup cost and long-stream speed."""
    everything = pick(rows, suite="estream", configuration=("init", "stream"))
    chosen = measured(everything)
    if not chosen:
        return None
    unit = tick_heading(chosen)
    table = Table("Table 3: Init and Stream",
                  ["contender", f"Init ({unit}/setup)", f"Stream ({unit}/byte)", "Stream (Mbps)"])
    label = tick_labels(chosen, _labelled_with_algorithm)
    for group in grouped(ours_first(chosen), _algorithm_and_contender).values():
        table.rows.append(_init_stream_row(group, label))
    table.notes = _notes_for(everything, "Init: key/IV setup alone; Stream: one keystream in "
                                         "64 KiB blocks, setup excluded; Mbps from this "
                                         "machine's tick rate.", SPREAD_NOTE)
    return table


def estream_message_table(rows: list[Row]) -> Table | None:
    """Table 4: ticks/byte of x-byte messages, setup included, and Imix."""
    everything = pick(rows, suite="estream", configuration=("message", "imix"))
    chosen = measured(everything)
    if not chosen:
        return None
    table = _sizes_and_one_more(f"Table 4: {tick_heading(chosen)}/byte of x-byte messages, "
                                f"setup included", chosen, "imix", _algorithm_and_contender,
                                tick_labels(chosen, _labelled_with_algorithm))
    groups = grouped(ours_first(chosen), _algorithm_and_contender).values()
    if any(r.configuration == "imix" for r in chosen):
        table.columns.append(IMIX_OF_CELLS)
        for row, group in zip(table.rows, groups, strict=True):
            row.cells.append(units.cycles(imix_of_cells(group)))
    messages = messages_note(pick(chosen, configuration="message"))
    table.notes = _notes_for(everything, IMIX_NOTE, *([messages] if messages else []),
                             SPREAD_NOTE, MISSING_NOTE)
    return table


# The Imix: 40, 576 and 1500-byte messages as 7:4:1.
IMIX = ((40, 7), (576, 4), (1500, 1))
IMIX_OF_CELLS = "Imix of its cells (7:4:1)"
IMIX_NOTE = (
    "Imix: 40/576/1500-byte messages as 7:4:1, timed as a stream of such messages in the "
    "contender's calls; a many-message call then holds messages of different sizes. "
    f"{IMIX_OF_CELLS}: the contender's own 40, 576 and 1500-byte figures weighted by the "
    "bytes of the pattern, what the Imix would cost if each size were handled as in its "
    "own column. Where the Imix is far dearer than that, mixing sizes in one call costs "
    "that contender the difference (a call of lanes takes about as long as its longest "
    "message); a one-message contender's two figures agree.")


def imix_of_cells(rows: list[Row]) -> float | None:
    """Ticks per byte of the Imix pattern from the contender's 40, 576 and 1500-byte
    message figures, each size weighted by the bytes it has in the pattern."""
    at = by_size(pick(rows, configuration="message"))
    if any(size not in at for size, _ in IMIX):
        return None
    ticks = sum(count * size * at[size].median for size, count in IMIX)
    return ticks / sum(count * size for size, count in IMIX)


def estream_ratio_table(rows: list[Row]) -> Table | None:
    """Table 4's per-repeat ratios to each algorithm's baseline, where the results hold them."""
    chosen = pick(rows, suite="estream", configuration="message")
    return _ratio_table("Table 4, ratio", chosen, _algorithm_and_contender,
                        tick_labels(chosen, _labelled_with_algorithm))


# ---- mac ---------------------------------------------------------------------

def mac_time_table(rows: list[Row]) -> Table | None:
    """Table 5: microseconds per MAC, fresh key and IV per message, for the contenders that
    take one message per call: the time one MAC takes. A contender that took many per call
    gives an average over its batch, not a MAC's time: its figures are in mac_batch_table.
    The document's µs, from another machine, are in the appendix."""
    everything = pick(rows, suite="mac", configuration="mac")
    chosen = [r for r in measured(everything)
              if us_per_message(r) is not None and per_call(r) == 1]
    if not chosen:
        return None
    table = _size_table("Table 5: µs per MAC, one message per call, by message size (bytes)",
                        chosen, _spread_of(us_per_message, units.micros),
                        key=_algorithm_and_contender, label=_labelled_with_algorithm)
    table.notes = _notes_for(everything, SPREAD_NOTE, MISSING_NOTE)
    messages = messages_note(chosen)
    if messages:
        table.notes.insert(0, messages)
    table.notes.insert(0, "One message per call: the time from a message to its MAC, in µs "
                          "from this machine's tick rate.")
    return table


def mac_batch_table(rows: list[Row]) -> Table | None:
    """Table 5's contenders that took many messages per call, in ticks per byte: an average
    over a batch of MACs, not the time one MAC takes."""
    chosen = [r for r in pick(rows, suite="mac", configuration="mac", unit="ticks/byte")
              if not r.is_document and per_call(r) > 1]
    if not chosen:
        return None
    table = _size_table(f"Table 5, many messages per call: {tick_heading(chosen)}/byte by "
                        f"message size (bytes)", chosen, _ticks,
                        key=_algorithm_and_contender,
                        label=tick_labels(chosen, _labelled_with_algorithm))
    table.notes.insert(0, "Many messages per call (the count is in each row's name): the "
                          "figure is the batch's time over its bytes, so it is no single "
                          "MAC's latency and is shown per byte, not per MAC.")
    return table


def mac_size_ratio_table(rows: list[Row]) -> Table | None:
    """Table 5's per-repeat ratios to each MAC's baseline, where the results hold them."""
    return _ratio_table("Table 5, ratio", pick(rows, suite="mac", configuration="mac"),
                        _algorithm_and_contender, _labelled_with_algorithm)


def _mac_ratio_cell(row: Row | None) -> str:
    if row is None:
        return units.MISSING
    return units.with_spread(row.median, row.q1, row.q3, units.ratio)


def mac_ratio_table(rows: list[Row]) -> Table | None:
    """Table 6: each ZUC-256 MAC's speed relative to 128-EIA3's."""
    macs, sources, values = mac_ratio_series(rows)
    if not macs:
        return None
    table = Table("Table 6: speed relative to 128-EIA3 (same backend)", ["MAC"] + sources)
    for mac in macs:
        cells = [_mac_ratio_cell(values.get((mac, source))) for source in sources]
        table.rows.append(TableRow(f"{mac} : 128-eia3", cells))
    table.notes = ["Speed ratio: 128-EIA3's total time over this MAC's, over the sizes both "
                   "ran (1 = as fast; below 1 = slower); where the results hold the repeats' "
                   "ratios (the MACs of a size timed in turn), their median, then (first "
                   "quartile-third quartile)."]
    if any(s.startswith("[document]") for s in sources):
        table.notes.append(f"{DOCUMENT_NOTE} A ratio of two MACs on one machine has no unit, "
                           f"so the document's stands beside ours as a column of its own.")
    return table


# ---- ablation ----------------------------------------------------------------

def _gain_row(gain: VariantGain) -> TableRow:
    mine = gain.ours_row
    ours = units.with_spread(mine.median, mine.q1, mine.q3, units.gbps) if mine \
        else units.gbps(gain.ours_gbps)
    return TableRow(gain.label, [ours, units.percent(gain.ours_gain),
                                 units.percent(gain.document_gain)])


def ablation_gain_tables(rows: list[Row]) -> list[Table]:
    """Keystream Gbps and gain over the baseline, and beside our gain the document's over its
    own baseline, a column named by its CPU (its Gbps, another machine's, are in the
    appendix); under Table 13, the best combination measured here."""
    tables = []
    for configuration, algorithm in gain_sets(rows):
        title = f"{GAIN_TITLES.get(configuration, configuration)}: {algorithm}"
        documents = pick(rows, suite="ablation", configuration=configuration,
                         algorithm=algorithm, backend="document")
        table = Table(title, ["variant", "ours (Gbps)", "ours: gain",
                              f"{source_label(documents)}: gain"])
        gains = variant_gains(rows, algorithm, configuration)
        table.rows = [_gain_row(g) for g in gains]
        best = best_combination_note(rows, algorithm) if configuration == "table13" else None
        calls = _libzuc_calls_note(rows, algorithm) if configuration == "table13" else None
        table.notes = [n for n in (best, calls) if n] + [
            "Gain: speed over the baseline's, minus 1 (baseline time / time - 1); each side "
            "against its own baseline, so the two gains compare though the machines do not."]
        if any(g.document_gbps is not None for g in gains):
            table.notes.append(DOCUMENT_NOTE)
        tables.append(table)
    return tables


def _libzuc_calls_note(rows: list[Row], algorithm: str) -> str | None:
    """Under Table 13: libzuc's row times 16-byte calls, which understate it."""
    for name, row13, _row15, gbps in _one_unit_rows(rows, algorithm):
        if name.startswith("libzuc-") and gbps / row13.median - 1 > AGREEMENT:
            return (f"{name} calls zuc_keystream for 16 bytes at a time, the document's unit, "
                    f"and a call's fixed cost weighs on every 16 bytes: it encrypts whole "
                    f"messages at {units.gbps(gbps)} Gbps in Table 15, "
                    f"{gbps / row13.median:.2f}x this figure (\"Tables 13 and 15 in one "
                    f"unit\", under Table 15).")
    return None


UNCERTAIN = "?"
NOT_COMBINED = "not combined"


def _effect_cell(effect: Effect | None, alone: bool) -> str:
    """"✓ +69.3%", "×? -5.6%", "× -24.9% added to call+compile+lazy+sbox1"."""
    if effect is None:
        return units.MISSING if alone else NOT_COMBINED
    text = f"{effect.verdict}{UNCERTAIN if effect.overlap else ''} {units.percent(effect.gain)}"
    return text if alone else f"{text} added to {effect.added_to}"


def _published(effective: bool) -> str:
    return EFFECTIVE if effective else NOT_EFFECTIVE


def ablation_table14(rows: list[Row]) -> Table | None:
    """The second document's Table 14, derived from this machine's runs of Tables 3-13,
    beside the document's verdicts."""
    effects = table14(rows)
    if not effects:
        return None
    table = Table(f"Table 14: is each method effective, alone and combined? "
                  f"{TABLE14_ALGORITHM}",
                  ["method", "alone: ours", "alone: [document]", "combined: ours",
                   "combined: [document]"], numeric=False)
    for e in effects:
        table.rows.append(TableRow(f"{e.name} ({e.method})", [
            _effect_cell(e.alone, alone=True), _published(e.document_alone),
            _effect_cell(e.combined, alone=False), _published(e.document_combined)]))
    threshold = f"{100 * EFFECT_THRESHOLD:g}%"
    table.notes = [
        f"Ours, from this machine's runs: alone, the method's variant (Tables 3-12) over the "
        f"baseline; combined, each Table 13 combination holding the method over the same "
        f"combination without it, the worst shown (as the document judged SIMD, which helped "
        f"call+compile+lazy and slowed its best combination). {EFFECTIVE}: faster by "
        f"{threshold} or more; {NOT_EFFECTIVE}: slower by {threshold} or more; {NO_EFFECT}: "
        f"within {threshold}.",
        f"{UNCERTAIN}: the two runs' quartile ranges overlap, so the difference is within "
        f"this machine's noise; a quieter machine or more repeats would settle it.",
        f"{NOT_COMBINED}: no combination of Table 13 holds the method.",
        "[document]: the second document's Table 14 as published (Core i7-8750H, gcc).",
    ]
    return table


def _table15_label(row: Row) -> str:
    return variant_label(row)


def table15_rows(rows: list[Row]) -> list[Row]:
    """Table 15's rows: bits per tick (cycle, TSC tick or ns: the results file says)."""
    return pick(rows, suite="ablation", configuration="table15",
                unit=("bits/cycle", "bits/ns"))


def ablation_table15_tables(rows: list[Row]) -> list[Table]:
    """Table 15: encryption speed in bits per tick by message size, this machine's; then
    each contender's gain over the unoptimised variant beside the document's."""
    tables = []
    for algorithm, everything in grouped(table15_rows(rows), lambda r: r.algorithm).items():
        group = measured(everything)
        if not group:
            continue
        unit = units.singular(tick_heading(group))
        table = _size_table(f"Table 15: encryption, bits per {unit} by message size: "
                            f"{algorithm}", group,
                            _spread_of(lambda r: r.median, units.bits_per_cycle),
                            key=timed_contender_key, label=tick_labels(group, _table15_label))
        agreement = table13_and_15_table(rows, algorithm)
        table.notes[:0] = [note for note in (
            table15_best_note(rows, algorithm), _table15_fastest(everything, unit),
            "Each contender's Table 13 and Table 15 figures in one unit, and why they "
            "differ: \"Tables 13 and 15 in one unit\" below." if agreement else None)
            if note]
        table.notes = _notes_for(everything, *table.notes)
        tables.append(table)
        tables += [t for t in (table15_gain_table(everything, algorithm), agreement) if t]
    return tables


UNOPTIMISED = "unoptimised"


def _gains_over_unoptimised(rows: list[Row], sizes: list[int], prefix: str
                            ) -> list[TableRow]:
    """Each contender's speed over the unoptimised variant's at each size, minus 1."""
    contenders = grouped(rows, _table15_label)
    baseline = by_size(contenders.pop(UNOPTIMISED, []))
    table_rows = []
    for label, group in contenders.items():
        at = by_size(group)
        cells = [_gain_cell(at[s], baseline[s]) if s in at and s in baseline
                 and baseline[s].median > 0 and baseline[s].q1 > 0 else units.MISSING
                 for s in sizes]
        table_rows.append(TableRow(f"{prefix}{label}", cells, group[0].is_document))
    return table_rows


def _gain_cell(row: Row, baseline: Row) -> str:
    """The gain in speed over the baseline's, with the quartiles of the per-repeat gains
    where both come from one run's interleaved repeats (else the widest range the two
    quartile ranges allow); the median alone for published figures."""
    ratio = time_ratio(row, baseline)
    text = units.percent(ratio.median - 1)
    if ratio.q1 == ratio.q3 == ratio.median:
        return text
    # signed figures: "to" rather than a dash between them
    return f"{text} ({units.percent(ratio.q1 - 1)} to {units.percent(ratio.q3 - 1)})"


def table15_gain_table(rows: list[Row], algorithm: str) -> Table | None:
    """Table 15's comparison with the document: each contender's gain over the unoptimised
    variant, ours and the document's, each on its own machine; a gain has no unit."""
    ours, documents = measured(rows), [r for r in rows if r.is_document]
    sizes = sizes_of(rows)
    if not any(_table15_label(r) == UNOPTIMISED for r in ours):
        return None
    table = Table(f"Table 15, gain over the unoptimised variant by message size: {algorithm}",
                  ["contender"] + [units.size_label(s) for s in sizes])
    table.rows = _gains_over_unoptimised(ours, sizes, "ours: ")
    if any(_table15_label(r) == UNOPTIMISED for r in documents):
        table.rows += _gains_over_unoptimised(documents, sizes,
                                              f"{source_label(documents)}: ")
    table.notes = [
        "Gain: the contender's bits per tick over the unoptimised variant's at the same size, "
        "minus 1; each side against its own unoptimised variant, so the gains compare though "
        "the machines (and their units: TSC ticks here, the document's CPU's cycles there) do "
        "not. Ours: the median (first quartile to third quartile) of the per-repeat gains "
        "(where the two rows hold their repeats; else the widest range their quartiles "
        "allow); the document's: its medians.",
        MISSING_NOTE]
    if documents:
        table.notes.append(DOCUMENT_NOTE)
    return table


GIBIBIT = 2 ** 30
# Table 15's contenders by the Table 13 variant they run: its "unoptimised" is the baseline,
# its "optimised" the document's pick, "best here: <id>" that id, libzuc's path itself.
TABLE15_AS_TABLE13 = {"unoptimised": "baseline", "optimised": "call+compile+lazy+sbox1"}
BEST_HERE = "best here: "
# Within this of 1, a contender's two figures agree (Table 15 adds a setup per message and
# the XOR with it, which Table 13 does not time).
AGREEMENT = 0.15


def _as_table13(row: Row) -> str:
    label = variant_label(row)
    return TABLE15_AS_TABLE13.get(label, label.removeprefix(BEST_HERE))


def _gbps_of_bits_per_tick(row: Row) -> float | None:
    """Table 15's bits per tick as Table 13's Gbps (2^30 bits/s), at the file's tick rate."""
    ghz = row.context.get("tick_ghz")
    if row.unit != "bits/cycle" or not ghz:
        return None
    return row.median * float(ghz) * 1e9 / GIBIBIT


def _one_unit_rows(rows: list[Row], algorithm: str) -> list[tuple[str, Row, Row, float]]:
    """(Table 15's name, its Table 13 row, its fastest Table 15 row, that row's Gbps) for
    each of our contenders in both tables."""
    table13 = {variant_label(r): r for r in measured(pick(
        rows, suite="ablation", configuration="table13", algorithm=algorithm, unit="Gbps"))}
    found = []
    for name, group in grouped(measured(pick(rows, suite="ablation", configuration="table15",
                                             algorithm=algorithm)), variant_label).items():
        row13 = table13.get(_as_table13(group[0]))
        converted = [(gbps, r) for r in group if (gbps := _gbps_of_bits_per_tick(r))]
        if row13 is None or row13.median <= 0 or not converted:
            continue
        gbps, fastest = max(converted, key=lambda pair: pair[0])
        found.append((name, row13, fastest, gbps))
    return found


def table13_and_15_table(rows: list[Row], algorithm: str) -> Table | None:
    """Each contender's Table 13 and Table 15 figures in one unit (Gbps of 2^30 bits/s), and
    why they differ: Table 13 times the document's unit, 16 bytes of keystream a call;
    Table 15 encrypts whole messages, one call each."""
    found = _one_unit_rows(rows, algorithm)
    if not found:
        return None
    table = Table(f"Tables 13 and 15 in one unit: {algorithm}",
                  ["contender (Table 15's name)", "Table 13 variant",
                   "Table 13: keystream, Gbps", "Table 15: encryption, Gbps (its fastest size)",
                   "Table 15 / Table 13"])
    apart = []
    for name, row13, row15, gbps in found:
        ratio = gbps / row13.median
        scale = gbps / row15.median
        table.rows.append(TableRow(name, [
            variant_label(row13), units.with_spread(row13.median, row13.q1, row13.q3,
                                                    units.gbps),
            units.with_spread(gbps, row15.q1 * scale, row15.q3 * scale, units.gbps)
            + f" at {units.size_text(row15.size_bytes)}", f"{ratio:.2f}x"]))
        if abs(ratio - 1) > AGREEMENT:
            apart.append((name, ratio))
    agree = [name for name, _, _, gbps in found if name not in dict(apart)]
    table.notes = [
        "Gbps: 2^30 bits a second, Table 13's unit, the median (first quartile-third "
        "quartile) of the repeats; Table 15's bits per tick times the tick rate of its "
        "results file. The ratio is of the medians. Table 13 times the document's unit: "
        "128 bits of keystream per call into one 16-byte buffer, setup excluded. Table 15 "
        "encrypts whole messages, one call each, a key and IV setup per message included.",
    ]
    if agree:
        table.notes.append(
            f"Within {AGREEMENT:.0%}, the two tables agree for {', '.join(agree)}: one "
            f"measurement of the variant, Table 15 a little slower where setup weighs.")
    for name, ratio in apart:
        if name.startswith("libzuc-"):
            table.notes.append(
                f"{name}: Table 15 gives {ratio:.2f}x its Table 13 figure. Table 13 calls "
                f"zuc_keystream for 16 bytes at a time, and each call has a fixed cost that "
                f"16 bytes do not amortise (libzuc's dispatch; on the ct paths the state "
                f"loaded into vector registers, stored back and its copy wiped); Table 15's "
                f"zuc_eea3 encrypts a message in one call, as libzuc's users call it. Its "
                f"Table 15 figure is its speed; its Table 13 figure is the cost of 16-byte "
                f"calls, so rank it against the variants in Table 15, not Table 13.")
        else:
            table.notes.append(
                f"{name}: Table 15 gives {ratio:.2f}x its Table 13 figure, beyond "
                f"{AGREEMENT:.0%}: setup per message, cache effects at its fastest size, or "
                f"a busy machine; compare it within one table.")
    return table


def _table15_fastest(group: list[Row], unit: str) -> str | None:
    """The fastest of ours at its best size, beside the document's optimised at its best."""
    ours = [r for r in group if not r.is_document]
    if not ours:
        return None
    best = max(ours, key=lambda r: r.median)
    text = (f"Fastest here: {_table15_label(best)}, {units.bits_per_cycle(best.median)} bits "
            f"per {unit} at {units.size_text(best.size_bytes)}")
    documents = [r for r in group if r.is_document]
    if documents:
        theirs = max(documents, key=lambda r: r.median)
        text += (f" (the document's fastest, on its {cpu_of(theirs)}: "
                 f"{variant_label(theirs)}, {units.bits_per_cycle(theirs.median)} bits per "
                 f"{units.singular(units.DOCUMENT_TICKS)} of that CPU at "
                 f"{units.size_text(theirs.size_bytes)})")
    return text + "."


# ---- speed -------------------------------------------------------------------

# ZUC-NCA6 (5G-Advanced's ZUC AEAD) and the AEADs a user would weigh it against.
AEAD_ALGORITHMS = ("zuc-nca6", "aes-256-gcm", "chacha20-poly1305")


def aead_table(rows: list[Row]) -> Table | None:
    """ZUC-NCA6 beside AES-256-GCM and ChaCha20-Poly1305 from the same run, by size."""
    chosen = pick(rows, suite="speed", configuration="message", algorithm=AEAD_ALGORITHMS)
    if "zuc-nca6" not in {r.algorithm for r in chosen} or len({r.algorithm for r in chosen}) < 2:
        return None
    labels = tick_labels(chosen, lambda r: f"{r.algorithm} {contender_label(r)}")
    table = _size_table(f"Authenticated encryption: {tick_heading(chosen)}/byte by message size "
                        f"(bytes)", chosen, _ticks,
                        key=lambda r: (r.algorithm,) + timed_contender_key(r), label=labels)
    table.notes[:0] = ["Every message sealed with its own 256-bit key and IV (ZUC-NCA6: the "
                       "3GPP IV from COUNT, BEARER and DIRECTION; the others: a 96-bit nonce), "
                       "16 bytes of associated data and a 16-byte tag after the ciphertext; "
                       "setup included. libzuc's rows run many messages per call (in_flight in "
                       "the results), the libraries one message per call."]
    return table


def speed_tables(rows: list[Row]) -> list[Table]:
    """Per algorithm: ticks/byte by message size, and the stream column; then, where the
    results hold them, the per-repeat ratios to the baseline."""
    chosen = pick(rows, suite="speed", configuration=("message", "stream"))
    tables = []
    for algorithm, group in grouped(chosen, lambda r: r.algorithm).items():
        table = _sizes_and_one_more(f"{algorithm}: {tick_heading(group)}/byte by message size "
                                    f"(bytes)", group, "stream", timed_contender_key,
                                    tick_labels(group))
        messages = messages_note(group)
        table.notes = _notes_for(group, "Messages: fresh key/IV each, setup included; "
                                        "stream: 64 KiB blocks of one keystream, setup "
                                        "excluded.", *([messages] if messages else []),
                                 SPREAD_NOTE, MISSING_NOTE)
        tables.append(table)
        ratios = _ratio_table(f"{algorithm}, ratio", pick(group, configuration="message"),
                              timed_contender_key, tick_labels(group))
        if ratios:
            tables.append(ratios)
    return tables
