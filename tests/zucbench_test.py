#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""zucbench_test.py - the evaluation CLI: every suite's --quick output against
the results schema, bad input, --lanes, and `compare` on a planted regression.

Usage: python3 tests/zucbench_test.py PATH-TO-ZUCBENCH

Each suite runs with --quick --repeats 1 (the numbers are not checked, only
their form) and writes JSON, CSV and Markdown. The output files are written
to every kind of target (a FIFO, a symbolic link, a hard link, a 0600 file,
"-", a link planted at a guessable temporary name), and an interrupted
`embedded` must leave nothing in $TMPDIR and no process behind. Bad input
must give exit status 2, nothing on stdout and one stderr line starting
"zucbench: ".
Last line: "zucbench: N passed, N failed"; exit status 1 on any failure.
A cross-built zucbench is run through the emulator named in $ZUC_EMULATOR
(which `zucbench embedded` also uses to start its runs).
"""
import csv
import json
import math
import os
import signal
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import clitest  # noqa: E402
from clitest import EMULATOR, check, read_text, wait_until  # noqa: E402
from results_layout import (  # noqa: E402
    csv_problems,
    find_result,
    markdown_problems,
    table_cells,
)

ZUCBENCH = sys.argv[1] if len(sys.argv) > 1 else ""
SCHEMA = "zucbench-results/1"

CONTEXT_FIELDS = {"suite": str, "date": str, "cpu_model": str, "cores": int, "os": str,
                  "compiler": str, "compiler_flags": str, "timer": str, "tick_unit": str,
                  "tick_ghz": (int, float), "libzuc_default_impl": str, "libzuc_version": str,
                  "pinned_cpu": int, "library": str, "libraries": str}
RESULT_FIELDS = {"suite": str, "algorithm": str, "configuration": str, "backend": str,
                 "implementation": str, "size_bytes": int, "repeats": int, "threads": int,
                 "in_flight": int, "unit": str, "median": (int, float), "q1": (int, float),
                 "q3": (int, float)}


def run(*args, timeout=300, env=None):
    return clitest.run(ZUCBENCH, *args, timeout=timeout, env=env)


def has_fields(obj, fields):
    """The names of fields missing from obj or of the wrong type."""
    wrong = [k for k, t in fields.items()
             if k not in obj or not isinstance(obj[k], t) or isinstance(obj[k], bool)]
    return wrong


def schema_problems(doc, suite):
    """Everything wrong with a results document, as a list of strings."""
    problems = []
    if doc.get("schema") != SCHEMA:
        problems.append(f"schema {doc.get('schema')!r}")
    context, results = doc.get("context"), doc.get("results")
    if not isinstance(context, dict) or has_fields(context, CONTEXT_FIELDS):
        problems.append(f"context fields {has_fields(context or {}, CONTEXT_FIELDS)}")
    elif not context["tick_ghz"] > 0 or context["suite"] != suite:
        problems.append("context values")
    if not isinstance(results, list) or not results:
        return problems + ["no results"]
    ours = [r for r in results if r.get("backend") != "document"]
    if not ours:
        problems.append("only the document's figures")
    for r in results:
        wrong = has_fields(r, RESULT_FIELDS)
        if wrong:
            problems.append(f"result {r} lacks {wrong}")
            continue
        values = (r["median"], r["q1"], r["q3"])
        if r["suite"] != suite or not all(math.isfinite(v) and v >= 0 for v in values):
            problems.append(f"result values {r}")
        elif not r["q1"] <= r["median"] <= r["q3"] or r["threads"] < 1:
            problems.append(f"quartiles out of order {r}")
    return problems


def suites_offered():
    rc, out, _ = run("--help")
    check("--help exits 0", rc == 0)
    return [s for s in ("estream", "mac", "speed", "ablation") if f"\n  {s} " in out]


# Options that belong to one command only: another command's page must not
# list them.
OWN_OPTIONS = {
    "speed": ["--sizes", "--threads"],
    "embedded": ["--out-dir", "--interval", "--file"],
    "compare": ["--threshold"],
}
COMMANDS = ["list", "speed", "estream", "mac", "ablation", "embedded", "compare"]


def test_command_help():
    for cmd in COMMANDS:
        rc, out, err = run(cmd, "--help")
        check(f"{cmd} --help exits 0 with its page",
              rc == 0 and err == "" and out.startswith(f"usage: zucbench {cmd}"),
              f"rc={rc} stdout={out[:80]!r} stderr={err[:200]!r}")
        foreign = [o for other, opts in OWN_OPTIONS.items() if other != cmd
                   for o in opts if f"  {o} " in out]
        check(f"{cmd} --help lists only its own options", not foreign, str(foreign))
        examples = [line.split()[1] for line in out.splitlines()
                    if line.startswith("  zucbench ")]
        check(f"{cmd} --help has examples of {cmd}",
              examples and all(e == cmd for e in examples), str(examples))
        rc2, out2, _ = run("help", cmd)
        check(f"help {cmd} is {cmd} --help", rc2 == 0 and out2 == out)
    rc, out, err = run("speed", "--sizes", "16", "--help")
    check("--help anywhere after the command shows its page",
          rc == 0 and out.startswith("usage: zucbench speed"))
    rc, out, err = run("mac", "-h")
    check("-h first after the command shows its page",
          rc == 0 and out.startswith("usage: zucbench mac"))
    expect_error("help of an unknown command", ["help", "nosuch"], "unknown command")
    rc, listing, _ = run("list")
    entries = listing.split("\n\n")[0].splitlines()[1:]  # the table, before the notes
    # the rows that run here; an absent peer's row names its algorithms as a list
    names = {line.split()[0] for line in entries if " available " in line}
    rc2, page, _ = run("speed", "--help")
    alg = page[page.index("ALG:"):].split("\n\n")[0].replace("\n", " ")
    missing = sorted(n for n in names if f" {n} " not in f" {alg.replace(',', ' ')} ")
    check("speed --help's ALG names every algorithm of zucbench list", rc == rc2 == 0 and
          not missing, str(missing))
    rc, out, _ = run("--help")
    check("--help points to the commands' pages", rc == 0 and "<command> --help" in out)


def test_suite(suite, tmp):
    paths = {kind: os.path.join(tmp, f"{suite}.{kind}") for kind in ("json", "csv", "md")}
    extra = ["--sizes", "16,1500"] if suite == "speed" else []
    rc, out, err = run(suite, "--quick", "--repeats", "1", *extra, "--json", paths["json"],
                       "--csv", paths["csv"], "--markdown", paths["md"])
    if not check(f"{suite} --quick runs", rc == 0 and out, f"rc={rc} stderr={err[-400:]!r}"):
        return None
    with open(paths["json"], encoding="utf-8") as f:
        doc = json.load(f)
    problems = schema_problems(doc, suite)
    check(f"{suite} JSON follows the schema", not problems, "; ".join(problems[:5]))
    if suite == "mac":
        # ipsec-mb's own 128-EIA3 APIs: 1-buffer and N-buffer (1.3, 2.x), job (3.0)
        eia3_apis = {r["implementation"] for r in doc["results"]
                     if r.get("algorithm") == "128-eia3" and r.get("backend") == "ipsec-mb"}
        unlike = [r["implementation"] for r in doc["results"]
                  if r.get("configuration") == "ratio-to-128-eia3"
                  and r.get("backend") == "ipsec-mb" and "job" in r["implementation"]
                  and r["implementation"] not in eia3_apis
                  and "(EIA3: " not in r["implementation"]]
        check("mac ratios that divide by another API's EIA3 say so", not unlike, str(unlike))
    if suite == "estream":
        moved = [r for r in doc["results"] if r.get("backend") == "document"
                 and r.get("size_bytes") == 1000000]
        check("estream --quick keeps the document's 100 MB figures at 100 MB", not moved,
              f"{len(moved)} document rows at 1 MB")
        timed = [r["algorithm"] for r in doc["results"]
                 if r.get("backend") == "sodium" and r.get("configuration") == "init"]
        check("estream has no Init for libsodium, whose API has no setup", not timed,
              str(timed))
    if suite in ("speed", "estream", "mac"):
        test_cell_fields(suite, doc)
    with open(paths["csv"], encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    check(f"{suite} CSV has every result", len(rows) == len(doc["results"]) and
          rows and rows[0]["suite"] == suite, f"{len(rows)} rows")
    with open(paths["md"], encoding="utf-8") as f:
        check(f"{suite} Markdown has a table", "| algorithm |" in f.read())
    return paths["json"]


def test_cell_fields(suite, doc):
    """Every contender of a cell ran the same messages; each ratio is the median of the
    per-repeat ratios the result holds."""
    cells = {}
    for r in doc["results"]:
        if "messages" in r:
            key = (r["algorithm"], r["configuration"], r["size_bytes"])
            cells.setdefault(key, set()).add(r["messages"])
    check(f"{suite}: every contender of a cell ran the same number of messages",
          cells and all(len(counts) == 1 for counts in cells.values()), str(cells)[:300])
    paired = [r for r in doc["results"] if "ratio_samples" in r]
    check(f"{suite}: each ratio is the median of its per-repeat ratios",
          paired and all(math.isclose(sorted(r["ratio_samples"])[len(r["ratio_samples"]) // 2],
                                      r["ratio"], rel_tol=1e-4) for r in paired))


def expect_error(name, args, needle=""):
    clitest.expect_error(name, run(*args), "zucbench: ", needle)


def test_bad_input(tmp):
    expect_error("unknown suite", ["nosuch"], "unknown command")
    expect_error("unknown option", ["speed", "--fast"], "unknown option")
    expect_error("unknown algorithm", ["speed", "rc4"], "unknown algorithm")
    expect_error("size zero", ["speed", "--sizes", "0"], "--sizes")
    expect_error("size not a number", ["speed", "--sizes", "16,abc"], "--sizes")
    expect_error("size too large", ["speed", "--bytes", "99999999999"], "--bytes")
    expect_error("--bytes with a list", ["speed", "--bytes", "16,32"], "--bytes")
    expect_error("even repeats", ["mac", "--repeats", "4"], "--repeats")
    expect_error("missing repeats", ["mac", "--repeats"], "--repeats")
    expect_error("unknown path", ["estream", "--impl", "nosuch"], "--impl")
    expect_error("zero threads", ["speed", "--threads", "0"], "--threads")
    expect_error("too many threads", ["speed", "--threads", "65"], "--threads")
    expect_error("zero lanes", ["speed", "--lanes", "0"], "--lanes")
    expect_error("a baseline no contender answers to", ["speed", "--baseline", "nosuch"],
                 "--baseline")
    expect_error("--ratio in ablation", ["ablation", "--ratio"], "does not apply")
    expect_error("too many lanes", ["speed", "--lanes", "65"], "--lanes")
    expect_error("lanes not a number", ["estream", "--lanes", "four"], "--lanes")
    expect_error("missing lanes", ["mac", "--lanes"], "--lanes")
    expect_error("zero jobs", ["mac", "--jobs", "0"], "--jobs")
    expect_error("jobs not a number", ["speed", "--jobs", "8x"], "--jobs")
    expect_error("lanes for ablation", ["ablation", "--lanes", "4"], "does not apply")
    expect_error("bad seconds", ["speed", "--seconds", "-1"], "--seconds")
    expect_error("no such CPU", ["speed", "--cpu", "60000"], "--cpu")
    expect_error("negative CPU", ["speed", "--cpu", "-1"], "--cpu")
    expect_error("unwritable JSON path", ["mac", "--json", "/nonexistent/dir/out.json"],
                 "cannot write")
    expect_error("JSON path is a directory", ["mac", "--json", tmp], "cannot write")
    expect_error("unwritable CSV path", ["mac", "--csv", "/proc/version/x.csv"], "cannot write")
    expect_error("output option without a file", ["mac", "--json"], "--json")
    expect_error("output option followed by an option", ["mac", "--json", "--csv", "x.csv"],
                 "--json needs a file name")
    for option in ("--json", "--csv", "--markdown"):
        expect_error(f"empty {option}", ["speed", option, ""], f"{option}: empty file name")
    expect_error("embedded: empty --json", ["embedded", "zuc-128", "--json", ""],
                 "--json: empty file name")
    expect_error("two outputs on standard output", ["mac", "--json", "-", "--csv", "-"],
                 "only one output can be standard output")
    for sizes in ("16,,64", "16,", ",16", ","):
        expect_error(f"--sizes {sizes}", ["speed", "--sizes", sizes], "no empty item")


def test_lanes(tmp):
    """--lanes N: N messages per many-message call, recorded in the JSON."""
    path = os.path.join(tmp, "lanes.json")
    rc, out, err = run("speed", "128-eea3", "--quick", "--repeats", "1", "--sizes", "64",
                       "--lanes", "4", "--json", path)
    if not check("speed --lanes 4 runs", rc == 0, f"rc={rc} stderr={err[-300:]!r}"):
        return
    check("--lanes 4 in the header", "4 messages per call" in out, out[:400])
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    check("--lanes 4 JSON follows the schema", not schema_problems(doc, "speed"))
    check("--lanes 4 in the context", doc["context"].get("in_flight") == 4)
    many = [r for r in doc["results"] if r["configuration"] == "message" and
            (r["backend"] == "libzuc" or r["implementation"] in ("4-buffer", "4-jobs"))]
    check("--lanes 4: in_flight 4 on the many-message rows",
          many and all(r["in_flight"] == 4 for r in many), str(many[:2]))
    others = [r for r in doc["results"] if r not in many]
    check("--lanes 4: in_flight 1 on the rest (streams, one-buffer calls)",
          all(r["in_flight"] == 1 for r in others), str(others[:2]))
    check("--lanes 4: no 16-message label left",
          not any(r["implementation"].startswith("16-") for r in doc["results"]))
    rc, out, _ = run("speed", "128-eea3", "--quick", "--repeats", "1", "--sizes", "64",
                     "--jobs", "4")
    check("--jobs is --lanes", rc == 0 and "4 messages per call" in out, f"rc={rc}")


def probe_cells(tmp, *extra):
    """speed with the test-only probe contenders (x1: libzuc's default path;
    x3: the same work three times over): (results, the probe's log)."""
    path = os.path.join(tmp, "cells.json")
    rc, _, err = run("speed", "128-eea3", "--sizes", "100,1500", "--repeats", "9", "--impl",
                     "scalar", "--baseline", "probe-x1", "--ratio", "--json", path, *extra,
                     env={"ZUCBENCH_TEST_PROBE": "3"})
    if not check(f"speed with the probe contenders {extra} runs", rc == 0, err[-300:]):
        return [], []
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    log = [(entry.split(":")[0], *map(int, entry.split(":")[1].split("/")))
           for entry in doc["context"].get("probe_log", "").split()]
    return doc["results"], log


def test_cells(tmp):
    """A cell: every contender ran the same messages, in calls of the stated size;
    the contenders alternate from repeat to repeat; the ratio fields are the
    per-repeat ratios, and a planted bias moves them."""
    results, log = probe_cells(tmp)
    cells = {}
    for r in results:
        if r["configuration"] == "message":
            cells.setdefault(r["size_bytes"], []).append(r)
    check("a cell for each size, with the probes in it", sorted(cells) == [100, 1500] and
          all({"x1", "x3"} <= {r["implementation"] for r in rows} for rows in cells.values()),
          str(sorted(cells)))
    for size, rows in cells.items():
        messages = {r["messages"] for r in rows}
        check(f"{size} B: every contender ran the same number of messages", len(messages) == 1,
              str(messages))
        many = [r for r in rows if r["in_flight"] > 1]
        check(f"{size} B: whole calls of 16 for the many-message contenders",
              many and all(r["messages_per_call"] == 16 and r["messages"] % 16 == 0
                           for r in many), str([(r["messages"], r["messages_per_call"])
                                                for r in many]))
        n = rows[0]["messages"]
        runs = [entry for entry in log if entry[1] == n]
        check(f"{size} B: the probes were called {n} messages at a time, 16 per call",
              runs and all(per_call == 16 for _, _, per_call in runs), str(runs[:4]))
        # each sample: an untimed call, then the timed one, of the same contender;
        # the rounds (warm-up and timed): x1 then x3, then x3 then x1, and so on
        calls = [variant for variant, _, _ in runs]
        check(f"{size} B: every timed call follows an untimed one of the same contender",
              calls[0::2] == calls[1::2], str(calls))
        order = calls[0::2]
        pairs = [tuple(order[i:i + 2]) for i in range(0, len(order), 2)]
        check(f"{size} B: the contenders' order alternates from repeat to repeat",
              len(pairs) == 11 and all(p == (("x1", "x3") if i % 2 == 0 else ("x3", "x1"))
                                       for i, p in enumerate(pairs)), str(order))
        base = next(r for r in rows if r["implementation"] == "x1")
        for r in rows:
            want = [a / b for a, b in zip(r["samples"], base["samples"], strict=True)]
            got = r.get("ratio_samples", [])
            check(f"{size} B {r['implementation']}: ratio_samples are its per-repeat "
                  "ratios to the baseline's", r.get("ratio_to") == "probe-x1" and
                  len(got) == len(want) == 9 and
                  all(math.isclose(g, w, rel_tol=1e-4) for g, w in zip(got, want, strict=False)),
                  str((got[:3], want[:3])))
            ordered = sorted(got)
            check(f"{size} B {r['implementation']}: ratio, ratio_q1, ratio_q3 are their "
                  "median and quartiles", got and math.isclose(r["ratio"], ordered[4], rel_tol=1e-4)
                  and math.isclose(r["ratio_q1"], (ordered[1] + ordered[2]) / 2, rel_tol=1e-4)
                  and math.isclose(r["ratio_q3"], (ordered[6] + ordered[7]) / 2, rel_tol=1e-4))
        biased = next(r for r in rows if r["implementation"] == "x3")
        # a timing, not an identity (the line above checks that): under ASan on a
        # busy host 9 repeats of x3 once read 1.74x, so only "clearly slower"
        check(f"{size} B: three times the work reads as clearly more time",
              1.5 < biased["ratio"] < 4.5, str(biased["ratio"]))


def test_unit(tmp):
    """--unit mbs: the table in MB/s, the same median as the JSON's Mbit/s."""
    path = os.path.join(tmp, "unit.json")
    rc, out, err = run("speed", "128-eea3", "--sizes", "1500", "--repeats", "3", "--impl",
                       "scalar", "--unit", "mbs", "--json", path)
    if not check("speed --unit mbs runs", rc == 0 and "128-eea3 (MB/s)" in out,
                 f"rc={rc} stdout={out[:300]!r} stderr={err[-300:]!r}"):
        return
    shown = float(next(line.split()[1] for line in out.splitlines()
                       if line.startswith("libzuc-scalar ")))
    with open(path, encoding="utf-8") as f:
        mbit = next(r["mbps"] for r in json.load(f)["results"]
                    if r["implementation"] == "scalar" and r["size_bytes"] == 1500)
    check("--unit mbs shows MB/s (the JSON's Mbit/s over 8)",
          abs(shown - mbit / 8) <= 0.01 * shown + 0.5, f"{shown} vs {mbit / 8}")
    expect_error("--unit of no such unit", ["speed", "--unit", "furlongs"], "--unit")


def mbit(doc, **fields):
    """The JSON's Mbit/s ("mbps") of the libzuc scalar result with these fields."""
    r = find_result(doc, backend="libzuc", implementation="scalar", **fields)
    return r["mbps"] if r and "mbps" in r else -1


def embedded_ticks(doc):
    """ns/byte of the one embedded result at the context's ticks per ns."""
    return doc["results"][0].get("ns_per_byte", -1) * doc["context"]["tick_ghz"]


# Per suite: a small run, the --unit it shows, the cells to read (the title its
# table's heading line starts with, the row's label, the cell's index) and what the
# JSON says each cell is, with the tolerance of its printed digits.
UNIT_CASES = [
    ("speed", ["128-eea3", "--impl", "scalar", "--sizes", "1500", "--repeats", "3"], "gbps",
     [("128-eea3 (Gbps)", "libzuc-scalar", 0,
       lambda d: mbit(d, configuration="message", size_bytes=1500) / 1000, 0.01)]),
    ("estream", ["128-eea3", "--impl", "scalar", "--quick", "--repeats", "1"], "mbs",
     [("Table 3:", "zuc-128 libzuc-scalar", 1, lambda d: mbit(d, configuration="stream") / 8, 0.5),
      ("Table 4:", "zuc-128 libzuc-scalar", 4,
       lambda d: mbit(d, configuration="message", size_bytes=1500) / 8, 0.5)]),
    ("mac", ["128-eia3", "--impl", "scalar", "--quick", "--repeats", "1"], "gbps",
     [("Table 5:", "128-eia3 libzuc-scalar", 5,
       lambda d: mbit(d, configuration="mac", size_bytes=1500) / 1000, 0.001)]),
    ("embedded", ["zuc-128", "--repeats", "1"], "ticks",
     [("configuration ", "zuc-128", 6, embedded_ticks, 0.001)]),
]


def test_unit_every_suite(tmp):
    """Every suite with a speed in its table shows it in --unit, the JSON's figure in
    that unit, and writes the common CSV and Markdown; ablation, whose tables keep the
    document's units, refuses --unit."""
    plain = os.path.join(tmp, "unit-file.bin")
    with open(plain, "wb") as f:
        f.write(os.urandom(65536))
    for suite, args, unit, cells in UNIT_CASES:
        paths = {kind: os.path.join(tmp, f"unit-{suite}.{kind}") for kind in ("json", "csv", "md")}
        extra = ["--file", plain] if suite == "embedded" else []
        rc, out, err = run(suite, *args, *extra, "--unit", unit, "--json", paths["json"],
                           "--csv", paths["csv"], "--markdown", paths["md"])
        if not check(f"{suite} --unit {unit} runs and writes JSON, CSV and Markdown",
                     rc == 0 and all(map(os.path.exists, paths.values())),
                     f"rc={rc} {err[-300:]!r}"):
            continue
        with open(paths["json"], encoding="utf-8") as f:
            doc = json.load(f)
        for title, label, index, expected, digits in cells:
            row = table_cells(out, title, label)
            want = expected(doc)
            shown = float(row[index]) if row and len(row) > index else -1
            check(f"{suite} --unit {unit}: '{title.strip()}' {label} is the JSON's",
                  want > 0 and abs(shown - want) <= 0.01 * want + digits, f"{row} vs {want}")
        check(f"{suite} --unit {unit}: the common CSV", not csv_problems(paths["csv"], doc),
              str(csv_problems(paths["csv"], doc)[:3]))
        check(f"{suite} --unit {unit}: the common Markdown",
              not markdown_problems(paths["md"], doc), str(markdown_problems(paths["md"], doc)))
        expect_error(f"{suite} --unit of no such unit", [suite, "--unit", "furlongs"], "--unit")
    expect_error("ablation refuses --unit", ["ablation", "--unit", "mbs"], "does not apply")
    for cmd in ("speed", "estream", "mac", "embedded", "ablation"):
        rc, out, _ = run(cmd, "--help")
        check(f"{cmd} --help {'lists' if cmd != 'ablation' else 'has no'} --unit",
              ("  --unit " in out) == (cmd != "ablation"))


def test_ipsec_mb_no_gfni(tmp):
    """ZUCBENCH_IPSEC_MB_NO_GFNI=1: ipsec-mb started with GFNI off, and said so."""
    arch = {}
    for value in ("0", "1"):
        path = os.path.join(tmp, f"gfni{value}.json")
        rc, _, err = run("speed", "128-eea3", "--sizes", "64", "--repeats", "3", "--json", path,
                         env={"ZUCBENCH_IPSEC_MB_NO_GFNI": value})
        if not check(f"speed with ZUCBENCH_IPSEC_MB_NO_GFNI={value} runs", rc == 0, err[-300:]):
            return
        with open(path, encoding="utf-8") as f:
            arch[value] = json.load(f)["context"].get("ipsec_mb_arch", "none")
    if not arch["0"].startswith("avx512"):
        print(f"ipsec-mb GFNI off: not checked (ipsec-mb's code path here: {arch['0']})")
        return
    check("ipsec-mb: GFNI on by default, off when asked",
          arch["0"] == "avx512" and arch["1"] == "avx512 (GFNI off)", str(arch))


def test_ipsec_mb_arch(tmp):
    """ZUCBENCH_IPSEC_MB_ARCH: ipsec-mb started on the code path it names (its
    outputs checked, as always, before they are timed), and said so; a name
    it does not know refused with exit 2."""
    path = os.path.join(tmp, "arch.json")
    rc, _, err = run("speed", "128-eea3", "--sizes", "64", "--repeats", "3", "--json", path,
                     env={"ZUCBENCH_IPSEC_MB_ARCH": "avx2"})
    if not check("speed with ZUCBENCH_IPSEC_MB_ARCH=avx2 runs", rc == 0, err[-300:]):
        return
    with open(path, encoding="utf-8") as f:
        arch = json.load(f)["context"].get("ipsec_mb_arch", "none")
    if arch == "none":
        print("ZUCBENCH_IPSEC_MB_ARCH: not checked (no ipsec-mb, or no AVX2, here)")
        return
    check("ipsec-mb: started on its AVX2 code when asked", arch == "avx2", arch)
    clitest.expect_error("ZUCBENCH_IPSEC_MB_ARCH=avx3 refused",
                         run("speed", "128-eea3", "--sizes", "64", "--repeats", "3",
                             env={"ZUCBENCH_IPSEC_MB_ARCH": "avx3"}),
                         "zucbench: ", "expected auto, sse, avx2 or avx512")


def test_counter(tmp):
    """--counter: core cycles where perf_event counts them (and said so), else
    a refusal with the reason; --counter tsc is the TSC, named as such."""
    path = os.path.join(tmp, "counter.json")
    common = ["speed", "128-eea3", "--sizes", "1500", "--repeats", "3", "--impl", "scalar"]
    rc, _, _ = run(*common, "--counter", "tsc", "--json", path)
    with open(path, encoding="utf-8") as f:
        if rc != 0 or not json.load(f)["context"].get("os", "").endswith("x86_64"):
            return                  # zucbench built for another CPU (the ARM cross-builds)
    rc, out, err = run(*common, "--counter", "cycles", "--json", path)
    if rc == 0:
        with open(path, encoding="utf-8") as f:
            context = json.load(f)["context"]
        check("--counter cycles: core cycles, said so in the header and the JSON",
              "unit: core cycles" in out and context.get("tick_unit_note") == "core cycles"
              and context.get("timer", "").startswith("perf_event"), f"{out[:300]!r} {context}")
    else:
        check("--counter cycles where there are none: exit 2 with the reason",
              rc == 2 and "cannot be counted here" in err, f"rc={rc} {err!r}")
    rc, out, err = run(*common, "--counter", "tsc", "--json", path)
    with open(path, encoding="utf-8") as f:
        context = json.load(f)["context"]
    check("--counter tsc: TSC ticks", rc == 0 and context.get("timer") == "rdtsc" and
          context.get("tick_unit_note") == "TSC ticks", str(context)[:300])
    expect_error("--counter of no such counter", ["speed", "--counter", "sundial"], "--counter")


def test_repeat_range(tmp):
    """--min-repeats/--max-repeats: each cell's repeats within the range, odd
    unless the maximum stopped it, all kept; bad ranges refused."""
    path = os.path.join(tmp, "range.json")
    rc, out, err = run("speed", "128-eea3", "--sizes", "1500", "--impl", "scalar",
                       "--min-repeats", "3", "--max-repeats", "9", "--warmup", "0", "--json", path)
    if not check("speed --min-repeats 3 --max-repeats 9 runs", rc == 0 and "median of 3..9" in out,
                 f"rc={rc} {err[-300:]!r}"):
        return
    with open(path, encoding="utf-8") as f:
        rows = [r for r in json.load(f)["results"] if r["backend"] != "document"]
    check("every cell repeats 3..9 times, odd or 9, and keeps them all",
          rows and all(3 <= r["repeats"] <= 9 and (r["repeats"] % 2 or r["repeats"] == 9)
                       and len(r["samples"]) == r["repeats"] for r in rows),
          str([(r["implementation"], r["repeats"]) for r in rows]))
    for name, args, needle in (
            ("min above max", ["--min-repeats", "9", "--max-repeats", "3"], "more than"),
            ("a range and --repeats", ["--repeats", "5", "--max-repeats", "9"], "fixed count"),
            ("a bad count", ["--max-repeats", "0"], "--max-repeats"),
            ("a bad warm-up", ["--warmup", "-1"], "--warmup")):
        expect_error(f"speed: {name}", ["speed", "128-eea3", *args], needle)
    expect_error("ablation: a range", ["ablation", "--max-repeats", "9"], "interleaved")
    expect_error("ablation: --seconds", ["ablation", "--seconds", "1"], "fixed amount")
    rc, out, err = run("mac", "128-eia3", "--impl", "scalar", "--seconds", "0.05", "--repeats", "3")
    check("mac --seconds runs", rc == 0 and "128-eia3" in out, f"rc={rc} {err[-200:]!r}")


GMSSL_ALGORITHMS = ["128-eea3", "128-eia3", "zuc-256", "zuc-256-mac32", "zuc-256-mac64",
                    "zuc-256-mac128"]


def gmssl_listed(env=None):
    """`zucbench list`'s gmssl rows: {algorithm: (status, reason or source)}, and
    the lines that name gmssl."""
    rc, out, _ = run("list", env=env)
    lines = [line for line in out.splitlines() if " gmssl " in line]
    rows = {}
    for line in lines:
        fields = line.split(None, 4)
        if len(fields) >= 4 and fields[1] == "gmssl":
            rows[fields[0]] = (fields[3], fields[4] if len(fields) > 4 else "")
    return rc, rows, lines


def gmssl_results(path):
    with open(path, encoding="utf-8") as f:
        return {(r["algorithm"], r["configuration"], r["size_bytes"])
                for r in json.load(f)["results"] if r["backend"] == "gmssl"}


def test_gmssl(outputs, tmp):
    """GmSSL's six rows: listed, available or absent with the reason; where
    available, in every ZUC suite's results, their outputs checked against
    libzuc's before timing (a wrong one is named on stderr and fails the run);
    absent with the reason when $ZUCBENCH_GMSSL points nowhere."""
    rc, rows, lines = gmssl_listed()
    if not check("list: the six gmssl rows, in every kind of build",
                 rc == 0 and sorted(rows) == sorted(GMSSL_ALGORITHMS), str(lines)):
        return
    statuses = {status for status, _ in rows.values()}
    if statuses != {"available"}:
        reasons = {why for _, why in rows.values()}
        check("list: absent gmssl rows give the reason",
              statuses == {"absent:"} and all(reasons), str(rows))
        print(f"GmSSL rows absent here: {sorted(reasons)[0]}")
    else:
        path = os.path.join(tmp, "gmssl.json")
        rc, out, err = run("speed", *GMSSL_ALGORITHMS, "--sizes", "1,17,64", "--repeats", "1",
                           "--json", path)
        check("speed: gmssl rows agree with libzuc at 1, 17 and 64 bytes",
              rc == 0 and "wrong output" not in err, f"rc={rc} stderr={err[-400:]!r}")
        if rc == 0:
            got = gmssl_results(path)
            missing = [(a, s) for a in GMSSL_ALGORITHMS for s in (1, 17, 64)
                       if (a, "message", s) not in got]
            check("speed: a gmssl cell for every algorithm and size", not missing, str(missing))
        wanted = {
            "speed": [(a, "message", s) for a in GMSSL_ALGORITHMS for s in (16, 1500)] +
                     [(a, "stream", 0) for a in ("128-eea3", "zuc-256")],
            "estream": [(a, c, s) for a in ("128-eea3", "zuc-256")
                        for c, s in (("message", 16), ("message", 1500), ("stream", 0),
                                     ("init", 0))],
            "mac": [(a, "mac", s) for a in ["128-eia3", *GMSSL_ALGORITHMS[3:]]
                    for s in (16, 9000)] +
                   [(a, "ratio-to-128-eia3", 0) for a in GMSSL_ALGORITHMS[3:]],
        }
        for suite, cells in wanted.items():
            if not outputs.get(suite):
                continue
            got = gmssl_results(outputs[suite])
            missing = [c for c in cells if c not in got]
            check(f"{suite}: the gmssl rows are in the results", not missing, str(missing[:6]))
    nowhere = os.path.join(tmp, "no-such-dir", "libgmssl.so.3")
    env = {"ZUCBENCH_GMSSL": nowhere}
    rc, rows, _ = gmssl_listed(env)
    check("ZUCBENCH_GMSSL pointing nowhere: the six rows absent, saying why",
          rc == 0 and sorted(rows) == sorted(GMSSL_ALGORITHMS) and
          all(status == "absent:" and (f"ZUCBENCH_GMSSL={nowhere}" in why
                                       or "not in a static build" in why)
              for status, why in rows.values()), str(rows))
    rc, out, err = run("speed", "128-eea3", "--sizes", "16", "--repeats", "1", env=env)
    check("ZUCBENCH_GMSSL pointing nowhere: the suites run without the rows",
          rc == 0 and "gmssl" not in out, f"rc={rc} stderr={err[-300:]!r}")


NXA6_ALGORITHMS = ["zuc-nea6", "zuc-nia6-32", "zuc-nia6-64", "zuc-nia6-128", "zuc-nca6-32",
                   "zuc-nca6-64", "zuc-nca6"]
AEAD_PEERS = [("aes-256-gcm", "openssl"), ("chacha20-poly1305", "openssl"),
              ("chacha20-poly1305", "sodium"), ("aes-256-gcm", "sodium")]


def result_cells(path, backend=None):
    with open(path, encoding="utf-8") as f:
        return {(r["algorithm"], r["configuration"], r["size_bytes"])
                for r in json.load(f)["results"] if backend in (None, r["backend"])}


def available_peers():
    """(algorithm, backend) of every row `list` says is available."""
    rc, out, _ = run("list")
    return {tuple(line.split()[:2]) for line in out.splitlines() if " available " in line}


def test_nxa6_rows(outputs, tmp):
    """ZUC-NEA6 / NIA6 / NCA6 rows in speed (beside AES-256-GCM and
    ChaCha20-Poly1305 where the peers are built), checked against ref before
    timing; NEA6 in estream's Init and Stream; the NIA6 MACs in mac, with
    their ratio to 128-EIA3."""
    path = os.path.join(tmp, "nxa6.json")
    peers = [a for a, b in AEAD_PEERS if (a, b) in available_peers()]
    rc, out, err = run("speed", *NXA6_ALGORITHMS, *peers, "--sizes", "1,17,64,300",
                       "--repeats", "1", "--impl", "scalar", "--json", path)
    if not check("speed: the NxA6 and AEAD rows run, their outputs checked",
                 rc == 0 and "wrong output" not in err and "published vector" not in err,
                 f"rc={rc} stderr={err[-400:]!r}"):
        return
    got = result_cells(path, "libzuc")
    missing = [(a, s) for a in NXA6_ALGORITHMS for s in (1, 17, 64, 300)
               if (a, "message", s) not in got]
    missing += [("stream", a) for a in ["zuc-nea6"] if (a, "stream", 0) not in got]
    for algorithm, backend in AEAD_PEERS:
        if algorithm in peers and (algorithm, "message", 300) not in result_cells(path, backend):
            missing.append((algorithm, backend))
    check("speed: a cell for every NxA6 algorithm and size, and for each AEAD peer",
          not missing, str(missing))
    if outputs.get("estream"):
        got = result_cells(outputs["estream"], "libzuc")
        check("estream: ZUC-NEA6's Init and Stream",
              {("zuc-nea6", "init", 0), ("zuc-nea6", "stream", 0)} <= got, str(sorted(got)[:8]))
    if outputs.get("mac"):
        got = result_cells(outputs["mac"], "libzuc")
        missing = [(a, c) for a in NXA6_ALGORITHMS[1:4]
                   for c, s in (("mac", 40), ("ratio-to-128-eia3", 0)) if (a, c, s) not in got]
        check("mac: the NIA6 MACs and their ratio to 128-EIA3", not missing, str(missing))
    test_ipsec_mb_nxa6_rows(path, outputs)


def test_ipsec_mb_nxa6_rows(speed_path, outputs):
    """ipsec-mb's NxA6 rows (3.0 and later) beside libzuc's in speed, estream
    and mac, their outputs checked against ref (speed_path: test_nxa6_rows'
    run); where the ipsec-mb built in has none, `list` says why."""
    if ("zuc-nea6", "ipsec-mb") not in available_peers():
        rc, out, _ = run("list")
        rows = [line for line in out.splitlines() if "zuc-nea6" in line and " ipsec-mb " in line]
        check("list: ipsec-mb's NxA6 rows absent with the reason",
              rows and all(len(line.partition("absent:")[2].strip()) > 10 for line in rows),
              str(rows))
        if rows:
            print("ipsec-mb NxA6 rows absent here: " + rows[0].partition("absent:")[2].strip())
        return
    got = result_cells(speed_path, "ipsec-mb")
    missing = [(a, s) for a in NXA6_ALGORITHMS for s in (1, 17, 64, 300)
               if (a, "message", s) not in got]
    check("speed: ipsec-mb's NxA6 rows at every size", not missing, str(missing))
    if outputs.get("estream"):
        got = result_cells(outputs["estream"], "ipsec-mb")
        check("estream: ipsec-mb's ZUC-NEA6 messages", ("zuc-nea6", "message", 40) in got,
              str(sorted(got)[:8]))
    if outputs.get("mac"):
        got = result_cells(outputs["mac"], "ipsec-mb")
        missing = [a for a in NXA6_ALGORITHMS[1:4] if (a, "mac", 40) not in got]
        check("mac: ipsec-mb's NIA6 MACs", not missing, str(missing))


def test_ablation_best_here(outputs):
    """Table 15 times Table 13's fastest ZUC-128 combination of the same run
    ("best here: <id>") unless it is the document's pick."""
    if not outputs.get("ablation"):
        return
    with open(outputs["ablation"], encoding="utf-8") as f:
        rows = [r for r in json.load(f)["results"] if r["backend"] == "ablation"
                and r["algorithm"] == "zuc-128"]
    combos = [r for r in rows if r["configuration"] == "table13" and "+" in r["implementation"]]
    if not combos:
        return
    best = max(combos, key=lambda r: r["median"])["implementation"]
    table15 = {r["implementation"] for r in rows if r["configuration"] == "table15"}
    want = set() if best == "call+compile+lazy+sbox1" else {f"best here: {best}"}
    check("ablation: Table 15 times Table 13's best combination of the run",
          want <= table15 and len([t for t in table15 if t.startswith("best here")]) == len(want),
          f"best {best}, table15 {sorted(table15)}")


def test_idle_lanes_left_out(tmp):
    """A size at which a batch holds fewer messages than one call: the lane paths'
    cells are left out (their lanes would idle), the one-message paths' are not."""
    path = os.path.join(tmp, "idle.json")
    rc, out, err = run("speed", "128-eea3", "--repeats", "1", "--sizes", "16,8388608",
                       "--json", path)
    if not check("speed at 8 MiB runs", rc == 0, f"rc={rc} stderr={err[-300:]!r}"):
        return
    with open(path, encoding="utf-8") as f:
        rows = [r for r in json.load(f)["results"] if r["configuration"] == "message"]
    lanes = {r["implementation"] for r in rows if r["size_bytes"] == 16 and r["backend"] ==
             "libzuc" and r["implementation"].startswith("avx")}
    at_8mib = {(r["backend"], r["implementation"]) for r in rows if r["size_bytes"] == 8388608}
    check("lane paths have no 8 MiB cell (one message in 16 lanes)",
          not any(("libzuc", i) in at_8mib for i in lanes), str(sorted(at_8mib)))
    check("one-message paths keep their 8 MiB cell", ("libzuc", "scalar") in at_8mib,
          str(sorted(at_8mib)))


def scaled_copy(path, factor, out_path, samples="scale", apart=False):
    """A copy of a results file with our per-byte times multiplied by factor;
    their repeats ("samples") scaled too, kept as they were ("keep"), or
    dropped ("drop", as in files written before they were recorded). apart:
    a row whose repeats spread wider than factor is scaled further, until its
    slowest old repeat is faster than its fastest new one (on a busy machine
    7 repeats can spread by more than 10%, and then a 10% shift is rightly
    not significant)."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    for r in doc["results"]:
        if r["backend"] != "document" and r["unit"].startswith("ticks/"):
            row_factor = factor
            if apart and r.get("samples") and min(r["samples"]) > 0:
                row_factor = max(factor, 1.01 * max(r["samples"]) / min(r["samples"]))
            for key in ("median", "q1", "q3"):
                r[key] *= row_factor
            if samples == "scale" and "samples" in r:
                r["samples"] = [v * row_factor for v in r["samples"]]
        if samples == "drop":
            r.pop("samples", None)
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(doc, f)
    return out_path


def test_significance(tmp):
    """compare's Mann-Whitney test over the repeats the results keep."""
    base = os.path.join(tmp, "repeats.json")
    rc, _, err = run("speed", "128-eea3", "--sizes", "1500", "--repeats", "7", "--impl", "scalar",
                     "--json", base)
    if not check("speed --repeats 7 runs", rc == 0, err[-300:]):
        return
    with open(base, encoding="utf-8") as f:
        ours = [r for r in json.load(f)["results"] if r["backend"] != "document"]
    check("results keep every repeat, in repeat order (their median the result's)",
          ours and all(len(r.get("samples", [])) == 7 and
                       math.isclose(sorted(r["samples"])[3], r["median"], rel_tol=1e-4)
                       for r in ours), str(ours[:1])[:300])
    rc, out, _ = run("compare", base, base)
    check("compare: identical repeats read 'no significant change'",
          rc == 0 and out.count("no significant change") == len(ours), out[-400:])
    slower = scaled_copy(base, 1.10, os.path.join(tmp, "repeats-slower.json"), apart=True)
    rc, out, _ = run("compare", base, slower, "--threshold", "5")
    check("compare: repeats all 10% slower (and apart from the old): a significant regression",
          rc == 2 and "REGRESSION" in out, f"rc={rc} {out[-300:]!r}")
    moved = scaled_copy(base, 1.10, os.path.join(tmp, "repeats-moved.json"), "keep")
    rc, out, _ = run("compare", base, moved, "--threshold", "5")
    check("compare: a 10% change of the median over the same repeats is no regression",
          rc == 0 and "REGRESSION" not in out and "no significant change" in out, f"rc={rc}")
    old = scaled_copy(base, 1.10, os.path.join(tmp, "repeats-old.json"), "drop")
    rc, out, _ = run("compare", base, old, "--threshold", "5")
    check("compare: without repeats, the threshold alone decides", rc == 2, f"rc={rc}")


def test_compare(speed_json, tmp):
    slower = scaled_copy(speed_json, 1.10, os.path.join(tmp, "slower.json"))
    faster = scaled_copy(speed_json, 0.90, os.path.join(tmp, "faster.json"))
    rc, out, _ = run("compare", speed_json, speed_json)
    check("compare: identical files exit 0", rc == 0 and "0 regressions" in out, out[-200:])
    test_significance(tmp)
    rc, out, _ = run("compare", speed_json, slower, "--threshold", "5")
    check("compare: a planted 10% regression exits 2", rc == 2 and "REGRESSION" in out and
          "+10.0%" in out, f"rc={rc}")
    rc, out, _ = run("compare", speed_json, slower, "--threshold", "15")
    check("compare: within the threshold exits 0", rc == 0, f"rc={rc}")
    rc, out, _ = run("compare", speed_json, faster, "--threshold", "5")
    check("compare: an improvement exits 0", rc == 0 and "better" in out, f"rc={rc}")
    not_results = os.path.join(tmp, "other.json")
    with open(not_results, "w", encoding="utf-8") as f:
        f.write('{"schema": "something-else"}')
    broken = os.path.join(tmp, "broken.json")
    with open(broken, "w", encoding="utf-8") as f:
        f.write('{"schema": "zucbench-results/1", "results": [')
    for name, args, needle in (
            ("one file", ["compare", speed_json], "two results files"),
            ("three files", ["compare", speed_json, speed_json, speed_json], "extra"),
            ("bad threshold", ["compare", speed_json, speed_json, "--threshold", "x"],
             "--threshold"),
            ("bad alpha", ["compare", speed_json, speed_json, "--alpha", "1.5"], "--alpha"),
            ("missing file", ["compare", speed_json, "/nonexistent.json"], "No such file"),
            ("not a results file", ["compare", speed_json, not_results], "not a zucbench"),
            ("truncated file", ["compare", broken, speed_json], "not valid JSON")):
        rc, out, err = run(*args)
        check(f"compare: {name} exits 2", rc == 2 and needle in err, f"rc={rc} stderr={err!r}")


EMBEDDED_FIELDS = {"name": str, "family": str, "mode": str, "key_bits": int, "block_bits": int,
                   "latency_ms_mean": (int, float), "latency_ms_sd": (int, float),
                   "throughput_mbs": (int, float), "cpu_percent": (int, float),
                   "peak_rss_kb": (int, float), "mem_percent": (int, float),
                   "sys_cpu_percent": (int, float), "sys_mem_used_kb": int,
                   "net_rx_bytes": int, "net_tx_bytes": int}
EMBEDDED_RUN = ["aes-128-cbc", "speck-128/128-ecb", "zuc-128", "sm2-256", "rc4-40"]
# The Markdown columns the embedded suite adds to every suite's.
EMBEDDED_HEADINGS = ("name", "key bits", "rounds", "latency ms", "sd", "MB/s", "CPU %",
                     "peak KB", "mem %", "system CPU %", "system memory KB")


def digest(path):
    with open(path, "rb") as f:
        return hash(f.read())


def test_embedded_list():
    rc, out, _ = run("embedded", "--list")
    check("embedded --list counts Table 1", rc == 0 and
          "185 of the document's Table 1" in out.splitlines()[-1], out[-300:])
    rc, out, _ = run("embedded", "--list", "aes")
    check("embedded --list aes: 15 configurations", rc == 0 and
          out.splitlines()[-1].startswith("15 configurations"), out[-200:])
    rc, out, _ = run("embedded", "--list", "speck-64/96")
    check("embedded --list of one algorithm: its six modes", rc == 0 and
          all(f"speck-64/96-{m} " in out for m in ("cbc", "pcbc", "cfb", "ctr", "ecb", "ofb")))


def embedded_available(names):
    """Those of names this build can run (OpenSSL's are absent without it)."""
    rc, out, _ = run("embedded", "--list", *names)
    return [n for n in names if rc == 0 and any(
        line.split()[:1] == [n] and " available" in line for line in out.splitlines())]


def test_embedded_run(tmp):
    wanted = embedded_available(EMBEDDED_RUN)
    check("embedded: our own ciphers are always available",
          {"speck-128/128-ecb", "zuc-128"} <= set(wanted), str(wanted))
    plain = os.path.join(tmp, "plain.bin")
    with open(plain, "wb") as f:
        f.write(os.urandom(100_003))
    before = digest(plain)
    out_dir = os.path.join(tmp, "ciphertexts")
    os.mkdir(out_dir)
    paths = {kind: os.path.join(tmp, f"embedded.{kind}") for kind in ("json", "csv", "md")}
    rc, out, err = run("embedded", *wanted, "--file", plain, "--repeats", "2",
                       "--out-dir", out_dir, "--interval", "20", "--json", paths["json"],
                       "--csv", paths["csv"], "--markdown", paths["md"])
    if not check("embedded runs and writes JSON, CSV and Markdown",
                 rc == 0 and "zuc-128" in out and all(map(os.path.exists, paths.values())),
                 f"rc={rc} {err[-400:]!r}"):
        return
    check("embedded leaves its input alone", digest(plain) == before)
    with open(paths["json"], encoding="utf-8") as f:
        doc = json.load(f)
    problems = schema_problems(doc, "embedded")
    check("embedded JSON follows the schema", not problems, "; ".join(problems[:5]))
    rows = {r["name"]: r for r in doc["results"]}
    check("embedded JSON has every configuration", set(rows) == set(wanted), str(rows))
    for name, r in rows.items():
        wrong = has_fields(r, EMBEDDED_FIELDS)
        check(f"embedded {name} has the Table 2 fields", not wrong, str(wrong))
        if wrong:
            continue
        expect = r["size_bytes"] / r["latency_ms_mean"] / 1000
        check(f"embedded {name}: MB/s = bytes / ms / 1000",
              abs(r["throughput_mbs"] - expect) <= 0.01 * expect + 0.001, str(r))
        check(f"embedded {name}: sane process figures",
              r["size_bytes"] == 100_003 and r["repeats"] == 2 and 0 < r["cpu_percent"] <= 105
              and r["peak_rss_kb"] > 100 and 0 < r["mem_percent"] < 100, str(r))
        check(f"embedded {name}: sane system figures",
              0 <= r["sys_cpu_percent"] <= 100 and r["sys_mem_used_kb"] > 0, str(r))
    sizes = {n: os.path.getsize(os.path.join(out_dir, n.replace("/", "_") + ".enc"))
             for n in wanted if os.path.exists(os.path.join(out_dir, n.replace("/", "_") + ".enc"))}
    expected = {"aes-128-cbc": lambda n: n == 100_003 // 16 * 16 + 16,
                "speck-128/128-ecb": lambda n: n == 100_003 // 16 * 16 + 16,
                "zuc-128": lambda n: n == 100_003, "rc4-40": lambda n: n == 100_003,
                "sm2-256": lambda n: n > 100_003}
    check("embedded --out-dir: every ciphertext, complete",
          all(name in sizes and expected[name](sizes[name]) for name in wanted), str(sizes))
    check("embedded --out-dir: nothing half-written", not clitest.temporary_files(out_dir),
          str(os.listdir(out_dir)))
    with open(paths["csv"], encoding="utf-8", newline="") as f:
        csv_rows = list(csv.DictReader(f))
    check("embedded CSV: one row per configuration, with the Table 2 columns",
          sorted(r.get("name", "") for r in csv_rows) == sorted(wanted) and
          "latency_ms_sd" in csv_rows[0] and "cpu_percent" in csv_rows[0], str(csv_rows[:1]))
    problems = csv_problems(paths["csv"], doc)
    check("embedded CSV: the common layout, its cells the JSON's", not problems, str(problems[:3]))
    problems = markdown_problems(paths["md"], doc, EMBEDDED_HEADINGS)
    check("embedded Markdown: the common table with the Table 2 columns", not problems,
          str(problems))


def test_embedded_outputs(tmp):
    """The smallest embedded run (one configuration, a 64 KiB file, one run) writes its
    CSV and Markdown through the writer of every suite, with its own columns, and its
    table's speed in --unit gbps is the JSON's MB/s."""
    plain = os.path.join(tmp, "small.bin")
    with open(plain, "wb") as f:
        f.write(os.urandom(65536))
    paths = {kind: os.path.join(tmp, f"small.{kind}") for kind in ("json", "csv", "md")}
    rc, out, err = run("embedded", "zuc-128", "--file", plain, "--repeats", "1", "--unit", "gbps",
                       "--json", paths["json"], "--csv", paths["csv"], "--markdown", paths["md"])
    if not check("embedded, one small run, writes JSON, CSV and Markdown",
                 rc == 0 and all(map(os.path.exists, paths.values())), f"rc={rc} {err[-300:]!r}"):
        return
    with open(paths["json"], encoding="utf-8") as f:
        doc = json.load(f)
    problems = csv_problems(paths["csv"], doc)
    check("embedded, one small run: the common CSV with the embedded columns",
          not problems and "throughput_mbs" in read_text(paths["csv"]).splitlines()[0],
          str(problems[:3]))
    problems = markdown_problems(paths["md"], doc, EMBEDDED_HEADINGS)
    check("embedded, one small run: the common Markdown with the embedded columns",
          not problems, str(problems))
    cells = table_cells(out, "configuration ", "zuc-128")
    want = doc["results"][0].get("throughput_mbs", 0) * 8 / 1000
    check("embedded --unit gbps: the table's Gbps is the JSON's MB/s * 8 / 1000",
          "Gbps" in out and cells and abs(float(cells[6]) - want) <= 0.01 * want + 0.001,
          f"{cells} vs {want}")


def test_cpu_mhz(tmp):
    """--cpu-mhz MHZ: cycles from the time, in the header and the JSON context."""
    for value in ("0", "-5", "abc", "1e9", "nan", ""):
        expect_error(f"--cpu-mhz {value!r}", ["speed", "--cpu-mhz", value], "--cpu-mhz")
    expect_error("--cpu-mhz without a value", ["mac", "--cpu-mhz"], "--cpu-mhz")
    expect_error("embedded --cpu-mhz 0", ["embedded", "--cpu-mhz", "0"], "--cpu-mhz")
    plain, scaled = os.path.join(tmp, "plain-unit.json"), os.path.join(tmp, "mhz.json")
    speed = ["speed", "128-eea3", "--impl", "scalar", "--quick", "--repeats", "1",
             "--sizes", "64"]
    rc, out, err = run(*speed, "--json", plain)
    rc2, out2, err2 = run(*speed, "--cpu-mhz", "1000", "--json", scaled)
    if not check("speed --cpu-mhz 1000 runs", rc == 0 and rc2 == 0,
                 f"rc={rc},{rc2} {err[-200:]!r} {err2[-200:]!r}"):
        return
    with open(plain, encoding="utf-8") as f:
        before = json.load(f)["context"]
    with open(scaled, encoding="utf-8") as f:
        after = json.load(f)["context"]
    native = "cycles" if before.get("timer") == "rdtsc" else "ns"
    check("without --cpu-mhz: the timer's own unit", before.get("tick_unit") == native and
          before.get("cpu_mhz") == 0 and f"{native}/byte" in out, str(before))
    check("--cpu-mhz 1000 in the header", "unit: cycles = ns * 1000 MHz / 1000" in out2 and
          "cycles/byte" in out2 and "unit: cycles" not in out, out2[:400])
    check("--cpu-mhz 1000 in the JSON context", after.get("tick_unit") == "cycles" and
          after.get("cpu_mhz") == 1000 and after.get("tick_ghz") == 1 and
          after.get("tick_unit_note") != before.get("tick_unit_note"), str(after))


def test_embedded_bad_input(tmp):
    a_file = os.path.join(tmp, "a-file")
    with open(a_file, "w", encoding="utf-8") as f:
        f.write("x")
    expect_error("embedded: missing file", ["embedded", "aes-128-cbc", "--file",
                                            "/nonexistent/plain.bin"], "cannot read")
    expect_error("embedded: a directory as the file", ["embedded", "aes-128-cbc", "--file", tmp],
                 "cannot read")
    expect_error("embedded: unknown configuration", ["embedded", "aes-512-cbc"],
                 "unknown configuration")
    expect_error("embedded: unknown configuration in --list", ["embedded", "--list", "nosuch"],
                 "unknown configuration")
    expect_error("embedded: missing output directory", ["embedded", "--out-dir",
                                                        "/nonexistent/dir"], "--out-dir")
    expect_error("embedded: output directory is a file", ["embedded", "--out-dir", a_file],
                 "--out-dir")
    expect_error("embedded: zero repeats", ["embedded", "--repeats", "0"], "--repeats")
    expect_error("embedded: bad interval", ["embedded", "--interval", "x"], "--interval")
    expect_error("embedded: unknown option", ["embedded", "--fast"], "unknown option")
    expect_error("embedded: --file without a path", ["embedded", "--file"], "--file")
    empty = os.path.join(tmp, "empty-file")
    open(empty, "wb").close()
    expect_error("embedded: an empty file", ["embedded", "zuc-128", "--file", empty],
                 f"cannot encrypt '{empty}': an empty file")
    expect_error("embedded: /dev/zero (a device, 0 bytes by its size)",
                 ["embedded", "zuc-128", "--file", "/dev/zero"], "not a regular file")
    expect_error("embedded: -h as --file is a file name", ["embedded", "zuc-128", "--file", "-h"],
                 "cannot read '-h'")
    expect_error("embedded: a run of an unknown configuration",
                 ["embedded", "--run-one", "nosuch", "--file", a_file], "unknown configuration")


SPEED_RUN = ["speed", "128-eea3", "--impl", "scalar", "--quick", "--repeats", "1", "--sizes", "16"]


def is_results_json(text):
    try:
        return json.loads(text).get("schema") == SCHEMA
    except (ValueError, AttributeError):
        return False


def test_output_kinds(tmp):
    """--json/--csv/--markdown never replace what they should not."""
    work = os.path.join(tmp, "kinds")
    os.mkdir(work)
    formats = iter([("--csv", lambda text: text.startswith("suite,")),
                    ("--markdown", lambda text: "| algorithm |" in text),
                    ("--json", is_results_json), ("--json", is_results_json),
                    ("--csv", lambda text: text.startswith("suite,"))])
    current = {}

    def write(path):
        option, current["is_output"] = next(formats)
        return run(*SPEED_RUN, option, path)

    clitest.check_output_targets(work, write,
                                 lambda data: current["is_output"](data.decode("utf-8", "replace")))

    rc, out, err = run(*SPEED_RUN, "--json", "-")
    check("--json - : the JSON alone on standard output, the table on standard error",
          rc == 0 and is_results_json(out) and "128-eea3" in err, f"rc={rc} {out[:100]!r}")


def next_pids(count):
    """The process ids the kernel is likely to hand out next (it counts up)."""
    try:
        with open("/proc/sys/kernel/ns_last_pid", encoding="ascii") as f:
            last = int(f.read())
    except OSError:
        return []
    return range(last + 1, last + 1 + count)


def test_planted_link(tmp):
    """A symbolic link planted at a guessable temporary name is never followed."""
    work = os.path.join(tmp, "planted")
    os.mkdir(work)
    victim = os.path.join(work, "victim.txt")
    with open(victim, "wb") as f:
        f.write(b"victim bytes")
    target = os.path.join(work, "out.json")
    for pid in next_pids(200):   # the old name was F.tmp.PID
        os.symlink(victim, f"{target}.tmp.{pid}")
    rc, _, err = run(*SPEED_RUN, "--json", target)
    with open(victim, "rb") as f:
        kept = f.read()
    check("a link planted at the temporary name: its target keeps its bytes",
          kept == b"victim bytes", f"victim now {kept!r}")
    check("the output is written all the same", rc == 0 and is_results_json(read_text(target)),
          f"rc={rc} {err[-200:]!r}")


def group_alive(pgid):
    try:
        os.killpg(pgid, 0)
        return True
    except ProcessLookupError:
        return False


def generated_file_exists(tmpdir):
    return any(os.path.exists(os.path.join(tmpdir, d, "plaintext.bin")) for d in os.listdir(tmpdir))


def test_embedded_interrupted(tmp):
    """SIGTERM to zucbench, or SIGINT to its process group (Ctrl-C), during `embedded`:
    exit 143/130, $TMPDIR empty again, no temporary ciphertext, no run left behind."""
    for sig, status, to_group in ((signal.SIGTERM, 143, False), (signal.SIGINT, 130, True)):
        name = signal.Signals(sig).name
        tmpdir, out_dir = os.path.join(tmp, f"tmpdir-{name}"), os.path.join(tmp, f"enc-{name}")
        os.mkdir(tmpdir)
        os.mkdir(out_dir)
        # Under LeakSanitizer a run killed during its exit-time leak check leaves the
        # checker's tracer task behind for a moment: no leak check in these runs.
        asan = os.environ.get("ASAN_OPTIONS", "")
        env = dict(os.environ, TMPDIR=tmpdir,
                   ASAN_OPTIONS=(asan + ":" if asan else "") + "detect_leaks=0")
        p = subprocess.Popen([*EMULATOR, ZUCBENCH, "embedded", "zuc-128", "--quick", "--repeats",
                              "999", "--out-dir", out_dir], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
        try:
            # the lambdas run within this iteration, on its own tmpdir and out_dir
            running = (wait_until(lambda: generated_file_exists(tmpdir), 60) and  # noqa: B023
                       wait_until(lambda: "zuc-128.enc" in os.listdir(out_dir), 30))  # noqa: B023
            if to_group:
                os.killpg(p.pid, sig)
            else:
                p.send_signal(sig)
            rc = p.wait(timeout=60)
            left_running = group_alive(p.pid)
        finally:
            if group_alive(p.pid):
                os.killpg(p.pid, signal.SIGKILL)
            p.wait()
        check(f"embedded {name}: the runs had begun", running)
        check(f"embedded {name}: exit status {status}", rc == status, f"rc={rc}")
        check(f"embedded {name}: $TMPDIR is empty again", os.listdir(tmpdir) == [],
              str(os.listdir(tmpdir)))
        check(f"embedded {name}: no temporary ciphertext", os.listdir(out_dir) == ["zuc-128.enc"],
              str(os.listdir(out_dir)))
        check(f"embedded {name}: no run left behind", not left_running)


def main():
    if not os.access(ZUCBENCH, os.X_OK):
        print(f"usage: {sys.argv[0]} PATH-TO-ZUCBENCH")
        return 1
    rc, out, _ = run("list")
    check("list shows libzuc", rc == 0 and "libzuc" in out and "scalar" in out)
    with tempfile.TemporaryDirectory() as tmp:
        outputs = {s: test_suite(s, tmp) for s in suites_offered()}
        check("every suite of the design is offered",
              {"estream", "mac", "speed"} <= set(outputs), str(list(outputs)))
        test_bad_input(tmp)
        test_command_help()
        test_output_kinds(tmp)
        test_planted_link(tmp)
        test_lanes(tmp)
        test_cells(tmp)
        test_idle_lanes_left_out(tmp)
        test_unit(tmp)
        test_unit_every_suite(tmp)
        test_ipsec_mb_no_gfni(tmp)
        test_ipsec_mb_arch(tmp)
        test_counter(tmp)
        test_repeat_range(tmp)
        test_gmssl(outputs, tmp)
        test_nxa6_rows(outputs, tmp)
        test_ablation_best_here(outputs)
        test_cpu_mhz(tmp)
        test_embedded_list()
        test_embedded_run(tmp)
        test_embedded_outputs(tmp)
        test_embedded_bad_input(tmp)
        test_embedded_interrupted(tmp)
        if outputs.get("speed"):
            test_compare(outputs["speed"], tmp)
    return clitest.summary("zucbench")


if __name__ == "__main__":
    sys.exit(main())
