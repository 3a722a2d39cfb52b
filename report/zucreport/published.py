# SPDX-License-Identifier: Apache-2.0
"""The source documents' published figures: context, not contenders.

They were measured on other machines (a 2011 Core i3, a Core i7-8750H), in those machines'
cycles or in µs, so they never share a table row or a chart axis with this machine's
figures. The appendix gives them as published, one table per document's table, naming the
CPU and the unit, with what does not add up within them. Where setting ours beside the
document's is the point (the ablation's gains over each side's own baseline, the MACs'
speed relative to 128-EIA3), the document's figures are a column or series of their own,
labelled with its CPU."""

from typing import Callable

from . import units
from .results import Row
from .select import grouped, in_order, sizes_of
from .sources import cpu_of, document_of, machine_of, where_published
from .tables import Table, TableRow

SUITE_ORDER = ("estream", "mac", "ablation", "embedded")
# A published cost per byte this many times its stream figure (or a size's cost above the
# next smaller size's by MONOTONE_SLACK) is worth a word.
DOCUMENT_STREAM_GAP = 2.0
MONOTONE_SLACK = 1.05
# At or below the keystream alone (within this factor) at a size whose setup is at least a
# keystream's cost per byte: setup included, a message cannot cost that little.
STREAM_FLOOR = 1.01


def published(value: float) -> str:
    """A figure as the document gives it: no rounding beyond its own digits."""
    return f"{value:.6g}"


def unit_text(row: Row) -> str:
    """The document's unit: its cycles where our rows say ticks, µs, Gbps, ratio."""
    if row.unit.startswith("ticks/"):
        return f"{units.DOCUMENT_TICKS}/{row.unit.split('/', 1)[1]}"
    if row.unit == "bits/cycle":
        return "bits/cycle"
    if row.unit == "us/mac":
        return "µs per MAC"
    if row.unit == "Gbps":
        return "Gbps (2^30 bits/s)"
    return row.unit


# ---- what does not add up within them --------------------------------------------------

def _stream_notes(algorithm: str, stream: Row, init: Row | None, messages: list[Row]
                  ) -> list[str]:
    notes = []
    longest = messages[-1]
    if longest.median > DOCUMENT_STREAM_GAP * stream.median:
        notes.append(
            f"{algorithm}: {units.size_text(longest.size_bytes)} messages at "
            f"{published(longest.median)} cycles/byte against a keystream of "
            f"{published(stream.median)}: setup cannot explain "
            f"{longest.median / stream.median:.0f}x at that length.")
    if init is None:
        return notes
    for message in messages:
        setup = init.median / message.size_bytes
        if setup >= stream.median and message.median <= stream.median * STREAM_FLOOR:
            notes.append(
                f"{algorithm}: {units.size_text(message.size_bytes)} at "
                f"{published(message.median)} cycles/byte, setup included, is no dearer "
                f"than its keystream alone ({published(stream.median)}), though its setup "
                f"({published(init.median)} cycles) alone is {setup:.1f} cycles a byte at "
                f"that size.")
    return notes


def _monotone_notes(algorithm: str, messages: list[Row]) -> list[str]:
    notes = []
    for smaller, larger in zip(messages, messages[1:], strict=False):
        if larger.median > smaller.median * MONOTONE_SLACK:
            notes.append(
                f"{algorithm}: {units.size_text(larger.size_bytes)} costs "
                f"{published(larger.median)} cycles/byte, more than "
                f"{units.size_text(smaller.size_bytes)}'s {published(smaller.median)}; a "
                f"fixed setup spread over more bytes should cost less.")
    return notes


def document_notes(rows: list[Row]) -> list[str]:
    """What does not add up within the documents' own figures of cost per byte: a long
    message far dearer per byte than the same machine's keystream; a message, setup
    included, no dearer than the keystream alone where setup weighs; a size dearer per byte
    than a smaller one."""
    notes = []
    documents = [r for r in rows if r.is_document and r.unit.startswith("ticks/")]
    for (algorithm, _machine), group in grouped(
            documents, lambda r: (r.algorithm, machine_of(r))).items():
        stream = [r for r in group if r.configuration == "stream"]
        init = [r for r in group if r.configuration == "init"]
        messages = sorted((r for r in group if r.configuration == "message"),
                          key=lambda r: r.size_bytes)
        if stream and messages:
            notes += _stream_notes(algorithm, stream[0], init[0] if init else None, messages)
        notes += _monotone_notes(algorithm, messages)
    return notes


# ---- the appendix's tables ---------------------------------------------------------------

def _variant(row: Row) -> str:
    variant = row.implementation.partition(":")[2]
    return variant or row.algorithm


def _by_size(title: str, rows: list[Row], label: Callable[[Row], str]) -> Table:
    sizes = sizes_of(rows)
    table = Table(title, ["", "unit"] + [units.size_label(s) for s in sizes])
    for name, group in grouped(rows, label).items():
        at = {r.size_bytes: r for r in group}
        table.rows.append(TableRow(name, [unit_text(group[0])] + [
            published(at[s].median) if s in at else units.NOT_APPLICABLE for s in sizes]))
    return table


def _by_column(title: str, rows: list[Row], label: Callable[[Row], str],
               column: Callable[[Row], str]) -> Table:
    columns = in_order(column(r) for r in rows)
    table = Table(title, [""] + columns)
    for name, group in grouped(rows, label).items():
        at = {column(r): r for r in group}
        table.rows.append(TableRow(name, [
            published(at[c].median) if c in at else units.NOT_APPLICABLE for c in columns]))
    return table


def _estream_tables(rows: list[Row], where: str) -> list[Table]:
    tables = []
    setup = [r for r in rows if r.configuration in ("init", "stream")]
    if setup:
        tables.append(_by_column(
            f"Table 3 as published, {where}: Init and Stream", setup, lambda r: r.algorithm,
            lambda r: "Init (cycles/setup)" if r.configuration == "init"
            else "Stream (cycles/byte)"))
    messages = [r for r in rows if r.configuration == "message"]
    if messages:
        table = _by_size(f"Table 4 as published, {where}: cycles/byte of x-byte messages, "
                         f"setup included", messages, lambda r: r.algorithm)
        table.notes = document_notes(rows)
        tables.append(table)
    return tables


def _mac_tables(rows: list[Row], where: str) -> list[Table]:
    tables = []
    macs = [r for r in rows if r.configuration == "mac"]
    if macs:
        tables.append(_by_size(f"Table 5 as published, {where}: µs per MAC by message size "
                               f"(bytes)", macs, lambda r: r.algorithm))
    ratios = [r for r in rows if r.configuration == "ratio-to-128-eia3"]
    if ratios:
        tables.append(_by_column(f"Table 6 as published, {where}: speed relative to 128-EIA3",
                                 ratios, lambda r: f"{r.algorithm} : 128-eia3",
                                 lambda r: "ratio"))
    return tables


ABLATION_COLUMNS = {"single": "alone (Tables 3-12)", "table13": "combined (Table 13)"}


def _ablation_tables(rows: list[Row], where: str) -> list[Table]:
    tables = []
    keystream = [r for r in rows if r.configuration in ABLATION_COLUMNS]
    if keystream:
        table = _by_column(
            f"Tables 3-13 as published, {where}: keystream Gbps (2^30 bits/s)", keystream,
            lambda r: _variant(r) + ("" if r.algorithm == "zuc-128" else f" ({r.algorithm})"),
            lambda r: ABLATION_COLUMNS[r.configuration])
        table.notes = ["The document's unit of work: 20,971,520 iterations of 128 bits of "
                       "keystream into one 16-byte buffer, 2.5 Gbit of 2^30 bits. Table 13 "
                       "gives Gbps; Tables 3-12 give ms for the unit, and their Gbps here are "
                       "2.5 Gbit over those ms, to four figures."]
        tables.append(table)
    table15 = [r for r in rows if r.configuration == "table15"]
    if table15:
        tables.append(_by_size(f"Table 15 as published, {where}: encryption, bits per cycle "
                               f"by message size", table15, _variant))
    return tables


SUITE_TABLES = {"estream": _estream_tables, "mac": _mac_tables, "ablation": _ablation_tables}


def _other_tables(rows: list[Row], where: str) -> list[Table]:
    return [_by_size(f"{configuration} as published, {where}", group,
                     lambda r: f"{r.algorithm} {_variant(r)}")
            for configuration, group in grouped(rows, lambda r: r.configuration).items()]


def published_tables(rows: list[Row]) -> list[Table]:
    """Every published figure, by document and machine, one table per document's table,
    each figure as published and in its own unit."""
    documents = [r for r in rows if r.is_document]
    tables = []
    suites = grouped(documents, lambda r: r.suite)
    for suite in sorted(suites, key=lambda s: (SUITE_ORDER + (s,)).index(s)):
        for _machine, group in grouped(suites[suite], machine_of).items():
            where = where_published(group[0])
            found = SUITE_TABLES.get(suite, _other_tables)(group, where)
            for table in found:
                cycles = "cycle" in " ".join([table.title, *table.columns,
                                              *(r.cells[0] for r in table.rows if r.cells)])
                table.notes.append(
                    f"As published: measured by {document_of(group[0])} on its "
                    f"{cpu_of(group[0])}, not on this machine"
                    + ("; its cycles are that CPU's, not this machine's ticks" if cycles else "")
                    + ". Compare ratios within one source, never its figures with ours.")
            tables += found
    return tables
