# SPDX-License-Identifier: Apache-2.0
"""The ablation suite's gains: each variant's speed over the baseline's."""

from dataclasses import dataclass
from typing import Iterable

from .measures import gain_over_baseline
from .results import Row
from .select import in_order, pick

BASELINE = "baseline"
REFERENCE_ALGORITHM = "zuc-128"
SPEED_UNIT = "Gbps"
GAIN_CONFIGURATIONS = ("single", "table13")
GAIN_TITLES = {
    "single": "Each method alone",
    "table13": "Table 13 (combinations of methods)",
}


@dataclass(frozen=True)
class VariantGain:
    """One variant's keystream speed and gain, ours beside the document's."""

    label: str
    ours_gbps: float | None
    ours_gain: float | None
    document_gbps: float | None
    document_gain: float | None


def variant_label(row: Row) -> str:
    """Variants by their id; the library's own path as "libzuc-<path>"; the
    document's rows ("<machine>:<variant id>") by the id they stand beside."""
    if row.backend == "libzuc":
        return f"libzuc-{row.implementation}"
    if row.is_document:
        return row.implementation.rpartition(":")[2]
    return row.implementation


def _speed_rows(rows: Iterable[Row], algorithm: str) -> list[Row]:
    return pick(rows, suite="ablation", algorithm=algorithm, unit=SPEED_UNIT)


def _baseline_speed(rows: list[Row], configuration: str, document: bool) -> float | None:
    """The baseline of the same configuration, else of any ablation configuration."""
    candidates = [r for r in rows if variant_label(r) == BASELINE and r.is_document == document
                  and r.median > 0]
    same = [r for r in candidates if r.configuration == configuration]
    chosen = (same or candidates)
    return chosen[-1].median if chosen else None


def _gain(row: Row | None, baseline: float | None) -> float | None:
    if row is None or baseline is None:
        return None
    return gain_over_baseline(row.median, baseline)


def variant_gains(rows: Iterable[Row], algorithm: str, configuration: str) -> list[VariantGain]:
    """Every variant of one configuration, ours in measured order, then document-only ones.
    An algorithm without a baseline of its own (ZUC-256) is set against ZUC-128's, as the
    terminal table does."""
    rows = list(rows)
    speed_rows = _speed_rows(rows, algorithm)
    reference_rows = speed_rows
    if _baseline_speed(speed_rows, configuration, document=False) is None:
        reference_rows = _speed_rows(rows, REFERENCE_ALGORITHM)
    here = pick(speed_rows, configuration=configuration)
    ours = {variant_label(r): r for r in here if not r.is_document}
    document = {variant_label(r): r for r in here if r.is_document}
    ours_baseline = _baseline_speed(reference_rows, configuration, document=False)
    document_baseline = _baseline_speed(reference_rows, configuration, document=True)
    gains = []
    for label in in_order(list(ours) + list(document)):
        mine, theirs = ours.get(label), document.get(label)
        gains.append(VariantGain(
            label=label,
            ours_gbps=mine.median if mine else None,
            ours_gain=_gain(mine, ours_baseline),
            document_gbps=theirs.median if theirs else None,
            document_gain=_gain(theirs, document_baseline)))
    return gains


def gain_sets(rows: Iterable[Row]) -> list[tuple[str, str]]:
    """The (configuration, algorithm) pairs with Gbps rows, in a stable order."""
    speed_rows = pick(rows, suite="ablation", unit=SPEED_UNIT,
                      configuration=GAIN_CONFIGURATIONS)
    present = in_order((r.configuration, r.algorithm) for r in speed_rows)
    return sorted(present, key=lambda pair: GAIN_CONFIGURATIONS.index(pair[0]))
