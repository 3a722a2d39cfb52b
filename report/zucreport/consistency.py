# SPDX-License-Identifier: Apache-2.0
"""Figures that should agree: one contender doing the same work in two runs (estream's
Table 4 and speed at one size, speed run twice), and the published figures' own
inconsistencies."""

from . import units
from .results import Row
from .select import calls_messages, grouped, per_call, sizes_of, threads_of
from .tables import Table, TableRow

# Two figures of the same contender and work further apart than this are flagged.
DISAGREEMENT = 0.10
# The configurations two suites share, with the same meaning (messages with a fresh key and
# IV each, setup included; one keystream, setup excluded).
SHARED_WORK = ("message", "stream")
# A published cost per byte this many times its stream figure (or a size's cost above the
# next smaller size's by this factor) is worth a word.
DOCUMENT_STREAM_GAP = 2.0


def _work_key(row: Row) -> tuple:
    return (row.algorithm, row.configuration, row.backend, row.implementation, row.size_bytes,
            threads_of(row), per_call(row) if calls_messages(row) else 0, row.unit,
            str(row.context.get("tick_unit_note", "")))


def disagreements(rows: list[Row]) -> list[tuple[tuple, list[Row], float]]:
    """Groups of figures of one contender and work, from different runs, whose medians are
    more than DISAGREEMENT apart: (key, rows, largest over smallest - 1)."""
    measured = [r for r in rows if not r.is_document and r.configuration in SHARED_WORK
                and r.median > 0]
    found = []
    for key, group in grouped(measured, _work_key).items():
        runs = {id(r.context) for r in group}
        if len(runs) < 2:
            continue
        medians = [r.median for r in group]
        gap = max(medians) / min(medians) - 1
        if gap > DISAGREEMENT:
            found.append((key, group, gap))
    return found


def _where(row: Row) -> str:
    date = str(row.context.get("date", ""))
    return f"{row.suite} ({date})" if date else row.suite


def disagreement_table(rows: list[Row]) -> Table | None:
    found = disagreements(rows)
    if not found:
        return None
    table = Table(f"Figures that disagree by more than {DISAGREEMENT:.0%}: the same "
                  f"contender, work and size in two runs",
                  ["contender", "algorithm", "work", "size", "figures (median (q1-q3), run)",
                   "apart"])
    for (algorithm, configuration, backend, implementation, size, _t, calls, unit, _u), group, \
            gap in sorted(found, key=lambda f: -f[2]):
        figures = "; ".join(f"{units.cycles_with_spread(r.median, r.q1, r.q3)} in "
                            f"{_where(r)}" for r in group)
        work = configuration + (f", {calls}/call" if calls else "")
        table.rows.append(TableRow(f"{backend}-{implementation}",
                                   [algorithm, work, units.size_label(size) if size else "-",
                                    f"{figures} [{unit}]", f"{gap:.0%}"]))
    table.notes = [
        "Each run timed its cells at another moment of one machine's life: a shared or "
        "busy machine's clock and load move between runs, and each figure is right for its "
        "run. Compare contenders within one table, whose figures come from one run and, "
        "where the results say so, from interleaved repeats; the summary's ratios are paired "
        "repeat by repeat within one run.",
    ]
    return table


# ---- the published figures ------------------------------------------------------------

def _document_unit(row: Row) -> str:
    if row.unit.startswith("ticks/"):
        return f"{units.DOCUMENT_TICKS}/{row.unit.split('/', 1)[1]}"
    if row.unit == "us/mac":
        return "µs per MAC"
    return row.unit


def document_notes(rows: list[Row]) -> list[str]:
    """What does not add up within the documents' own figures: a long message far dearer
    per byte than the same machine's keystream, a size dearer per byte than a smaller one."""
    notes = []
    documents = [r for r in rows if r.is_document and r.unit == "ticks/byte"]
    for (algorithm, machine), group in grouped(
            documents, lambda r: (r.algorithm, r.implementation)).items():
        stream = [r for r in group if r.configuration == "stream"]
        messages = sorted((r for r in group if r.configuration == "message"),
                          key=lambda r: r.size_bytes)
        if stream and messages:
            longest = messages[-1]
            if longest.median > DOCUMENT_STREAM_GAP * stream[0].median:
                notes.append(
                    f"{algorithm} ({machine}): {units.size_text(longest.size_bytes)} messages "
                    f"at {units.cycles(longest.median)} cycles/byte against a keystream of "
                    f"{units.cycles(stream[0].median)}: setup cannot explain "
                    f"{longest.median / stream[0].median:.0f}x at that length.")
        for smaller, larger in zip(messages, messages[1:], strict=False):
            if larger.median > smaller.median * 1.05:
                notes.append(
                    f"{algorithm} ({machine}): {units.size_text(larger.size_bytes)} costs "
                    f"{units.cycles(larger.median)} cycles/byte, more than "
                    f"{units.size_text(smaller.size_bytes)}'s {units.cycles(smaller.median)}; "
                    f"a fixed setup spread over more bytes should cost less.")
    return notes


def published_tables(rows: list[Row]) -> list[Table]:
    """The documents' figures, by source machine: algorithm and work down, sizes across,
    each in the document's own unit."""
    documents = [r for r in rows if r.is_document and r.configuration not in ("ratio",)]
    tables = []
    for machine, group in grouped(documents, lambda r: r.implementation).items():
        sizes = [s for s in sizes_of(group) if s]
        columns = ["algorithm, work", "unit", "no size"] + [units.size_label(s) for s in sizes]
        table = Table(f"Published figures: {machine}", columns)
        for (algorithm, configuration, _unit), figures in grouped(
                group, lambda r: (r.algorithm, r.configuration, r.unit)).items():
            at = {r.size_bytes: r for r in figures}
            cells = [_document_unit(figures[0]),
                     units.cycles(at[0].median) if 0 in at else "-"]
            cells += [units.cycles(at[s].median) if s in at else "-" for s in sizes]
            table.rows.append(TableRow(f"{algorithm}, {configuration}", cells, True))
        table.notes = [f"As published, measured on {machine} (the name gives the CPU and its "
                       f"clock); the documents count cycles of that CPU, not this machine's "
                       f"ticks, and a 2011 Core i3 has no AES-NI: compare ratios within one "
                       f"source, never its figures with ours."]
        tables.append(table)
    return tables
