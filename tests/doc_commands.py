#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""doc_commands.py - every command of README.md and docs/*.md that runs one of
the programs in build/tools (zuc, zucbench, imix_batch) works as written.

Usage: python3 tests/doc_commands.py BINDIR ROOT
  BINDIR: the folder of the built zuc, zucbench and imix_batch (build/tools)
  ROOT:   the source tree whose README.md and docs/*.md are read

Each ```sh block is read line by line: a trailing backslash continues a line;
a line NAME=value (one shell word after the =) or `mkdir ...` is a prelude
that every later command of the block runs after; a command is a line that
runs build/tools/zuc, zucbench or imix_batch, after optional VAR=value
assignments. It runs through `sh -c` with build/tools/ replaced by BINDIR,
in a temporary folder of its block (where the files it writes land):
- zuc runs for real, against what the comment line right above it says, in
  the docs' style (a parenthesised aside is not read): a trailing ": HEX" is
  the line on stdout; "prints nothing" an empty stdout; "exit N" the exit
  status; a quoted "zuc: ..." the stderr line. Without them: exit 0 and some
  output. Exit 0 also means an empty stderr; another status an empty stdout
  and one "zuc: " line on stderr.
- zucbench list, help and --help, and compare run for real: exit 0 and some
  output. compare's files, where absent, are made first: one by a short
  `speed` run, the other a copy of it (the same figures: no regression).
  Any other zucbench command would run a suite: it gets " --no-such-option"
  appended and must exit 2 naming that option, which proves that every
  argument before it was accepted (zucbench checks its arguments left to
  right, values and algorithm names included, and runs nothing until all
  are read; the self-checks below show a wrong value failing this check).
- imix_batch runs for real (well under a second): exit 0 and its line.
A command that names a libzuc path that cannot run here (`zucbench list`
says it is absent, or lib/ defines it but this build lacks it) is skipped,
as is one whose $VARIABLES its block does not set (a loop), and every
command of a block marked <!-- doc-commands: skip --> on the line before its
fence; each skip is printed with its reason. Lines of other programs (make,
cmake, ssh, ...) are listed as not checked.
Each check is named "FILE:LINE command". Last line: "doc_commands: N passed,
N failed"; exit status 1 on any failure.
"""
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
from clitest import check, summary  # noqa: E402

BINDIR = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else ""
ROOT = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else ""
PROGRAMS = ("zuc", "zucbench", "imix_batch")
SKIP_MARK = "<!-- doc-commands: skip -->"
PROBE = "--no-such-option"
ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")
tally = {"ran": 0, "parse-checked": 0, "skipped": 0}
not_ours = []


def shell_states(text):
    """The quoting of each character of a shell line: "n" (unquoted), "s"
    (inside '...'), "d" (inside "..."), "e" (escaped by a backslash)."""
    states, state, escaped = [], "n", False
    for ch in text:
        if escaped:
            states.append("e")
            escaped = False
        elif state == "s":
            states.append("s")
            state = "n" if ch == "'" else "s"
        elif ch == "\\":
            states.append(state)
            escaped = True
        elif state == "d":
            states.append("d")
            state = "n" if ch == '"' else "d"
        else:
            states.append("n")
            state = {"'": "s", '"': "d"}.get(ch, "n")
    return states


def strip_comment(text):
    """The line without its trailing # comment."""
    states = shell_states(text)
    for i, ch in enumerate(text):
        if ch == "#" and states[i] == "n" and (i == 0 or text[i - 1] in " \t"):
            return text[:i].rstrip()
    return text.rstrip()


def variables(text):
    """The $NAME and ${NAME} that the shell expands in text."""
    states = shell_states(text)
    return [m.group(1) for m in re.finditer(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)", text)
            if states[m.start()] in "nd"]


def has_operator(text):
    """Whether text holds an unquoted | ; & < > (more than one command, a redirection)."""
    return any(ch in "|;&<>" and s == "n" for ch, s in zip(text, shell_states(text), strict=True))


def sh_blocks(path):
    """The ```sh blocks of a Markdown file: (marked skip, the fence's line number,
    [(line number, text)])."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    blocks, block, previous = [], None, ""
    for number, line in enumerate(lines, 1):
        if block is None:
            if line.strip() == "```sh":
                block = (previous.strip() == SKIP_MARK, number, [])
            elif line.strip():
                previous = line
        elif line.strip().startswith("```"):
            blocks.append(block)
            block, previous = None, line
        else:
            block[2].append((number, line))
    return blocks


def program_of(words):
    """The build/tools program that words (a command split) runs, or None."""
    i = 0
    while i < len(words) and ASSIGNMENT.match(words[i]):
        i += 1
    if i < len(words) and words[i] in (f"build/tools/{p}" for p in PROGRAMS):
        return words[i].split("/")[-1], words[i + 1:]
    return None, []


def commands(lines):
    """The logical lines of a block: dicts with line, text (continuations
    joined), comment (the comment line right above, or ""), prelude (the
    prelude lines above it)."""
    out, prelude, comment, pending = [], [], "", None
    for number, line in lines:
        if pending is None:
            pending = {"line": number, "text": line.strip(), "comment": comment,
                       "prelude": list(prelude)}
        else:
            pending["text"] += " " + line.strip()
        if pending["text"].endswith("\\"):
            pending["text"] = pending["text"][:-1].rstrip()
            continue
        cmd, pending = pending, None
        text = cmd["text"]
        if text.startswith("#"):
            comment = text
            continue
        comment = ""
        if not text:
            continue
        try:
            words = shlex.split(strip_comment(text))
        except ValueError:
            words = []
        if (len(words) == 1 and ASSIGNMENT.match(words[0])) or words[:1] == ["mkdir"]:
            prelude.append(strip_comment(text))
        else:
            out.append(cmd)
    return out


def shell(prelude, text, cwd, timeout):
    """Runs the prelude and text through sh -c in cwd, build/tools/ being BINDIR.
    Returns (exit status, stdout, stderr)."""
    real = re.sub(r"(?<![\w./-])build/tools/(?=(?:%s)\b)" % "|".join(PROGRAMS),
                  shlex.quote(BINDIR) + "/", text)
    script = "\n".join([*prelude, real])
    try:
        p = subprocess.run(["sh", "-c", script], cwd=cwd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", f"timed out after {timeout} s"
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def zuc_expectation(comment):
    """What the comment above a zuc command says it does: (status, stdout or None
    for "some output", stderr or None for "empty if status 0, else one zuc:
    line"), or a string saying why the comment cannot be read."""
    text = re.sub(r"\([^()]*\)", "", comment.lstrip("#").strip())
    stderr = None
    for quoted in re.findall(r'"([^"]*)"', text):
        if quoted.startswith("zuc: "):
            if stderr is not None:
                return f"two stderr lines in {comment!r}"
            stderr = quoted + "\n"
    text = re.sub(r'"[^"]*"', "", text)
    statuses = set(re.findall(r"\bexit (\d+)\b", text))
    if len(statuses) > 1:
        return f"two exit statuses in {comment!r}"
    status = int(statuses.pop()) if statuses else 0
    stdout = "" if "prints nothing" in text or status != 0 else None
    hex_result = re.search(r":\s*([0-9a-f]+)\s*$", text)
    if hex_result and len(hex_result.group(1)) % 2 == 0:
        if stdout == "":
            return f"both output and no output in {comment!r}"
        stdout = hex_result.group(1) + "\n"
    return status, stdout, stderr


def judge_zuc(result, expected):
    """(ok, detail): run()'s result against zuc_expectation()'s."""
    if isinstance(expected, str):
        return False, expected
    rc, out, err = result
    status, stdout, stderr = expected
    ok = rc == status and (out == stdout if stdout is not None else out.strip() != "")
    if stderr is not None:
        ok = ok and err == stderr
    elif status == 0:
        ok = ok and err == ""
    else:
        ok = ok and err.startswith("zuc: ") and err.count("\n") == 1 and err.endswith("\n")
    return ok, f"rc={rc} stdout={out[:120]!r} stderr={err[:200]!r}; wanted rc={status} " \
               f"stdout={'some' if stdout is None else repr(stdout)}" \
               f"{'' if stderr is None else ' stderr=' + repr(stderr)}"


def judge_probe(result):
    """(ok, detail): a command with " --no-such-option" appended must stop at it."""
    rc, out, err = result
    ok = rc == 2 and out == "" and err.count("\n") == 1 and PROBE in err
    return ok, f"rc={rc} stdout={out[:120]!r} stderr={err[:300]!r}; wanted rc=2 and " \
               f"one stderr line about {PROBE} (an argument before it was refused)"


def judge_ran(result, wanted=""):
    rc, out, err = result
    ok = rc == 0 and out.strip() != "" and out.startswith(wanted)
    return ok, f"rc={rc} stdout={out[:120]!r} stderr={err[-300:]!r}"


_paths = {}


def path_not_here(impl):
    """Why the libzuc path impl cannot run here, or None if it can (or is no
    path at all: then the command fails as it should). A path `zucbench list`
    says is absent does not run on this CPU; one it does not name but that
    ROOT/lib defines is built for another CPU family or build option."""
    if not _paths:
        p = subprocess.run([os.path.join(BINDIR, "zucbench"), "list"], capture_output=True,
                           text=True, timeout=60)
        rows = [f for f in (line.split() for line in p.stdout.splitlines())
                if len(f) > 3 and f[1] == "libzuc"]
        _paths["listed"] = {f[2] for f in rows}
        _paths["absent"] = {f[2] for f in rows if f[3] == "absent:"}
        _paths["defined"] = set()
        for source in glob.glob(os.path.join(ROOT, "lib", "**", "*.c"), recursive=True):
            with open(source, encoding="utf-8", errors="replace") as f:
                _paths["defined"] |= set(re.findall(
                    r'(?:#define IMPL_NAME|\.name =) "([a-z0-9-]+)"', f.read()))
    if impl in _paths["absent"]:
        return "does not run on this CPU (zucbench list)"
    if impl in _paths["defined"] - _paths["listed"]:
        return "is not built into this libzuc (another CPU family, or a build option)"
    return None


def skip(name, why):
    tally["skipped"] += 1
    print(f"skipped {name}: {why}")


def results_files(paths, cwd):
    """Makes the results files that compare reads, where absent: the first by a
    short speed run, the others as copies of it (the same measurements, so no
    regression: compare exits 0). True if they are there."""
    made = None
    for path in paths:
        target = os.path.join(cwd, path)
        if os.path.exists(target):
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if made:
            shutil.copyfile(made, target)
            continue
        p = subprocess.run([os.path.join(BINDIR, "zucbench"), "speed", "128-eea3", "--sizes",
                            "16", "--repeats", "1", "--impl", "scalar", "--json", target],
                           capture_output=True, timeout=60)
        if not check(f"a results file {path} for compare", p.returncode == 0 and
                     os.path.exists(target), p.stderr.decode("utf-8", "replace")[-300:]):
            return False
        made = target
    return True


def check_command(name, cmd, cwd):
    """Checks one command (a dict of commands()); counts it as run, parse-checked or skipped."""
    text = strip_comment(cmd["text"])
    try:
        program, args = program_of(shlex.split(text))
    except ValueError as e:
        check(name, False, f"cannot split it as the shell does: {e}")
        return
    defined = {line.split("=", 1)[0] for line in cmd["prelude"] if ASSIGNMENT.match(line)}
    unset = sorted(set(variables(text)) - defined)
    if unset:
        skip(name, "it uses " + ", ".join("$" + v for v in unset) +
             ", which its block does not set (a loop variable, or a value for the reader to give)")
        return
    impl = args[args.index("--impl") + 1] if "--impl" in args[:-1] else None
    if program == "imix_batch" and len(args) > 1:
        impl = args[1]
    why = path_not_here(impl)
    if why:
        skip(name, f"libzuc's {impl} path {why}")
        return
    if program == "zuc":
        tally["ran"] += 1
        ok, detail = judge_zuc(shell(cmd["prelude"], text, cwd, 30),
                               zuc_expectation(cmd["comment"]))
    elif program == "imix_batch":
        tally["ran"] += 1
        ok, detail = judge_ran(shell(cmd["prelude"], text, cwd, 60),
                               f"{impl}, " if impl and impl != "auto" else "")
    elif args and (args[0] in ("list", "help", "--help", "-h") or "--help" in args or
                   args[1:2] == ["-h"]):
        tally["ran"] += 1
        ok, detail = judge_ran(shell(cmd["prelude"], text, cwd, 60))
    elif args and args[0] == "compare":
        tally["ran"] += 1
        files = [a for i, a in enumerate(args[1:], 1)
                 if not a.startswith("-") and args[i - 1] not in ("--threshold", "--alpha")]
        if not results_files(files, cwd):
            return
        ok, detail = judge_ran(shell(cmd["prelude"], text, cwd, 60), "old: ")
    else:
        tally["parse-checked"] += 1
        if has_operator(text):
            check(name, False, "a pipeline, list or redirection: cannot append " + PROBE)
            return
        ok, detail = judge_probe(shell(cmd["prelude"], f"{text} {PROBE}", cwd, 30))
    check(name, ok, detail)


def self_checks():
    """The checks fail where they should: a wrong value, a wrong name, a wrong result."""
    with tempfile.TemporaryDirectory() as cwd:
        bench = "build/tools/zucbench speed 128-eea3"
        for wrong in ("--sizes 0", "--repeats 2", "--impl no-such-path", "no-such-algorithm"):
            ok, _ = judge_probe(shell([], f"{bench} {wrong} {PROBE}", cwd, 30))
            check(f"self-check: `zucbench speed 128-eea3 {wrong}` fails the parse check", not ok)
        ok, _ = judge_probe(shell([], f"{bench} --sizes 16 {PROBE}", cwd, 30))
        check("self-check: `zucbench speed 128-eea3 --sizes 16` passes the parse check", ok)
        zero = "0" * 32
        run = shell([], f"build/tools/zuc keystream --key {zero} --iv {zero} --words 2", cwd, 30)
        right, wrong = "# ZUC-128: 27bede74018082da", "# ZUC-128: 27bede74018082db"
        check("self-check: the right keystream passes",
              judge_zuc(run, zuc_expectation(right))[0])
        check("self-check: a wrong keystream fails", not judge_zuc(run, zuc_expectation(wrong))[0])
        check("self-check: a wrong exit status fails",
              not judge_zuc(run, zuc_expectation("# ZUC-128, exit 1"))[0])
        check("self-check: two exit statuses are not read",
              isinstance(zuc_expectation("# exit 0 or exit 1"), str))


def main():
    if not os.path.isdir(BINDIR) or not os.path.isfile(os.path.join(ROOT, "README.md")):
        print("usage: doc_commands.py BINDIR ROOT (BINDIR holding zuc, zucbench, imix_batch; "
              "ROOT holding README.md and docs/)")
        return 2
    self_checks()
    docs = [os.path.join(ROOT, "README.md"), *sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))]
    for doc in docs:
        rel = os.path.relpath(doc, ROOT)
        for marked, fence, lines in sh_blocks(doc):
            with tempfile.TemporaryDirectory() as cwd:
                for cmd in commands(lines):
                    name = f"{rel}:{cmd['line']} {cmd['text']}"
                    name = name if len(name) <= 110 else name[:107] + "..."
                    try:
                        program, _ = program_of(shlex.split(strip_comment(cmd["text"])))
                    except ValueError:
                        program = "?"
                    if program is None:
                        not_ours.append(f"{rel}:{cmd['line']}")
                    elif marked:
                        skip(name, f"its block ({rel}:{fence}) is marked {SKIP_MARK}")
                    else:
                        check_command(name, cmd, cwd)
    print(f"{sum(tally.values())} commands: {tally['ran']} ran, {tally['parse-checked']} "
          f"parse-checked (zucbench stopped at {PROBE}), {tally['skipped']} skipped")
    print(f"{len(not_ours)} lines run other programs (make, cmake, ssh, ...), not checked: "
          + " ".join(not_ours))
    return summary("doc_commands")


if __name__ == "__main__":
    sys.exit(main())
