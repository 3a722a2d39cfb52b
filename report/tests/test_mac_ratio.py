# SPDX-License-Identifier: Apache-2.0
"""Table 6 keeps the mac suite's runs apart: libzuc at 16 messages per call and at 1
are two sources, never one whose figures replace the other's."""

from zucreport.mac import RATIO_CONFIGURATION, mac_ratio_series
from zucreport.results import Row


def _ratio(median: float, in_flight: int) -> Row:
    return Row(suite="mac", algorithm="zuc-256-mac32", configuration=RATIO_CONFIGURATION,
               backend="libzuc", implementation="avx2", size_bytes=0, repeats=11,
               unit="ratio", median=median, q1=median, q3=median,
               context={"in_flight": in_flight})


def test_one_and_many_per_call_are_two_sources():
    macs, sources, values = mac_ratio_series([_ratio(0.9, 16), _ratio(0.7, 1)])
    assert macs == ["zuc-256-mac32"]
    assert sources == ["libzuc-avx2, 16/call", "libzuc-avx2, 1/call"]
    assert values[("zuc-256-mac32", "libzuc-avx2, 16/call")].median == 0.9
    assert values[("zuc-256-mac32", "libzuc-avx2, 1/call")].median == 0.7
