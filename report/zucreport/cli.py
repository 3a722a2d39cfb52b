# SPDX-License-Identifier: Apache-2.0
"""python -m zucreport [--out DIR] RESULTS.json...: renders index.html and README.md."""

import argparse
import sys
from pathlib import Path

from .assemble import Report, build_report
from .files import remove_stale_charts, write_atomically
from .html_report import render_pages
from .markdown_report import chart_path, render_markdown
from .results import ResultsError, load_results

EXIT_BAD_INPUT = 2
EXIT_CANNOT_WRITE = 1
CHARTS_DIR = "charts"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m zucreport",
        description="Renders zucbench results JSON files (any suites) into OUT/index.html "
                    "(and OUT/embedded.html) and OUT/README.md, with the charts in "
                    "OUT/charts/.")
    parser.add_argument("results", nargs="*", metavar="RESULTS.json",
                        help="results files written by zucbench --json")
    parser.add_argument("-o", "--out", default="report", metavar="DIR",
                        help="output directory (default: report)")
    return parser


def _write_report(files, out: Path) -> list[Path]:
    return write_report(build_report(files), out)


def write_report(report: Report, out: Path) -> list[Path]:
    """The pages, the Markdown and the charts of a built report, each file whole."""
    written = []
    charts = [c for s in report.sections + report.appendix for c in s.charts]
    if report.summary and report.summary.chart:
        charts.insert(0, report.summary.chart)
    for chart in charts:
        path = out / chart_path(chart, CHARTS_DIR)
        write_atomically(path, chart.png)
        written.append(path)
    remove_stale_charts(out / CHARTS_DIR, {p.name for p in written})
    pages = render_pages(report, CHARTS_DIR)
    for name, text in (("README.md", render_markdown(report, CHARTS_DIR)), *pages.items()):
        write_atomically(out / name, text.encode("utf-8"))
        written.append(out / name)
    return written


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if not args.results:
        print("zucreport: no results files given (zucbench SUITE --json FILE writes one)",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        files = load_results(args.results)
    except ResultsError as error:
        print(f"zucreport: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        written = _write_report(files, Path(args.out))
    except OSError as error:
        print(f"zucreport: cannot write the report in '{args.out}': {error}", file=sys.stderr)
        return EXIT_CANNOT_WRITE
    for path in written:
        print(path)
    return 0
