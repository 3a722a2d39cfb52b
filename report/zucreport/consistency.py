# SPDX-License-Identifier: Apache-2.0
"""Figures that should agree: one contender doing the same work in two runs (estream's
Table 4 and speed at one size, speed run twice)."""

from . import units
from .results import Row
from .select import NOT_CONSTANT_TIME, calls_messages, grouped, is_table_path, per_call, threads_of
from .tables import Table, TableRow

# Two figures of the same contender and work further apart than this are flagged.
DISAGREEMENT = 0.10
# The configurations two suites share, with the same meaning (messages with a fresh key and
# IV each, setup included; one keystream, setup excluded).
SHARED_WORK = ("message", "stream")


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
        mark = f" ({NOT_CONSTANT_TIME})" if is_table_path(group[0]) else ""
        table.rows.append(TableRow(f"{backend}-{implementation}{mark}",
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
