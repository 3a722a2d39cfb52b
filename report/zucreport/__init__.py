"""Renders zucbench results JSON files into an HTML and a Markdown report."""

SCHEMA = "zucbench-results/1"
