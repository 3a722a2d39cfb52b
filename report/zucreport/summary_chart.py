# SPDX-License-Identifier: Apache-2.0
"""The headline chart: the summary's Gbps at one size, one message per call beside many."""

from .charts import Chart, _figure, render
from .summary import LATENCY, NOT_CONSTANT_TIME, THROUGHPUT, facts, gbps_of, matches

HEADLINE_SIZE = 1500
# Short names, so that a panel's groups keep their labels apart.
SHORT_NAMES = {"128-eea3": "128-EEA3", "128-eia3": "128-EIA3", "zuc-256": "ZUC-256",
               "zuc-nea6": "NEA6", "zuc-nia6-32": "NIA6-32", "zuc-nia6-64": "NIA6-64",
               "zuc-nia6-128": "NIA6-128", "zuc-nca6": "NCA6"}
OURS = "libzuc, constant time"
# libzuc's table path where it is faster: not constant time, so not libzuc's figure.
TABLES = f"libzuc, {NOT_CONSTANT_TIME}"
OURS_COLOUR = "#c0392b"
TABLES_STYLE = {"color": "#f1a9a0", "hatch": "//", "edgecolor": "#c0392b"}
# Distinct from ours and from each other (Okabe-Ito), one per peer backend.
PEER_COLOURS = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#000000")


def _row(match, name: str):
    if name == OURS:
        return match.ours
    if name == TABLES:
        return match.tables
    return match.peers.get(name)


def _panel(axes, found, series: list[str], styles: dict[str, dict], title: str) -> None:
    algorithms = [m.algorithm for m in found]
    width = 0.8 / len(series)
    for index, name in enumerate(series):
        xs, heights, errors = [], [], [[], []]
        for position, match in enumerate(found):
            row = _row(match, name)
            figures = gbps_of(row) if row is not None else None
            if figures is None:
                continue
            median, low, high = figures
            xs.append(position - 0.4 + width * (index + 0.5))
            heights.append(median)
            errors[0].append(max(median - low, 0))
            errors[1].append(max(high - median, 0))
        axes.bar(xs, heights, width, yerr=errors, capsize=2, label=name,
                 error_kw={"elinewidth": 0.8, "ecolor": "0.2"}, **styles[name])
    names = [SHORT_NAMES.get(a, a) for a in algorithms]
    turned = {"rotation": 30, "ha": "right"} if len(names) > 5 else {}
    axes.set_xticks(range(len(names)), names, fontsize="small", **turned)
    axes.set_title(title, fontsize="medium")
    axes.set_ylabel("Gbit/s (higher is better)")
    axes.grid(True, axis="y", alpha=0.35)


def headline_chart(rows) -> Chart | None:
    """libzuc (its default one-message path; its fastest constant-time path for many) and
    each peer's best API at 1500 B, in Gbps with the quartiles as whiskers, and libzuc's
    table path, hatched and named not constant time, where it is faster: one panel for one
    message per call, one for many; the same y scale."""
    panels = []
    for latency, mode in ((True, LATENCY), (False, THROUGHPUT)):
        found = [m for m in matches(rows, latency) if m.size == HEADLINE_SIZE and m.ours]
        if found:
            panels.append((mode, found))
    if not panels:
        return None
    peers = list(dict.fromkeys(p for _, found in panels for m in found for p in m.peers))
    series = [OURS, *peers, TABLES]
    styles = {OURS: {"color": OURS_COLOUR}, TABLES: TABLES_STYLE}
    styles.update({p: {"color": PEER_COLOURS[i % len(PEER_COLOURS)]}
                   for i, p in enumerate(peers)})
    figure, axes = _figure(len(panels), len(panels), panel_size=(5.0, 3.4))
    for panel, (mode, found) in zip(axes, panels, strict=True):
        present = [s for s in series if s == OURS or any(_row(m, s) for m in found)]
        _panel(panel, found, present, styles, mode)
    top = max(panel.get_ylim()[1] for panel in axes)
    for panel in axes:
        panel.set_ylim(0, top)
    handles = {}
    for panel in axes:
        for handle, label in zip(*panel.get_legend_handles_labels(), strict=False):
            handles.setdefault(label, handle)
    figure.legend(list(handles.values()), list(handles), loc="outside lower center",
                  ncols=len(handles), fontsize="small")
    cpu = dict(facts(rows)).get("CPU", "")
    title = (f"libzuc, constant time, against each peer's best API, {HEADLINE_SIZE}-byte "
             f"messages, {cpu}")
    figure.suptitle(title + "\nlibzuc: its default path for one message per call; bars: "
                    "medians; whiskers: quartiles of the repeats", fontsize="medium")
    return render("summary-headline", title, figure)
