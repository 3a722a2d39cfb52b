# SPDX-License-Identifier: Apache-2.0
"""python -m zuc.bench: what the Python layer costs beside libzuc in C.

For 128-EEA3, ZUC-NIA6 (16-byte tag) and ZUC-NCA6 (16 bytes of associated
data, 16-byte tag), as zucbench's speed suite has them:
  - a batch call (eea3_many, nia6_many, nca6_encrypt_many) over 1,000
    messages of 1,500 bytes, each with its own key and COUNT, in ns per byte
    (and its _into form, writing into buffers reused from run to run),
    beside `zucbench speed ALG --sizes 1500 --lanes 64` (zuc_*_n in C, same
    libzuc path);
  - one call on 40 bytes (eea3, nia6, nca6_encrypt), in ns per call, beside
    `zucbench speed ALG --sizes 40 --lanes 1 --impl PATH` (one message per
    C call, on the one-message path).
Each Python figure is the median of --repeats timed runs (perf_counter_ns).
With --rounds N, zucbench and the Python runs take turns N times and each
figure is the lowest of its N medians (on a busy machine, the round least
disturbed). The ratio is Python / C; the targets (a batch within 1.15x of C per byte, a
call at most 250 ns above C) are printed beside them, and --check exits 1
when one is missed. Without zucbench (--zucbench PATH, $ZUCBENCH, or
build/tools/zucbench) only the Python figures are printed.
"""
import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time

import zuc

BATCH_RATIO_TARGET = 1.15
CALL_NS_TARGET = 250.0
AAD = bytes(range(16))

# name, zucbench algorithm, key bytes, output bytes beyond the message, the
# batch call, its _into form (or None), one call.
WORK = [
    ("eea3", "128-eea3", 16, 0,
     lambda k, c, m: zuc.eea3_many(k, c, 5, 1, m),
     lambda k, c, m, o: zuc.eea3_many_into(k, c, 5, 1, m, o),
     lambda k, c, m: zuc.eea3(k, c, 5, 1, m)),
    ("nia6", "zuc-nia6-128", 32, 0,
     lambda k, c, m: zuc.nia6_many(k, c, 5, 1, m, 16),
     None,
     lambda k, c, m: zuc.nia6(k, c, 5, 1, m, 16)),
    ("nca6_encrypt", "zuc-nca6", 32, 16,
     lambda k, c, m: zuc.nca6_encrypt_many(k, c, 5, 1, m, AAD, 16),
     lambda k, c, m, o: zuc.nca6_encrypt_many_into(k, c, 5, 1, m, o, AAD, 16),
     lambda k, c, m: zuc.nca6_encrypt(k, c, 5, 1, m, AAD, 16)),
]


def median_ns(run, args, repeats):
    """The median time of run(*args) over repeats runs, after one untimed."""
    run(*args)
    times = []
    for _ in range(repeats):
        start = time.perf_counter_ns()
        run(*args)
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times)


def calls_of(one, calls):
    """A run of calls one-message calls on the same arguments."""
    def run(key, count, msg):
        for _ in range(calls):
            one(key, count, msg)
    return run


def python_figures(messages, size, small, calls, repeats):
    """{name: (ns per byte of the batch call, of its _into form or None, ns
    per one small call)}."""
    rng = random.Random(1)
    out = {}
    for name, _, key_bytes, extra, many, many_into, one in WORK:
        keys = [rng.randbytes(key_bytes) for _ in range(messages)]
        counts = [rng.getrandbits(32) for _ in range(messages)]
        msgs = [rng.randbytes(size) for _ in range(messages)]
        total = messages * size
        per_byte = median_ns(many, (keys, counts, msgs), repeats) / total
        into_per_byte = None
        if many_into:
            outs = [bytearray(size + extra) for _ in range(messages)]
            into_per_byte = median_ns(many_into, (keys, counts, msgs, outs), repeats) / total
        one_args = (keys[0], counts[0], msgs[0][:small])
        out[name] = (per_byte, into_per_byte,
                     median_ns(calls_of(one, calls), one_args, repeats) / calls)
    return out


def zucbench_rows(path, algorithms, size, lanes, impl, repeats):
    """{algorithm: (ns per byte, ns per message)} of libzuc in one zucbench run."""
    with tempfile.TemporaryDirectory() as tmp:
        results = os.path.join(tmp, "speed.json")
        cmd = [path, "speed", *algorithms, "--sizes", str(size), "--lanes", str(lanes),
               "--impl", impl, "--repeats", str(repeats | 1), "--json", results]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(results, encoding="utf-8") as f:
            rows = json.load(f)["results"]
    return {r["algorithm"]: (r["median_ns"], 1000 * r["median_us_per_message"]) for r in rows
            if r["backend"] == "libzuc" and r.get("configuration") == "message"
            and r["size_bytes"] == size and r["implementation"] == impl}


def c_figures(path, size, small, repeats):
    """{name: (C ns per byte of the batch, C ns per small call)}."""
    algorithms = [alg for _, alg, *_ in WORK]
    batch = zucbench_rows(path, algorithms, size, 64, zuc.impl_name_n(), repeats)
    single = zucbench_rows(path, algorithms, small, 1, zuc.impl_name(), repeats)
    return {name: (batch[alg][0], single[alg][1]) for name, alg, *_ in WORK}


def lowest(best, new):
    """Each figure of new, or of best where that is lower (None: no figure)."""
    if best is None:
        return new
    return {name: tuple(b if n is None or (b is not None and b < n) else n
                        for b, n in zip(best[name], new[name], strict=True))
            for name in new}


def find_zucbench(given):
    for path in (given, os.environ.get("ZUCBENCH"), os.path.join("build", "tools", "zucbench")):
        if path and os.access(path, os.X_OK):
            return path
    return None


def cpu_name():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m zuc.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--zucbench", help="the zucbench program (default: $ZUCBENCH, "
                        "then build/tools/zucbench)")
    parser.add_argument("--repeats", type=int, default=15, help="timed runs per figure (15)")
    parser.add_argument("--messages", type=int, default=1000, help="messages per batch (1000)")
    parser.add_argument("--size", type=int, default=1500, help="bytes per batch message (1500)")
    parser.add_argument("--small", type=int, default=40, help="bytes of the one call (40)")
    parser.add_argument("--calls", type=int, default=20000, help="one calls per run (20000)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="C and Python take turns this many times; the lowest median counts")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    for name in ("repeats", "messages", "size", "small", "calls", "rounds"):
        if getattr(args, name) < 1:
            parser.error(f"--{name}: must be at least 1")

    path = find_zucbench(args.zucbench)
    if args.zucbench and path != args.zucbench:
        parser.error(f"--zucbench: {args.zucbench} is not an executable file")
    print(f"cpu: {cpu_name()}   python {platform.python_version()}   libzuc {zuc.version()}: "
          f"one message {zuc.impl_name()}, many {zuc.impl_name_n()}")
    print(f"method: median of {args.repeats} runs, lowest of {args.rounds} round(s); batch: "
          f"{args.messages} x {args.size} B, a key and COUNT per message; one call: "
          f"{args.calls} calls on {args.small} B")
    py, c = None, None
    for _ in range(args.rounds):
        if path:
            c = lowest(c, c_figures(path, args.size, args.small, args.repeats))
        py = lowest(py, python_figures(args.messages, args.size, args.small, args.calls,
                                       args.repeats))
    if not c:
        print("C: no zucbench (--zucbench PATH, $ZUCBENCH or build/tools/zucbench): "
              "Python figures only")
    print(f"{'work':40} {'python':>8} {'C':>8} {'python/C':>9}  target")
    missed = 0
    batch = f"{args.messages} x {args.size} B, ns/B"
    for name, *_ in WORK:
        py_byte, py_into_byte, py_call = py[name]
        rows = [(f"{name}_many {batch}", py_byte, 3, 0),
                (f"{name}_many_into {batch}", py_into_byte, 3, 0),
                (f"{name} {args.small} B, ns/call", py_call, 0, 1)]
        for label, value, digits, i in rows:
            if value is None:
                continue
            if not c:
                print(f"{label:40} {value:8.{digits}f}")
                continue
            ref = c[name][i]
            if i == 0:
                ok = value <= BATCH_RATIO_TARGET * ref
                verdict = f"{value / ref:8.2f}x  <= {BATCH_RATIO_TARGET}x"
            else:
                ok = value - ref <= CALL_NS_TARGET
                verdict = f"{value - ref:+7.0f}ns  <= +{CALL_NS_TARGET:.0f} ns"
            missed += not ok
            print(f"{label:40} {value:8.{digits}f} {ref:8.{digits}f} {verdict} "
                  f"{'ok' if ok else 'MISSED'}")
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
