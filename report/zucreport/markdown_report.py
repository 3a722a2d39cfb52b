# SPDX-License-Identifier: Apache-2.0
"""The report in Markdown: the same tables, charts as PNG files beside it."""

from .assemble import Report, Section
from .charts import Chart
from .tables import Table


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _table(table: Table) -> str:
    align = ["---"] + ["---:" if table.numeric else "---"] * (len(table.columns) - 1)
    lines = [f"**{_cell(table.title)}**", "",
             "| " + " | ".join(_cell(c) for c in table.columns) + " |",
             "|" + "|".join(align) + "|"]
    for row in table.rows:
        label = f"*{_cell(row.label)}*" if row.document else _cell(row.label)
        lines.append("| " + " | ".join([label, *map(_cell, row.cells)]) + " |")
    lines.append("")
    lines += [f"{note}  " for note in table.notes]
    return "\n".join(lines) + "\n"


def chart_path(chart: Chart, charts_dir: str) -> str:
    return f"{charts_dir}/{chart.slug}.png"


def _chart(chart: Chart, charts_dir: str) -> str:
    return f"![{_cell(chart.title)}]({chart_path(chart, charts_dir)})\n"


def _section(section: Section, charts_dir: str) -> str:
    parts = [f"## {section.heading}\n\n{section.intro}\n"]
    parts += [_table(t) for t in section.tables]
    parts += [_chart(c, charts_dir) for c in section.charts]
    return "\n".join(parts)


def _summary(report: Report, charts_dir: str) -> list[str]:
    summary = report.summary
    if summary is None:
        return []
    parts = ["## Summary: libzuc against its peers\n",
             "\n".join(f"- **{k}**: {_cell(v)}" for k, v in summary.facts) + "\n",
             *(f"{s}\n" for s in summary.sentences)]
    if summary.chart:
        parts.append(_chart(summary.chart, charts_dir))
    return parts + [_table(t) for t in summary.tables]


def render_markdown(report: Report, charts_dir: str = "charts") -> str:
    parts = [
        f"# {report.title}\n",
        *_summary(report, charts_dir),
        "Medians of repeated runs, with the quartiles of the repeats in brackets. The source "
        "documents' published figures, measured on other machines, are in the appendix; "
        "[document] (in italics where a row) marks the few columns and series that set their "
        "gains or ratios beside ours.\n",
        _table(report.inputs),
        *(f"{note}\n" for note in report.absent),
        "## Machine\n",
        _table(report.machine),
        *(f"{note}\n" for note in report.machine_notes),
        *(_section(s, charts_dir) for s in report.sections),
        *(_section(s, charts_dir) for s in report.appendix),
    ]
    return "\n".join(parts)
