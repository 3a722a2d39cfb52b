# SPDX-License-Identifier: Apache-2.0
"""No leak over 100,000 calls: memory traced by tracemalloc stays flat, and
the arguments' reference counts come back (buffers are released on every
path, errors included)."""
import os
import sys
import threading
import tracemalloc

import pytest
import zuc

K16, K32 = bytes(16), bytes(32)
CALLS = 100_000


def test_no_leak_over_100000_calls():
    data, out = bytes(40), bytearray(56)
    msgs = [data, bytearray(data), memoryview(data)]
    sealed = zuc.nca6_encrypt(K32, 1, 2, 0, data)
    forged = sealed[:-1] + bytes([sealed[-1] ^ 1])
    stream = zuc.Keystream(K32, bytes(16), 2023)

    def bad_key():
        try:
            zuc.eea3(K16[:15], 0, 0, 0, data)
        except ValueError:
            pass

    def bad_tag():
        try:
            zuc.nca6_decrypt_into(K32, 1, 2, 0, forged, out)
        except zuc.InvalidTag:
            pass

    def bad_item():
        try:
            zuc.eea3_many(K16, 0, 0, 0, [data, "str"])
        except TypeError:
            pass

    calls = [
        lambda: zuc.eea3(K16, 1, 2, 0, data),
        lambda: zuc.eea3_into(K16, 1, 2, 0, data, out),
        lambda: zuc.eia3(K16, 1, 2, 0, data),
        lambda: zuc.nia6(K32, 1, 2, 0, data, 8),
        lambda: zuc.nca6_decrypt(K32, 1, 2, 0, sealed),
        lambda: zuc.eea3_many(K16, [1, 2, 3], 2, 0, msgs),
        lambda: zuc.eea3_many_into(K16, [1, 2, 3], 2, 0, msgs, [out, out[:40], out[1:]]),
        lambda: zuc.nca6_decrypt_many(K32, 1, 2, 0, [sealed, forged]),
        lambda: zuc.zuc256_mac(K32, bytes(25), data, 16),
        lambda: stream.xor(data),
        bad_key,
        bad_tag,
        bad_item,
    ]
    watched = [K16, K32, data, sealed, forged, *msgs]
    refs = [sys.getrefcount(o) for o in watched]
    for call in calls * 100:  # warm-up: caches, free lists
        call()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(CALLS):
            calls[i % len(calls)]()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 32 * 1024, f"{grown} bytes more traced after {CALLS} calls"
    assert [sys.getrefcount(o) for o in watched] == refs


def _resident_bytes():
    with open("/proc/self/statm", encoding="ascii") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs Linux's /proc")
def test_threads_give_back_their_kept_memory():
    """Each thread keeps its batch calls' bookkeeping from call to call (about
    300 KiB for these 2,000 messages); a thread that ends frees it."""
    msgs = [bytes(16)] * 2000
    keys = [bytes(16)] * 2000

    def one_thread():
        worker = threading.Thread(target=zuc.eea3_many, args=(keys, 1, 2, 0, msgs))
        worker.start()
        worker.join()

    for _ in range(20):  # warm-up: the heap and the thread stacks settle
        one_thread()
    before = _resident_bytes()
    for _ in range(300):
        one_thread()
    grown = _resident_bytes() - before
    assert grown < 24 << 20, f"{grown >> 20} MiB more resident after 300 threads"
