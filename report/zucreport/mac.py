# SPDX-License-Identifier: Apache-2.0
"""The mac suite's ratios: each ZUC-256 MAC's speed relative to 128-EIA3."""

from typing import Iterable

from .results import Row
from .select import contender_label, in_order, ours_first, pick
from .sources import source_label

RATIO_CONFIGURATION = "ratio-to-128-eia3"
REFERENCE_MAC = "128-eia3"


RatioSeries = tuple[list[str], list[str], dict[tuple[str, str], Row]]


def mac_ratio_series(rows: Iterable[Row]) -> RatioSeries:
    """The ZUC-256 MACs, the sources (ours per backend, then the document's, named by its
    CPU: a ratio has no unit, so it stands beside ours as a source of its own) and the
    ratio's row for each (MAC, source) pair present (its median the ratio)."""
    chosen = [r for r in ours_first(pick(rows, suite="mac", configuration=RATIO_CONFIGURATION))
              if r.algorithm != REFERENCE_MAC]

    def label(row: Row) -> str:
        return source_label([row]) if row.is_document else contender_label(row)
    macs = in_order(r.algorithm for r in chosen)
    sources = in_order(label(r) for r in chosen)
    values = {(r.algorithm, label(r)): r for r in chosen}
    return macs, sources, values
