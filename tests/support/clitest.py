# SPDX-License-Identifier: Apache-2.0
"""clitest.py - what the two command-line test scripts share (cli_test.py for
the zuc tool, zucbench_test.py for zucbench): counted checks, running the
program (through $ZUC_EMULATOR when it is cross-built), the error contract,
small file helpers, and the checks of an output file on every kind of
existing target.
"""
import os
import shlex
import stat
import subprocess
import threading
import time

# A cross-built program runs under an emulator: ZUC_EMULATOR="qemu-arm -L /usr/..."
EMULATOR = shlex.split(os.environ.get("ZUC_EMULATOR", ""))
counts = {"passed": 0, "failed": 0}


def check(name, ok, detail=""):
    """Counts one check; a failed one prints "FAIL name: detail"."""
    if ok:
        counts["passed"] += 1
    else:
        counts["failed"] += 1
        print(f"FAIL {name}{': ' + detail if detail else ''}")
    return ok


def summary(label):
    """Prints the last line, "LABEL: N passed, N failed"; returns the exit status."""
    print(f"{label}: {counts['passed']} passed, {counts['failed']} failed")
    return 1 if counts["failed"] else 0


def run(program, *args, stdin=None, cwd=None, timeout=120, env=None):
    """Runs program with args (each str()-ed); env is added to the environment.
    Returns (exit status, stdout, stderr), the outputs as text."""
    p = subprocess.run([*EMULATOR, program, *map(str, args)], input=stdin, capture_output=True,
                       timeout=timeout, cwd=cwd, env=None if env is None else {**os.environ, **env})
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def expect_error(name, result, prefix, needle=""):
    """Bad input: exit status 2, nothing on stdout, one stderr line starting with
    prefix ("zuc: ") and containing needle. result is run()'s; returns the line."""
    rc, out, err = result
    lines = err.splitlines()
    ok = (rc == 2 and out == "" and len(lines) == 1 and err.endswith("\n")
          and lines[0].startswith(prefix) and needle in lines[0])
    check(name, ok, f"rc={rc} stdout={out[:80]!r} stderr={err[:300]!r} wanted {needle!r}")
    return lines[0] if lines else ""


def write_bytes(path, data):
    with open(path, "wb") as f:
        f.write(data)


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def read_text(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def wait_until(condition, seconds):
    """Polls condition() until it is true (True) or seconds have passed (False)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return False


def read_fifo_in_background(path):
    """Opens the FIFO for reading in a thread (a writer's open waits for it); .join() then .data."""
    reader = threading.Thread(target=lambda: setattr(reader, "data", read_bytes(path)), daemon=True)
    reader.data = None
    reader.start()
    return reader


def temporary_files(folder):
    """What an output file's writer may have left in folder: common/outfile.c's
    temporary files, and the F.tmp.PID of older versions."""
    return [n for n in os.listdir(folder) if n.startswith(".zuc-tmp-") or ".tmp." in n]


def check_output_targets(work, write, is_output):
    """An output file never replaces what it should not, on each kind of existing
    target made in the empty folder work. write(path) runs the program with its
    output going to path and returns run()'s result; is_output(data) says
    whether the bytes data are the output that call wrote."""
    private = os.path.join(work, "private.out")
    write_bytes(private, b"secret old content")
    os.chmod(private, 0o600)
    rc, _, err = write(private)
    check("a 0600 file keeps mode 0600", rc == 0 and
          stat.S_IMODE(os.stat(private).st_mode) == 0o600 and is_output(read_bytes(private)),
          f"rc={rc} mode={oct(os.stat(private).st_mode)} {err[-200:]!r}")

    first, second = os.path.join(work, "linked-a.out"), os.path.join(work, "linked-b.out")
    write_bytes(first, b"shared old content")
    os.link(first, second)
    rc, _, err = write(first)
    a, b = os.stat(first), os.stat(second)
    check("a hard link stays linked and sees the new content",
          rc == 0 and a.st_ino == b.st_ino and a.st_nlink == 2 and is_output(read_bytes(second)),
          f"rc={rc} nlink={a.st_nlink} {err[-200:]!r}")

    real, link = os.path.join(work, "real.out"), os.path.join(work, "link.out")
    write_bytes(real, b"old")
    os.symlink("real.out", link)
    rc, _, err = write(link)
    check("a symbolic link stays a link to the updated file",
          rc == 0 and os.path.islink(link) and os.readlink(link) == "real.out" and
          is_output(read_bytes(real)), f"rc={rc} {err[-200:]!r}")

    fifo = os.path.join(work, "fifo")
    os.mkfifo(fifo)
    reader = read_fifo_in_background(fifo)
    rc, _, err = write(fifo)
    reader.join(30)
    check("a FIFO is written in place and stays a FIFO",
          rc == 0 and stat.S_ISFIFO(os.lstat(fifo).st_mode) and reader.data is not None and
          is_output(reader.data), f"rc={rc} {reader.data!r:.200} {err[-200:]!r}")

    null_link = os.path.join(work, "null")
    os.symlink("/dev/null", null_link)
    rc, _, err = write(null_link)
    check("a link to /dev/null: written through, /dev/null stays a device",
          rc == 0 and os.path.islink(null_link) and stat.S_ISCHR(os.stat("/dev/null").st_mode),
          f"rc={rc} {err[-200:]!r}")

    leftovers = temporary_files(work)
    check("no temporary file left", not leftovers, str(leftovers))
