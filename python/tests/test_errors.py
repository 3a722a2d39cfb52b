# SPDX-License-Identifier: Apache-2.0
"""Bad input of every kind raises TypeError or ValueError naming the
argument, and any buffer is accepted as input."""
import re

import pytest
import zuc
from zuc.compat import cryptomobile

K16, K32, IV16, IV25 = bytes(16), bytes(32), bytes(16), bytes(25)


def raises(exc, name, fn, *args, **kwargs):
    with pytest.raises(exc, match=rf"^{re.escape(name)}(?=[: ,])") as info:
        fn(*args, **kwargs)
    return str(info.value)


@pytest.mark.parametrize("fn,key", [(zuc.eea3, K16), (zuc.eia3, K16), (zuc.nea6, K32),
                                    (zuc.nia6, K32), (zuc.nca6_encrypt, K32)])
def test_link_arguments(fn, key):
    raises(ValueError, "key", fn, key[:-1], 0, 0, 0, b"x")
    raises(ValueError, "key", fn, key + b"\0", 0, 0, 0, b"x")
    raises(TypeError, "key", fn, "k" * len(key), 0, 0, 0, b"x")
    raises(ValueError, "count", fn, key, -1, 0, 0, b"x")
    raises(ValueError, "count", fn, key, 1 << 32, 0, 0, b"x")
    raises(TypeError, "count", fn, key, 1.0, 0, 0, b"x")
    raises(ValueError, "bearer", fn, key, 0, 32, 0, b"x")
    raises(ValueError, "direction", fn, key, 0, 0, 2, b"x")
    raises(TypeError, "direction", fn, key, 0, 0, None, b"x")
    raises(TypeError, "data", fn, key, 0, 0, 0, "text")
    raises(TypeError, "data", fn, key, 0, 0, 0, 12)
    raises(TypeError, "data", fn, key, 0, 0, 0, memoryview(bytes(8))[::2])


def test_bits():
    assert "beyond" not in raises(ValueError, "bits", zuc.eea3, K16, 0, 0, 0, b"ab", 17)
    raises(ValueError, "bits", zuc.eia3, K16, 0, 0, 0, b"ab", -1)
    raises(ValueError, "bits", zuc.nea6, K32, 0, 0, 0, b"ab", 17)
    raises(ValueError, "bits", zuc.zuc256_mac, K32, IV25, b"ab", bits=17)
    raises(TypeError, "bits", zuc.eea3, K16, 0, 0, 0, b"ab", "8")


def test_tags_versions_ivs():
    raises(ValueError, "tag_size", zuc.nia6, K32, 0, 0, 0, b"", 3)
    raises(ValueError, "tag_size", zuc.nia6, K32, 0, 0, 0, b"", 17)
    raises(ValueError, "tag_size", zuc.nca6_encrypt, K32, 0, 0, 0, b"", tag_size=2)
    raises(ValueError, "tag_size", zuc.zuc256_mac, K32, IV25, b"", 12)
    raises(ValueError, "version", zuc.zuc256_crypt, K32, IV16, b"", 2022)
    raises(ValueError, "version", zuc.Keystream, K32, IV16, 2019)
    raises(ValueError, "version", zuc.Keystream, K16, IV16, 2021)
    raises(ValueError, "iv", zuc.zuc256_crypt, K32, IV16, b"")  # 2018 takes 25 (or 23)
    raises(ValueError, "iv", zuc.zuc256_crypt, K32, IV25, b"", 2023)
    raises(ValueError, "iv", zuc.nea6_iv, K32, IV25, b"")
    raises(ValueError, "key", zuc.Keystream, bytes(24), IV16)
    raises(ValueError, "key", zuc.zuc128_keystream, K32, IV16, 4)
    raises(TypeError, "iv", zuc.zuc128_keystream, K16, "iv", 4)
    raises(ValueError, "length", zuc.zuc128_keystream, K16, IV16, -1)


def test_outputs():
    raises(ValueError, "out", zuc.eea3_into, K16, 0, 0, 0, b"abc", bytearray(2))
    raises(TypeError, "out", zuc.eea3_into, K16, 0, 0, 0, b"abc", bytes(3))
    buf = bytearray(8)
    view = memoryview(buf)
    raises(ValueError, "out", zuc.nea6_into, K32, 0, 0, 0, view[:4], view[2:6])
    raises(ValueError, "out", zuc.nca6_encrypt_into, K32, 0, 0, 0, b"abc", bytearray(18))
    raises(ValueError, "out", zuc.zuc256_crypt_into, K32, IV25, b"abc", bytearray(2))


def test_signatures():
    with pytest.raises(TypeError, match="missing required argument 'data'"):
        zuc.eea3(K16, 0, 0, 0)
    with pytest.raises(TypeError, match="unexpected keyword argument 'bitz'"):
        zuc.eea3(K16, 0, 0, 0, b"", bitz=0)
    with pytest.raises(TypeError, match="multiple values for argument 'key'"):
        zuc.eea3(K16, 0, 0, 0, b"", key=K16)
    with pytest.raises(TypeError, match="at most 6 arguments"):
        zuc.eea3(K16, 0, 0, 0, b"", 0, 0)


def test_batch_arguments():
    raises(TypeError, "messages", zuc.eea3_many, K16, 0, 0, 0, b"not a list")
    raises(TypeError, "messages[1]", zuc.eea3_many, K16, 0, 0, 0, [b"a", "b"])
    raises(ValueError, "keys[1]", zuc.eea3_many, [K16, K32], 0, 0, 0, [b"a", b"b"])
    raises(ValueError, "keys", zuc.eea3_many, K32, 0, 0, 0, [b"a"])
    raises(ValueError, "counts", zuc.eea3_many, K16, [0], 0, 0, [b"a", b"b"])
    raises(ValueError, "counts[0]", zuc.eia3_many, K16, [-1], 0, 0, [b"a"])
    raises(ValueError, "bearers[1]", zuc.nea6_many, K32, 0, [0, 32], 0, [b"a", b"b"])
    raises(TypeError, "directions[0]", zuc.nea6_many, K32, 0, 0, "0", [b"a"])
    raises(ValueError, "bits[0]", zuc.eea3_many, K16, 0, 0, 0, [b"a"], [9])
    raises(ValueError, "tag_size", zuc.nia6_many, K32, 0, 0, 0, [b"a"], 17)
    raises(ValueError, "ivs[0]", zuc.nea6_many, K32, None, None, None, [b"a"], ivs=[IV25])
    raises(ValueError, "counts, bearers, directions", zuc.nea6_many, K32, 0, 0, 0, [b"a"],
           ivs=IV16)
    raises(TypeError, "aads[0]", zuc.nca6_encrypt_many, K32, 0, 0, 0, [b"a"], ["x"])
    raises(ValueError, "ivs", zuc.zuc256_crypt_many, K32, IV16, [b"a"])
    raises(ValueError, "tag_size[0]", zuc.zuc256_mac_many, K32, IV25, [b"a"], [12])
    raises(TypeError, "outs", zuc.eea3_many_into, K16, 0, 0, 0, [b"a"], bytearray(1))
    raises(ValueError, "outs", zuc.eea3_many_into, K16, 0, 0, 0, [b"a"], [])
    raises(ValueError, "outs[1]", zuc.nea6_many_into, K32, 0, 0, 0, [b"a", b"bc"],
           [bytearray(1), bytearray(1)])
    raises(TypeError, "outs[0]", zuc.nca6_encrypt_many_into, K32, 0, 0, 0, [b"a"], [bytes(17)])
    buf = memoryview(bytearray(4))
    raises(ValueError, "outs[0]", zuc.eea3_many_into, K16, 0, 0, 0, [buf[:2]], [buf[1:3]])


def test_invalid_tag_gives_no_plaintext():
    sealed = zuc.nca6_encrypt(K32, 1, 2, 1, b"secret", b"aad")
    out = bytearray(b"untouched")
    forged = bytearray(sealed)
    forged[2] ^= 4
    with pytest.raises(zuc.InvalidTag):
        zuc.nca6_decrypt_into(K32, 1, 2, 1, forged, out, b"aad")
    assert out == b"untouched"
    with pytest.raises(zuc.InvalidTag):
        zuc.nca6_decrypt(K32, 1, 2, 1, sealed[:10], b"aad")  # shorter than its tag
    assert not issubclass(zuc.InvalidTag, ValueError)


def test_any_buffer_in_bytes_out():
    np = pytest.importorskip("numpy")
    data = bytes(range(40))
    want = zuc.eea3(K16, 9, 3, 1, data)
    inputs = [bytearray(data), memoryview(data), np.frombuffer(data, dtype=np.uint8),
              np.frombuffer(data, dtype=np.uint32), memoryview(b"xx" + data)[2:]]
    for obj in inputs:
        out = zuc.eea3(np.zeros(16, dtype=np.uint8), 9, 3, 1, obj)
        assert type(out) is bytes and out == want
    assert zuc.eea3_many(K16, 9, 3, 1, inputs) == [want] * len(inputs)
    arr = np.frombuffer(bytearray(data), dtype=np.uint8)
    assert zuc.eea3_into(K16, 9, 3, 1, arr, arr) == 40 and arr.tobytes() == want


def test_cryptomobile_errors():
    with pytest.raises(cryptomobile.CMException):
        cryptomobile.EEA3(K16, 0, 32, 0, b"x")
    with pytest.raises(cryptomobile.CMException):
        cryptomobile.EIA3(K16[:8], 0, 0, 0, b"x")
    with pytest.raises(cryptomobile.CMException):
        cryptomobile.ZUC()._initialize(K32, IV16)


# One check per kind of argument serves the one-message and the batch calls:
# the same bad value gives the same message, but for the item's name.
SAME_CHECK = [
    ("key", lambda: zuc.eea3(K32, 0, 0, 0, b"a"),
     "keys[0]", lambda: zuc.eea3_many([K32], 0, 0, 0, [b"a"])),
    ("count", lambda: zuc.eia3(K16, 1 << 32, 0, 0, b"a"),
     "counts[0]", lambda: zuc.eia3_many(K16, [1 << 32], 0, 0, [b"a"])),
    ("bearer", lambda: zuc.nea6(K32, 0, 32, 0, b"a"),
     "bearers[0]", lambda: zuc.nea6_many(K32, 0, [32], 0, [b"a"])),
    ("direction", lambda: zuc.nia6(K32, 0, 0, 2, b"a"),
     "directions[0]", lambda: zuc.nia6_many(K32, 0, 0, [2], [b"a"])),
    ("direction", lambda: zuc.nia6(K32, 0, 0, 1.0, b"a"),
     "directions[0]", lambda: zuc.nia6_many(K32, 0, 0, [1.0], [b"a"])),
    ("data", lambda: zuc.eea3(K16, 0, 0, 0, "a"),
     "messages[0]", lambda: zuc.eea3_many(K16, 0, 0, 0, ["a"])),
    ("bits", lambda: zuc.eea3(K16, 0, 0, 0, b"a", 9),
     "bits[0]", lambda: zuc.eea3_many(K16, 0, 0, 0, [b"a"], [9])),
    ("tag_size", lambda: zuc.nca6_encrypt(K32, 0, 0, 0, b"a", None, 17),
     "tag_size[0]", lambda: zuc.nca6_encrypt_many(K32, 0, 0, 0, [b"a"], None, [17])),
    ("tag_size", lambda: zuc.zuc256_mac(K32, IV25, b"a", 12),
     "tag_size[0]", lambda: zuc.zuc256_mac_many(K32, IV25, [b"a"], [12])),
    ("out", lambda: zuc.eea3_into(K16, 0, 0, 0, b"ab", bytearray(1)),
     "outs[0]", lambda: zuc.eea3_many_into(K16, 0, 0, 0, [b"ab"], [bytearray(1)])),
]


@pytest.mark.parametrize("name,single,item,batch", SAME_CHECK,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(SAME_CHECK)])
def test_single_and_batch_share_each_check(name, single, item, batch):
    with pytest.raises((TypeError, ValueError)) as one:
        single()
    with pytest.raises(one.type) as many:
        batch()
    one_text = str(one.value).replace("data holds", "messages[0] holds")
    assert str(many.value) == item + one_text.removeprefix(name)
