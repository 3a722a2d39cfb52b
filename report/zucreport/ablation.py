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
    ours_row: Row | None = None     # our measurement, for its quartiles


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
            document_gain=_gain(theirs, document_baseline), ours_row=mine))
    return gains


def gain_sets(rows: Iterable[Row]) -> list[tuple[str, str]]:
    """The (configuration, algorithm) pairs with Gbps rows, in a stable order."""
    speed_rows = pick(rows, suite="ablation", unit=SPEED_UNIT,
                      configuration=GAIN_CONFIGURATIONS)
    present = in_order((r.configuration, r.algorithm) for r in speed_rows)
    return sorted(present, key=lambda pair: GAIN_CONFIGURATIONS.index(pair[0]))


# ---- Table 14: is each method effective, alone and combined? ---------------------------

EFFECTIVE, NOT_EFFECTIVE, NO_EFFECT = "✓", "×", "≈"
# Below this relative change in speed a method is said to make no difference.
EFFECT_THRESHOLD = 0.03
TABLE14_ALGORITHM = "zuc-128"
# The document's methods in its order: variant id, its name, a short name for sentences.
METHODS = (
    ("call", "(1) function calls and variable access", "optimised calls"),
    ("compile", "(2) compiler optimisation", "compiler optimisation"),
    ("lazy", "(3) lazy modular reduction", "lazy reduction"),
    ("sbox1", "(4) S-boxes merged: one large S-box", "the merged S-box"),
    ("sbox2", "(4) S-boxes merged: two large S-boxes", "two merged S-boxes"),
    ("simd", "(5) SIMD instructions", "SIMD"),
    ("threads", "(6) software parallelism: two threads", "two threads"),
    ("circular", "(7) circular-array LFSR", "the circular array"),
    ("ltable", "(8) table-driven L transforms", "table-driven L"),
)
# The second document's Table 14 as published: (effective alone, effective combined).
DOCUMENT_TABLE14 = {
    "call": (True, True), "compile": (True, True), "lazy": (True, True),
    "sbox1": (True, True), "sbox2": (False, False), "simd": (True, False),
    "threads": (False, False), "circular": (True, False), "ltable": (False, False),
}


@dataclass(frozen=True)
class Effect:
    """What adding a method did to one variant's keystream speed."""

    verdict: str            # EFFECTIVE, NOT_EFFECTIVE or NO_EFFECT
    gain: float             # speed with / speed without - 1
    overlap: bool           # the two runs' quartile ranges overlap: within the noise
    added_to: str           # the variant it was added to ("baseline" when alone)


@dataclass(frozen=True)
class MethodEffect:
    """One row of Table 14: ours derived from this machine's runs, the document's as
    published."""

    method: str
    name: str
    alone: Effect | None
    combined: Effect | None     # the worst of its additions to Table 13's combinations
    document_alone: bool
    document_combined: bool


def components(variant: str) -> frozenset[str]:
    """"call+compile+lazy" -> {call, compile, lazy}; the baseline has none."""
    return frozenset() if variant == BASELINE else frozenset(variant.split("+"))


def _name_of(methods: frozenset[str]) -> str:
    """The variant id of a set of methods, in the document's order."""
    order = [method for method, _, _ in METHODS]
    ranked = sorted(methods, key=lambda m: (order.index(m) if m in order else len(order), m))
    return "+".join(ranked) if ranked else BASELINE


def effect(row: Row, without: Row) -> Effect:
    """The change in speed from `without` to `row`, which adds one method to it."""
    gain = gain_over_baseline(row.median, without.median)
    verdict = NO_EFFECT if abs(gain) < EFFECT_THRESHOLD else \
        EFFECTIVE if gain > 0 else NOT_EFFECTIVE
    overlap = row.q1 <= without.q3 and without.q1 <= row.q3
    return Effect(verdict, gain, overlap, variant_label(without))


def _measured(rows: Iterable[Row], algorithm: str) -> dict[frozenset[str], Row]:
    """Our variants of the suite by their methods (Tables 3-12 and 13 share some)."""
    chosen = pick(rows, suite="ablation", algorithm=algorithm, unit=SPEED_UNIT,
                  backend="ablation", configuration=GAIN_CONFIGURATIONS)
    return {components(r.implementation): r for r in chosen if r.median > 0}


def _combinations(rows: Iterable[Row], algorithm: str) -> list[frozenset[str]]:
    chosen = pick(rows, suite="ablation", algorithm=algorithm, unit=SPEED_UNIT,
                  backend="ablation", configuration="table13")
    return in_order(components(r.implementation) for r in chosen)


def _alone(measured: dict[frozenset[str], Row], method: str) -> Effect | None:
    row, baseline = measured.get(frozenset({method})), measured.get(frozenset())
    return effect(row, baseline) if row and baseline else None


def _combined(measured: dict[frozenset[str], Row], combinations: list[frozenset[str]],
              method: str) -> Effect | None:
    """Each Table 13 combination with the method over the same without it (when measured);
    the worst decides, as in the document (SIMD helped call+compile+lazy, slowed its best)."""
    effects = [effect(measured[combination], measured[combination - {method}])
               for combination in combinations
               if method in combination and len(combination) > 1
               and combination in measured and combination - {method} in measured]
    return min(effects, key=lambda e: e.gain) if effects else None


def table14(rows: Iterable[Row], algorithm: str = TABLE14_ALGORITHM) -> list[MethodEffect]:
    """Every method of the document; empty when the rows have no ablation run."""
    rows = list(rows)
    measured = _measured(rows, algorithm)
    if not measured:
        return []
    combinations = _combinations(rows, algorithm)
    return [MethodEffect(method, name, _alone(measured, method),
                         _combined(measured, combinations, method), *DOCUMENT_TABLE14[method])
            for method, name, _ in METHODS]


# ---- the best combination measured here -----------------------------------------------

def _short_name(method: str) -> str:
    return next((short for m, _, short in METHODS if m == method), method)


def _document_rows(rows: Iterable[Row], algorithm: str) -> dict[str, Row]:
    chosen = pick(rows, suite="ablation", algorithm=algorithm, unit=SPEED_UNIT,
                  backend="document", configuration="table13")
    return {variant_label(r): r for r in chosen}


def _percent(gain: float) -> str:
    return f"{100 * abs(gain):.1f}%"


def best_combination_note(rows: Iterable[Row], algorithm: str = TABLE14_ALGORITHM
                          ) -> str | None:
    """Under Table 13: our fastest combination, and the document's pick as run here."""
    rows = list(rows)
    combinations = _combinations(rows, algorithm)
    measured = _measured(rows, algorithm)
    ours = [measured[c] for c in combinations if len(c) > 1 and c in measured]
    document = _document_rows(rows, algorithm)
    if len(ours) < 2:                   # nothing to choose from (ZUC-256: the pick alone)
        return None
    best = max(ours, key=lambda r: r.median)
    baseline = measured.get(frozenset())
    text = (f"Best combination measured here: {variant_label(best)}, {best.median:.2f} "
            f"{SPEED_UNIT}")
    if baseline:
        text += f" ({100 * gain_over_baseline(best.median, baseline.median):+.1f}% over the " \
                f"baseline)"
    if not document:
        return text + "."
    pick_row = max(document.values(), key=lambda r: r.median)
    pick_id = variant_label(pick_row)
    here = measured.get(components(pick_id))
    if pick_id == variant_label(best):
        return text + ", the document's pick too."
    if here is None:
        return text + f"; the document's pick, {pick_id}, was not run here."
    change = effect(here, best)
    text += (f". The document's pick, {pick_id} ({pick_row.median:.2f} {SPEED_UNIT} there), "
             f"runs at {here.median:.2f} {SPEED_UNIT} here, {_percent(change.gain)} "
             f"{'slower' if change.gain < 0 else 'faster'}")
    extra = components(pick_id) - components(variant_label(best))
    if components(variant_label(best)) < components(pick_id):
        added = _name_of(frozenset(extra))
        methods = " and ".join(_short_name(m) for m in sorted(extra))
        there = document.get(variant_label(best))
        text += (f": adding {methods} ({added}) to {variant_label(best)} "
                 f"{'costs' if change.gain < 0 else 'gains'} {_percent(change.gain)} here")
        if there:
            gain_there = gain_over_baseline(pick_row.median, there.median)
            text += (f", where it {'gained' if gain_there > 0 else 'cost'} "
                     f"{_percent(gain_there)} in the document")
    if change.overlap:
        text += " (the two runs' quartile ranges overlap: within this machine's noise)"
    return text + "."


# Table 15's row for Table 13's fastest combination of the run, when zucbench
# timed it (it is not the document's pick).
BEST_HERE_PREFIX = "best here: "


def table15_best_note(rows: Iterable[Row], algorithm: str = TABLE14_ALGORITHM,
                      unit: str = "tick") -> str | None:
    """Under Table 15: its "optimised" is the document's pick, not what is best here."""
    rows = list(rows)
    combinations = _combinations(rows, algorithm)
    measured = _measured(rows, algorithm)
    ours = [measured[c] for c in combinations if len(c) > 1 and c in measured]
    document = _document_rows(rows, algorithm)
    if len(ours) < 2 or not document:
        return None
    best = max(ours, key=lambda r: r.median)
    pick_id = variant_label(max(document.values(), key=lambda r: r.median))
    text = f"Best combination measured here (Table 13's keystream runs): {variant_label(best)}"
    if pick_id == variant_label(best):
        return text + ", the document's pick, which is this table's optimised column."
    here = measured.get(components(pick_id))
    text += f"; this table's optimised column is the document's pick, {pick_id}"
    timed_here = f"{BEST_HERE_PREFIX}{variant_label(best)}" in {
        r.implementation for r in pick(rows, suite="ablation", configuration="table15",
                                       algorithm=algorithm)}
    if here is not None:
        change = effect(here, best)
        text += (f", {_percent(change.gain)} {'slower' if change.gain < 0 else 'faster'} "
                 f"at keystream here")
        if change.gain < 0 and not timed_here:
            text += ", so it understates what this machine does best"
    if timed_here:
        text += f"; the \"{BEST_HERE_PREFIX}{variant_label(best)}\" row times the best"
    return text + "."
