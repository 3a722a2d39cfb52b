# SPDX-License-Identifier: Apache-2.0
"""Quantities derived from a result: µs per message, Mbps, gain over a baseline, the ratio
of two contenders' figures with its spread."""

import statistics
from dataclasses import dataclass

from .results import Row


def tick_ghz(row: Row) -> float | None:
    """Ticks per nanosecond of the machine that measured the row."""
    value = row.context.get("tick_ghz")
    return float(value) if value else None


def us_per_message(row: Row) -> float | None:
    """Microseconds for one message of the row's size."""
    if row.unit == "us/mac":
        return row.median
    if "median_us_per_message" in row.optional:
        return row.optional["median_us_per_message"]
    ghz = tick_ghz(row)
    if row.unit == "ticks/byte" and row.size_bytes and ghz and not row.is_document:
        return row.median * row.size_bytes / ghz / 1000
    return None


def mbps(row: Row) -> float | None:
    """Megabits per second of a ticks/byte row measured here (not a document's)."""
    if "mbps" in row.optional:
        return row.optional["mbps"]
    ghz = tick_ghz(row)
    if row.unit != "ticks/byte" or row.is_document or not ghz or row.median <= 0:
        return None
    return 8 * ghz * 1000 / row.median


def gain_over_baseline(speed: float, baseline_speed: float) -> float:
    """Relative gain of a speed (e.g. Gbps) over the baseline's: 0.25 is 25% faster.

    Equal to baseline time / time - 1 for the same amount of work.
    """
    if baseline_speed <= 0:
        raise ValueError("the baseline speed must be positive")
    return speed / baseline_speed - 1


def gain_from_times(time: float, baseline_time: float) -> float:
    """The same gain from run times of the same work."""
    if time <= 0:
        raise ValueError("the time must be positive")
    return baseline_time / time - 1


@dataclass(frozen=True)
class Ratio:
    median: float
    q1: float
    q3: float
    paired: bool           # per-repeat ratios of one interleaved cell, or medians of two runs
    repeats: int


def _quartiles(values: list[float]) -> tuple[float, float, float]:
    if len(values) == 1:
        return values[0], values[0], values[0]
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q2, q1, q3


def time_ratio(peer: Row, ours: Row) -> Ratio:
    """The peer's time over ours: above 1, libzuc is faster. Paired repeat by repeat where
    both rows come from one interleaved cell (same file, same count of samples), otherwise
    the ratio of the medians with the widest range the two quartile ranges allow."""
    same_cell = peer.context is ours.context and len(peer.samples) == len(ours.samples) > 0
    if same_cell and all(s > 0 for s in ours.samples):
        values = [p / o for p, o in zip(peer.samples, ours.samples, strict=False)]
        median, q1, q3 = _quartiles(values)
        return Ratio(median, q1, q3, True, len(values))
    return Ratio(peer.median / ours.median, peer.q1 / ours.q3, peer.q3 / ours.q1, False,
                 min(peer.repeats, ours.repeats))
