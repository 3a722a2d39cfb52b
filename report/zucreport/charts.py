# SPDX-License-Identifier: Apache-2.0
"""The report's charts, drawn with matplotlib's Agg backend into PNG bytes."""

import io
import math
import textwrap
from dataclasses import dataclass, field
from typing import Callable

import matplotlib

matplotlib.use("Agg")                       # files only, never a display

from matplotlib.axes import Axes  # noqa: E402  (after the backend is chosen)
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.text import Text  # noqa: E402
from matplotlib.ticker import FuncFormatter, NullFormatter  # noqa: E402

from .ablation import (  # noqa: E402
    BASELINE,
    GAIN_TITLES,
    VariantGain,
    gain_sets,
    variant_gains,
    variant_label,
)
from .mac import mac_ratio_series  # noqa: E402
from .measures import us_per_message  # noqa: E402
from .results import Row  # noqa: E402
from .select import (  # noqa: E402
    NOT_CONSTANT_TIME,
    OURS,
    calls_messages,
    contender_key,
    contender_label,
    grouped,
    is_table_path,
    is_zuc,
    libzuc_choice,
    measured,
    one_message,
    per_call,
    pick,
    threads_of,
    tick_heading,
    tick_labels,
    tick_unit_of,
    timed_contender_key,
)
from .sources import source_label  # noqa: E402
from .tables import table15_rows  # noqa: E402
from .units import axis_size_label, singular  # noqa: E402

DPI = 200              # an 8-inch chart is 1600 pixels wide
MIN_WIDTH = 8.0        # inches
# 18 distinct colours (tab20's strong shades, then its light ones, without the greys the
# document's bars use), so that up to 18 contenders never share one
_TAB20 = matplotlib.colormaps["tab20"].colors
OURS_COLOURS = tuple(c for c in list(_TAB20[0::2]) + list(_TAB20[1::2])
                     if c not in (_TAB20[14], _TAB20[15]))
# The documents' figures are drawn only where they are gains or ratios, set beside ours as
# a series of their own named by its CPU: grey and hatched.
DOCUMENT_COLOUR = "0.45"
BAND_NOTE = "lines: medians; shaded: first to third quartile"
TITLE_MARGIN = 4        # pixels (at the figure's own dpi) kept between a title and the edge
FIT_ROUNDS = 4          # wrap, lay out again, measure again
MIN_TITLE_CHARS = 16


@dataclass(frozen=True)
class Chart:
    slug: str           # file name without ".png"
    title: str
    png: bytes
    figure: Figure | None = field(default=None, repr=False, compare=False)  # what was drawn


# ---- drawing helpers -------------------------------------------------------------

def _figure(panels: int = 1, columns: int = 1, panel_size=(8.0, 4.8)) -> tuple[Figure, list[Axes]]:
    """Panels in rows of `columns`; never narrower than MIN_WIDTH (a lone 7-inch panel)."""
    rows = math.ceil(panels / columns)
    figure = Figure(figsize=(max(MIN_WIDTH, panel_size[0] * columns), panel_size[1] * rows),
                    layout="constrained")
    axes = figure.subplots(rows, columns, squeeze=False).flatten().tolist()
    for unused in axes[panels:]:
        unused.set_visible(False)
    return figure, axes[:panels]


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    # No "Software" stamp: the same results give the same bytes.
    figure.savefig(buffer, format="png", dpi=DPI, metadata={"Software": None})
    return buffer.getvalue()


def titles(figure: Figure) -> list[Text]:
    """The figure's titles (suptitle and other figure texts) and every visible panel's."""
    panels = [axes.title for axes in figure.axes if axes.get_visible()]
    return [t for t in list(figure.texts) + panels if t.get_visible() and t.get_text()]


def _room(text: Text, box, frame) -> float:
    """How wide the text may be where it is anchored, inside the figure."""
    left, right = frame.x0 + TITLE_MARGIN, frame.x1 - TITLE_MARGIN
    alignment = text.get_horizontalalignment()
    if alignment == "left":
        return right - box.x0
    if alignment == "right":
        return box.x1 - left
    centre = (box.x0 + box.x1) / 2
    return 2 * min(centre - left, right - centre)


def _wrap_to_fit(text: Text, renderer, frame) -> bool:
    """Wraps (or, one long word, shrinks) a title wider than its room; True if it changed."""
    box = text.get_window_extent(renderer)
    if box.x0 >= frame.x0 + TITLE_MARGIN and box.x1 <= frame.x1 - TITLE_MARGIN:
        return False
    room = max(_room(text, box, frame), 1.0)
    lines = text.get_text().split("\n")
    chars = max(MIN_TITLE_CHARS, int(0.95 * max(map(len, lines)) * room / box.width))
    wrapped = "\n".join(textwrap.fill(line, chars) if line else line for line in lines)
    if wrapped != text.get_text():
        text.set_text(wrapped)
    else:
        text.set_fontsize(text.get_fontsize() * 0.95 * room / box.width)
    return True


def fit_titles(figure: Figure) -> None:
    """Every title inside the image: a long one is wrapped over more lines, and the layout
    (constrained) makes room for them above the panels."""
    renderer = FigureCanvasAgg(figure).get_renderer()
    for _ in range(FIT_ROUNDS):
        figure.draw_without_rendering()
        if not any([_wrap_to_fit(t, renderer, figure.bbox) for t in titles(figure)]):
            return


def render(slug: str, title: str, figure: Figure) -> Chart:
    """The chart as PNG bytes, its titles fitted inside the image first."""
    fit_titles(figure)
    return Chart(slug, title, _png(figure), figure)


def _size_axis(axes: Axes, label: str = "message size (bytes, log scale)") -> None:
    """Log sizes, the axis widened to whole decades so that every chart has labelled ticks."""
    axes.set_xscale("log")
    smallest, largest = axes.dataLim.intervalx
    if smallest > 0:
        # a little beyond the decades, so that markers on them are not cut
        axes.set_xlim(10 ** math.floor(math.log10(smallest)) / 1.25,
                      10 ** math.ceil(math.log10(largest)) * 1.25)
    axes.xaxis.set_major_formatter(FuncFormatter(lambda v, _pos: axis_size_label(v)))
    axes.xaxis.set_minor_formatter(NullFormatter())
    axes.set_xlabel(label)


def _line_styles(series: list[list[Row]]) -> list[dict]:
    """Each contender in a colour of its own; libzuc's table paths (not constant time)
    dashed, with hollow markers."""
    styles = []
    for index, contender in enumerate(series):
        style = {"color": OURS_COLOURS[index % len(OURS_COLOURS)], "linestyle": "-",
                 "marker": "o"}
        if is_table_path(contender[0]):
            style.update(linestyle="--", markerfacecolor="white")
        styles.append(style)
    return styles


def legend_label(label: str) -> str:
    """A legend entry: "(table lookups, not constant time)" on a line of its own, so that
    the legend beside a plot stays narrow."""
    return label.replace(f" ({NOT_CONSTANT_TIME})", f"\n({NOT_CONSTANT_TIME})")


def _series_label(row: Row) -> str:
    return legend_label(contender_label(row))


def _plot_series(axes: Axes, series: list[Row], style: dict, label: str,
                 value: Callable[[Row], float] = lambda r: r.median) -> None:
    """One contender's values by size; our rows get their quartile band. Two runs of one
    suite can both hold a contender (a one-message peer in the many- and the one-message
    run): one point per size, the later run's, never a vertical zig-zag between them."""
    series = sorted({r.size_bytes: r for r in series}.values(), key=lambda r: r.size_bytes)
    sizes = [r.size_bytes for r in series]
    axes.plot(sizes, [value(r) for r in series], label=label, markersize=4, **style)
    if all(r.median > 0 for r in series):
        # The band scales the quartiles like the median when the value is derived from it.
        scale = [value(r) / r.median for r in series]
        axes.fill_between(sizes, [r.q1 * k for r, k in zip(series, scale, strict=False)],
                          [r.q3 * k for r, k in zip(series, scale, strict=False)],
                          color=style["color"], alpha=0.15, linewidth=0)


def _plot_all(axes: Axes, rows: list[Row], key: Callable[[Row], tuple],
              label: Callable[[Row], str],
              value: Callable[[Row], float] = lambda r: r.median) -> None:
    """Every contender of rows as a line: this machine's figures only (the documents',
    another machine's in its own units, are in the appendix)."""
    series = list(grouped(measured(rows), key).values())
    for contender, style in zip(series, _line_styles(series), strict=False):
        _plot_series(axes, contender, style, label(contender[0]), value)


def _finish(axes: Axes, title: str, ylabel: str, legend: bool = True) -> None:
    axes.set_title(title)
    axes.set_ylabel(ylabel)
    axes.grid(True, which="major", alpha=0.35)
    if legend:
        # beside the plot, never over its lines
        axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0),
                    borderaxespad=0)


def _shared_legend(figure: Figure, panels: list[Axes]) -> None:
    """Panels drawn alike share one legend, beside them all, each entry once."""
    entries: dict[str, object] = {}
    for axes in panels:
        for handle, label in zip(*axes.get_legend_handles_labels(), strict=False):
            entries.setdefault(label, handle)
    figure.legend(list(entries.values()), list(entries), loc="outside right", fontsize="small")


# ---- (a) ticks/byte by message size ----------------------------------------------------

def _speed_labels(rows: list[Row]) -> Callable[[Row], str]:
    """Series labels: the suite when there are several, the unit when there are several."""
    several_suites = len({r.suite for r in rows}) > 1
    unit_label = tick_labels(rows, _series_label)

    def label(row: Row) -> str:
        text = unit_label(row)
        return f"{row.suite}: {text}" if several_suites else text
    return label


# A chart with more lines than this cannot be read: each library's fastest path stands for it
# (libzuc's: the path the summary shows, and its table path where faster).
MAX_SERIES = 8
REFERENCE_SIZE = 1500


def _score(series: list[Row]) -> float:
    """A contender's figure at the size nearest REFERENCE_SIZE (lower is faster)."""
    row = min(series, key=lambda r: (abs(r.size_bytes - REFERENCE_SIZE), r.size_bytes))
    return row.median


def _kind(row: Row) -> tuple:
    """A library run one way: its suite, messages per call, threads and tick unit."""
    return (row.suite, row.backend, per_call(row) if calls_messages(row) else 0,
            threads_of(row), tick_unit_of(row))


def fastest_series(rows: list[Row], key: Callable[[Row], tuple] = timed_contender_key,
                   limit: int = MAX_SERIES) -> list[Row]:
    """At most `limit` contenders, this machine's: for each library and count of messages
    per call (and tick unit, and suite), its fastest path, libzuc's the path the summary
    shows (its default one-message path, constant time; for many per call its fastest
    constant-time path); the fastest of those. Then, while there is room, libzuc's fastest
    table path where it is faster than a path shown (not constant time: never in place of
    a library's path, nor without libzuc's own)."""
    series = grouped(measured(rows), key)
    shown: list[list[Row]] = []
    tables: dict[int, list[Row]] = {}
    for groups in grouped(list(series.values()), lambda g: _kind(g[0])).values():
        if groups[0][0].backend == OURS:
            ours, faster = libzuc_choice(groups, lambda g: g[0], _score,
                                         one_message(groups[0][0]))
            shown.append(ours)
            if faster:
                tables[id(ours)] = faster
        else:
            shown.append(min(groups, key=_score))
    shown = sorted(shown, key=_score)[:limit]
    extra = [tables[id(s)] for s in shown if id(s) in tables][:limit - len(shown)]
    kept = {id(s) for s in shown + extra}
    return [r for s in series.values() if id(s) in kept for r in s]


def _series_note(before: list[Row], after: list[Row], key) -> str:
    shown, all_ = len(grouped(after, key)), len(grouped(before, key))
    if shown == all_:
        return ""
    tables = " and, dashed, its table path where faster" if any(
        is_table_path(r) for r in after) else ""
    return (f"\n{shown} of {all_} contenders: each library's fastest path per messages per "
            f"call, libzuc's as in the summary{tables}; all are in the tables")


def message_speed_charts(rows: list[Row]) -> list[Chart]:
    """Per ZUC algorithm: ticks/byte against message size, one line per contender.

    The other ciphers would add a chart each; the packet chart holds them instead.
    """
    chosen = [r for r in pick(rows, suite=("estream", "speed"), configuration="message",
                              unit="ticks/byte") if is_zuc(r.algorithm)]
    charts = []
    for algorithm, group in grouped(chosen, lambda r: r.algorithm).items():
        # wide enough that the plot, not the legend beside it, takes most of the width
        figure, (axes,) = _figure(panel_size=(11.0, 5.0))
        key = lambda r: (r.suite,) + timed_contender_key(r)  # noqa: E731
        shown = fastest_series(group, key)
        _plot_all(axes, shown, key, _speed_labels(group))
        _size_axis(axes)
        axes.set_yscale("log")
        title = f"{algorithm}: cost per byte by message size (setup included)"
        _finish(axes, f"{title}\n{BAND_NOTE}{_series_note(group, shown, key)}",
                f"{tick_heading(group)}/byte, log scale (lower is better)")
        charts.append(render(f"speed-{algorithm}", title, figure))
    return charts


# ---- (b) Figure 1: MAC speed relative to 128-EIA3 -----------------------------------

def _ratio_bar_style(source: str, row: Row, index: int) -> dict:
    """The document's bars grey and hatched; libzuc's table paths (not constant time) in
    their colour, hatched the other way."""
    if source.startswith("[document]"):
        return {"color": DOCUMENT_COLOUR, "hatch": "//", "edgecolor": "white"}
    colour = {"color": OURS_COLOURS[index % len(OURS_COLOURS)]}
    return {**colour, "hatch": "\\\\", "edgecolor": "white"} if is_table_path(row) else colour


def _one_per_api(sources: list[str], macs: list[str], values: dict) -> list[str]:
    """At most MAX_SERIES sources: the document's, a series of its own named by its CPU,
    always; then, in order, every libzuc path, and of a peer one source per count of
    messages per call (ipsec-mb's job API run from two results files is one series)."""
    kept, seen = [], set()
    for source in sources:
        row = next(values[(m, source)] for m in macs if (m, source) in values)
        kind = (row.backend, per_call(row)) if row.backend != "libzuc" and not row.is_document \
            else (source,)
        if kind not in seen:
            seen.add(kind)
            kept.append(source)
    documents = [s for s in kept if s.startswith("[document]")]
    ours = [s for s in kept if s not in documents][:MAX_SERIES - len(documents)]
    return ours + documents


def mac_ratio_chart(rows: list[Row]) -> Chart | None:
    """The first document's Figure 1: each ZUC-256 MAC's speed over 128-EIA3's."""
    macs, sources, values = mac_ratio_series(rows)
    if not macs:
        return None
    sources = _one_per_api(sources, macs, values)
    # wide enough that every bar holds its value label, turned upright; at most 16 inches
    width = min(16.0, max(MIN_WIDTH, 0.3 * len(macs) * len(sources) + 2))
    figure, (axes,) = _figure(panel_size=(width, 4.8))
    width = 0.8 / len(sources)
    for index, source in enumerate(sources):
        present = [(i, values[(mac, source)].median) for i, mac in enumerate(macs)
                   if (mac, source) in values]
        positions = [i - 0.4 + width * (index + 0.5) for i, _ in present]
        row = next(values[(mac, source)] for mac in macs if (mac, source) in values)
        bars = axes.bar(positions, [v for _, v in present], width, label=legend_label(source),
                        **_ratio_bar_style(source, row, index))
        axes.bar_label(bars, fmt="%.2f", fontsize="x-small", padding=2, rotation=90)
    axes.axhline(1.0, color="black", linewidth=0.8, linestyle=":", label="128-EIA3 = 1")
    axes.set_xticks(range(len(macs)), macs, rotation=30, ha="right", fontsize="small")
    families = sorted({m.split("-mac")[0].split("-nia6")[0] for m in macs})
    names = " and ".join("ZUC-256" if f == "zuc-256" else "ZUC-NIA6" for f in families)
    axes.set_xlabel(f"{names} MAC (tag size in bits)")
    axes.set_ylim(0, max(row.median for row in values.values()) * 1.35)
    title = f"Figure 1: {names} MAC speed relative to 128-EIA3 (same backend)"
    _finish(axes, title, "speed ratio to 128-EIA3 (higher is faster)")
    axes.grid(False, axis="x")
    return render("mac-ratio", title, figure)


# ---- (c) ablation: gains over the baseline, Table 15 ------------------------------------

def _gain_bars(axes: Axes, gains: list[VariantGain], algorithm: str, document: str) -> None:
    """Horizontal bars: ours and the document's gain for each variant, each over its own
    baseline; `document` names the CPU of the document's."""
    gains = [g for g in gains if g.label != BASELINE]
    height = 0.4
    positions = range(len(gains))
    for offset, side, colour, hatch in ((-height / 2, "ours", OURS_COLOURS[0], None),
                                        (height / 2, "document", DOCUMENT_COLOUR, "//")):
        present = [(p, getattr(g, f"{side}_gain")) for p, g in zip(positions, gains, strict=False)
                   if getattr(g, f"{side}_gain") is not None]
        if not present:
            continue
        label = "ours" if side == "ours" else f"{document}: gain over its own baseline"
        bars = axes.barh([p + offset for p, _ in present], [100 * v for _, v in present],
                         height, label=label, color=colour, hatch=hatch, edgecolor="white")
        axes.bar_label(bars, fmt="%+.0f%%", fontsize="small", padding=2)
    axes.set_yticks(list(positions), [g.label for g in gains])
    axes.invert_yaxis()                     # table order, top to bottom
    axes.axvline(0, color="black", linewidth=0.8)
    axes.set_xlabel("gain over the baseline (%): baseline time / time - 1")
    axes.margins(x=0.2)                     # room for the value labels
    _finish(axes, algorithm, "variant", legend=False)


def ablation_gain_charts(rows: list[Row]) -> list[Chart]:
    """One chart per ablation configuration, one panel per algorithm."""
    by_configuration: dict[str, list[str]] = {}
    for configuration, algorithm in gain_sets(rows):
        by_configuration.setdefault(configuration, []).append(algorithm)
    charts = []
    for configuration, algorithms in by_configuration.items():
        figure, panels = _figure(len(algorithms), columns=min(2, len(algorithms)),
                                 panel_size=(7.0, 4.8))
        for axes, algorithm in zip(panels, algorithms, strict=False):
            documents = pick(rows, suite="ablation", configuration=configuration,
                             algorithm=algorithm, backend="document")
            _gain_bars(axes, variant_gains(rows, algorithm, configuration), algorithm,
                       source_label(documents))
        _shared_legend(figure, panels)
        title = (f"{GAIN_TITLES.get(configuration, configuration)}: keystream speed gain "
                 f"over the baseline")
        figure.suptitle(title)
        charts.append(render(f"ablation-{configuration}", title, figure))
    return charts


def ablation_table15_chart(rows: list[Row]) -> Chart | None:
    """Table 15: encryption bits per tick against message size, this machine's (the
    document's, in its CPU's cycles, are in the appendix)."""
    chosen = measured(table15_rows(rows))
    if not chosen:
        return None
    algorithms = grouped(chosen, lambda r: r.algorithm)
    figure, panels = _figure(len(algorithms), columns=min(2, len(algorithms)))
    for axes, (algorithm, group) in zip(panels, algorithms.items(), strict=False):
        _plot_all(axes, group, timed_contender_key, tick_labels(group, variant_label))
        _size_axis(axes)
        _finish(axes, algorithm, f"bits per {singular(tick_heading(group))} (higher is better)")
    title = (f"Table 15: encryption speed in bits per {singular(tick_heading(chosen))} by "
             f"message size")
    figure.suptitle(f"{title}\n{BAND_NOTE}")
    return render("ablation-table15", title, figure)


# ---- (d) µs per MAC by message size ----------------------------------------------------

def mac_time_chart(rows: list[Row]) -> Chart | None:
    """One panel per MAC: microseconds per MAC against message size, one message per call,
    this machine's (the document's µs, another machine's, are in the appendix)."""
    chosen = [r for r in measured(pick(rows, suite="mac", configuration="mac"))
              if us_per_message(r) is not None and per_call(r) == 1]
    if not chosen:
        return None
    macs = grouped(chosen, lambda r: r.algorithm)
    figure, panels = _figure(len(macs), columns=min(2, len(macs)), panel_size=(7.0, 4.5))
    tables = False
    for axes, (mac, group) in zip(panels, macs.items(), strict=False):
        shown = fastest_series(group, contender_key)
        tables = tables or any(is_table_path(r) for r in shown)
        _plot_all(axes, shown, contender_key, _series_label, us_per_message)
        _size_axis(axes)
        axes.set_yscale("log")
        _finish(axes, mac, "µs per MAC, log scale (lower is better)")
    # one scale for every panel, so that the MACs compare by eye
    low = min(p.get_ylim()[0] for p in panels)
    high = max(p.get_ylim()[1] for p in panels)
    for axes in panels:
        axes.set_ylim(low, high)
    title = ("Table 5: µs per MAC by message size, one message per call (fresh key and IV "
             "per message)")
    which = "each library's fastest path, libzuc's its default path, as in the summary" + (
        f"; dashed: its table path where faster ({NOT_CONSTANT_TIME})" if tables else "")
    figure.suptitle(f"{title}\n{BAND_NOTE}\n{which}")
    return render("mac-time", title, figure)

