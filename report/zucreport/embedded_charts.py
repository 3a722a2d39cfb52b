# SPDX-License-Identifier: Apache-2.0
"""The embedded suite's charts: the paper's Figure 5 (latency by mode and key length, one
panel per family) and the throughput of every configuration of the matrix."""

import math

import matplotlib
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

from . import units
from .charts import OURS_COLOURS, Chart, _figure, render
from .embedded import (
    BLOCK_CLAIM,
    Configuration,
    block_size_families,
    block_sizes,
    configurations,
    family_modes,
    multi_configuration_families,
    smallest_keys,
    throughput,
    variant_label,
    variants_by_block,
)
from .results import Row
from .select import contender_key, contender_label, grouped, in_order, is_zuc

FIGURE5_TITLE = "Figure 5: latency by encryption mode and key length"
THROUGHPUT_TITLE = "Throughput of every configuration, fastest first"
VARIANT_COLOURS = OURS_COLOURS + ("tab:gray",)
LOG_RANGE = 30          # beyond this largest/smallest latency in a panel, a log axis
MAX_COLUMNS = 4
PANEL_SIZE = (5.6, 4.0)
GROUP_WIDTH = 0.8       # of one mode's slot, shared by its bars
LEGEND_COLUMNS = 5
LEGEND_ROW_ROOM = 0.17  # of the bars' height (or decades), per row of legend and its title
ERROR_STYLE = {"elinewidth": 0.8, "capsize": 2, "ecolor": "0.2"}
# the throughput chart: inches per configuration and label size, by how many there are
FEW_CONFIGURATIONS = 40
ROW_INCHES = {True: 0.28, False: 0.15}
LABEL_FONT = {True: 8, False: 6}


# ---- Figure 5 ------------------------------------------------------------------------

def _columns(panels: int) -> int:
    return min(panels, MAX_COLUMNS) if panels <= 3 else min(MAX_COLUMNS,
                                                             math.ceil(math.sqrt(panels)))


def needs_log(values: list[float]) -> bool:
    positive = [v for v in values if v > 0]
    return bool(positive) and max(positive) / min(positive) > LOG_RANGE


def _error_bars(group: list[Configuration], log: bool) -> list[list[float]]:
    """Below and above each bar; on a log axis the lower one stops short of zero."""
    spreads = [c.latency_sd or 0.0 for c in group]
    below = [min(s, 0.9 * c.latency_mean) if log else s
             for s, c in zip(spreads, group, strict=False)]
    return [below, spreads]


def _variant_name(configuration: Configuration, by_block: bool, several: bool) -> str:
    label = variant_label(configuration, by_block)
    return f"{label} {contender_label(configuration.row)}" if several else label


def _draw_variants(axes: Axes, family: list[Configuration], log: bool) -> int:
    """One bar per variant at each mode it ran; returns how many variants."""
    modes = family_modes(family)
    by_block = variants_by_block(family)
    several = len({contender_key(c.row) for c in family}) > 1
    variants = grouped(family, lambda c: (c.variant, contender_key(c.row)))
    width = GROUP_WIDTH / len(variants)
    for index, group in enumerate(variants.values()):
        positions = [modes.index(c.mode) - GROUP_WIDTH / 2 + width * (index + 0.5)
                     for c in group]
        axes.bar(positions, [c.latency_mean for c in group], width,
                 yerr=_error_bars(group, log), error_kw=ERROR_STYLE,
                 color=VARIANT_COLOURS[index % len(VARIANT_COLOURS)],
                 label=_variant_name(group[0], by_block, several))
    axes.set_xticks(range(len(modes)), [m.upper() for m in modes])
    return len(variants)


def _headroom(legend_rows: int) -> float:
    """How much taller than the bars the axis is, so that the legend stays clear of them."""
    return 1 + LEGEND_ROW_ROOM * (legend_rows + 1)


def _latency_axis(axes: Axes, family: list[Configuration], log: bool,
                  legend_rows: int) -> None:
    """Headroom above the bars for the legend; log when the range demands it."""
    top = max(c.latency_mean + (c.latency_sd or 0.0) for c in family)
    if log:
        low = min(c.latency_mean for c in family if c.latency_mean > 0)
        bottom = 10 ** math.floor(math.log10(low / 2))
        axes.set_yscale("log")
        axes.set_ylim(bottom, bottom * (top / bottom) ** _headroom(legend_rows))
        axes.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:g}"))
        axes.yaxis.set_minor_formatter(NullFormatter())
        axes.set_ylabel("latency (ms, log scale)")
    else:
        axes.set_ylim(0, top * _headroom(legend_rows))
        axes.set_ylabel("latency (ms)")


def _latency_panel(axes: Axes, name: str, family: list[Configuration]) -> None:
    log = needs_log([c.latency_mean for c in family])
    variants = _draw_variants(axes, family, log)
    columns = min(variants, LEGEND_COLUMNS)
    _latency_axis(axes, family, log, math.ceil(variants / columns))
    axes.set_title(name)
    axes.set_xlabel("mode")
    axes.grid(True, axis="y", which="major", alpha=0.35)
    axes.set_axisbelow(True)
    title = "block/key (bits)" if variants_by_block(family) else "key (bits)"
    axes.legend(title=title, fontsize="x-small", title_fontsize="x-small",
                loc="upper center", ncols=columns)


def latency_figure(rows: list[Row]) -> Figure | None:
    """Figure 5: a panel per family with more than one configuration."""
    families = multi_configuration_families(configurations(rows))
    if not families:
        return None
    figure, panels = _figure(len(families), columns=_columns(len(families)),
                             panel_size=PANEL_SIZE)
    for axes, (name, family) in zip(panels, families.items(), strict=False):
        _latency_panel(axes, name, family)
    figure.suptitle(f"{FIGURE5_TITLE}\nmean of the runs, error bars: one standard deviation "
                    f"(lower is better)")
    return figure


def latency_chart(rows: list[Row]) -> Chart | None:
    figure = latency_figure(rows)
    return render("embedded-figure5", FIGURE5_TITLE, figure) if figure else None


# ---- throughput of the whole matrix ---------------------------------------------------

def family_colours(families: list[str]) -> dict[str, tuple]:
    """Distinct colours: tab20's strong shades, then its light ones, then tab20b's."""
    tab20 = matplotlib.colormaps["tab20"].colors
    palette = list(tab20[0::2]) + list(tab20[1::2]) + list(matplotlib.colormaps["tab20b"].colors)
    return {family: palette[index % len(palette)] for index, family in enumerate(families)}


_throughput = throughput


def throughput_order(rows: list[Row]) -> list[Configuration]:
    """Configurations with a throughput, fastest first (ties by label)."""
    measured = [c for c in configurations(rows) if _throughput(c) > 0]
    return sorted(measured, key=lambda c: (-_throughput(c), c.label))


def _configuration_axis(axes: Axes, chosen: list[Configuration], font: float) -> None:
    """Configurations down, fastest on top, ZUC's labels bold."""
    axes.set_yticks(range(len(chosen)), [c.label for c in chosen], fontsize=font)
    for tick, configuration in zip(axes.get_yticklabels(), chosen, strict=False):
        if is_zuc(configuration.variant):
            tick.set_fontweight("bold")
    axes.set_ylim(len(chosen) - 0.5, -0.5)
    axes.tick_params(axis="y", length=0)


def _throughput_axis(axes: Axes, values: list[float]) -> None:
    axes.set_xscale("log")
    # room on the right for the value labels
    axes.set_xlim(10 ** math.floor(math.log10(min(values))), max(values) * 4)
    axes.xaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:g}"))
    axes.xaxis.set_minor_formatter(NullFormatter())
    axes.set_xlabel("throughput (MB/s, log scale; higher is faster)")
    axes.grid(True, axis="x", which="major", alpha=0.35)
    axes.set_axisbelow(True)


def throughput_chart(rows: list[Row]) -> Chart | None:
    """Horizontal bars of MB/s per configuration, coloured by family."""
    chosen = throughput_order(rows)
    if not chosen:
        return None
    few = len(chosen) <= FEW_CONFIGURATIONS
    colours = family_colours(in_order(c.family for c in configurations(rows)))
    figure = Figure(figsize=(10.0, 2.2 + ROW_INCHES[few] * len(chosen)), layout="constrained")
    axes = figure.subplots()
    values = [_throughput(c) for c in chosen]
    bars = axes.barh(range(len(chosen)), values, 0.75, color=[colours[c.family] for c in chosen])
    axes.bar_label(bars, labels=[units.mbs(v) for v in values], fontsize=LABEL_FONT[few] - 1,
                   padding=2)
    _configuration_axis(axes, chosen, LABEL_FONT[few])
    _throughput_axis(axes, values)
    # the slowest are at the bottom, on a log axis short: room there for the legend
    axes.legend(handles=[Patch(label=f, color=c) for f, c in colours.items()],
                loc="lower right", ncols=1 if len(colours) <= 12 else 2, fontsize="small",
                title="family")
    figure.suptitle(f"{THROUGHPUT_TITLE}: file size / mean latency")
    return render("embedded-throughput", THROUGHPUT_TITLE, figure)


# ---- block size and throughput ---------------------------------------------------------

BLOCK_TITLE = "Throughput by block size, per mode"
BLOCK_PANEL_SIZE = (6.0, 4.4)
MODE_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")


def _mode_styles(modes: list[str]) -> dict[str, dict]:
    """One colour and marker per mode, the same in every panel."""
    return {mode: {"color": OURS_COLOURS[i % len(OURS_COLOURS)],
                   "marker": MODE_MARKERS[i % len(MODE_MARKERS)]}
            for i, mode in enumerate(modes)}


def _block_panel(axes: Axes, name: str, family: list[Configuration],
                 styles: dict[str, dict]) -> None:
    """A line per mode through the shortest key of each block size; longer keys of the
    same block size as hollow markers."""
    blocks = block_sizes(family)
    for mode in family_modes(family):
        style = styles[mode]
        points = smallest_keys(family, mode)
        line = sorted(points)
        axes.plot([blocks.index(b) for b in line], [_throughput(points[b]) for b in line],
                  color=style["color"], marker=style["marker"], label=mode.upper())
        others = [c for c in family if c.mode == mode and c not in points.values()]
        axes.plot([blocks.index(c.bits("block_bits")) for c in others],
                  [_throughput(c) for c in others], linestyle="none",
                  marker=style["marker"], markerfacecolor="none", color=style["color"])
    axes.set_xticks(range(len(blocks)), [str(b) for b in blocks])
    axes.set_xlim(-0.4, len(blocks) - 0.6)
    axes.set_xlabel("block size (bits)")
    # ratios are the question (is a larger block faster?), and the modes lie a decade apart
    axes.set_yscale("log")
    axes.yaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
    axes.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:g}"))
    axes.yaxis.set_minor_formatter(NullFormatter())
    axes.set_ylabel("throughput (MB/s, log scale; higher is faster)")
    axes.set_title(name)
    axes.grid(True, which="major", alpha=0.35)


def block_size_chart(rows: list[Row]) -> Chart | None:
    """The third document's claim that a larger block encrypts faster, on the families
    measured in several block sizes (Simon, Speck)."""
    families = block_size_families(configurations(rows))
    if not families:
        return None
    styles = _mode_styles(in_order(m for family in families.values()
                                   for m in family_modes(family)))
    figure, panels = _figure(len(families), columns=min(2, len(families)),
                             panel_size=BLOCK_PANEL_SIZE)
    for axes, (name, family) in zip(panels, families.items(), strict=False):
        _block_panel(axes, name, family, styles)
    handles = [Line2D([], [], color=s["color"], marker=s["marker"], label=mode.upper())
               for mode, s in styles.items()]
    handles.append(Line2D([], [], color="0.3", marker="o", markerfacecolor="none",
                          linestyle="none", label="a longer key, same block size"))
    figure.legend(handles=handles, title="mode (line: the shortest key)", loc="outside right",
                  fontsize="small")
    names = " and ".join(dict.fromkeys(c.family.capitalize() for f in families.values()
                                       for c in f))
    title = f"{BLOCK_TITLE}: {names}"
    figure.suptitle(f"{title}\n{BLOCK_CLAIM}")
    return render("embedded-block-size", title, figure)


def embedded_charts(rows: list[Row]) -> list[Chart]:
    """The charts whose data is present."""
    return [c for c in (latency_chart(rows), block_size_chart(rows), throughput_chart(rows))
            if c]
