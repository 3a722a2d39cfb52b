# SPDX-License-Identifier: Apache-2.0
"""Every cipher of the estream suite side by side: keystream speed and packet speed.

One horizontal line per contender (algorithm, backend, implementation), sorted fastest
first, ZUC in its own colour; the document's published figure for the algorithm is a
grey hatched bar just below ours, so that the two machines are never mistaken.
"""

import math
from dataclasses import dataclass
from typing import Callable

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter, NullFormatter

from . import units
from .charts import DOCUMENT_COLOUR, Chart, render
from .results import Row
from .select import (grouped, in_order, is_zuc, pick, tick_heading, tick_labels,
                     timed_contender_key)

ZUC_COLOUR = "tab:red"
OTHER_COLOUR = "tab:blue"
DOCUMENT_STYLE = {"facecolor": DOCUMENT_COLOUR, "hatch": "//", "edgecolor": "white"}
PACKET_SIZES = (16, 40, 576, 1500)      # the document's Table 4 columns
LOG_RANGE = 20          # beyond this largest/smallest ratio a linear axis hides the fast ones
BAR = 0.4               # bar height; ours above the line's centre, the document's below
LINE_INCHES = 0.36      # figure height per line
VALUE_FONT = 7

# A line's figure from one side's rows (ours or the document's), None if absent.
Value = Callable[[tuple[Row, ...]], float | None]


@dataclass(frozen=True)
class CipherLine:
    """Our contender with the document's figures for its algorithm, or those alone."""
    label: str
    algorithm: str
    ours: tuple[Row, ...]
    document: tuple[Row, ...]


def cipher_lines(rows: list[Row]) -> list[CipherLine]:
    """Our contenders in order of appearance, then algorithms only the document has."""
    documents = grouped([r for r in rows if r.is_document], lambda r: r.algorithm)
    ours = grouped([r for r in rows if not r.is_document],
                   lambda r: (r.algorithm,) + timed_contender_key(r))
    label = tick_labels(rows)
    lines = [CipherLine(f"{group[0].algorithm} {label(group[0])}",
                        group[0].algorithm, tuple(group),
                        tuple(documents.get(group[0].algorithm, ())))
             for group in ours.values()]
    measured = {line.algorithm for line in lines}
    lines += [CipherLine(f"{algorithm} [document] only", algorithm, (), tuple(group))
              for algorithm, group in documents.items() if algorithm not in measured]
    return lines


def median_at(size: int) -> Value:
    """The median of the (last) row of that size."""
    def value(side: tuple[Row, ...]) -> float | None:
        matching = [r.median for r in side if r.size_bytes == size]
        return matching[-1] if matching else None
    return value


def sorted_lines(lines: list[CipherLine], values: list[Value]) -> list[CipherLine]:
    """Fastest first by the first value present: ours, else the document's."""
    def key(line: CipherLine) -> tuple:
        for side in (line.ours, line.document):
            for value in values:
                figure = value(side)
                if figure is not None:
                    return (0, figure, line.label)
        return (1, 0.0, line.label)
    return sorted(lines, key=key)


# ---- drawing -----------------------------------------------------------------------

def _our_style(algorithm: str) -> dict:
    return {"color": ZUC_COLOUR if is_zuc(algorithm) else OTHER_COLOUR}


def _bar(axes: Axes, position: float, figure: float, style: dict) -> None:
    bars = axes.barh([position], [figure], BAR, **style)
    axes.bar_label(bars, labels=[units.cycles(figure)], fontsize=VALUE_FONT, padding=2)


def _not_measured(axes: Axes, position: float) -> None:
    """Our contender has no figure here (e.g. beyond its size limit)."""
    axes.text(0.01, position, "n/a", transform=axes.get_yaxis_transform(),
              fontsize=VALUE_FONT, color="0.4", va="center")


def _draw_bars(axes: Axes, lines: list[CipherLine], value: Value) -> list[float]:
    """Each line's two bars; returns the figures drawn."""
    drawn = []
    for position, line in enumerate(lines):
        for offset, side, style in ((-BAR / 2, line.ours, _our_style(line.algorithm)),
                                    (BAR / 2, line.document, DOCUMENT_STYLE)):
            figure = value(side)
            if figure is not None and figure > 0:
                _bar(axes, position + offset, figure, style)
                drawn.append(figure)
            elif side is line.ours and line.ours:
                _not_measured(axes, position + offset)
    return drawn


def _line_axis(axes: Axes, lines: list[CipherLine]) -> None:
    """Contenders down, fastest on top, ZUC's labels bold in ZUC's colour."""
    axes.set_yticks(range(len(lines)), [line.label for line in lines])
    for tick, line in zip(axes.get_yticklabels(), lines):
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
    if any(line.ours and is_zuc(line.algorithm) for line in lines):
        handles.append(Patch(label="ZUC, measured here", color=ZUC_COLOUR))
    if any(line.ours and not is_zuc(line.algorithm) for line in lines):
        handles.append(Patch(label="other ciphers, measured here", color=OTHER_COLOUR))
    machines = in_order(r.implementation for line in lines for r in line.document)
    if machines:
        handles.append(Patch(label=f"[document] {', '.join(machines)}: published figure, "
                                   f"another machine", **DOCUMENT_STYLE))
    return handles


def _figure(lines: list[CipherLine], title: str, width: float, panels: int = 1
            ) -> tuple[Figure, list[Axes]]:
    """Panels side by side sharing the lines; the title above, the legend below."""
    figure = Figure(figsize=(width, 2.4 + LINE_INCHES * len(lines)), layout="constrained")
    panel_axes = figure.subplots(1, panels, sharey=True, squeeze=False)[0].tolist()
    figure.suptitle(title)
    figure.legend(handles=_legend_handles(lines), loc="outside lower center", ncols=3,
                  fontsize="small")
    return figure, panel_axes


# ---- the charts ----------------------------------------------------------------------

def cipher_stream_chart(rows: list[Row]) -> Chart | None:
    """Table 3's Stream column for every cipher: one long keystream, setup excluded."""
    chosen = pick(rows, suite="estream", configuration="stream", unit="ticks/byte")
    if not chosen:
        return None
    value = median_at(0)
    lines = sorted_lines(cipher_lines(chosen), [value])
    heading = "Keystream speed of every cipher (first document, Table 3, Stream)"
    detail = "one long keystream, setup excluded"
    figure, (axes,) = _figure(lines, f"{heading}:\n{detail}", width=10.0)
    figures = _draw_bars(axes, lines, value)
    _line_axis(axes, lines)
    _value_axis(axes, figures, f"{tick_heading(chosen)}/byte", log=False)
    return render("estream-stream", f"{heading}: {detail}", figure)


def _packet_panel(axes: Axes, lines: list[CipherLine], size: int, unit: str) -> None:
    figures = _draw_bars(axes, lines, median_at(size))
    axes.set_title(f"{size}-byte messages")
    if figures:
        _value_axis(axes, figures, f"{unit}/byte", log=True)


def cipher_packet_chart(rows: list[Row]) -> Chart | None:
    """Table 4's packet sizes for every cipher: fresh key and IV per message."""
    chosen = pick(rows, suite="estream", configuration="message", unit="ticks/byte")
    sizes = [s for s in PACKET_SIZES if any(r.size_bytes == s for r in chosen)]
    if not sizes:
        return None
    chosen = [r for r in chosen if r.size_bytes in sizes]
    # one order for every panel, by the largest size, so a line reads across
    lines = sorted_lines(cipher_lines(chosen), [median_at(s) for s in reversed(sizes)])
    heading = "Packet speed of every cipher (first document, Table 4)"
    detail = (f"x-byte messages, a fresh key and IV each, setup included; "
              f"ordered by the {sizes[-1]}-byte figure")
    figure, panels = _figure(lines, f"{heading}:\n{detail}", width=3.3 * len(sizes) + 2.4,
                             panels=len(sizes))
    for axes, size in zip(panels, sizes):
        _packet_panel(axes, lines, size, tick_heading(chosen))
    _line_axis(panels[0], lines)
    return render("estream-packets", f"{heading}: {detail}", figure)


def cipher_charts(rows: list[Row]) -> list[Chart]:
    """The two charts whose data is present."""
    return [c for c in (cipher_stream_chart(rows), cipher_packet_chart(rows)) if c]
