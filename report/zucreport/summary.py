# SPDX-License-Identifier: Apache-2.0
"""The answer first: libzuc against each peer's best API, per algorithm and size, one message
per call (latency) apart from many per call (throughput).

libzuc's figure is the path a user gets: one message per call, its default one-message path
(constant time: ct-avx512, ct-gfni, ct-aesni, ct-neon or ct; the results'
libzuc_default_impl); many per call, its fastest constant-time path (the lane paths, its
many-message defaults). The table
paths (scalar-v3, scalar, ref) look up S-boxes in tables indexed by secret data and run only
when chosen (docs/security.md): where one is faster, it is a column of its own, labelled as
not constant time, never the figure the ratios are taken from."""

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from . import units
from .measures import Ratio, mbps, time_ratio
from .results import Row
from .select import (
    NOT_CONSTANT_TIME,
    OURS,
    TABLE_PATH_FAMILIES,
    default_path,
    grouped,
    in_order,
    is_table_path,
    libzuc_choice,
    per_call,
    pick,
)
from .tables import Table, TableRow

# The ZUC family in the order a reader looks for it; other zuc-* algorithms follow.
SUMMARY_ALGORITHMS = ("128-eea3", "128-eia3", "zuc-256", "zuc-nea6", "zuc-nia6-32",
                      "zuc-nia6-64", "zuc-nia6-128", "zuc-nca6")
SUMMARY_SIZES = (40, 576, 1500)
# A message this long or longer is the summary's "long" column.
LONG_FROM = 4096
# libzuc itself behind OpenSSL's interface: not a peer.
NOT_PEERS = ("libzuc", "document", "openssl-zucprov")
# The CPU features the ZUC paths and the peers choose their code by.
FLAGS_THAT_MATTER = ("sse4_1", "ssse3", "aes", "pclmulqdq", "avx", "avx2", "bmi2", "avx512f",
                     "avx512bw", "avx512vl", "gfni", "vaes", "vpclmulqdq", "sha_ni", "neon",
                     "asimd", "pmull", "sm4")
TABLES_COLUMN = f"libzuc table path Gbps ({NOT_CONSTANT_TIME})"
PATH_COLUMN = "libzuc path (constant time unless marked)"
LATENCY = "one message per call (latency)"
THROUGHPUT = "many messages per call (throughput)"
RATIO_SIGN = "\u00d7"


def is_latency(row: Row) -> bool:
    return per_call(row) == 1


def path_text(row: Row, latency: bool) -> str:
    """"ct-aesni, default" (constant time, as the column says unless marked); "scalar-v3,
    default, table lookups, not constant time" (a library built with -DZUC_TABLES_DEFAULT=ON,
    or before the ct paths)."""
    parts = [row.implementation]
    if latency and row.implementation == default_path(row):
        parts.append("default")
    if is_table_path(row):
        parts.append(NOT_CONSTANT_TIME)
    return ", ".join(parts)


def kind_text(row: Row) -> str:
    return NOT_CONSTANT_TIME if is_table_path(row) else "constant time"


def ratio_text(ratio: Ratio) -> str:
    mark = "" if ratio.paired else " \u2020"
    return f"{ratio.median:.2f}{RATIO_SIGN} ({ratio.q1:.2f}-{ratio.q3:.2f}){mark}"


def gbps_of(row: Row) -> tuple[float, float, float] | None:
    """Gbit/s at the median and at the quartiles (the slower quartile first)."""
    rate = mbps(row)
    if rate is None or row.median <= 0:
        return None
    gbps = rate / 1000
    return gbps, gbps * row.median / row.q3, gbps * row.median / max(row.q1, 1e-12)


def gbps_text(row: Row | None) -> str:
    figures = gbps_of(row) if row is not None else None
    if figures is None:
        return units.MISSING
    return units.with_spread(*figures, units.gbps)


def _summary_rows(rows: Iterable[Row]) -> list[Row]:
    """Timed messages of the ZUC algorithms, ours and the peers', in ticks per byte; speed's
    where it has the algorithm, else estream's and mac's."""
    chosen = [r for r in rows if not r.is_document and r.unit == "ticks/byte"
              and r.configuration in ("message", "mac") and r.algorithm in SUMMARY_ALGORITHMS
              and int(r.optional.get("threads", 1)) == 1]
    from_speed = {r.algorithm for r in chosen if r.suite == "speed"}
    return [r for r in chosen if r.suite == "speed" or r.algorithm not in from_speed]


def summary_sizes(rows: Iterable[Row]) -> list[int]:
    sizes = {r.size_bytes for r in rows}
    long = [s for s in sizes if s >= LONG_FROM]
    return [s for s in SUMMARY_SIZES if s in sizes] + ([max(long)] if long else [])


def size_name(size: int) -> str:
    return f"{units.size_label(size)} B" + (" (long)" if size >= LONG_FROM else "")


@dataclass
class Match:
    """One algorithm at one size in one mode: libzuc's row (its default one-message path, or
    its fastest constant-time path for many), each peer's best, and libzuc's fastest table
    path where it is faster than that row (not constant time: never the ratios' figure)."""
    algorithm: str
    size: int
    ours: Row | None
    peers: dict[str, Row]
    tables: Row | None = None


def _fastest(rows: list[Row]) -> Row | None:
    return min(rows, key=lambda r: r.median) if rows else None


def _median(row: Row) -> float:
    return row.median


def _peer_best(candidates: list[Row], ours: Row | None) -> Row | None:
    """A peer's fastest API, from the same run as our row where that run has it (so that
    the ratio pairs the repeats of one cell)."""
    same_run = [r for r in candidates if ours is not None and r.context is ours.context]
    return _fastest(same_run or candidates)


def matches(rows: Iterable[Row], latency: bool) -> list[Match]:
    chosen = [r for r in _summary_rows(rows) if is_latency(r) == latency]
    found = []
    algorithms = [a for a in SUMMARY_ALGORITHMS if any(r.algorithm == a for r in chosen)]
    for algorithm in algorithms:
        of_algorithm = pick(chosen, algorithm=algorithm)
        for size in summary_sizes(of_algorithm):
            cell = pick(of_algorithm, size_bytes=size)
            # one message per call, its default path; many, its fastest constant-time
            # path; and its fastest table path where that is faster
            ours, tables = libzuc_choice(pick(cell, backend=OURS), lambda r: r, _median,
                                         latency)
            peers = {}
            for backend, group in grouped([r for r in cell if r.backend not in NOT_PEERS],
                                          lambda r: r.backend).items():
                peers[backend] = _peer_best(group, ours)
            if ours is not None or peers:
                found.append(Match(algorithm, size, ours, peers, tables))
    return found


def _peer_cell(match: Match, backend: str) -> list[str]:
    peer = match.peers.get(backend)
    if peer is None:
        return ["-", "-"]
    speed = f"{gbps_text(peer)} [{peer.implementation}]"
    if match.ours is None:
        return [speed, units.MISSING]
    return [speed, ratio_text(time_ratio(peer, match.ours))]


def summary_table(rows: list[Row], latency: bool) -> Table | None:
    found = matches(rows, latency)
    if not found:
        return None
    peers = in_order(b for m in found for b in m.peers)
    tables = any(m.tables for m in found)
    mode = LATENCY if latency else THROUGHPUT
    columns = ["algorithm", "size", PATH_COLUMN, "libzuc Gbps"]
    for backend in peers:
        columns += [f"{backend} Gbps [API]", f"{RATIO_SIGN} vs {backend}"]
    if tables:
        columns.append(TABLES_COLUMN)
    columns.append("repeats")
    table = Table(f"Summary, {mode}", columns)
    for match in found:
        cells = [size_name(match.size),
                 path_text(match.ours, latency) if match.ours else "not measured",
                 gbps_text(match.ours)]
        for backend in peers:
            cells += _peer_cell(match, backend)
        if tables:
            cells.append(f"{gbps_text(match.tables)} [{match.tables.implementation}]"
                         if match.tables else units.NOT_APPLICABLE)
        counts = {r.repeats for r in [match.ours, *match.peers.values(), match.tables]
                  if r is not None}
        cells.append("/".join(str(c) for c in sorted(counts)))
        table.rows.append(TableRow(match.algorithm, cells))
    calls = sorted({per_call(r) for m in found for r in [m.ours, *m.peers.values()] if r})
    table.notes = [
        f"Messages per call: {', '.join(map(str, calls))}. "
        + ("Every contender takes one message per call, as a packet is handled when it "
           "arrives: the time one packet waits." if latency else
           "libzuc's many-message calls and the peers' N-buffer or N-jobs APIs, as a batch "
           "of packets is handled: the most packets a core gets through."),
        f"Gbps: 10^9 bits a second, the median (the quartiles' speeds). {RATIO_SIGN} vs "
        f"peer: the peer's time over libzuc's, above 1 when libzuc is faster; the median of "
        f"the per-repeat ratios (first-third quartile) of one interleaved cell; \u2020: the "
        f"two came from different runs, so the ratio is of their medians and the range the "
        f"widest their quartiles allow.",
        ("libzuc path: its default one-message path on this CPU, what zuc_eea3 and the "
         "other one-message calls run (constant time unless the row says otherwise); "
         if latency else
         "libzuc path: its fastest constant-time path on this CPU at that size (the lane "
         "paths, its defaults for many messages); ")
        + "the ratios are this path's. A peer's [API]: its fastest here. Messages with a "
        "fresh key and IV each, setup included. n/a: no samples; -: the peer has no such API.",
    ]
    if tables:
        table.notes.append(
            f"{TABLES_COLUMN}: libzuc's fastest table path (scalar-v3, scalar), faster here "
            f"but not constant time: its S-box lookups index tables with secret data, so its "
            f"timing can leak the key through the cache. It runs only when chosen "
            f"(zuc_force_impl, ZUC_IMPL; docs/security.md); -: the shown path is as fast.")
    if latency and not any(m.ours for m in found):
        table.notes.append("libzuc was not run one message per call: run zucbench speed "
                           "with --lanes 1.")
    return table


def summary_tables(rows: list[Row]) -> list[Table]:
    return [t for t in (summary_table(rows, True), summary_table(rows, False)) if t]


def flags_that_matter(context: Mapping[str, Any]) -> str:
    flags = str(context.get("cpu_flags", "")).split()
    kept = [f for f in FLAGS_THAT_MATTER if f in flags]
    return " ".join(kept) if kept else "none of " + ", ".join(FLAGS_THAT_MATTER[:6])


def cpu_text(context: Mapping[str, Any]) -> str:
    """"AMD EPYC, family 25 model 1, 2 cores"."""
    parts = [str(context.get("cpu_model") or "unknown CPU").strip()]
    family, model = context.get("cpu_family"), context.get("cpu_model_number")
    if family is not None and model is not None:
        parts.append(f"family {family} model {model}")
    if context.get("cores"):
        parts.append(f"{context['cores']} cores")
    return ", ".join(parts)


VERSION_FIELDS = (("compiler", "compiler"), ("ipsec_mb_version", "ipsec-mb"),
                  ("gmssl_version", ""), ("openssl_version", ""), ("sodium_version",
                  "libsodium"), ("cryptopp_version", "Crypto++"))


def versions_text(contexts: list[Mapping[str, Any]]) -> str:
    """The libraries and their versions as the results' context names them: libzuc's first
    (newer files), the peers' ("libraries", newer files), ipsec-mb's with its code path,
    GmSSL's, the compiler."""
    seen = [f"libzuc {c['libzuc_version']}".strip() for c in contexts
            if str(c.get("libzuc_version") or "").strip()]
    for context in contexts:
        seen += [p.strip() for p in str(context.get("libraries") or "").split(";") if p.strip()
                 and "ipsec-mb" not in p]
        for key, name in VERSION_FIELDS:
            value = str(context.get(key) or "").strip()
            if value:
                text = f"{name} {value}".strip()
                if key == "ipsec_mb_version" and context.get("ipsec_mb_arch"):
                    text += f" ({context['ipsec_mb_arch']})"
                seen.append(text)
    return ", ".join(in_order(seen)) or "not recorded"


def facts(rows: list[Row]) -> list[tuple[str, str]]:
    """What the summary stands on: the machine, the date, the libraries, the repeats."""
    chosen = _summary_rows(rows)
    contexts = in_order_contexts(chosen or [r for r in rows if not r.is_document])
    if not contexts:
        return []
    first = contexts[0]
    dates = sorted(str(c.get("date", "")) for c in contexts if c.get("date"))
    repeats = sorted({r.repeats for r in chosen})
    units_seen = in_order(units.tick_unit_name(c) for c in contexts)
    return [
        ("CPU", cpu_text(first)),
        ("flags that matter", flags_that_matter(first)),
        ("date (UTC)", "not recorded" if not dates else dates[0]
         if dates[0] == dates[-1] else f"{dates[0]} to {dates[-1]}"),
        ("libraries", versions_text(contexts)),
        ("libzuc default path", _default_text(first)),
        ("timer", f"{', '.join(units_seen)} at {first.get('tick_ghz', 0):.3f} GHz"),
        ("repeats per cell", ", ".join(map(str, repeats)) or "n/a"),
    ]


def _default_text(context: Mapping[str, Any]) -> str:
    """"ct-aesni (one message per call; constant time)"."""
    name = str(context.get("libzuc_default_impl") or "")
    if not name:
        return "not recorded"
    kind = NOT_CONSTANT_TIME if name.split("-")[0] in TABLE_PATH_FAMILIES else "constant time"
    return f"{name} (one message per call; {kind})"


def in_order_contexts(rows: Iterable[Row]) -> list[Mapping[str, Any]]:
    seen: dict[int, Mapping[str, Any]] = {}
    for row in rows:
        seen.setdefault(id(row.context), row.context)
    return list(seen.values())


def headline_sentences(rows: list[Row]) -> list[str]:
    """One sentence per mode at 1500 B: how libzuc's path (one message per call, its
    default) compares with each peer's best, for 128-EEA3 and 128-EIA3."""
    sentences = []
    for latency in (True, False):
        parts = []
        for match in matches(rows, latency):
            if match.ours is None or match.algorithm not in ("128-eea3", "128-eia3"):
                continue
            if match.size != 1500:
                continue
            for backend, peer in match.peers.items():
                ratio = time_ratio(peer, match.ours)
                verdict = "faster than" if ratio.median >= 1 else "slower than"
                factor = ratio.median if ratio.median >= 1 else 1 / ratio.median
                parts.append(f"{match.algorithm} {factor:.2f}{RATIO_SIGN} {verdict} "
                             f"{backend}")
        if parts:
            mode = LATENCY if latency else THROUGHPUT
            path = "default path" if latency else "fastest constant-time path"
            paths = in_order(f"{m.ours.implementation}, {kind_text(m.ours)}"
                             for m in matches(rows, latency)
                             if m.ours is not None and m.size == 1500
                             and m.algorithm in ("128-eea3", "128-eia3"))
            sentences.append(f"At 1500 B, {mode}, libzuc's {path} ({'; '.join(paths)}) is "
                             f"{'; '.join(parts)}.")
    return sentences
