# SPDX-License-Identifier: Apache-2.0
"""The authenticated-encryption table: ZUC-NCA6 beside AES-256-GCM and
ChaCha20-Poly1305 from the same speed run, one row per algorithm and contender."""

from dataclasses import replace

from conftest import FIXTURES
from zucreport.results import load_results_file
from zucreport.tables import aead_table


def _speed_rows() -> list:
    return [r for r in load_results_file(str(FIXTURES / "speed.json")).rows
            if r.algorithm == "128-eea3" and r.configuration == "message"]


def _as(rows: list, algorithm: str, backend: str | None = None) -> list:
    return [replace(r, algorithm=algorithm, backend=backend or r.backend) for r in rows]


def test_nca6_and_the_peers_share_one_table():
    ours = [r for r in _speed_rows() if r.backend == "libzuc"]
    rows = _as(ours, "zuc-nca6") + _as(ours[:1], "aes-256-gcm", "openssl")
    table = aead_table(rows)
    labels = [row.label for row in table.rows]
    assert table.title.startswith("Authenticated encryption: ")
    assert labels[0].startswith("zuc-nca6 libzuc-")
    assert f"aes-256-gcm openssl-{ours[0].implementation}, 1/call" in labels
    assert len(labels) == len({r.implementation for r in ours}) + 1
    assert "16 bytes of associated data" in table.notes[0]


def test_no_table_without_nca6_or_without_a_peer():
    ours = [r for r in _speed_rows() if r.backend == "libzuc"]
    assert aead_table(_as(ours, "aes-256-gcm", "openssl")) is None
    assert aead_table(_as(ours, "zuc-nca6")) is None
