# SPDX-License-Identifier: Apache-2.0
"""Loading and validating zucbench results files ("zucbench-results/1")."""

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from . import SCHEMA

DOCUMENT_BACKEND = "document"

# Every result carries these; consumers ignore fields they do not know.
REQUIRED_TEXT = ("suite", "algorithm", "configuration", "backend", "implementation", "unit")
REQUIRED_COUNTS = ("size_bytes", "repeats")
REQUIRED_NUMBERS = ("median", "q1", "q3")
OPTIONAL_NUMBERS = ("median_ns", "mbps", "median_ticks_per_message", "median_us_per_message",
                    "threads", "messages", "messages_per_call", "ratio", "ratio_q1", "ratio_q3",
                    "in_flight")
# The embedded suite: one cipher configuration run on a file in a child process.
EMBEDDED_NUMBERS = (
    "key_bits", "block_bits", "rounds", "output_bytes", "latency_ms_mean", "latency_ms_sd",
    "throughput_mbs", "cpu_percent", "peak_rss_kb", "mem_percent", "sys_cpu_percent",
    "sys_cpu_percent_max", "sys_mem_used_kb", "sys_mem_total_kb", "net_rx_bytes",
    "net_tx_bytes", "sys_samples")
OPTIONAL_TEXT = ("name", "family", "mode", "ratio_to")
OPTIONAL_FLAGS = ("in_table1",)


class ResultsError(Exception):
    """A results file that cannot be read or does not follow the schema."""

    def __init__(self, path: str, problem: str):
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


@dataclass(frozen=True, eq=False)
class Row:
    """One measurement (or one published figure, when backend is "document")."""

    suite: str
    algorithm: str
    configuration: str
    backend: str
    implementation: str
    size_bytes: int
    repeats: int
    unit: str
    median: float
    q1: float
    q3: float
    optional: Mapping[str, float] = field(default_factory=dict)
    text: Mapping[str, str] = field(default_factory=dict)
    flags: Mapping[str, bool] = field(default_factory=dict)
    context: Mapping[str, Any] = field(default_factory=dict)
    samples: tuple[float, ...] = ()         # every repeat, in the order taken (newer files)

    @property
    def is_document(self) -> bool:
        return self.backend == DOCUMENT_BACKEND

    @property
    def is_baseline(self) -> bool:
        """The contender its cell's ratios were taken against (its ratio to itself)."""
        return self.text.get("ratio_to") == f"{self.backend}-{self.implementation}"


@dataclass(frozen=True, eq=False)
class ResultsFile:
    path: str
    suite: str
    context: Mapping[str, Any]
    rows: tuple[Row, ...]


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _field_problem(result: Mapping[str, Any]) -> str | None:
    """What is wrong with one result object, or None."""
    for name in REQUIRED_TEXT + REQUIRED_COUNTS + REQUIRED_NUMBERS:
        if name not in result:
            return f"'{name}' is missing"
    for name in REQUIRED_TEXT:
        if not isinstance(result[name], str):
            return f"'{name}' is not a string"
    for name in REQUIRED_COUNTS:
        if not _is_count(result[name]):
            return f"'{name}' is not a non-negative integer"
    for name in REQUIRED_NUMBERS + OPTIONAL_NUMBERS + EMBEDDED_NUMBERS:
        if name in result and not _is_number(result[name]):
            return f"'{name}' is not a number"
    for name in OPTIONAL_TEXT:
        if name in result and not isinstance(result[name], str):
            return f"'{name}' is not a string"
    for name in OPTIONAL_FLAGS:
        if name in result and not isinstance(result[name], bool):
            return f"'{name}' is not true or false"
    samples = result.get("samples", [])
    if not isinstance(samples, list) or not all(map(_is_number, samples)):
        return "'samples' is not an array of numbers"
    return None


def _row_from(result: Mapping[str, Any], context: Mapping[str, Any]) -> Row:
    optional = {name: float(result[name]) for name in OPTIONAL_NUMBERS + EMBEDDED_NUMBERS
                if name in result}
    return Row(
        suite=result["suite"], algorithm=result["algorithm"],
        configuration=result["configuration"], backend=result["backend"],
        implementation=result["implementation"], size_bytes=result["size_bytes"],
        repeats=result["repeats"], unit=result["unit"], median=float(result["median"]),
        q1=float(result["q1"]), q3=float(result["q3"]), optional=optional,
        text={name: result[name] for name in OPTIONAL_TEXT if name in result},
        flags={name: result[name] for name in OPTIONAL_FLAGS if name in result},
        context=context, samples=tuple(float(x) for x in result.get("samples", ())))


def _read_json(path: str) -> Any:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ResultsError(path, "no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ResultsError(path, f"cannot read: {error}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ResultsError(path, f"not JSON: {error.msg} at line {error.lineno}, "
                                 f"column {error.colno}") from None


def _checked_document(path: str, document: Any) -> tuple[Mapping, list]:
    """The context and results of a parsed file, once its shape is right."""
    if not isinstance(document, dict):
        raise ResultsError(path, "the top level is not a JSON object")
    schema = document.get("schema")
    if schema != SCHEMA:
        found = "no 'schema' field" if schema is None else f"schema {schema!r}"
        raise ResultsError(path, f"{found}; expected {SCHEMA!r}")
    context = document.get("context")
    if not isinstance(context, dict):
        raise ResultsError(path, "'context' is missing or not an object")
    for name in ("tick_ghz", "core_ghz_estimate"):
        if name in context and not _is_number(context[name]):
            raise ResultsError(path, f"context: '{name}' is not a number")
    results = document.get("results")
    if not isinstance(results, list):
        raise ResultsError(path, "'results' is missing or not an array")
    return context, results


def _suite_of(document: Mapping, context: Mapping, rows: Iterable[Row]) -> str:
    for candidate in (document.get("suite"), context.get("suite")):
        if isinstance(candidate, str) and candidate:
            return candidate
    return ", ".join(sorted({row.suite for row in rows})) or "(none)"


def load_results_file(path: str) -> ResultsFile:
    document = _read_json(path)
    context, results = _checked_document(path, document)
    rows = []
    for index, result in enumerate(results):
        if not isinstance(result, dict):
            raise ResultsError(path, f"results[{index}] is not an object")
        problem = _field_problem(result)
        if problem:
            raise ResultsError(path, f"results[{index}]: {problem}")
        rows.append(_row_from(result, context))
    return ResultsFile(path, _suite_of(document, context, rows), context, tuple(rows))


def load_results(paths: Iterable[str]) -> list[ResultsFile]:
    """Every file, in the order given; the first bad one raises ResultsError."""
    return [load_results_file(path) for path in paths]


def all_rows(files: Iterable[ResultsFile]) -> list[Row]:
    return [row for results_file in files for row in results_file.rows]
