# SPDX-License-Identifier: Apache-2.0
"""The report as HTML: the summary first, a table of contents with anchors, the charts as
PNG files beside the page (charts/), and the embedded suite on a page of its own."""

import struct
from html import escape

from .assemble import Report, Section, Summary
from .charts import Chart
from .tables import Table

MAIN_PAGE = "index.html"
# Shown at this width, a chart's text stays readable; wider PNGs are scaled down to it.
CHART_CSS_WIDTH = 1100

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1em auto; max-width: 82em; padding: 0 1em;
       color: #222; }
h1 { font-size: 1.6em; margin: 0.3em 0; }
h2 { margin-top: 1.6em; }
table { border-collapse: collapse; margin: 1em 0 0.3em; font-size: 0.88em; }
div.scroll { max-width: 100%; overflow-x: auto; }
caption { text-align: left; font-weight: bold; padding-bottom: 0.3em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; overflow-wrap: anywhere; }
th { overflow-wrap: normal; }
td { text-align: right; font-variant-numeric: tabular-nums; white-space: pre-line; }
td:first-child, th:first-child { text-align: left; }
tr.document td { color: #666; font-style: italic; background: #f6f6f6; }
p.note { color: #555; font-size: 0.85em; margin: 0.2em 0; }
figure { margin: 1em 0; }
figure img { max-width: 100%; height: auto; border: 1px solid #ddd; }
table.text td { text-align: left; }
table:not(.text) td { white-space: pre; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.1em 1em;
           margin: 0.5em 0; font-size: 0.92em; }
dl.facts dt { font-weight: bold; }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
p.answer { font-size: 1.05em; margin: 0.4em 0; }
nav ol { columns: 2; font-size: 0.92em; }
"""


def _table(table: Table) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in table.columns)
    body = []
    for row in table.rows:
        row_class = ' class="document"' if row.document else ""
        cells = "".join(f"<td>{escape(c)}</td>" for c in [row.label, *row.cells])
        body.append(f"<tr{row_class}>{cells}</tr>")
    class_attr = "" if table.numeric else ' class="text"'
    notes = "".join(f'<p class="note">{escape(n)}</p>' for n in table.notes)
    return (f'<div class="scroll"><table{class_attr}><caption>{escape(table.title)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>\n"
            f"{notes}\n")


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    return struct.unpack(">II", png[16:24])


def _chart(chart: Chart, charts_dir: str) -> str:
    width, height = png_size(chart.png)
    shown = min(width, CHART_CSS_WIDTH)
    title = escape(chart.title)
    return (f'<figure id="chart-{escape(chart.slug)}"><img alt="{title}" '
            f'src="{escape(charts_dir)}/{escape(chart.slug)}.png" width="{shown}" '
            f'height="{round(height * shown / width)}"><figcaption>{title}</figcaption>'
            f"</figure>\n")


def _section(section: Section, charts_dir: str) -> str:
    parts = [f'<h2 id="{escape(section.anchor)}">{escape(section.heading)}</h2>\n'
             f"<p>{escape(section.intro)}</p>\n"]
    parts += [_table(t) for t in section.tables]
    parts += [_chart(c, charts_dir) for c in section.charts]
    return "".join(parts)


def _summary(summary: Summary, charts_dir: str) -> str:
    facts = "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in summary.facts)
    parts = ['<section id="summary">\n<h2>Summary: libzuc against its peers</h2>\n',
             f'<dl class="facts">{facts}</dl>\n',
             *(f'<p class="answer">{escape(s)}</p>\n' for s in summary.sentences)]
    if summary.chart:
        parts.append(_chart(summary.chart, charts_dir))
    parts += [_table(t) for t in summary.tables]
    parts.append("</section>\n")
    return "".join(parts)


def _contents(report: Report) -> str:
    entries = []
    if report.summary:
        entries.append(("#summary", "Summary: libzuc against its peers"))
    for section in report.sections:
        target = f"{section.page}#{section.anchor}" if section.page else f"#{section.anchor}"
        entries.append((target, section.heading + (" (a page of its own)"
                                                   if section.page else "")))
    entries += [("#machine", "Machine, build and method"), ("#inputs", "Inputs")]
    entries += [(f"#{s.anchor}", s.heading) for s in report.appendix]
    items = "".join(f'<li><a href="{escape(href)}">{escape(text)}</a></li>'
                    for href, text in entries)
    return f'<nav id="contents"><h2>Contents</h2><ol>{items}</ol></nav>\n'


def _page(title: str, body: list[str]) -> str:
    return "".join([
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
        f"<title>{escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        *body, "</body>\n</html>\n"])


def render_pages(report: Report, charts_dir: str = "charts") -> dict[str, str]:
    """Every page of the report by file name: index.html, and one per section that has a
    page of its own (the embedded suite's hundreds of rows)."""
    own_pages = [s for s in report.sections if s.page]
    main = [
        f"<h1>{escape(report.title)}</h1>\n",
        _summary(report.summary, charts_dir) if report.summary else
        "<p>No summary: the inputs hold no ZUC messages timed by libzuc and a peer.</p>\n",
        _contents(report),
        "<p>Medians of repeated runs, with the quartiles of the repeats in brackets. The "
        "source documents' published figures, measured on other machines, are in the "
        "appendix; [document] marks the few columns and series that set their gains or "
        "ratios beside ours.</p>\n",
        "".join(f'<p class="note">{escape(n)}</p>\n' for n in report.absent),
        *(_section(s, charts_dir) for s in report.sections if not s.page),
        '<h2 id="machine">Machine, build and method</h2>\n', _table(report.machine),
        "".join(f'<p class="note">{escape(n)}</p>\n' for n in report.machine_notes),
        '<h2 id="inputs">Inputs</h2>\n', _table(report.inputs),
        *(_section(s, charts_dir) for s in report.appendix),
    ]
    pages = {MAIN_PAGE: _page(report.title, main)}
    for section in own_pages:
        body = [f'<p><a href="{MAIN_PAGE}">&larr; {escape(report.title)}</a></p>\n',
                _section(section, charts_dir)]
        pages[section.page] = _page(f"{report.title}: {section.heading}", body)
    return pages


def render_html(report: Report, charts_dir: str = "charts") -> str:
    """The main page."""
    return render_pages(report, charts_dir)[MAIN_PAGE]
