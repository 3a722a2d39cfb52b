# SPDX-License-Identifier: Apache-2.0
"""Where a published figure comes from: the source document and the CPU it was measured on.

The [document] rows of the results are the source documents' figures, measured on other
machines (a 2011 Core i3, a Core i7-8750H) in those machines' cycles or in µs: context,
never contenders of this machine's figures."""

from typing import Iterable

from .results import Row
from .select import in_order

# The machines the documents name in the results (the implementation of a [document] row,
# before any ":<variant>"): the CPU as a reader knows it.
CPUS = {
    "core-i3-3.4ghz-2011": "Intel Core i3 at 3.4 GHz (2011, no AES-NI)",
    "core-i7-8750h": "Intel Core i7-8750H, gcc",
}
DOCUMENT_OF_SUITE = {"estream": "the first document", "mac": "the first document",
                     "ablation": "the second document", "embedded": "the third document"}


def machine_of(row: Row) -> str:
    """"core-i7-8750h" for the row "core-i7-8750h:call+compile"."""
    return row.implementation.partition(":")[0]


def cpu_of(row: Row) -> str:
    """The CPU the document measured the row's figure on, as a reader knows it."""
    machine = machine_of(row)
    return CPUS.get(machine, machine)


def document_of(row: Row) -> str:
    return DOCUMENT_OF_SUITE.get(row.suite, "the source document")


def where_published(row: Row) -> str:
    """"the first document's Intel Core i3 at 3.4 GHz (2011, no AES-NI)"."""
    return f"{document_of(row)}'s {cpu_of(row)}"


def source_label(rows: Iterable[Row]) -> str:
    """"[document] Intel Core i7-8750H, gcc": a column, row or series of published figures,
    named by the CPU they were measured on."""
    cpus = in_order(cpu_of(r) for r in rows if r.is_document)
    return "[document] " + ("; ".join(cpus) if cpus else "another machine")
