# SPDX-License-Identifier: Apache-2.0
"""python -m zuc.bench: what the Python layer costs beside libzuc in C.

For 128-EEA3, ZUC-NIA6 (16-byte tag) and ZUC-NCA6 (16 bytes of associated
data, 16-byte tag), as zucbench's speed suite has them:
  - a batch call (eea3_many, nia6_many, nca6_encrypt_many) over 1,000
    messages of 1,500 bytes, each with its own key and COUNT, in ns per byte
    (and its _into form, writing into buffers reused from run to run);
  - one call on 40 bytes (eea3, nia6, nca6_encrypt), in ns per call.
Beside each, "C here": libzuc's own time for exactly that work in this
process (the same buffers, keys and COUNTs; zuc_*_n once over the messages,
its jobs built once as a C loop builds them, or the one-message C call in a
C loop), timed in turns with the Python runs so that both see the same load.
Both sides make the same outputs: a batch call returns new bytes, so its C
run writes into new buffers too (malloc'd for the run, freed after it, as a
C caller that hands out new buffers does; the heap is left around that run
as each side's own loop would leave it, see _zuc's timing.c); an _into call
reuses its buffers, and so does its C run. The page faults of each
(getrusage, per call) are printed beside the times: new output memory costs
a fault per 4 KiB page wherever the allocator has just given it back to the
system, in C as in Python. The ratio (batches) and the difference (one call)
are Python against C here, with the targets beside them (a batch within
1.15x of C per byte, a call at most 250 ns above C); --check exits 1 when
one is missed. For reference, zucbench's figure for the same sizes is
printed too, where zucbench is found (--zucbench PATH, $ZUCBENCH or
build/tools/zucbench): `zucbench speed ALG --sizes 1500 --lanes 64` and
`--sizes 40 --lanes 1 --impl PATH` (its batches hold about 128 KiB, so they
stay in cache where 1,000 x 1,500 bytes do not).
Each figure is the median of --repeats runs, in the CPU time of the thread
(time.thread_time_ns; C here: CLOCK_THREAD_CPUTIME_ID), so that time spent
waiting for a CPU on a busy machine counts on neither side; with --rounds
N, the lowest of N such medians.
"""
import argparse
import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import timeit

import zuc

BATCH_RATIO_TARGET = 1.15
CALL_NS_TARGET = 250.0
AAD = bytes(range(16))

# name, zucbench algorithm, key bytes, the batch call, its _into form (or
# None), one call as a statement for timeit (f the function; k, c, m the
# key, COUNT and message; a the associated data).
WORK = [
    ("eea3", "128-eea3", 16,
     lambda k, c, m: zuc.eea3_many(k, c, 5, 1, m),
     lambda k, c, m, o: zuc.eea3_many_into(k, c, 5, 1, m, o),
     (zuc.eea3, "f(k, c, 5, 1, m)")),
    ("nia6", "zuc-nia6-128", 32,
     lambda k, c, m: zuc.nia6_many(k, c, 5, 1, m, 16),
     None,
     (zuc.nia6, "f(k, c, 5, 1, m, 16)")),
    ("nca6_encrypt", "zuc-nca6", 32,
     lambda k, c, m: zuc.nca6_encrypt_many(k, c, 5, 1, m, AAD, 16),
     lambda k, c, m, o: zuc.nca6_encrypt_many_into(k, c, 5, 1, m, o, AAD, 16),
     (zuc.nca6_encrypt, "f(k, c, 5, 1, m, a, 16)")),
]


def calls_of(one, calls, key, count, msg):
    """A run of calls one-message calls on the same arguments (timeit's loop:
    no Python function call around each)."""
    fn, statement = one
    timer = timeit.Timer(statement, timer=time.thread_time,
                         globals={"f": fn, "k": key, "c": count, "m": msg, "a": AAD})
    return lambda: timer.timeit(calls)


def faults_now():
    """The minor page faults of this thread so far."""
    return resource.getrusage(resource.RUSAGE_THREAD).ru_minflt


def run_ns(run, args):
    """The CPU time of this thread that run(*args) takes (time waiting for a
    CPU on a busy machine not counted; C here counts the same way), freeing
    its result included, and the page faults it took."""
    faults = faults_now()
    start = time.thread_time_ns()
    run(*args)
    ns = time.thread_time_ns() - start
    return ns, faults_now() - faults


def figures(messages, size, small, calls, repeats):
    """{name: (Python ns/byte of the batch call, of its _into form or None,
    ns per small call)}, and the same for C here (its runs in turn with each);
    then the page faults per call of the same runs, in the same shape."""
    rng = random.Random(1)
    py, c, py_faults, c_faults = {}, {}, {}, {}
    for name, _, key_bytes, many, many_into, one in WORK:
        c_name = name.split("_")[0]
        keys = [rng.randbytes(key_bytes) for _ in range(messages)]
        counts = [rng.getrandbits(32) for _ in range(messages)]
        msgs = [rng.randbytes(size) for _ in range(messages)]
        outs = [bytearray(size + 16) for _ in range(messages)]
        one_args = (keys[0], counts[0], msgs[0][:small])
        one_out = bytearray(small + 16)
        run_calls = calls_of(one, calls, *one_args)
        runs = {k: [] for k in ("many", "c_many", "into", "c_into", "one", "c_one")}
        c_jobs = zuc._zuc._prepare_many(c_name, keys, counts, msgs, outs)
        many(keys, counts, msgs)  # untimed first calls
        zuc._zuc._time_many(c_jobs, 1)
        # Each Python run in turn with a C run of the same work, so that both
        # see the same load; the runs that make new outputs apart from those
        # that reuse theirs.
        for _ in range(repeats):
            runs["many"].append(run_ns(many, (keys, counts, msgs)))
            runs["c_many"] += zuc._zuc._time_many(c_jobs, 1, True)
        for _ in range(repeats if many_into else 0):
            runs["into"].append(run_ns(many_into, (keys, counts, msgs, outs)))
            runs["c_into"] += zuc._zuc._time_many(c_jobs, 1)
        for _ in range(repeats):
            runs["one"].append(run_ns(run_calls, ()))
            runs["c_one"] += zuc._zuc._time_one(c_name, *one_args, one_out, calls, 1)
        per = {"many": messages * size, "into": messages * size, "one": calls}
        for side, out, out_faults in (("", py, py_faults), ("c_", c, c_faults)):
            ns, flt = [], []
            for kind in ("many", "into", "one"):
                got = runs[side + kind]
                ns.append(statistics.median(r[0] for r in got) / per[kind] if got else None)
                flt.append(statistics.median(r[1] for r in got) if got else None)
            out[name], out_faults[name] = tuple(ns), tuple(flt)
    return py, c, py_faults, c_faults


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


def zucbench_figures(path, size, small, repeats):
    """{name: (zucbench's ns per byte of the batch, the same, ns per small call)}."""
    algorithms = [alg for _, alg, *_ in WORK]
    batch = zucbench_rows(path, algorithms, size, 64, zuc.impl_name_n(), repeats)
    single = zucbench_rows(path, algorithms, small, 1, zuc.impl_name(), repeats)
    return {name: (batch[alg][0], batch[alg][0], single[alg][1]) for name, alg, *_ in WORK}


def lowest(best, new, pick=min):
    """Each figure of new, or of best where that is lower (None: no figure);
    with pick=max, where that is higher."""
    if best is None:
        return new
    return {name: tuple(b if n is None else n if b is None else pick(b, n)
                        for b, n in zip(best[name], new[name], strict=True))
            for name in new}


def find_zucbench(given):
    for path in (given, os.environ.get("ZUCBENCH"), os.path.join("build", "tools", "zucbench")):
        if path and os.access(path, os.X_OK):
            return path
    return None


def cpu_name():
    """The CPU's model name, with its family and model numbers (a VM may name
    no more than "AMD EPYC")."""
    fields = {}
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                key, _, value = line.partition(":")
                fields.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    name = fields.get("model name") or platform.processor() or platform.machine()
    if "cpu family" in fields and "model" in fields:
        name += f" (family {fields['cpu family']}, model {fields['model']})"
    return name


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
    print("C here: the _many rows' C run writes into buffers malloc'd for it and freed after "
          "it (new outputs, as the Python call makes); the _into rows' into the same reused "
          "buffers")
    py, c, zb, py_faults, c_faults = None, None, None, None, None
    for _ in range(args.rounds):
        if path:
            zb = lowest(zb, zucbench_figures(path, args.size, args.small, args.repeats))
        round_py, round_c, round_py_faults, round_c_faults = figures(
            args.messages, args.size, args.small, args.calls, args.repeats)
        py, c = lowest(py, round_py), lowest(c, round_c)
        # the faults of the round that took the most: where the time does not
        # show them, this still does
        py_faults = lowest(py_faults, round_py_faults, max)
        c_faults = lowest(c_faults, round_c_faults, max)
    if not zb:
        print("zucbench: not found (--zucbench PATH, $ZUCBENCH or build/tools/zucbench): "
              "its column is left out")
    print(f"{'work':40} {'python':>8} {'C here':>8} {'python/C':>9}  {'target':18} "
          f"{'faults/run py, C':>16} {'zucbench':>8}")
    print("(faults: median per run, the highest of the rounds)")
    missed = 0
    batch = f"{args.messages} x {args.size} B, ns/B"
    for name, *_ in WORK:
        rows = [(f"{name}_many {batch}", py[name][0], 3, 0),
                (f"{name}_many_into {batch}", py[name][1], 3, 1),
                (f"{name} {args.small} B, ns/call", py[name][2], 0, 2)]
        for label, value, digits, i in rows:
            if value is None:
                continue
            ref = c[name][i]
            if i < 2:
                ok = value <= BATCH_RATIO_TARGET * ref
                verdict = f"{value / ref:8.2f}x  <= {BATCH_RATIO_TARGET}x"
            else:
                ok = value - ref <= CALL_NS_TARGET
                verdict = f"{value - ref:+7.0f}ns  <= +{CALL_NS_TARGET:.0f} ns"
            missed += not ok
            other = f"{zb[name][i]:8.{digits}f}" if zb else ""
            faults = f"{py_faults[name][i]:.0f}, {c_faults[name][i]:.0f}"
            print(f"{label:40} {value:8.{digits}f} {ref:8.{digits}f} {verdict} "
                  f"{'ok' if ok else 'MISSED':6} {faults:>16} {other}")
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
