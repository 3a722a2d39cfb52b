# SPDX-License-Identifier: Apache-2.0
"""The report's content: inputs, machine context, and one section per suite."""

import os
from dataclasses import dataclass, field
from typing import Any, Mapping

from . import charts as draw
from . import tables, units
from .charts import Chart
from .cipher_charts import cipher_charts
from .consistency import disagreement_table, disagreements
from .embedded import block_size_table, table2
from .embedded_charts import embedded_charts
from .published import published_tables
from .results import ResultsFile, all_rows
from .select import (
    NOT_CONSTANT_TIME,
    pick,
    table_path_note,
    tick_heading,
    without_repeated_documents,
)
from .summary import facts, headline_sentences, summary_tables
from .summary_chart import headline_chart
from .tables import Table, TableRow

KNOWN_SUITES = ("estream", "mac", "ablation", "speed", "embedded")

# The context fields in the order they are shown; others follow in file order.
CONTEXT_FIELDS = (
    ("suite", "suite"), ("date", "date (UTC)"), ("cpu_model", "CPU"),
    ("cpu_family", "CPU family"), ("cpu_model_number", "CPU model (number)"), ("cores", "cores"),
    ("cpu_flags", "CPU flags"), ("os", "OS"), ("compiler", "compiler"),
    ("compiler_flags", "compiler flags"), ("timer", "timer"), ("tick_unit", "tick"),
    ("tick_unit_note", "what a tick is"),
    ("tick_ghz", "tick rate (GHz)"), ("core_ghz_estimate", "core clock, estimated (GHz)"),
    ("libzuc_version", "libzuc version"), ("libzuc_default_impl", "libzuc default path"),
    ("ipsec_mb_version", "ipsec-mb version"),
    ("ipsec_mb_arch", "ipsec-mb code path"), ("gmssl_version", "GmSSL version"),
    ("gmssl_library", "GmSSL library"), ("messages_per_call", "messages per many-message call"),
    ("interleaving", "contenders of a cell"), ("libraries", "peer libraries"),
    ("library", "measured by"),
)
# Beyond this relative difference, ticks and core cycles are worth telling apart.
CLOCK_MISMATCH = 0.05


@dataclass
class Section:
    heading: str
    intro: str
    tables: list[Table] = field(default_factory=list)
    charts: list[Chart] = field(default_factory=list)
    anchor: str = ""                # the id its heading has in the page
    page: str = ""                  # "" for the main page, else a page of its own


@dataclass
class Summary:
    """The answer first: what it stands on, in a sentence or two, a chart and two tables."""
    facts: list[tuple[str, str]]
    sentences: list[str]
    tables: list[Table]
    chart: Chart | None


@dataclass
class Report:
    title: str
    inputs: Table
    machine: Table
    machine_notes: list[str]
    sections: list[Section]
    absent: list[str]
    summary: Summary | None = None
    appendix: list[Section] = field(default_factory=list)


def _input_name(results_file: ResultsFile) -> str:
    return os.path.basename(results_file.path)


def inputs_table(files: list[ResultsFile]) -> Table:
    table = Table("Inputs", ["file", "suite", "results",
                             "of which published figures (appendix)"], numeric=False)
    for f in files:
        documents = sum(1 for r in f.rows if r.is_document)
        table.rows.append(TableRow(f.path, [f.suite, str(len(f.rows)), str(documents)]))
    return table


def _context_text(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value).strip() if value is not None else ""


def _context_fields(files: list[ResultsFile]) -> list[tuple[str, str]]:
    known = [(k, label) for k, label in CONTEXT_FIELDS if any(k in f.context for f in files)]
    names = {k for k, _ in CONTEXT_FIELDS}
    extra = [k for f in files for k in f.context if k not in names]
    return known + [(k, k) for k in dict.fromkeys(extra)]


def machine_table(files: list[ResultsFile]) -> Table:
    """Context fields down, one value each; where the input files differ, each file's."""
    table = Table("Machine, build and method", ["", "value (where the inputs differ: each "
                                                    "value and its files)"], numeric=False)
    fields = _context_fields(files)
    keys = {k for k, _ in fields}
    for key, label in fields:
        if key == "tick_unit" and "tick_unit_note" in keys:
            continue                # the note says what a tick is; the raw unit adds nothing
        values = [_context_text(f.context.get(key)) for f in files]
        if len(set(values)) <= 1:
            table.rows.append(TableRow(label, [values[0] if values else ""]))
        else:
            # each value once, with the files that have it, the commonest first
            holders: dict[str, list[str]] = {}
            for results_file, value in zip(files, values, strict=True):
                holders.setdefault(value or "-", []).append(_input_name(results_file))
            lines = [f"{value} ({', '.join(names)})" for value, names in
                     sorted(holders.items(), key=lambda item: -len(item[1]))]
            table.rows.append(TableRow(label, ["\n".join(lines)]))
    return table


def _clock_note(results_file: ResultsFile) -> str | None:
    context: Mapping[str, Any] = results_file.context
    tick, core = context.get("tick_ghz"), context.get("core_ghz_estimate")
    if not tick or not core or abs(tick - core) / tick <= CLOCK_MISMATCH:
        return None
    return (f"{_input_name(results_file)}: the tick counter runs at {tick:.3f} GHz and the "
            f"core at about {core:.3f} GHz, so there a tick is not a core cycle.")


def machine_notes(files: list[ResultsFile]) -> list[str]:
    return [note for note in map(_clock_note, files) if note]


def _units_sentence(rows) -> str:
    """What the timings are in, as the results files' context says."""
    return (f"Timings are in {tick_heading(rows)}, as the results files' context says "
            f"(tick_unit_note); the document's figures, in its CPU's "
            f"{units.DOCUMENT_TICKS}, are in the appendix.")


def _interleaving_sentence(rows) -> str:
    """How the contenders of a cell were timed, where the results files say so."""
    if not any(r.context.get("interleaving") == "alternating" for r in rows):
        return ""
    return (" The contenders of a cell ran the same messages, in whole many-message calls, "
            "and took turns: each repeat timed every contender once, in an order reversed "
            "every repeat, so that a change of the machine's clock fell on all of them; each "
            "ratio is taken repeat by repeat.")


def _estream_section(rows) -> Section:
    estream = pick(rows, suite="estream")
    return Section(
        "eSTREAM: Init, Stream, x-byte messages (first document, Tables 3 and 4)",
        "The median of repeated timed batches. Init: one key/IV setup; Stream: one long "
        "keystream, setup excluded; x-byte columns: messages of that size, each with a fresh "
        "key and IV, setup included. " + _units_sentence(estream)
        + _interleaving_sentence(estream),
        [t for t in (tables.estream_init_stream_table(rows),
                     tables.estream_message_table(rows), tables.estream_ratio_table(rows)) if t],
        cipher_charts(rows))


def _mac_section(rows) -> Section:
    return Section(
        "MACs: time per MAC and ZUC-256 against 128-EIA3 (first document, Tables 5 and 6, "
        "Figure 1)",
        "One MAC per message, a fresh random key and IV for each, setup included."
        + _interleaving_sentence(pick(rows, suite="mac")),
        [t for t in (tables.mac_time_table(rows), tables.mac_batch_table(rows),
                     tables.mac_size_ratio_table(rows),
                     tables.mac_ratio_table(rows)) if t],
        [c for c in (draw.mac_ratio_chart(rows), draw.mac_time_chart(rows)) if c])


def _ablation_section(rows) -> Section:
    table15 = draw.ablation_table15_chart(rows)
    return Section(
        "Ablation: the second document's optimisation methods (Tables 13, 14 and 15)",
        "Keystream speed of each method alone and of their combinations, and the gain over "
        "the unoptimised baseline; encryption speed in bits per "
        f"{units.singular(tick_heading(tables.table15_rows(rows)))} by message size.",
        tables.ablation_gain_tables(rows) + [t for t in (tables.ablation_table14(rows),) if t]
        + tables.ablation_table15_tables(rows),
        draw.ablation_gain_charts(rows) + ([table15] if table15 else []))


def _first_up(text: str) -> str:
    """"TSC ticks" stays "TSC ticks", "core cycles" becomes "Core cycles"."""
    return text[:1].upper() + text[1:]


def _speed_section(rows) -> Section:
    return Section(
        "Speed: every algorithm and path, peers beside",
        f"{_first_up(tick_heading(pick(rows, suite='speed')))} per byte of messages with a "
        f"fresh key and IV each, setup included, and of one long keystream (stream)."
        + _interleaving_sentence(pick(rows, suite="speed")),
        [t for t in [tables.aead_table(rows)] if t] + tables.speed_tables(rows))


def _embedded_section(rows) -> Section:
    return Section(
        "Embedded: latency and resources of every cipher configuration (Table 2, Figure 5)",
        "Each configuration of the paper's Table 1 encrypts a file in a child process: its "
        "latency, throughput, CPU and memory, and the whole system's while it ran.",
        [t for t in (table2(rows), block_size_table(rows)) if t],
        embedded_charts(rows), anchor="embedded", page="embedded.html")


def _message_chart_section(rows) -> Section:
    return Section(
        "ZUC: cost per byte by message size (estream and speed)",
        "Medians as lines, the quartiles as a band around them; this machine's figures only "
        "(the document's are in the appendix). The other ciphers are in the eSTREAM "
        "section's keystream and packet charts.",
        charts=draw.message_speed_charts(rows))


SECTION_BUILDERS = {"estream": _estream_section, "mac": _mac_section,
                    "ablation": _ablation_section, "speed": _speed_section,
                    "embedded": _embedded_section}


def _absent_notes(rows) -> list[str]:
    suites = {r.suite for r in rows}
    missing = [s for s in KNOWN_SUITES if s not in suites]
    unknown = sorted(suites - set(KNOWN_SUITES))
    notes = []
    if missing:
        notes.append(f"No results in these inputs for: {', '.join(missing)}.")
    if unknown:
        notes.append(f"Suites without tables here (their rows are counted in the inputs only): "
                     f"{', '.join(unknown)}.")
    return notes


def _summary(rows) -> Summary | None:
    found = summary_tables(rows)
    if not found:
        return None
    return Summary(facts(rows), headline_sentences(rows), found, headline_chart(rows))


def _consistency_section(rows) -> Section:
    table = disagreement_table(rows)
    if table is not None:
        note = repeats_note([r for _key, group, _gap in disagreements(rows) for r in group])
        table.notes += [note] if note else []
    intro = ("Where two runs measured one contender doing the same work (estream's Table 4 "
             "and speed share message sizes; speed may run twice, many and one message per "
             "call), their medians are compared: "
             + ("none differs by more than 10%." if table is None else
                "these differ by more than 10%."))
    return Section("Consistency: the same work measured twice", intro,
                   [table] if table else [], anchor="consistency")


def _appendix(rows) -> list[Section]:
    tables = published_tables(rows)
    if not tables:
        return []
    intro = ("The source documents' figures, as published, one table per table of theirs, "
             "each naming the CPU it was measured on and its unit (that CPU's cycles, µs, "
             "Gbps of 2^30 bits/s): context, not contenders, so no table or chart above sets "
             "them beside this machine's ticks. Only where the comparison is the point do "
             "they stand beside ours, as a column or series of their own named by the CPU: "
             "the ablation's gains (Tables 13-15), each over its own machine's baseline, and "
             "the MACs' speed relative to 128-EIA3 (Table 6, Figure 1). Under a table, what "
             "does not add up within the document's own figures.")
    return [Section("Appendix: published figures", intro, tables, anchor="published")]


SECTION_SUITES = {"eSTREAM": "estream", "MACs": "mac", "Ablation": "ablation",
                  "Speed": "speed", "Embedded": "embedded"}
FEW_REPEATS = 5


def repeats_note(rows) -> str | None:
    """How many repeats each cell of these rows took, and what that means for the spread."""
    counts = sorted({r.repeats for r in rows if not r.is_document and r.repeats})
    if not counts:
        return None
    text = f"Repeats per cell: {', '.join(map(str, counts))}."
    if counts[0] < FEW_REPEATS:
        text += (f" With {counts[0]} repeats the quartiles lie near the smallest and largest "
                 f"figure: a rough spread, not a confidence interval.")
    return text


def _add_repeats(section: Section, rows) -> None:
    """Every table of a suite's section says how many repeats its cells took."""
    suite = SECTION_SUITES.get(section.heading.split(":")[0])
    note = repeats_note(pick(rows, suite=suite)) if suite else None
    if note is None:
        return
    for table in section.tables:
        if not any(n.startswith("Repeats per cell") for n in table.notes):
            table.notes.append(note)


def marks_table_paths(table: Table) -> bool:
    """A row or column of the table names one of libzuc's table paths, marked so."""
    return any(NOT_CONSTANT_TIME in text for text in
               [*table.columns, *(row.label for row in table.rows)])


def _add_table_path_note(section: Section, rows) -> None:
    """Every table that names one of libzuc's table paths says what that means (and which
    path libzuc runs by default), under the table."""
    suite = SECTION_SUITES.get(section.heading.split(":")[0])
    note = table_path_note(pick(rows, suite=suite) if suite else rows)
    for table in section.tables:
        if marks_table_paths(table) and note not in table.notes:
            table.notes.append(note)


def _anchor(heading: str) -> str:
    words = "".join(c.lower() if c.isalnum() else " " for c in heading.split(":")[0]).split()
    return "-".join(words)


def build_report(files: list[ResultsFile]) -> Report:
    rows = without_repeated_documents(all_rows(files))
    suites = {r.suite for r in rows}
    sections = [SECTION_BUILDERS[s](rows) for s in KNOWN_SUITES if s in suites]
    if suites & {"estream", "speed"}:
        sections.append(_message_chart_section(rows))
    sections = [s for s in sections if s.tables or s.charts]
    measured = [r for r in rows if not r.is_document]
    if measured:
        sections.append(_consistency_section(rows))
    for section in sections:
        section.anchor = section.anchor or _anchor(section.heading)
        _add_table_path_note(section, rows)
        _add_repeats(section, rows)
    summary = _summary(rows)
    flagged = len(disagreements(rows))
    if summary and flagged:
        summary.sentences.append(
            f"In {flagged} cases one contender doing the same work at the same size measured "
            f"more than 10% apart in two runs (listed under Consistency): compare within one "
            f"run, as these ratios do.")
    return Report("zucbench report", inputs_table(files), machine_table(files),
                  machine_notes(files), sections, _absent_notes(rows), summary,
                  _appendix(rows))
