# SPDX-License-Identifier: Apache-2.0
"""The embedded suite: every cipher configuration of the paper's Table 1 encrypting a file
in a child process, with its latency and the process's and the system's resources."""

from dataclasses import dataclass

from . import units
from .results import Row
from .select import DOCUMENT_NOTE, contender_key, contender_label, grouped, in_order, pick
from .tables import Table, TableRow

SUITE = "embedded"
NOT_IN_TABLE1 = "*"
KB_PER_MB = 1024
TABLE2_COLUMNS = ["configuration", "key bits", "rounds", "mode", "latency ms, mean (sd)",
                  "throughput MB/s", "CPU %", "peak memory KB", "memory %", "system CPU %",
                  "system memory MB"]


@dataclass(frozen=True)
class Configuration:
    """One measured configuration, e.g. aes-128 in CBC mode."""
    label: str              # "aes-128-cbc", with the contender when several measured it,
    #                         and the setup when it was measured in several
    setup: str              # "", or "1 MiB file, 3 runs" when the rows have several setups
    family: str             # "aes", "simon"
    variant: str            # the algorithm within the family: "aes-128", "simon-64/128"
    mode: str               # "cbc", "stream", "pke"
    in_table1: bool
    latency_mean: float     # ms
    latency_sd: float | None
    row: Row

    def number(self, name: str) -> float | None:
        return self.row.optional.get(name)

    def bits(self, name: str) -> int | None:
        """key_bits, block_bits or rounds; None when absent or 0 (not applicable)."""
        value = self.number(name)
        return int(value) if value else None


def _name(row: Row) -> str:
    return row.text.get("name") or f"{row.algorithm}-{row.configuration}"


def _configuration(row: Row, label: str, setup: str) -> Configuration:
    return Configuration(
        label=label, setup=setup, family=row.text.get("family", row.algorithm),
        variant=row.algorithm, mode=row.text.get("mode", row.configuration),
        in_table1=row.flags.get("in_table1", True),
        latency_mean=row.optional.get("latency_ms_mean", row.median),
        latency_sd=row.optional.get("latency_ms_sd"), row=row)


def setup_key(row: Row) -> tuple:
    """What must match for two rows to be compared: the file, the runs, the threads."""
    return (row.size_bytes, row.repeats, row.optional.get("threads", 1))


def setup_text(row: Row) -> str:
    threads = int(row.optional.get("threads", 1))
    return (f"{units.size_text(row.size_bytes)} file, {row.repeats} runs"
            + (f", {threads} threads" if threads > 1 else ""))


def _latest(rows: list[Row]) -> list[Row]:
    """One row per name, contender and setup: a later one (another input) replaces an
    earlier one, in the earlier one's place; rows of another file size, number of runs or
    threads are kept apart."""
    latest: dict[tuple, Row] = {}
    for row in rows:
        latest[(_name(row),) + contender_key(row) + setup_key(row)] = row
    return list(latest.values())


def configurations(rows: list[Row]) -> list[Configuration]:
    """The embedded rows in order; a name several contenders measured carries theirs, and
    when the rows come from several setups, each carries its setup."""
    chosen = _latest(pick(rows, suite=SUITE))
    several_setups = len({setup_key(r) for r in chosen}) > 1
    contenders = {name: {contender_key(r) for r in group}
                  for name, group in grouped(chosen, _name).items()}
    result = []
    for row in chosen:
        setup = setup_text(row) if several_setups else ""
        label = _name(row) if len(contenders[_name(row)]) == 1 \
            else f"{_name(row)} {contender_label(row)}"
        result.append(_configuration(row, f"{label} ({setup})" if setup else label, setup))
    return result


# ---- Table 2 -------------------------------------------------------------------------

def _bits_cell(configuration: Configuration, name: str) -> str:
    value = configuration.bits(name)
    return units.NOT_APPLICABLE if value is None else str(value)


def _latency_cell(configuration: Configuration) -> str:
    return units.mean_and_sd(configuration.latency_mean, configuration.latency_sd)


def _megabytes(kilobytes: float | None) -> float | None:
    return None if kilobytes is None else kilobytes / KB_PER_MB


def table2_row(configuration: Configuration) -> TableRow:
    number = configuration.number
    label = configuration.label + ("" if configuration.in_table1 else NOT_IN_TABLE1)
    # the whole machine's figures come from samples taken while the child ran: none, none
    sampled = number("sys_samples") != 0

    def system(value: float | None) -> float | None:
        return value if sampled else None
    cells = [_bits_cell(configuration, "key_bits"), _bits_cell(configuration, "rounds"),
             configuration.mode.upper(), _latency_cell(configuration),
             units.mbs(number("throughput_mbs")), units.one_decimal(number("cpu_percent")),
             units.whole(number("peak_rss_kb")), units.ratio(number("mem_percent")),
             units.one_decimal(system(number("sys_cpu_percent"))),
             units.whole(_megabytes(system(number("sys_mem_used_kb"))))]
    return TableRow(label, cells, configuration.row.is_document)




def _file_sizes(chosen: list[Configuration]) -> str:
    return " or ".join(units.size_text(s) for s in sorted({c.row.size_bytes for c in chosen}))


def _table2_notes(chosen: list[Configuration]) -> list[str]:
    repeats = sorted({c.row.repeats for c in chosen})
    notes = [f"Latency: encrypting a file of {_file_sizes(chosen)} in a child process, mean "
             f"(standard deviation) of {' or '.join(map(str, repeats))} runs. CPU % and peak "
             f"memory: the child process; system CPU % and memory: the whole machine while "
             f"it ran (MB = {KB_PER_MB} KB).",
             f"{units.NOT_APPLICABLE}: not applicable (a stream cipher's block, a public-key "
             f"scheme's rounds); {units.MISSING}: no sample of the whole machine was taken "
             f"while the run lasted (too short for the sampler)."]
    if not all(c.in_table1 for c in chosen):
        notes.append(f"{NOT_IN_TABLE1}: not among the paper's Table 1 configurations.")
    if any(c.row.is_document for c in chosen):
        notes.append(DOCUMENT_NOTE)
    return notes


def table2(rows: list[Row]) -> Table | None:
    """The paper's Table 2: one row per configuration."""
    chosen = configurations(rows)
    if not chosen:
        return None
    table = Table("Table 2: latency and resources of every configuration", TABLE2_COLUMNS)
    table.rows = [table2_row(c) for c in chosen]
    table.notes = _table2_notes(chosen)
    return table


# ---- grouping for Figure 5 -----------------------------------------------------------

def multi_configuration_families(chosen: list[Configuration]) -> dict[str, list[Configuration]]:
    """Families with more than one configuration, in order of appearance; measured in
    several setups, a family has a panel per setup ("aes (1 MiB file, 3 runs)")."""
    def panel(c: Configuration) -> str:
        return f"{c.family} ({c.setup})" if c.setup else c.family
    return {name: group for name, group in grouped(chosen, panel).items() if len(group) > 1}


def variant_label(configuration: Configuration, by_block: bool) -> str:
    """"128" (key bits), "64/128" (block/key bits) or the algorithm's name."""
    key, block = configuration.bits("key_bits"), configuration.bits("block_bits")
    if key is None or (by_block and block is None):
        return configuration.variant
    return f"{block}/{key}" if by_block else str(key)


def variants_by_block(family: list[Configuration]) -> bool:
    """True when the family's sizes differ in block as well (Simon, Speck)."""
    return len({c.bits("block_bits") for c in family}) > 1


def family_modes(family: list[Configuration]) -> list[str]:
    return in_order(c.mode for c in family)


# ---- block size and speed (the third document's claim) --------------------------------

# The third document's finding (its abstract and conclusion).
BLOCK_CLAIM = "does a larger block encrypt faster, as the third document found?"


def throughput(configuration: Configuration) -> float:
    return configuration.number("throughput_mbs") or 0.0


def block_size_families(chosen: list[Configuration]) -> dict[str, list[Configuration]]:
    """Families with configurations of more than one block size (Simon, Speck) and a
    throughput, one per setup when there are several ("simon (1 MiB file, 3 runs)")."""
    def panel(c: Configuration) -> str:
        return f"{c.family} ({c.setup})" if c.setup else c.family
    measured = [c for c in chosen if c.bits("block_bits") and throughput(c) > 0]
    return {name: group for name, group in grouped(measured, panel).items()
            if len({c.bits("block_bits") for c in group}) > 1}


def block_sizes(family: list[Configuration]) -> list[int]:
    return sorted({c.bits("block_bits") for c in family})


def smallest_keys(family: list[Configuration], mode: str) -> dict[int, Configuration]:
    """The mode's configuration of each block size with the shortest key: block size alone
    changes along them (a longer key adds rounds)."""
    chosen: dict[int, Configuration] = {}
    for c in family:
        if c.mode != mode:
            continue
        block = c.bits("block_bits")
        if block not in chosen or (c.bits("key_bits") or 0) < (chosen[block].bits("key_bits") or 0):
            chosen[block] = c
    return chosen


def largest_over_smallest(points: dict[int, Configuration]) -> float | None:
    """Throughput at the largest block size over that at the smallest."""
    if len(points) < 2:
        return None
    blocks = sorted(points)
    return throughput(points[blocks[-1]]) / throughput(points[blocks[0]])


def block_size_table(rows: list[Row]) -> Table | None:
    """MB/s by block size for each family and mode, the smallest key of each size."""
    families = block_size_families(configurations(rows))
    if not families:
        return None
    blocks = sorted({b for family in families.values() for b in block_sizes(family)})
    table = Table("Block size and throughput (MB/s): " + BLOCK_CLAIM,
                  ["family, mode"] + [f"{b}-bit block" for b in blocks]
                  + ["largest / smallest block"])
    faster = total = 0
    for name, family in families.items():
        for mode in family_modes(family):
            points = smallest_keys(family, mode)
            ratio = largest_over_smallest(points)
            cells = [units.mbs(throughput(points[b])) if b in points else units.MISSING
                     for b in blocks]
            table.rows.append(TableRow(f"{name}, {mode.upper()}", cells + [
                units.MISSING if ratio is None else f"{ratio:.2f}x"]))
            if ratio is not None:
                total += 1
                faster += ratio > 1
    keys = ", ".join(sorted({f"{c.bits('block_bits')}/{c.bits('key_bits')}"
                             for family in families.values() for mode in family_modes(family)
                             for c in smallest_keys(family, mode).values()},
                            key=lambda s: tuple(map(int, s.split("/")))))
    table.notes = [
        f"Here the largest block is the faster in {faster} of {total} family and mode pairs.",
        f"Each cell: the configuration of that block size with the shortest key ({keys} "
        f"block/key bits), file size / mean latency; longer keys are in Table 2 and in the "
        f"block size chart.",
        f"{units.MISSING}: no configuration of that block size was run."]
    return table
