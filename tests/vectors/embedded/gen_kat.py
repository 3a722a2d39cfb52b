#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Known answers for the OpenSSL configurations of `zucbench embedded`,
computed with the `openssl enc` command (the same library, another path:
its key and IV handling, padding and mode names) into evp_kat.json.

Where the command has no name for a configuration (RC2 with a 40- or 64-bit
key outside CBC, DESX in ECB) the mode is computed here from single-block
encryptions: the command's CBC with a zero IV on one block, without padding,
is the block cipher itself.

    python3 tests/vectors/embedded/gen_kat.py > tests/vectors/embedded/evp_kat.json
"""
import json
import subprocess
import sys

KEY = bytes((i * 7 + 1) & 0xFF for i in range(32))
IV = bytes((i * 13 + 5) & 0xFF for i in range(32))
PLAINTEXT = bytes((i * 3) & 0xFF for i in range(45))   # not whole blocks: padding shows

# name: (openssl enc cipher, key bytes, block bytes, mode)
ROWS = {}
for bits in (128, 192, 256):
    for mode in ("cbc", "cfb", "ctr", "ecb", "ofb"):
        ROWS[f"aes-{bits}-{mode}"] = (f"aes-{bits}-{mode}", bits // 8, 16, mode)
    for mode in ("cbc", "cfb", "ecb", "ofb"):
        ROWS[f"camellia-{bits}-{mode}"] = (f"camellia-{bits}-{mode}", bits // 8, 16, mode)
for mode in ("cbc", "cfb", "ecb", "ofb"):
    ROWS[f"blowfish-128-{mode}"] = (f"bf-{mode}", 16, 8, mode)
    ROWS[f"cast5-128-{mode}"] = (f"cast5-{mode}", 16, 8, mode)
    ROWS[f"des-64-{mode}"] = (f"des-{mode}", 8, 8, mode)
    ROWS[f"des-ede-128-{mode}"] = ("des-ede" if mode == "ecb" else f"des-ede-{mode}", 16, 8, mode)
    ROWS[f"des-ede3-192-{mode}"] = ("des-ede3" if mode == "ecb" else f"des-ede3-{mode}", 24, 8, mode)
    ROWS[f"seed-128-{mode}"] = (f"seed-{mode}", 16, 16, mode)
    for bits in (40, 64):
        ROWS[f"rc2-{bits}-{mode}"] = (f"rc2-{bits}-cbc" if mode == "cbc" else None, bits // 8, 8, mode)
ROWS["desx-192-cbc"] = ("desx-cbc", 24, 8, "cbc")
ROWS["desx-192-ecb"] = (None, 24, 8, "ecb")
ROWS["rc4-40"] = ("rc4-40", 5, 0, "stream")
ROWS["sm4-128-cbc"] = ("sm4-cbc", 16, 16, "cbc")
ROWS["sm4-128-ecb"] = ("sm4-ecb", 16, 16, "ecb")


def enc(cipher: str, key: bytes, iv: bytes | None, data: bytes, pad: bool = True) -> bytes:
    args = ["openssl", "enc", "-e", f"-{cipher}", "-K", key.hex(), "-nosalt",
            "-provider", "default", "-provider", "legacy"]
    if iv is not None:
        args += ["-iv", iv.hex()]
    if not pad:
        args.append("-nopad")
    return subprocess.run(args, input=data, capture_output=True, check=True).stdout


def xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b, strict=False))


def block_function(name: str, key: bytes):
    """E(x) for one block, from the command's CBC with a zero IV."""
    if name.startswith("rc2"):
        cbc = f"rc2-{len(key) * 8}-cbc"
        return lambda x: enc(cbc, key, bytes(8), x, pad=False)
    k, k1, k2 = key[:8], key[8:16], key[16:24]            # DESX: K2 ^ DES_K(P ^ K1)
    return lambda x: xor(enc("des-cbc", k, bytes(8), xor(x, k1), pad=False), k2)


def by_blocks(name: str, key: bytes, iv: bytes, mode: str, bs: int, data: bytes) -> bytes:
    e = block_function(name, key)
    if mode == "ecb":
        padded = data + bytes([bs - len(data) % bs]) * (bs - len(data) % bs)
        return b"".join(e(padded[i:i + bs]) for i in range(0, len(padded), bs))
    out, feedback = b"", iv
    for i in range(0, len(data), bs):
        stream = e(feedback)
        chunk = xor(data[i:i + bs], stream)
        out += chunk
        feedback = stream if mode == "ofb" else chunk     # CFB feeds the ciphertext back
    return out


def main() -> None:
    vectors = {}
    for name, (cipher, key_bytes, bs, mode) in sorted(ROWS.items()):
        key = KEY[:key_bytes]
        iv = IV[:bs] if mode not in ("ecb", "stream") else None
        if cipher:
            ct = enc(cipher, key, iv, PLAINTEXT)
        else:
            ct = by_blocks(name, key, IV[:bs], mode, bs, PLAINTEXT)
        vectors[name] = ct.hex()
    json.dump({"source": "openssl enc " + subprocess.run(["openssl", "version"],
                                                         capture_output=True, text=True).stdout.strip(),
               "key": KEY.hex(), "iv": IV.hex(), "plaintext": PLAINTEXT.hex(),
               "ciphertext": vectors}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
