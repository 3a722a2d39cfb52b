# SPDX-License-Identifier: Apache-2.0
"""Every chart's labels can be read: no two tick labels of an axis, and no two value labels
of a panel, overlap; no chart has more than eight series, each in its own colour."""

import matplotlib.colors
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text
from zucreport.charts import MAX_SERIES

# Boxes that share less than this many pixels (at the chart's dpi) only touch.
TOUCH = 0.5


def _charts(report):
    charts = [c for s in report.sections + report.appendix for c in s.charts]
    return charts + ([report.summary.chart] if report.summary and report.summary.chart else [])


def _label_groups(figure) -> list[tuple[str, list[Text]]]:
    """Per visible panel: its x tick labels, its y tick labels, and its value labels."""
    groups = []
    for axes in figure.axes:
        if not axes.get_visible():
            continue
        for name, axis in (("x ticks", axes.xaxis), ("y ticks", axes.yaxis)):
            groups.append((name, [t for t in axis.get_ticklabels(which="both")
                                  if t.get_visible() and t.get_text()]))
        groups.append(("values", [t for t in axes.texts if t.get_visible() and t.get_text()]))
    return groups


def _overlaps(figure) -> list[tuple[str, str, str]]:
    renderer = FigureCanvasAgg(figure).get_renderer()
    figure.draw_without_rendering()
    found = []
    for name, texts in _label_groups(figure):
        boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in texts]
        for i, (text_a, a) in enumerate(boxes):
            for text_b, b in boxes[i + 1:]:
                if (a.x0 < b.x1 - TOUCH and b.x0 < a.x1 - TOUCH
                        and a.y0 < b.y1 - TOUCH and b.y0 < a.y1 - TOUCH):
                    found.append((name, text_a, text_b))
    return found


def test_no_two_tick_or_value_labels_overlap(report):
    for chart in _charts(report):
        assert _overlaps(chart.figure) == [], chart.slug


def test_the_check_sees_an_overlap():
    from zucreport.charts import _figure
    figure, (axes,) = _figure()
    axes.bar(range(12), range(12))
    axes.set_xticks(range(12), [f"a rather long label {i}" for i in range(12)])
    assert _overlaps(figure)


def test_line_charts_have_at_most_eight_series_in_distinct_colours(report):
    for chart in _charts(report):
        for axes in chart.figure.axes:
            lines = [line for line in axes.get_lines()
                     if not line.get_label().startswith("_") and "= 1" not in line.get_label()]
            if not lines:
                continue
            assert len(lines) <= MAX_SERIES, chart.slug
            colours = [matplotlib.colors.to_hex(line.get_color()) for line in lines
                       if not line.get_label().startswith("[document]")]
            assert len(colours) == len(set(colours)), chart.slug
