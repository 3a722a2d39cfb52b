# SPDX-License-Identifier: Apache-2.0
"""Quantities derived from a result: µs per message, Mbps, gain over a baseline."""

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
