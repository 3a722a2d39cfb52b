# SPDX-License-Identifier: Apache-2.0
"""The headline chart: the summary's Gbps at one size, one message per call beside many."""

from .charts import Chart, _figure, render
from .summary import LATENCY, THROUGHPUT, facts, gbps_of, matches

HEADLINE_SIZE = 1500
# Short names, so that a panel's groups keep their labels apart.
SHORT_NAMES = {"128-eea3": "128-EEA3", "128-eia3": "128-EIA3", "zuc-256": "ZUC-256",
               "zuc-nea6": "NEA6", "zuc-nia6-32": "NIA6-32", "zuc-nia6-64": "NIA6-64",
               "zuc-nia6-128": "NIA6-128", "zuc-nca6": "NCA6"}
OURS_COLOUR = "#c0392b"
# Distinct from ours and from each other (Okabe-Ito), one per peer backend.
PEER_COLOURS = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#000000")


def _panel(axes, found, series: list[str], colours: dict[str, str], title: str) -> None:
    algorithms = [m.algorithm for m in found]
    width = 0.8 / len(series)
    for index, name in enumerate(series):
        xs, heights, errors = [], [], [[], []]
        for position, match in enumerate(found):
            row = match.ours if name == "libzuc" else match.peers.get(name)
            figures = gbps_of(row) if row is not None else None
            if figures is None:
                continue
            median, low, high = figures
            xs.append(position - 0.4 + width * (index + 0.5))
            heights.append(median)
            errors[0].append(max(median - low, 0))
            errors[1].append(max(high - median, 0))
        axes.bar(xs, heights, width, yerr=errors, capsize=2, color=colours[name], label=name,
                 error_kw={"elinewidth": 0.8, "ecolor": "0.2"})
    names = [SHORT_NAMES.get(a, a) for a in algorithms]
    turned = {"rotation": 30, "ha": "right"} if len(names) > 5 else {}
    axes.set_xticks(range(len(names)), names, fontsize="small", **turned)
    axes.set_title(title, fontsize="medium")
    axes.set_ylabel("Gbit/s (higher is better)")
    axes.grid(True, axis="y", alpha=0.35)


def headline_chart(rows) -> Chart | None:
    """libzuc's best path and each peer's best API at 1500 B, in Gbps with the quartiles as
    whiskers: one panel for one message per call, one for many; the same y scale."""
    panels = []
    for latency, mode in ((True, LATENCY), (False, THROUGHPUT)):
        found = [m for m in matches(rows, latency) if m.size == HEADLINE_SIZE and m.ours]
        if found:
            panels.append((mode, found))
    if not panels:
        return None
    peers = list(dict.fromkeys(p for _, found in panels for m in found for p in m.peers))
    series = ["libzuc", *peers]
    colours = {"libzuc": OURS_COLOUR}
    colours.update({p: PEER_COLOURS[i % len(PEER_COLOURS)] for i, p in enumerate(peers)})
    figure, axes = _figure(len(panels), len(panels), panel_size=(5.0, 3.4))
    for panel, (mode, found) in zip(axes, panels, strict=True):
        present = [s for s in series if s == "libzuc" or any(s in m.peers for m in found)]
        _panel(panel, found, present, colours, mode)
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
    title = (f"libzuc's best path against each peer's best API, {HEADLINE_SIZE}-byte "
             f"messages, {cpu}")
    figure.suptitle(title + "\nbars: medians; whiskers: quartiles of the repeats",
                    fontsize="medium")
    return render("summary-headline", title, figure)
