# SPDX-License-Identifier: Apache-2.0
"""Batch calls: messages of mixed lengths and parameters give what the
one-message calls give; 8 threads calling them at once; the GIL is released
while libzuc runs (another thread runs meanwhile) and held by the
one-message calls."""
import random
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import zuc

LENGTHS = [0, 1, 3, 15, 16, 17, 40, 63, 64, 65, 255, 576, 1500, 4095, 9000]


def jobs(rng, key_bytes, n):
    """n messages of mixed lengths, each with its own key, COUNT, BEARER,
    DIRECTION and bit length."""
    msgs = [rng.randbytes(rng.choice(LENGTHS)) for _ in range(n)]
    return {
        "keys": [rng.randbytes(key_bytes) for _ in range(n)],
        "counts": [rng.getrandbits(32) for _ in range(n)],
        "bearers": [rng.randrange(32) for _ in range(n)],
        "directions": [rng.randrange(2) for _ in range(n)],
        "messages": msgs,
        "bits": [rng.randint(max(0, 8 * len(m) - 7), 8 * len(m)) for m in msgs],
    }


def singles(fn, j, *extra_names, **fixed):
    rows = zip(j["keys"], j["counts"], j["bearers"], j["directions"], j["messages"],
               *(j[name] for name in extra_names), strict=True)
    return [fn(*row, **fixed) for row in rows]


def test_eea3_eia3_many_match_single():
    rng = random.Random(1)
    j = jobs(rng, 16, 67)
    args = [j[k] for k in ("keys", "counts", "bearers", "directions", "messages", "bits")]
    assert zuc.eea3_many(*args) == singles(zuc.eea3, j, "bits")
    assert zuc.eia3_many(*args) == singles(zuc.eia3, j, "bits")
    # one key, bearer and direction for all, tuples and generators as sequences
    same = zuc.eea3_many(j["keys"][0], tuple(j["counts"]), 7, 1, iter(j["messages"]))
    assert same == [zuc.eea3(j["keys"][0], c, 7, 1, m) for c, m in zip(j["counts"], j["messages"],
                                                                         strict=True)]


def test_nxa6_many_match_single():
    rng = random.Random(2)
    j = jobs(rng, 32, 53)
    head = [j[k] for k in ("keys", "counts", "bearers", "directions", "messages")]
    assert zuc.nea6_many(*head, j["bits"]) == singles(zuc.nea6, j, "bits")
    sizes = [rng.randint(4, 16) for _ in j["messages"]]
    j["sizes"] = sizes
    assert zuc.nia6_many(*head, tag_size=sizes) == singles(zuc.nia6, j, "sizes")
    aads = [rng.randbytes(rng.choice([0, 5, 21, 300])) for _ in j["messages"]]
    j["aads"] = aads
    sealed = zuc.nca6_encrypt_many(*head, aads, sizes)
    assert sealed == singles(zuc.nca6_encrypt, j, "aads", "sizes")
    j["messages"] = sealed
    assert zuc.nca6_decrypt_many(*head[:4], sealed, aads, sizes) == head[4]
    assert singles(zuc.nca6_decrypt, j, "aads", "sizes") == head[4]


def test_many_into_match_many():
    rng = random.Random(6)
    for fn, into, key_bytes, extra in ((zuc.eea3_many, zuc.eea3_many_into, 16, 0),
                                       (zuc.nea6_many, zuc.nea6_many_into, 32, 0),
                                       (zuc.nca6_encrypt_many, zuc.nca6_encrypt_many_into, 32, 16)):
        j = jobs(rng, key_bytes, 29)
        args = [j[k] for k in ("keys", "counts", "bearers", "directions", "messages")]
        want = fn(*args)
        outs = [bytearray(len(m) + extra + 3) for m in j["messages"]]
        assert into(*args, outs) is None
        assert [bytes(o[:len(w)]) for o, w in zip(outs, want, strict=True)] == want
        in_place = [bytearray(m) + bytearray(extra) for m in j["messages"]]
        views = [memoryview(b)[:len(m)] for b, m in zip(in_place, j["messages"], strict=True)]
        into(*args[:4], views, in_place)
        assert [bytes(b) for b in in_place] == want


def test_nca6_decrypt_many_marks_each_failure():
    rng = random.Random(3)
    key = rng.randbytes(32)
    plain = [rng.randbytes(n) for n in (0, 9, 40, 1500, 3)]
    sealed = [bytearray(s) for s in zuc.nca6_encrypt_many(key, 5, 1, 0, plain)]
    sealed[1][0] ^= 0x80  # a ciphertext bit
    sealed[3][-1] ^= 1  # a tag bit
    sealed.append(bytearray(3))  # shorter than a tag
    out = zuc.nca6_decrypt_many(key, 5, 1, 0, sealed)
    assert out == [plain[0], None, plain[2], None, plain[4], None]


def test_zuc256_many_match_single():
    rng = random.Random(4)
    for version, iv_bytes in ((2018, 25), (2021, 16), (2023, 16)):
        msgs = [rng.randbytes(rng.choice(LENGTHS)) for _ in range(37)]
        keys = [rng.randbytes(32) for _ in msgs]
        ivs = [rng.randbytes(iv_bytes) for _ in msgs]
        if version == 2018:
            ivs = [bytes(b & 0x3F if i >= 17 else b for i, b in enumerate(iv)) for iv in ivs]
        assert zuc.zuc256_crypt_many(keys, ivs, msgs, version) == [
            zuc.zuc256_crypt(k, iv, m, version) for k, iv, m in zip(keys, ivs, msgs, strict=True)]
        sizes = [rng.choice([4, 8, 16]) for _ in msgs]
        bits = [rng.randint(0, 8 * len(m)) for m in msgs]
        assert zuc.zuc256_mac_many(keys, ivs, msgs, sizes, version, bits) == [
            zuc.zuc256_mac(k, iv, m, s, version, b)
            for k, iv, m, s, b in zip(keys, ivs, msgs, sizes, bits, strict=True)]


def test_empty_batch():
    assert zuc.eea3_many(bytes(16), 0, 0, 0, []) == []
    assert zuc.nca6_decrypt_many(bytes(32), 0, 0, 0, []) == []


def test_eight_threads_at_once():
    rng = random.Random(5)
    work = []
    for t in range(8):
        j = jobs(rng, 16 if t % 2 == 0 else 32, 40)
        args = [j[k] for k in ("keys", "counts", "bearers", "directions", "messages")]
        fn = [zuc.eea3_many, zuc.nea6_many, zuc.eia3_many, zuc.nca6_encrypt_many][t % 4]
        work.append((fn, args, fn(*args)))
    start = threading.Barrier(8)

    def run(item):
        fn, args, expected = item
        start.wait()
        return all(fn(*args) == expected for _ in range(25))

    with ThreadPoolExecutor(8) as pool:
        assert all(pool.map(run, work))


def ticks_during(call):
    """How many times another Python thread ran its loop while call() ran."""
    ticks, stop = [0], threading.Event()

    def spin():
        while not stop.is_set():
            ticks[0] += 1
            time.sleep(0)  # gives the GIL back each turn, so the main thread is not held up

    thread = threading.Thread(target=spin)
    thread.start()
    time.sleep(0.01)
    before = ticks[0]
    call()
    during = ticks[0] - before
    stop.set()
    thread.join()
    return during


@pytest.mark.skipif(sys.platform != "linux", reason="timing of threads checked on Linux only")
def test_gil_released_in_batch_calls_only():
    big = [bytes(1 << 20)] * 48
    key = bytes(16)
    released = ticks_during(lambda: zuc.eea3_many(key, 0, 0, 0, big))
    held = ticks_during(lambda: zuc.eea3(key, 0, 0, 0, big[0] * 16))
    assert released > 20, f"another thread ran {released} times during eea3_many"
    assert held < released / 4, f"held {held}, released {released}"


def test_lists_replaced_by_another_thread():
    """The lists are read in place, not copied: while a call runs in C with
    the GIL released, another thread replaces every item (the old ones then
    held by the call alone). Each call computes on the items it read."""
    n, size = 400, 2000

    def fresh():
        return [bytes([i % 251]) * size for i in range(n)]

    msgs, keys = fresh(), [bytes([i % 7]) * 16 for i in range(n)]
    want = zuc.eea3_many(list(keys), 5, 3, 1, list(msgs))
    want_macs = zuc.nia6_many([k * 2 for k in keys], 5, 3, 1, list(msgs), 8)
    wide = [k * 2 for k in keys]
    stop = threading.Event()

    def churn():
        while not stop.is_set():
            msgs[:] = fresh()
            keys[:] = [bytes(k) for k in keys]
            wide[:] = [bytes(k) for k in wide]

    thread = threading.Thread(target=churn)
    thread.start()
    try:
        for _ in range(40):
            assert zuc.eea3_many(keys, 5, 3, 1, msgs) == want
            assert zuc.nia6_many(wide, 5, 3, 1, msgs, 8) == want_macs
    finally:
        stop.set()
        thread.join()
