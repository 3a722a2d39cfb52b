# SPDX-License-Identifier: Apache-2.0
"""How numbers and sizes are written in tables and on chart axes."""

from typing import Any, Callable, Mapping

KIB = 1024
MIB = 1024 * 1024
MISSING = "n/a"
NOT_APPLICABLE = "-"
# The source documents' own unit for their timings, whatever ours are.
DOCUMENT_TICKS = "cycles"


def tick_unit_name(context: Mapping[str, Any]) -> str:
    """What a results file's "ticks" are, as its terminal tables say: "TSC ticks", "core
    cycles", "ns", "cycles at 667 MHz" (--cpu-mhz: ns times a given clock)."""
    note = str(context.get("tick_unit_note") or "").strip()
    unit = str(context.get("tick_unit") or "").strip()
    if note.startswith("cycles at"):
        mhz = context.get("cpu_mhz")
        return f"cycles at {mhz:g} MHz" if isinstance(mhz, (int, float)) and mhz > 0 \
            else "cycles at --cpu-mhz"
    if note:
        return note
    if unit == "ns":
        return "ns"
    if context.get("timer") == "rdtsc":
        return "TSC ticks"          # files older than tick_unit_note: the TSC was the counter
    return unit or "ticks"


def singular(unit_name: str) -> str:
    """"TSC ticks" -> "TSC tick", "cycles at 667 MHz" -> "cycle at 667 MHz", "ns" -> "ns"."""
    words = unit_name.split(" ")
    for index, word in enumerate(words):
        if word in ("ticks", "cycles"):
            words[index] = word[:-1]
            break
    return " ".join(words)


def size_label(size_bytes: int) -> str:
    """16 -> "16", 1000000 -> "1 MB", 8192 -> "8 KiB", 335544320 -> "320 MiB"."""
    if size_bytes >= 1_000_000 and size_bytes % 1_000_000 == 0:
        return f"{size_bytes // 1_000_000} MB"
    if size_bytes >= MIB and size_bytes % MIB == 0:
        return f"{size_bytes // MIB} MiB"
    if size_bytes >= KIB and size_bytes % KIB == 0:
        return f"{size_bytes // KIB} KiB"
    return str(size_bytes)


def size_text(size_bytes: int) -> str:
    """A size in a sentence: "128 bytes", "64 KiB", "1 MB"."""
    label = size_label(size_bytes)
    return f"{label} bytes" if label.isdigit() else label


def axis_size_label(size_bytes: float) -> str:
    """Decimal sizes for the major ticks (powers of ten) of a log axis."""
    for factor, suffix in ((1e9, "GB"), (1e6, "MB"), (1e3, "kB")):
        if size_bytes >= factor:
            return f"{size_bytes / factor:g} {suffix}"
    return f"{size_bytes:g} B"


def _fixed(value: float | None, decimals: int) -> str:
    return MISSING if value is None else f"{value:.{decimals}f}"


def cycles(value: float | None) -> str:
    """Like the terminal tables: two decimals below 100, none above."""
    if value is None:
        return MISSING
    return _fixed(value, 2 if value < 100 else 0)


def with_spread(median: float, q1: float, q3: float, form: Callable[[float], str]) -> str:
    """"0.40 (0.39-0.42)": the median, then the quartiles of the repeats; the median alone
    where there is no spread (a published figure)."""
    if q1 == q3 == median:
        return form(median)
    return f"{form(median)} ({form(q1)}-{form(q3)})"


def cycles_with_spread(median: float, q1: float, q3: float) -> str:
    return with_spread(median, q1, q3, cycles)


def micros(value: float | None) -> str:
    return _fixed(value, 3)


def ratio(value: float | None) -> str:
    return _fixed(value, 3)


def gbps(value: float | None) -> str:
    return _fixed(value, 2)


def bits_per_cycle(value: float | None) -> str:
    return _fixed(value, 3)


def one_decimal(value: float | None) -> str:
    return _fixed(value, 1)


def _latency_decimals(value: float) -> int:
    """Three significant-ish figures: 1.463, 24.97, 675.8."""
    return 3 if value < 10 else 2 if value < 100 else 1


def mean_and_sd(mean: float | None, sd: float | None) -> str:
    """"1.463 (0.006)": the standard deviation to the mean's decimals."""
    if mean is None:
        return MISSING
    decimals = _latency_decimals(mean)
    spread = "" if sd is None else f" ({sd:.{decimals}f})"
    return f"{mean:.{decimals}f}{spread}"


def mbs(value: float | None) -> str:
    """MB/s: two decimals below 100, one above."""
    if value is None:
        return MISSING
    return _fixed(value, 2 if value < 100 else 1)


def whole(value: float | None) -> str:
    return _fixed(value, 0)


def percent(gain: float | None) -> str:
    """A gain of 0.263 -> "+26.3%"."""
    return MISSING if gain is None else f"{100 * gain:+.1f}%"
