# SPDX-License-Identifier: Apache-2.0
"""Every cipher of the estream suite side by side: keystream speed and packet speed.

One horizontal bar per contender (algorithm, backend, implementation), ZUC in its own colour;
the contenders of an algorithm together, fastest first; libzuc's table paths (not constant
time) hatched, the legend saying so. Only this machine's figures: the document's, cycles of a
2011 Core i3, are in the appendix, never bars on an axis of this machine's ticks.
"""

import math
from dataclasses import dataclass
from typing import Callable

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter, NullFormatter

from . import units
from .charts import Chart, fastest_series, render
from .results import Row
from .select import (
    NOT_CONSTANT_TIME,
    contender_label,
    grouped,
    is_table_path,
    is_zuc,
    measured,
    pick,
    sizes_of,
    tick_heading,
    tick_labels,
    timed_contender_key,
)

ZUC_COLOUR = "tab:red"
OTHER_COLOUR = "tab:blue"
# libzuc's table paths, as the headline chart draws them: pale, hatched in ZUC's colour.
TABLES_STYLE = {"facecolor": "#f1a9a0", "hatch": "//", "edgecolor": ZUC_COLOUR}
TABLES_LEGEND = f"libzuc table path: {NOT_CONSTANT_TIME}"

# The packet chart's line order: by the first of these sizes a line has (1500 bytes: every
# contender has it, the many-message ones too).
ORDER_SIZES = (1500, 576, 40, 32, 16, 9000)
PACKET_COLUMNS = 4      # panels per row of the packet chart
PACKET_LINE_INCHES = 0.22
LOG_RANGE = 20          # beyond this largest/smallest ratio a linear axis hides the fast ones
BAR = 0.7               # bar height, of a line's
LINE_INCHES = 0.3       # figure height per line
VALUE_FONT = 7
BLOCK_RULE = {"color": "0.85", "linewidth": 0.6}    # between one algorithm's lines and the next

# A line's figure from its rows, None if absent.
Value = Callable[[tuple[Row, ...]], float | None]


@dataclass(frozen=True)
class CipherLine:
    """One bar per panel: one of our contenders."""
    label: str
    algorithm: str
    rows: tuple[Row, ...]


def cipher_lines(rows: list[Row]) -> list[CipherLine]:
    """Per algorithm, in order of appearance: this machine's contenders (a published figure
    is no contender)."""
    ours = measured(rows)
    # a table path's bar is hatched, the legend saying what that means
    label = tick_labels(ours, lambda r: contender_label(r, marked=False))
    lines = []
    for algorithm, group in grouped(ours, lambda r: r.algorithm).items():
        lines += [CipherLine(f"{algorithm} {label(g[0])}", algorithm, tuple(g))
                  for g in grouped(group, timed_contender_key).values()]
    return lines


def median_at(size: int) -> Value:
    """The median of the (last) row of that size."""
    def value(rows: tuple[Row, ...]) -> float | None:
        matching = [r.median for r in rows if r.size_bytes == size]
        return matching[-1] if matching else None
    return value


def _first_figure(line: CipherLine, values: list[Value]) -> float | None:
    for value in values:
        figure = value(line.rows)
        if figure is not None:
            return figure
    return None


def sorted_lines(lines: list[CipherLine], values: list[Value]) -> list[CipherLine]:
    """Algorithms fastest first, by their fastest contender; within one, fastest first. A
    line's figure: the first of values it has."""
    def line_key(line: CipherLine) -> tuple:
        figure = _first_figure(line, values)
        return (figure is None, figure or 0.0, line.label)

    def block_key(item: tuple[str, list[CipherLine]]) -> tuple:
        algorithm, block = item
        return line_key(min(block, key=line_key))[:2] + (algorithm,)

    ordered = []
    for _, block in sorted(grouped(lines, lambda line: line.algorithm).items(), key=block_key):
        ordered += sorted(block, key=line_key)
    return ordered


# ---- drawing -----------------------------------------------------------------------

def _is_table_path(line: CipherLine) -> bool:
    return is_table_path(line.rows[0])


def _style(line: CipherLine) -> dict:
    if _is_table_path(line):
        return dict(TABLES_STYLE)
    return {"color": ZUC_COLOUR if is_zuc(line.algorithm) else OTHER_COLOUR}


def _not_measured(axes: Axes, position: float) -> None:
    """No figure here (e.g. beyond a contender's size limit, or not published)."""
    axes.text(0.01, position, "n/a", transform=axes.get_yaxis_transform(),
              fontsize=VALUE_FONT, color="0.4", va="center")


def _draw_bars(axes: Axes, lines: list[CipherLine], value: Value) -> list[float]:
    """Each line's bar; returns the figures drawn."""
    drawn = []
    for position, line in enumerate(lines):
        figure = value(line.rows)
        if figure is not None and figure > 0:
            bars = axes.barh([position], [figure], BAR, **_style(line))
            axes.bar_label(bars, labels=[units.cycles(figure)], fontsize=VALUE_FONT, padding=2)
            drawn.append(figure)
        else:
            _not_measured(axes, position)
    for position in range(1, len(lines)):
        if lines[position].algorithm != lines[position - 1].algorithm:
            axes.axhline(position - 0.5, **BLOCK_RULE)
    return drawn


def _line_axis(axes: Axes, lines: list[CipherLine]) -> None:
    """Contenders down, fastest on top, ZUC's labels bold in ZUC's colour."""
    axes.set_yticks(range(len(lines)), [line.label for line in lines])
    for tick, line in zip(axes.get_yticklabels(), lines, strict=False):
        if is_zuc(line.algorithm):
            tick.set_fontweight("bold")
            tick.set_color(ZUC_COLOUR)
    axes.set_ylim(len(lines) - 0.5, -0.5)
    axes.tick_params(axis="y", length=0)


def _value_axis(axes: Axes, figures: list[float], label: str, log: bool) -> None:
    """Ticks/byte across; log when asked or when the range demands it."""
    low, high = min(figures), max(figures)
    if log or high / low > LOG_RANGE:
        axes.set_xscale("log")
        # room on the right for the value labels
        axes.set_xlim(10 ** math.floor(math.log10(low)), high * 5)
        axes.xaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:g}"))
        axes.xaxis.set_minor_formatter(NullFormatter())
        label += ", log scale"
    else:
        axes.set_xlim(0, high * 1.2)
    axes.set_xlabel(f"{label}\n(lower is faster)")
    axes.grid(True, axis="x", which="major", alpha=0.35)


def _legend_handles(lines: list[CipherLine]) -> list[Patch]:
    handles = []
    if any(is_zuc(line.algorithm) for line in lines):
        handles.append(Patch(label="ZUC, measured here", color=ZUC_COLOUR))
    if any(not is_zuc(line.algorithm) for line in lines):
        handles.append(Patch(label="other ciphers, measured here", color=OTHER_COLOUR))
    if any(_is_table_path(line) for line in lines):
        handles.append(Patch(label=TABLES_LEGEND, **TABLES_STYLE))
    return handles


def _figure(lines: list[CipherLine], title: str, width: float, panels: int = 1,
            columns: int = 1, line_inches: float = LINE_INCHES) -> tuple[Figure, list[Axes]]:
    """Panels sharing the lines, in rows of `columns`; the title above, the legend below."""
    rows = math.ceil(panels / columns)
    figure = Figure(figsize=(width, 1.6 + rows * (0.8 + line_inches * len(lines))),
                    layout="constrained")
    grid = figure.subplots(rows, columns, sharey=True, squeeze=False)
    panel_axes = grid.flatten().tolist()
    for unused in panel_axes[panels:]:
        unused.set_visible(False)
    figure.suptitle(title)
    figure.legend(handles=_legend_handles(lines), loc="outside lower center", ncols=3,
                  fontsize="small")
    return figure, panel_axes[:panels]


# ---- the charts ----------------------------------------------------------------------

def each_librarys_fastest(rows: list[Row]) -> list[Row]:
    """Per algorithm, each library's fastest path for each count of messages per call (all
    of them are in the tables): a chart of every path of every cipher cannot be read.
    libzuc's is the path the summary shows, constant time (its default for one message or a
    keystream), and beside it its fastest table path where that is faster."""
    kept = []
    for group in grouped(rows, lambda r: r.algorithm).values():
        kept += fastest_series(group, timed_contender_key)
    return kept


def _libzuc_paths(default_for: str) -> str:
    """What the charts say stands for libzuc."""
    return (f"libzuc's as in the summary (its default {default_for}) and its table path, "
            f"hatched, where faster")


def cipher_stream_chart(rows: list[Row]) -> Chart | None:
    """Table 3's Stream column for every cipher: one long keystream, setup excluded."""
    chosen = each_librarys_fastest(
        measured(pick(rows, suite="estream", configuration="stream", unit="ticks/byte")))
    if not chosen:
        return None
    value = median_at(0)
    lines = sorted_lines(cipher_lines(chosen), [value])
    heading = "Keystream speed of every cipher (first document, Table 3, Stream)"
    detail = (f"one long keystream, setup excluded; each library's fastest path, "
              f"{_libzuc_paths('path')}")
    figure, (axes,) = _figure(lines, f"{heading}:\n{detail}", width=10.0)
    figures = _draw_bars(axes, lines, value)
    _line_axis(axes, lines)
    _value_axis(axes, figures, f"{tick_heading(chosen)}/byte", log=False)
    return render("estream-stream", f"{heading}: {detail}", figure)


def _size_title(size: int) -> str:
    label = units.size_label(size)
    return f"{label}-byte messages" if label.isdigit() else f"{label} messages"


def _packet_panel(axes: Axes, lines: list[CipherLine], size: int, unit: str) -> None:
    figures = _draw_bars(axes, lines, median_at(size))
    axes.set_title(_size_title(size), fontsize="medium")
    if figures:
        _value_axis(axes, figures, f"{unit}/byte", log=True)


def cipher_packet_chart(rows: list[Row]) -> Chart | None:
    """Table 4's columns for every cipher, 16 bytes to the long message (1 MB in a --quick
    run): fresh key and IV per message."""
    chosen = each_librarys_fastest(
        measured(pick(rows, suite="estream", configuration="message", unit="ticks/byte")))
    sizes = sizes_of(chosen)
    if not sizes:
        return None
    order = [s for s in ORDER_SIZES if s in sizes] + [s for s in sizes if s not in ORDER_SIZES]
    # one order for every panel, so that a line reads across
    lines = sorted_lines(cipher_lines(chosen), [median_at(s) for s in order])
    heading = "Packet speed of every cipher (first document, Table 4)"
    detail = (f"x-byte messages, a fresh key and IV each, setup included; each library's "
              f"fastest path per messages per call, "
              f"{_libzuc_paths('for one message per call')}; "
              f"ordered by the {_size_title(order[0]).removesuffix(' messages')} figure")
    columns = min(PACKET_COLUMNS, len(sizes))
    figure, panels = _figure(lines, f"{heading}:\n{detail}", width=3.3 * columns + 2.4,
                             panels=len(sizes), columns=columns,
                             line_inches=PACKET_LINE_INCHES)
    for axes, size in zip(panels, sizes, strict=False):
        _packet_panel(axes, lines, size, tick_heading(chosen))
    for axes in panels[::columns]:          # the first of each row of panels
        _line_axis(axes, lines)
    return render("estream-packets", f"{heading}: {detail}", figure)


def cipher_charts(rows: list[Row]) -> list[Chart]:
    """The two charts whose data is present."""
    return [c for c in (cipher_stream_chart(rows), cipher_packet_chart(rows)) if c]
