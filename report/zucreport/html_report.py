# SPDX-License-Identifier: Apache-2.0
"""The report as one self-contained HTML page: charts inline as base64 PNG."""

import base64
from html import escape

from .assemble import Report, Section
from .charts import Chart
from .tables import Table

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em;
       color: #222; }
table { border-collapse: collapse; margin: 1em 0 0.3em; font-size: 0.92em; }
caption { text-align: left; font-weight: bold; padding-bottom: 0.3em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
td { text-align: right; font-variant-numeric: tabular-nums; }
td:first-child, th:first-child { text-align: left; }
tr.document td { color: #666; font-style: italic; background: #f6f6f6; }
p.note { color: #555; font-size: 0.88em; margin: 0.2em 0; }
figure { margin: 1.5em 0; }
figure img { max-width: 100%; height: auto; border: 1px solid #ddd; }
table.text td { text-align: left; }
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
    return (f"<table{class_attr}><caption>{escape(table.title)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>\n{notes}\n")


def _chart(chart: Chart) -> str:
    data = base64.b64encode(chart.png).decode("ascii")
    title = escape(chart.title)
    return (f'<figure><img alt="{title}" src="data:image/png;base64,{data}">'
            f"<figcaption>{title}</figcaption></figure>\n")


def _section(section: Section) -> str:
    parts = [f"<h2>{escape(section.heading)}</h2>\n<p>{escape(section.intro)}</p>\n"]
    parts += [_table(t) for t in section.tables]
    parts += [_chart(c) for c in section.charts]
    return "".join(parts)


def render_html(report: Report) -> str:
    parts = [
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
        f"<title>{escape(report.title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        f"<h1>{escape(report.title)}</h1>\n",
        "<p>Medians of repeated runs; quartiles are in the results files. Rows marked "
        "[document] are the source documents' published figures, measured on another "
        "machine.</p>\n",
        _table(report.inputs),
        "".join(f'<p class="note">{escape(n)}</p>\n' for n in report.absent),
        "<h2>Machine</h2>\n", _table(report.machine),
        "".join(f'<p class="note">{escape(n)}</p>\n' for n in report.machine_notes),
        *(_section(s) for s in report.sections),
        "</body>\n</html>\n",
    ]
    return "".join(parts)
