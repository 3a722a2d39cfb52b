# SPDX-License-Identifier: Apache-2.0
"""results_layout.py - what zucbench_test.py checks of the one results layer:
the CSV and Markdown files that every suite writes through the same writer
(the fields every result has, then the suite's own columns) against the JSON
of the same run, and the cells of a terminal table.
"""
import csv

COMMON_CSV = ["suite", "algorithm", "configuration", "backend", "implementation", "size_bytes",
              "repeats", "unit", "median", "q1", "q3", "mbps", "in_flight"]
COMMON_MARKDOWN = ("| algorithm | configuration | backend | implementation | bytes | unit | "
                   "median | q1 | q3 |")
# The results' fields that are not the JSON's own names in the CSV.
NOT_COLUMNS = {"threads", "samples", "ratio_samples", "median_ns", "median_ticks_per_message",
               "median_us_per_message"}


def _same(cell, value):
    """A CSV cell and the JSON's value of it: the same text, number or flag."""
    if isinstance(value, bool):
        return cell == ("true" if value else "false")
    if isinstance(value, (int, float)):
        try:
            return float(cell) == float(value)
        except ValueError:
            return False
    return cell == str(value)


def csv_problems(path, doc):
    """How the CSV at path differs from the common layout of doc's results: the
    common columns first, then every other member of a result, each row's
    cells equal to its JSON values. A list of strings."""
    with open(path, encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        rows = list(reader)
        header = reader.fieldnames or []
    results = doc["results"]
    problems = []
    if header[:len(COMMON_CSV)] != COMMON_CSV:
        problems.append(f"header starts {header[:len(COMMON_CSV)]}")
    if len(rows) != len(results):
        problems.append(f"{len(rows)} rows for {len(results)} results")
    for row, result in zip(rows, results, strict=False):  # the counts are checked above
        own = {k: v for k, v in result.items() if k not in COMMON_CSV and k not in NOT_COLUMNS}
        missing = sorted(k for k in own if k not in row)
        wrong = sorted(k for k in own if k in row and not _same(row[k], own[k]))
        if missing or wrong:
            problems.append(f"{result.get('name', result['algorithm'])}: missing {missing}, "
                            f"differing {wrong}")
    return problems


def markdown_problems(path, doc, headings=()):
    """How the Markdown at path differs from the common layout: its table's
    heading row starts with the common columns and has the suite's headings,
    and it has one row per result."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    table = [line for line in lines if line.startswith("|")]
    problems = []
    if not table or not table[0].startswith(COMMON_MARKDOWN):
        problems.append(f"heading row {table[:1]}")
        return problems
    absent = [h for h in headings if f"| {h} |" not in table[0]]
    if absent:
        problems.append(f"no column {absent}")
    if len(table) - 2 != len(doc["results"]):
        problems.append(f"{len(table) - 2} rows for {len(doc['results'])} results")
    return problems


def table_cells(out, title, label):
    """The cells after `label` on its row of the table whose title line starts
    with `title` (the first such row after it), or None."""
    lines = out.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith(title)), None)
    if start is None:
        return None
    for line in lines[start + 1:]:
        if line.startswith(label + " "):
            return line[len(label):].split()
    return None


def find_result(doc, **fields):
    """The first result with these field values, or None."""
    return next((r for r in doc["results"] if all(r.get(k) == v for k, v in fields.items())),
                None)
