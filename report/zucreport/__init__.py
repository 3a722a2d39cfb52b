# SPDX-License-Identifier: Apache-2.0
"""Renders zucbench results JSON files into an HTML and a Markdown report."""

SCHEMA = "zucbench-results/1"
