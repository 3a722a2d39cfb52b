# SPDX-License-Identifier: Apache-2.0
"""Picking and grouping result rows; the labels contenders are shown under."""

from typing import Callable, Hashable, Iterable, TypeVar

from . import units
from .results import Row

Key = TypeVar("Key", bound=Hashable)

# 128-EEA3 and 128-EIA3 are ZUC-128 under their 3GPP names; the rest are named zuc-*.
ZUC_3GPP_NAMES = ("128-eea3", "128-eia3")

DOCUMENT_NOTE = ("[document]: figures published in the source document, measured on the "
                 "CPU named, in its own units; compare ratios, not absolute values. All of "
                 "them, as published, are in the appendix.")


def is_zuc(algorithm: str) -> bool:
    """True for the ZUC algorithms, False for the ciphers they are compared with."""
    return algorithm in ZUC_3GPP_NAMES or algorithm.startswith("zuc-")


def pick(rows: Iterable[Row], **wanted: str | tuple[str, ...]) -> list[Row]:
    """Rows whose attributes equal the wanted value (or one of a tuple of values)."""
    def matches(row: Row) -> bool:
        for name, value in wanted.items():
            allowed = value if isinstance(value, tuple) else (value,)
            if getattr(row, name) not in allowed:
                return False
        return True
    return [row for row in rows if matches(row)]


def grouped(rows: Iterable[Row], key: Callable[[Row], Key]) -> dict[Key, list[Row]]:
    """Rows by key, keys in order of first appearance."""
    groups: dict[Key, list[Row]] = {}
    for row in rows:
        groups.setdefault(key(row), []).append(row)
    return groups


def measured(rows: Iterable[Row]) -> list[Row]:
    """This machine's figures, without the documents' published ones (the appendix has
    those)."""
    return [row for row in rows if not row.is_document]


def ours_first(rows: Iterable[Row]) -> list[Row]:
    """Our measurements in their order, then the document's figures."""
    rows = list(rows)
    return [r for r in rows if not r.is_document] + [r for r in rows if r.is_document]


def in_order(values: Iterable[Key]) -> list[Key]:
    """Distinct values in order of first appearance."""
    return list(dict.fromkeys(values))


def document_key(row: Row) -> tuple:
    """A published figure: the same in every results file that carries it."""
    return (row.suite, row.algorithm, row.configuration, row.implementation, row.size_bytes,
            row.unit)


def without_repeated_documents(rows: Iterable[Row]) -> list[Row]:
    """Each published figure once, where its first copy was: every results file of a suite
    carries the document's figures, and two inputs of one suite would show them twice."""
    seen: set[tuple] = set()
    kept = []
    for row in rows:
        if row.is_document:
            if document_key(row) in seen:
                continue
            seen.add(document_key(row))
        kept.append(row)
    return kept


def sizes_of(rows: Iterable[Row]) -> list[int]:
    return sorted({row.size_bytes for row in rows})


def threads_of(row: Row) -> int:
    return int(row.optional.get("threads", 1))


def per_call(row: Row) -> int:
    """Messages one call of the row's contender took: the row's in_flight; in files older
    than that field, libzuc and ipsec-mb's N-buffer and N-jobs APIs ran many at a time."""
    if "in_flight" in row.optional:
        return int(row.optional["in_flight"])
    if row.is_document:
        return 1
    if row.backend == "libzuc":
        return int(row.context.get("in_flight", 16))
    lead = row.implementation.split("-")[0]
    return int(lead) if lead.isdigit() else 1


# The configurations whose calls take messages (a stream or a setup is one at a time).
# the configurations timed over messages (the MAC ratios too: one run of the mac suite
# at 16 per call and one at 1 are two sources, never one)
MESSAGE_CONFIGURATIONS = ("message", "mac", "imix", "ratio-to-128-eia3")


def calls_messages(row: Row) -> bool:
    return row.configuration in MESSAGE_CONFIGURATIONS and row.suite != "embedded" \
        and not row.is_document


# ---- libzuc's paths: constant time or not -------------------------------------------

OURS = "libzuc"
# libzuc's paths that look up S-boxes in tables indexed by secret data: not constant time
# (scalar, scalar-v3, ref; docs/security.md). Every other path is.
TABLE_PATH_FAMILIES = ("scalar", "ref")
NOT_CONSTANT_TIME = "table lookups, not constant time"
# What a table with one of them among its rows says about them.
TABLE_PATH_NOTE = (
    f"({NOT_CONSTANT_TIME}): libzuc's table paths (scalar-v3, scalar, ref) look up S-boxes "
    f"in tables indexed by secret data, so their timing can leak the key through the cache; "
    f"they run only when chosen (zuc_force_impl, ZUC_IMPL) or in a library built with "
    f"-DZUC_TABLES_DEFAULT=ON (docs/security.md). Every other libzuc path is constant time.")

T = TypeVar("T")


def table_path_note(rows: Iterable[Row]) -> str:
    """TABLE_PATH_NOTE, and libzuc's default one-message path in the rows' runs."""
    defaults = in_order(default_path(r) for r in rows if r.backend == OURS and default_path(r))
    if not defaults:
        return TABLE_PATH_NOTE
    return (f"{TABLE_PATH_NOTE} libzuc's default one-message path (what zuc_eea3 and the "
            f"other one-message calls run) in these results: {', '.join(defaults)}.")


def is_table_path(row: Row) -> bool:
    """A libzuc path that indexes tables with secret data: scalar, scalar-v3, ref."""
    return row.backend == OURS and row.implementation.split("-")[0] in TABLE_PATH_FAMILIES


def default_path(row: Row) -> str:
    """libzuc's default one-message path where the row's run was made, as its results'
    context records it (zuc_impl_name()); "" in files without it."""
    return str(row.context.get("libzuc_default_impl") or "")


def one_message(row: Row) -> bool:
    """A call of the row's contender takes one message, or one keystream (what libzuc's
    default one-message path runs)."""
    return not calls_messages(row) or per_call(row) == 1


def libzuc_choice(candidates: list[T], row_of: Callable[[T], Row],
                  score: Callable[[T], float], single: bool) -> tuple[T | None, T | None]:
    """What stands for libzuc among its paths (rows, or series of rows) of one kind of work,
    the path a user gets: for one message per call (single), its default path where the run
    recorded and timed it; else, and for many per call, its fastest constant-time path; a
    table path only where nothing else was timed. Then its fastest table path, where that is
    faster (lower score) and what stands for libzuc is not one: shown beside it, never for
    it, as not constant time."""
    default = [c for c in candidates if single
               and row_of(c).implementation == default_path(row_of(c))]
    constant_time = [c for c in candidates if not is_table_path(row_of(c))]
    ours = min(default or constant_time or candidates, key=score, default=None)
    tables = min((c for c in candidates if is_table_path(row_of(c))), key=score, default=None)
    if ours is None or tables is None or is_table_path(row_of(ours)) \
            or score(tables) >= score(ours):
        return ours, None
    return ours, tables


def per_call_text(row: Row) -> str:
    """"1/call" or "16/call": how many messages one call of the contender took."""
    return f"{per_call(row)}/call"


def contender_key(row: Row) -> tuple[str, str, int, int]:
    """A contender; run on several threads at once, or with another count of messages per
    call, it is another one (never one series or one row with the other's figures)."""
    return (row.backend, row.implementation, threads_of(row),
            per_call(row) if calls_messages(row) else 0)


def contender_label(row: Row, marked: bool = True) -> str:
    """"libzuc-avx2, 16/call", "ipsec-mb-job, 1/call", "libzuc-avx2, 16/call (2
    threads)", "libzuc-scalar-v3, 1/call (table lookups, not constant time)", or
    "[document] core-i3-3.4ghz-2011". Not marked: without the table path's words, for a
    chart that marks its bars otherwise (hatched, with a legend entry)."""
    if row.is_document:
        return f"[document] {row.implementation}"
    threads = threads_of(row)
    calls = f", {per_call_text(row)}" if calls_messages(row) else ""
    notes = ([f"{threads} threads"] if threads > 1 else []) \
        + ([NOT_CONSTANT_TIME] if marked and is_table_path(row) else [])
    return (f"{row.backend}-{row.implementation}{calls}"
            + (f" ({'; '.join(notes)})" if notes else ""))


def by_size(rows: Iterable[Row]) -> dict[int, Row]:
    """One row per size; a later row of the same size replaces an earlier one."""
    return {row.size_bytes: row for row in rows}


# ---- tick units ------------------------------------------------------------------

def tick_unit_of(row: Row) -> str:
    """What the row's ticks are: its results file's unit ("TSC ticks", "core cycles", "ns"),
    or the document's cycles."""
    return units.DOCUMENT_TICKS if row.is_document else units.tick_unit_name(row.context)


def our_tick_units(rows: Iterable[Row]) -> list[str]:
    return in_order(tick_unit_of(r) for r in rows if not r.is_document)


def tick_heading(rows: Iterable[Row]) -> str:
    """The unit an axis or a column of these rows is in: "TSC ticks"; rows from files in
    different units (each row then says its own): "TSC ticks or core cycles"."""
    names = our_tick_units(rows)
    return " or ".join(names) if names else units.DOCUMENT_TICKS


def timed_contender_key(row: Row) -> tuple:
    """A contender whose figures are ticks: another unit is another contender."""
    return contender_key(row) + (tick_unit_of(row),)


def tick_labels(rows: Iterable[Row], label: Callable[[Row], str] = contender_label
                ) -> Callable[[Row], str]:
    """The label function for rows in ticks: when the rows are in several units, each of
    ours carries its unit, "libzuc-avx2 [core cycles]"."""
    mixed = len(our_tick_units(rows)) > 1

    def labelled(row: Row) -> str:
        text = label(row)
        if not mixed or row.is_document:
            return text
        # the unit with the name, before "(table lookups, not constant time)"
        at = text.find(f"({NOT_CONSTANT_TIME})")
        at = at - 1 if at > 0 else len(text)
        return f"{text[:at]} [{tick_unit_of(row)}]{text[at:]}"
    return labelled
