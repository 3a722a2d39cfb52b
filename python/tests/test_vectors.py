# SPDX-License-Identifier: Apache-2.0
"""Every vector of tests/vectors/ through every function that computes it:
the one-message call, its _into variant, the batch call (all vectors of a
file in one call, so of mixed lengths), the keystream object and the
CryptoMobile layer."""
import pytest
import zuc
from conftest import h, load
from zuc.compat import cryptomobile

EEA3 = load("eea3.json")
EIA3 = load("eia3.json")
ZUC128 = load("zuc128.json")
ZUC256 = load("zuc256.json")
ZUC256_MAC = load("zuc256_mac.json")
VERSIONS = load("zuc256_versions.json")
NXA6 = load("zuc256_3gpp_nxa6.json")
NEA6 = [v for v in NXA6 if v["algorithm"] == "ZUC-NEA6"]
NIA6 = [v for v in NXA6 if v["algorithm"] == "ZUC-NIA6"]
NCA6 = [v for v in NXA6 if v["algorithm"] == "ZUC-NCA6"]


def ids(vectors):
    return [v["id"] for v in vectors]


def link(v):
    return h(v["key"]), v["count"], v["bearer"], v["direction"]


@pytest.mark.parametrize("v", EEA3, ids=ids(EEA3))
def test_eea3(v):
    key, count, bearer, direction = link(v)
    pt, ct, bits = h(v["plaintext"]), h(v["ciphertext"]), v["length_bits"]
    assert zuc.eea3(key, count, bearer, direction, pt, bits) == ct
    assert zuc.eea3(key, count, bearer, direction, ct, bits=bits) == pt
    buf = bytearray(pt)
    assert zuc.eea3_into(key, count, bearer, direction, buf, buf, bits) == len(ct)
    assert buf == ct
    assert cryptomobile.EEA3(key, count, bearer, direction, pt, bits) == ct


@pytest.mark.parametrize("v", EIA3, ids=ids(EIA3))
def test_eia3(v):
    key, count, bearer, direction = link(v)
    msg, mac = h(v["message"]), h(v["mac"])
    assert zuc.eia3(key, count, bearer, direction, msg, v["length_bits"]) == mac
    assert cryptomobile.EIA3(key, count, bearer, direction, msg, v["length_bits"]) == mac


def test_eea3_eia3_many():
    out = zuc.eea3_many([h(v["key"]) for v in EEA3], [v["count"] for v in EEA3],
                        [v["bearer"] for v in EEA3], [v["direction"] for v in EEA3],
                        [h(v["plaintext"]) for v in EEA3], [v["length_bits"] for v in EEA3])
    assert out == [h(v["ciphertext"]) for v in EEA3]
    macs = zuc.eia3_many([h(v["key"]) for v in EIA3], [v["count"] for v in EIA3],
                         [v["bearer"] for v in EIA3], [v["direction"] for v in EIA3],
                         [h(v["message"]) for v in EIA3], [v["length_bits"] for v in EIA3])
    assert macs == [h(v["mac"]) for v in EIA3]


def keystream_of(v):
    """The published words of a keystream vector as bytes, and how many bytes
    reach the last one (zuc128.json lists z1, z2 and sometimes z2000)."""
    last = max(w["index"] for w in v["keystream"])
    return {w["index"]: h(w["word"]) for w in v["keystream"]}, last * 4


@pytest.mark.parametrize("v", ZUC128, ids=ids(ZUC128))
def test_zuc128_keystream(v):
    words, nbytes = keystream_of(v)
    key, iv = h(v["key"]), h(v["iv"])
    pieces = zuc.Keystream(key, iv)
    for stream in (zuc.zuc128_keystream(key, iv, nbytes),
                   b"".join(pieces.read(n) for n in (3, 1, nbytes - 4)),
                   zuc.Keystream(key, iv).xor(bytes(nbytes))):
        for index, word in words.items():
            assert stream[4 * index - 4:4 * index] == word
    cm = cryptomobile.ZUC()
    cm._initialize(key, iv)
    assert cm._generate_keystream(8) == h(v["keystream_prefix_hex"])


@pytest.mark.parametrize("v", ZUC256, ids=ids(ZUC256))
def test_zuc256(v):
    key = h(v["key"])
    if "keystream_words" in v:
        ks = b"".join(h(w) for w in v["keystream_words"])
        for iv in (h(v["iv25"]), h(v["iv23"])):
            assert zuc.Keystream(key, iv).read(len(ks)) == ks
            assert zuc.zuc256_crypt(key, iv, bytes(len(ks))) == ks
    if "plaintext" in v:
        pt, ct = h(v["plaintext"]), h(v["ciphertext"])
        assert v["length_bits"] == 8 * len(pt)
        for iv in (h(v["iv25"]), h(v["iv23"])):
            assert zuc.zuc256_crypt(key, iv, pt) == ct
            assert zuc.Keystream(key, iv).xor(pt) == ct
        out = bytearray(len(pt))
        assert zuc.zuc256_crypt_into(key, h(v["iv25"]), pt, out) == len(pt) and out == ct
        assert zuc.zuc256_crypt_many([key], [h(v["iv25"])], [pt]) == [ct]


@pytest.mark.parametrize("v", ZUC256_MAC, ids=ids(ZUC256_MAC))
def test_zuc256_mac(v):
    key, msg, tag = h(v["key"]), h(v["message"]), h(v["tag"])
    for iv in (h(v["iv25"]), h(v["iv23"])):
        assert zuc.zuc256_mac(key, iv, msg, v["tag_bits"] // 8, bits=v["length_bits"]) == tag


def test_zuc256_mac_many():
    tags = zuc.zuc256_mac_many([h(v["key"]) for v in ZUC256_MAC],
                               [h(v["iv25"]) for v in ZUC256_MAC],
                               [h(v["message"]) for v in ZUC256_MAC],
                               [v["tag_bits"] // 8 for v in ZUC256_MAC],
                               bits=[v["length_bits"] for v in ZUC256_MAC])
    assert tags == [h(v["tag"]) for v in ZUC256_MAC]


@pytest.mark.parametrize("v", VERSIONS, ids=ids(VERSIONS))
def test_zuc256_versions(v):
    key, iv, version = h(v["key"]), h(v["iv"]), v["version"]
    if v["kind"] == "keystream":
        ks = b"".join(h(w) for w in v["keystream_words"])
        assert zuc.zuc256_crypt(key, iv, bytes(len(ks)), version) == ks
        assert zuc.zuc256_crypt_many(key, iv, [bytes(len(ks))], version=version) == [ks]
        assert zuc.Keystream(key, iv, version=version).read(len(ks)) == ks
    else:
        msg, tag, size = h(v["message"]), h(v["tag"]), v["tag_bits"] // 8
        assert zuc.zuc256_mac(key, iv, msg, size, version, v["length_bits"]) == tag
        assert zuc.zuc256_mac_many(key, iv, [msg], size, version, [v["length_bits"]]) == [tag]


def link_of_iv(v, algorithm_byte):
    """(count, bearer, direction) if the vector's IV is the one zuc_nxa6_iv
    makes from them (so the 3GPP form applies), else None."""
    iv = h(v["iv"])
    if iv[0] != algorithm_byte or iv[1] >> 6 or any(iv[2:8]) or any(iv[12:]):
        return None
    return int.from_bytes(iv[8:12], "big"), iv[1] >> 1, iv[1] & 1


@pytest.mark.parametrize("v", NEA6, ids=ids(NEA6))
def test_nea6(v):
    key, iv, msg, ct, bits = h(v["key"]), h(v["iv"]), h(v["msg"]), h(v["ct"]), v["length_bits"]
    assert zuc.nea6_iv(key, iv, msg, bits) == ct
    assert zuc.nea6_many(key, None, None, None, [msg], [bits], ivs=[iv]) == [ct]
    form = link_of_iv(v, 0)
    if form:
        assert zuc.nea6(key, *form, msg, bits) == ct
        buf = bytearray(msg)
        assert zuc.nea6_into(key, *form, buf, buf, bits) == len(ct) and buf == ct
        assert zuc.nea6_many([key], *([x] for x in form), [msg], bits=[bits]) == [ct]


@pytest.mark.parametrize("v", NIA6, ids=ids(NIA6))
def test_nia6(v):
    key, iv, msg, tag = h(v["key"]), h(v["iv"]), h(v["msg"]), h(v["tag"])
    size = len(tag)
    assert zuc.nia6_iv(key, iv, msg, size) == tag
    assert zuc.nia6_many(key, None, None, None, [msg], size, ivs=[iv]) == [tag]
    form = link_of_iv(v, 8 * size)
    if form:
        assert zuc.nia6(key, *form, msg, size) == tag
        assert zuc.nia6_many(key, *form, [msg], tag_size=[size]) == [tag]


@pytest.mark.parametrize("v", NCA6, ids=ids(NCA6))
def test_nca6(v):
    key, iv, msg, aad = h(v["key"]), h(v["iv"]), h(v["msg"]), h(v["aad"])
    sealed, size = h(v["ct"]) + h(v["tag"]), len(h(v["tag"]))
    assert zuc.nca6_encrypt_iv(key, iv, msg, aad, size) == sealed
    assert zuc.nca6_decrypt_iv(key, iv, sealed, aad, size) == msg
    assert zuc.nca6_encrypt_many(key, None, None, None, [msg], [aad], size, ivs=iv) == [sealed]
    assert zuc.nca6_decrypt_many(key, None, None, None, [sealed], [aad], size, ivs=iv) == [msg]
    forged = bytearray(sealed)
    forged[-1] ^= 1
    with pytest.raises(zuc.InvalidTag):
        zuc.nca6_decrypt_iv(key, iv, forged, aad, size)
    assert zuc.nca6_decrypt_many(key, None, None, None, [forged], [aad], size, ivs=iv) == [None]
    form = link_of_iv(v, 8 * size + 4)
    if form:
        assert zuc.nca6_encrypt(key, *form, msg, aad, size) == sealed
        assert zuc.nca6_decrypt(key, *form, sealed, aad=aad, tag_size=size) == msg
        out = bytearray(len(sealed))
        assert zuc.nca6_encrypt_into(key, *form, msg, out, aad, size) == len(sealed)
        assert out == sealed
        plain = bytearray(len(msg))
        assert zuc.nca6_decrypt_into(key, *form, sealed, plain, aad, size) == len(msg)
        assert plain == msg
        assert zuc.nca6_encrypt_many(key, *form, [msg], aad, size) == [sealed]
