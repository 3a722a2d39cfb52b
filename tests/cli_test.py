#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""cli_test.py - the `zuc` tool against tests/vectors and against bad input.

Usage: python3 tests/cli_test.py PATH-TO-ZUC PATH-TO-TESTS/VECTORS

Every vector of zuc128/eea3/eia3/zuc256/zuc256_mac.json goes through the tool
by --in and by --in-file (both ZUC-256 IV forms), those of zuc256_versions.json
with --version, and all of zuc256_3gpp_nxa6.json through nea6, nia6 (tag and
verification) and nca6 (encryption and decryption), each also with a tampered
tag that must be refused (exit 1, nothing written); --out-file is checked by
round trips and on every kind of target (a FIFO, a symbolic link, a hard
link, a 0600 file, "-"); an interrupted run must leave no temporary file and
exit 130/143; each kind of bad input must give exit status 2, nothing on
stdout and one stderr line starting "zuc: ". The examples of the help texts
are run too, so the documentation cannot drift from the tool.
Last line: "cli: N passed, N failed"; exit status 1 on any failure.
A cross-built tool is run through the emulator named in $ZUC_EMULATOR.
"""
import json
import os
import re
import shlex
import signal
import stat
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import clitest  # noqa: E402
from clitest import EMULATOR, check, read_bytes, wait_until, write_bytes  # noqa: E402

ZUC = sys.argv[1] if len(sys.argv) > 1 else ""
VECTORS = sys.argv[2] if len(sys.argv) > 2 else ""


def run(*args, stdin=b"", cwd=None):
    return clitest.run(ZUC, *args, stdin=stdin, cwd=cwd)


def load(name):
    with open(os.path.join(VECTORS, name), encoding="utf-8") as f:
        return json.load(f)


def expect_line(name, args, want, stdin=b""):
    """Success: exit 0, exactly one line on stdout, equal to want."""
    rc, out, err = run(*args, stdin=stdin)
    ok = rc == 0 and out == want + "\n"
    return check(name, ok, f"rc={rc} stdout={out[:120]!r} want={want[:120]!r} stderr={err.strip()[:200]!r}")


def expect_error(name, args, needle="", stdin=b""):
    """Bad input: exit 2, empty stdout, one stderr line "zuc: ..." containing needle."""
    return clitest.expect_error(name, run(*args, stdin=stdin), "zuc: ", needle)


def expect_rejected(name, args, needle="the tag does not verify", stdin=b""):
    """A tag that does not verify: exit 1, empty stdout, one stderr line "zuc: ..."."""
    rc, out, err = run(*args, stdin=stdin)
    lines = err.splitlines()
    ok = rc == 1 and out == "" and len(lines) == 1 and lines[0].startswith("zuc: ") and needle in err
    return check(name, ok, f"rc={rc} stdout={out[:80]!r} stderr={err[:300]!r}")


def zero_unused_bits(data, bits):
    """The bytes that hold `bits` bits, with the bits after bit `bits` cleared."""
    data = bytearray(data[: (bits + 7) // 8])
    if bits % 8:
        data[-1] &= (0xFF << (8 - bits % 8)) & 0xFF
    return bytes(data)


def set_unused_bits(data, bits):
    data = bytearray(data)
    if bits % 8:
        data[-1] |= 0xFF >> (bits % 8)
    return bytes(data)


# ------------------------------------------------------------- vectors

def test_zuc128_keystream():
    for v in load("zuc128.json"):
        n = max(k["index"] for k in v["keystream"])
        rc, out, err = run("keystream", "--key", v["key"], "--iv", v["iv"], "--words", n)
        words = out.strip()
        ok = rc == 0 and out.count("\n") == 1 and len(words) == 8 * n
        for k in v["keystream"]:
            i = k["index"]
            ok = ok and words[8 * (i - 1): 8 * i] == k["word"]
        check(f"{v['id']} keystream z1..z{n}", ok, f"rc={rc} stderr={err.strip()!r}")


def test_zuc256_keystream():
    for v in load("zuc256.json"):
        words = v.get("keystream_words")
        if not words:
            continue
        for form in ("iv25", "iv23"):
            expect_line(f"{v['id']} keystream ({form})",
                        ["keystream", "--key", v["key"], "--iv", v[form], "--words", len(words)],
                        "".join(words))


def link_args(v):
    return ["--key", v["key"], "--count", v["count_hex"], "--bearer", v["bearer"],
            "--direction", v["direction"], "--bits", v["length_bits"]]


def test_eea3(tmp):
    for v in load("eea3.json"):
        vid, bits = v["id"], v["length_bits"]
        pt, ct = bytes.fromhex(v["plaintext"]), bytes.fromhex(v["ciphertext"])
        args = ["eea3", *link_args(v)]
        expect_line(f"{vid} eea3 --in", args + ["--in", v["plaintext"]], v["ciphertext"])
        expect_line(f"{vid} eea3 decrypt", args + ["--in", v["ciphertext"]],
                    zero_unused_bits(pt, bits).hex())
        # COUNT with 0x, upper-case hex, and --name=VALUE spellings
        expect_line(f"{vid} eea3 0x COUNT, upper-case hex",
                    ["eea3", "--key=" + v["key"].upper(), "--count=0x" + v["count_hex"],
                     "--bearer", v["bearer"], "--direction", v["direction"], "--bits", bits,
                     "--in", v["plaintext"].upper()], v["ciphertext"])
        # bits after LENGTH, and bytes after ceil(LENGTH/8), must not matter
        noisy = set_unused_bits(pt, bits) + b"\xa5\x5a"
        expect_line(f"{vid} eea3 ignores data after LENGTH", args + ["--in", noisy.hex()],
                    v["ciphertext"])

        pt_file = os.path.join(tmp, vid + ".pt")
        write_bytes(pt_file, noisy)
        expect_line(f"{vid} eea3 --in-file", args + ["--in-file", pt_file], v["ciphertext"])
        expect_line(f"{vid} eea3 --in-file -", args + ["--in-file", "-"], v["ciphertext"],
                    stdin=noisy)

        ct_file, back_file = os.path.join(tmp, vid + ".ct"), os.path.join(tmp, vid + ".back")
        before = set(os.listdir(tmp))
        rc1, out1, err1 = run(*args, "--in-file", pt_file, "--out-file", ct_file)
        rc2, out2, err2 = run(*args, "--in-file", ct_file, "--out-file", back_file)
        ok = (rc1 == 0 and rc2 == 0 and out1 == "" and out2 == ""
              and read_bytes(ct_file) == ct
              and read_bytes(back_file) == zero_unused_bits(pt, bits))
        check(f"{vid} eea3 --out-file round trip", ok, f"rc={rc1},{rc2} {err1.strip()} {err2.strip()}")
        check(f"{vid} eea3 --out-file leaves no temporary file",
              set(os.listdir(tmp)) == before | {os.path.basename(ct_file), os.path.basename(back_file)},
              f"{sorted(set(os.listdir(tmp)) - before)}")


def test_eia3(tmp):
    for v in load("eia3.json"):
        vid = v["id"]
        args = ["eia3", *link_args(v)]
        expect_line(f"{vid} eia3 --in", args + ["--in", v["message"]], v["mac"])
        expect_line(f"{vid} eia3 --in, trailing data", args + ["--in", v["message"] + "ffff"], v["mac"])
        path = os.path.join(tmp, vid + ".msg")
        write_bytes(path, bytes.fromhex(v["message"]))
        expect_line(f"{vid} eia3 --in-file", args + ["--in-file", path], v["mac"])


def test_zuc256(tmp):
    for v in load("zuc256.json"):
        vid = v["id"]
        nbytes = v["length_bits"] // 8
        check(f"{vid} is whole bytes", v["length_bits"] % 8 == 0)
        pt_file = os.path.join(tmp, vid + ".pt")
        write_bytes(pt_file, bytes.fromhex(v["plaintext"]))
        for form in ("iv25", "iv23"):
            args = ["zuc256", "--key", v["key"], "--iv", v[form], "--bytes", nbytes]
            expect_line(f"{vid} zuc256 --in ({form})", args + ["--in", v["plaintext"]], v["ciphertext"])
            expect_line(f"{vid} zuc256 --in-file ({form})", args + ["--in-file", pt_file], v["ciphertext"])
            expect_line(f"{vid} zuc256 --version 2018 ({form})",
                        args + ["--version", 2018, "--in", v["plaintext"]], v["ciphertext"])
        args = ["zuc256", "--key", v["key"], "--iv", v["iv25"], "--bytes", nbytes]
        ct_file, back_file = os.path.join(tmp, vid + ".ct"), os.path.join(tmp, vid + ".back")
        rc1, out1, _ = run(*args, "--in-file", pt_file, "--out-file", ct_file)
        rc2, out2, _ = run(*args, "--in-file", ct_file, "--out-file", back_file)
        ok = (rc1 == 0 and rc2 == 0 and out1 == out2 == ""
              and read_bytes(ct_file).hex() == v["ciphertext"]
              and read_bytes(back_file).hex() == v["plaintext"])
        check(f"{vid} zuc256 --out-file round trip", ok)


def test_zuc256_mac(tmp):
    for v in load("zuc256_mac.json"):
        vid = v["id"]
        path = os.path.join(tmp, vid + ".msg")
        write_bytes(path, bytes.fromhex(v["message"]))
        for form in ("iv25", "iv23"):
            args = ["zuc256-mac", "--key", v["key"], "--iv", v[form],
                    "--tag-bytes", v["tag_bits"] // 8, "--bits", v["length_bits"]]
            expect_line(f"{vid} zuc256-mac --in ({form})", args + ["--in", v["message"]], v["tag"])
            expect_line(f"{vid} zuc256-mac --in-file ({form})", args + ["--in-file", path], v["tag"])
            expect_line(f"{vid} zuc256-mac --version=2018 ({form})",
                        args + ["--version=2018", "--in", v["message"]], v["tag"])


def test_zuc256_versions():
    """zuc256_versions.json: keystream (keystream and zuc256 over zeros) and MACs."""
    for v in load("zuc256_versions.json"):
        vid, version = v["id"], v["version"]
        key_iv = ["--key", v["key"], "--iv", v["iv"], "--version", version]
        if v["kind"] == "keystream":
            words = v["keystream_words"]
            expect_line(f"{vid} keystream --version {version}",
                        ["keystream", *key_iv, "--words", len(words)], "".join(words))
            expect_line(f"{vid} zuc256 --version {version}",
                        ["zuc256", *key_iv, "--bytes", 4 * len(words), "--in", "00" * 4 * len(words)],
                        "".join(words))
        else:
            expect_line(f"{vid} zuc256-mac --version {version}",
                        ["zuc256-mac", *key_iv, "--tag-bytes", v["tag_bits"] // 8,
                         "--bits", v["length_bits"], "--in", v["message"]], v["tag"])


# ---------------------------------------------- ZUC-NEA6, ZUC-NIA6, ZUC-NCA6

def nxa6_vectors(algorithm):
    return [v for v in load("zuc256_3gpp_nxa6.json") if v["algorithm"] == algorithm]


def nxa6_link(v, first_byte):
    """--count/--bearer/--direction for a vector whose IV has the layout the tool
    makes (byte 0 first_byte, byte 1 BEARER << 1 | DIRECTION, bytes 8..11 COUNT,
    the others zero); None for the others."""
    iv = bytes.fromhex(v["iv"])
    if iv[0] != first_byte or iv[1] >= 64 or any(iv[2:8]) or any(iv[12:]):
        return None
    return ["--count", iv[8:12].hex(), "--bearer", iv[1] >> 1, "--direction", iv[1] & 1]


def tampered(hex_text):
    """The same bytes with the last bit flipped."""
    data = bytearray(bytes.fromhex(hex_text))
    data[-1] ^= 1
    return data.hex()


def test_nea6(tmp):
    vectors = nxa6_vectors("ZUC-NEA6")
    check("18 NEA6 vectors", len(vectors) == 18, str(len(vectors)))
    with_link = 0
    for v in vectors:
        vid, bits = v["id"], v["length_bits"]
        args = ["nea6", "--key", v["key"], "--iv", v["iv"], "--bits", bits]
        expect_line(f"{vid} nea6 --in", args + ["--in", v["msg"]], v["ct"])
        expect_line(f"{vid} nea6 decrypts", args + ["--in", v["ct"]], v["msg"])
        path = os.path.join(tmp, vid + ".pt")
        write_bytes(path, bytes.fromhex(v["msg"]) + b"\xff")
        expect_line(f"{vid} nea6 --in-file", args + ["--in-file", path], v["ct"])
        link = nxa6_link(v, 0)
        if link:
            with_link += 1
            expect_line(f"{vid} nea6 --count --bearer --direction",
                        ["nea6", "--key", v["key"], *link, "--bits", bits, "--in", v["msg"]], v["ct"])
    check("NEA6 vectors with the 3GPP IV layout run by COUNT", with_link >= 3, str(with_link))


def test_nia6(tmp):
    vectors = nxa6_vectors("ZUC-NIA6")
    check("17 NIA6 vectors", len(vectors) == 17, str(len(vectors)))
    with_link = 0
    for v in vectors:
        vid, tag_bytes = v["id"], v["tag_bits"] // 8
        base = ["nia6", "--key", v["key"], "--iv", v["iv"], "--bytes", v["length_bits"] // 8,
                "--in", v["msg"]]
        expect_line(f"{vid} nia6", base + ["--tag-bytes", tag_bytes], v["tag"])
        path = os.path.join(tmp, vid + ".msg")
        write_bytes(path, bytes.fromhex(v["msg"]))
        expect_line(f"{vid} nia6 --in-file", base[:-2] + ["--in-file", path, "--tag-bytes", tag_bytes],
                    v["tag"])
        rc, out, err = run(*base, "--tag", v["tag"])
        check(f"{vid} nia6 --tag verifies: exit 0, nothing written", rc == 0 and out == "" and err == "",
              f"rc={rc} {out!r} {err!r}")
        rc, out, err = run(*base, "--tag", v["tag"], "--tag-bytes", tag_bytes)
        check(f"{vid} nia6 --tag with --tag-bytes", rc == 0 and out == "" and err == "", err)
        expect_rejected(f"{vid} nia6 tampered tag", base + ["--tag", tampered(v["tag"])],
                        "zuc: nia6: the tag does not verify")
        if v["msg"]:
            expect_rejected(f"{vid} nia6 tampered message",
                            base[:-1] + [tampered(v["msg"]), "--tag", v["tag"]])
        link = nxa6_link(v, 8 * tag_bytes)
        if link:
            with_link += 1
            expect_line(f"{vid} nia6 --count --bearer --direction",
                        ["nia6", "--key", v["key"], *link, "--bytes", v["length_bits"] // 8,
                         "--tag-bytes", tag_bytes, "--in", v["msg"]], v["tag"])
    check("NIA6 vectors with the 3GPP IV layout run by COUNT", with_link >= 3, str(with_link))


def nca6_args(v, *, decrypt=False, link=None, aad=True):
    """nca6 on vector v: encryption of its msg, or decryption of its ct with its tag."""
    args = ["nca6", "--key", v["key"], *(link or ["--iv", v["iv"]]), "--bytes", v["length_bits"] // 8]
    if aad and v["aad"]:
        args += ["--aad", v["aad"]]
    if decrypt:
        return args + ["--decrypt", "--tag", v["tag"], "--in", v["ct"]]
    return args + ["--tag-bytes", v["tag_bits"] // 8, "--in", v["msg"]]


def test_nca6(tmp):
    vectors = nxa6_vectors("ZUC-NCA6")
    check("20 NCA6 vectors", len(vectors) == 20, str(len(vectors)))
    work = os.path.join(tmp, "nca6")
    os.mkdir(work)
    target = os.path.join(work, "plain.bin")
    with_link = 0
    for v in vectors:
        vid = v["id"]
        expect_line(f"{vid} nca6: ciphertext, then tag", nca6_args(v), v["ct"] + v["tag"])
        expect_line(f"{vid} nca6 --decrypt", nca6_args(v, decrypt=True), v["msg"])
        aad_file = os.path.join(work, vid + ".aad")
        write_bytes(aad_file, bytes.fromhex(v["aad"]))
        expect_line(f"{vid} nca6 --aad-file", nca6_args(v, aad=False) + ["--aad-file", aad_file],
                    v["ct"] + v["tag"])
        expect_line(f"{vid} nca6 --decrypt --aad-file",
                    nca6_args(v, decrypt=True, aad=False) + ["--aad-file", aad_file], v["msg"])
        bad_tag = nca6_args(v, decrypt=True)
        bad_tag[bad_tag.index("--tag") + 1] = tampered(v["tag"])
        expect_rejected(f"{vid} nca6 --decrypt, tampered tag", bad_tag + ["--out-file", target],
                        "zuc: nca6: the tag does not verify; nothing decrypted")
        check(f"{vid} nca6 tampered tag: --out-file not created, no temporary file left",
              all(n.endswith(".aad") for n in os.listdir(work)), str(os.listdir(work)))
        bad_aad = nca6_args(v, decrypt=True, aad=False) + ["--aad", (v["aad"] or "") + "00"]
        expect_rejected(f"{vid} nca6 --decrypt, other associated data", bad_aad)
        if v["ct"]:
            bad_ct = nca6_args(v, decrypt=True)
            bad_ct[-1] = tampered(v["ct"])
            expect_rejected(f"{vid} nca6 --decrypt, tampered ciphertext", bad_ct)
        link = nxa6_link(v, v["tag_bits"] + 4)
        if link:
            with_link += 1
            expect_line(f"{vid} nca6 --count --bearer --direction", nca6_args(v, link=link),
                        v["ct"] + v["tag"])
            expect_line(f"{vid} nca6 --decrypt --count --bearer --direction",
                        nca6_args(v, decrypt=True, link=link), v["msg"])
    check("NCA6 vectors with the 3GPP IV layout run by COUNT", with_link >= 3, str(with_link))


def test_nca6_files(tmp):
    """A ciphertext file ends with the tag; decrypted from it, a refused tag
    leaves an existing --out-file as it was."""
    v = next(v for v in nxa6_vectors("ZUC-NCA6") if v["msg"] and v["aad"])
    work = os.path.join(tmp, "nca6-files")
    os.mkdir(work)
    ct_file, pt_file = os.path.join(work, "ct.bin"), os.path.join(work, "pt.bin")
    rc, out, err = run(*nca6_args(v), "--out-file", ct_file)
    check("nca6 --out-file: ciphertext, then tag", rc == 0 and out == ""
          and read_bytes(ct_file).hex() == v["ct"] + v["tag"], f"rc={rc} {err!r}")
    args = nca6_args(v, decrypt=True)[:-2] + ["--in-file", ct_file]
    rc, out, err = run(*args, "--out-file", pt_file)
    check("nca6 --decrypt of that file", rc == 0 and out == "" and read_bytes(pt_file).hex() == v["msg"],
          f"rc={rc} {err!r}")
    write_bytes(pt_file, b"previous")
    bad = args[:]
    bad[bad.index("--tag") + 1] = tampered(v["tag"])
    expect_rejected("nca6 --decrypt refused with --out-file", bad + ["--out-file", pt_file])
    check("a refused decryption leaves --out-file as it was", read_bytes(pt_file) == b"previous"
          and sorted(os.listdir(work)) == ["ct.bin", "pt.bin"], str(os.listdir(work)))
    rc, out, err = run(*nca6_args(v, aad=False), "--aad-file", "-", stdin=bytes.fromhex(v["aad"]))
    check("nca6 --aad-file - reads standard input", rc == 0 and out.strip() == v["ct"] + v["tag"], err)


def test_nxa6_iv_made():
    """The IV made from COUNT, BEARER and DIRECTION: -v shows it, and --iv with it agrees."""
    v = nxa6_vectors("ZUC-NIA6")[1]
    iv = "30" + f"{(5 << 1) | 1:02x}" + "00" * 6 + "89abcdef" + "00" * 4
    args = ["nia6", "--key", v["key"], "--tag-bytes", 6, "--bytes", v["length_bits"] // 8, "--in", v["msg"]]
    rc1, by_link, err = run("-v", *args, "--count", "0x89abcdef", "--bearer", 5, "--direction", 1)
    rc2, by_iv, _ = run(*args, "--iv", iv)
    check("nia6: the IV made from COUNT, BEARER, DIRECTION is the 3GPP layout",
          rc1 == rc2 == 0 and by_link == by_iv and f"IV {iv}" in err, f"{by_link!r} {by_iv!r} {err!r}")


# ---------------------------------------------------------------- help

THREE_GPP = {"--count", "--bearer", "--direction"}
IO = {"--in", "--in-file", "--out-file"}
NXA6 = {"--key", "--iv", *THREE_GPP, *IO}
OPTIONS_OF = {   # each command's options, as its --help must list them
    "keystream": {"--key", "--iv", "--words", "--version"},
    "eea3": {"--key", *THREE_GPP, "--bits", *IO},
    "eia3": {"--key", *THREE_GPP, "--bits", *IO},
    "zuc256": {"--key", "--iv", "--bytes", "--version", *IO},
    "zuc256-mac": {"--key", "--iv", "--tag-bytes", "--bits", "--version", *IO},
    "nea6": {*NXA6, "--bits"},
    "nia6": {*NXA6, "--bytes", "--tag-bytes", "--tag"},
    "nca6": {*NXA6, "--bytes", "--tag-bytes", "--tag", "--aad", "--aad-file", "--decrypt"},
}


def help_examples(text):
    """(command line, expected output) for each "$ zuc ..." example of a help text."""
    lines, examples, i = text.splitlines(), [], 0
    while i < len(lines):
        line = lines[i].strip()
        if line.startswith("$ zuc "):
            command = line[2:]
            while command.endswith("\\"):
                i += 1
                command = command[:-1] + " " + lines[i].strip()
            examples.append((shlex.split(command)[1:], lines[i + 1].strip()))
        i += 1
    return examples


def test_help():
    commands = list(OPTIONS_OF)
    rc, main_help, err = run("--help")
    check("--help: exit 0, stdout, no stderr", rc == 0 and "Usage" in main_help and err == "")
    check("help == --help", run("help") == (0, main_help, ""))
    examples = help_examples(main_help)
    check("--help has an example per subcommand",
          {args[0] for args, _ in examples} == set(commands), str(examples))
    for name in commands:
        rc, text, err = run(name, "--help")
        check(f"{name} --help", rc == 0 and text.startswith(f"Usage: zuc {name} ") and err == "",
              f"rc={rc} {err!r}")
        check(f"help {name} == {name} --help", run("help", name) == (rc, text, err))
        check(f"{name} -h == {name} --help", run(name, "--key", "00", "-h") == (rc, text, err))
        if "--decrypt" in OPTIONS_OF[name]:   # a flag takes no value: -h after it asks for help
            check(f"{name} --decrypt -h == {name} --help", run(name, "--decrypt", "-h") == (rc, text, err))
        takes_out_file = name != "keystream"
        check(f"{name} --help offers --out-file only if it takes it",
              ("--out-file" in text) == takes_out_file, text)
        named = set(re.findall(r"--[a-z][a-z-]*", text)) - {"--help", "--verbose", "--name"}
        check(f"{name} --help names its own options, and only those", named == OPTIONS_OF[name],
              f"extra {sorted(named - OPTIONS_OF[name])}, missing {sorted(OPTIONS_OF[name] - named)}")
        sub_examples = help_examples(text)
        check(f"{name} --help has an example", any(a[0] == name for a, _ in sub_examples))
        examples += sub_examples
    for args, want in examples:
        expect_line("help example: zuc " + " ".join(args)[:60], args, want)

    rc, out, err = run()
    check("no arguments: usage on stderr, exit 2", rc == 2 and out == "" and "Usage" in err)
    rc, out, err = run("--version")
    check("--version", rc == 0 and out.startswith("zuc ") and out.count("\n") == 1 and err == "")
    rc, out2, err = run("-v", "--version")
    check("-v --version", rc == 0 and out2 == out)
    expect_error("--version before a subcommand takes nothing after it", ["--version", "2023"],
                 "the ZUC-256 version goes after the subcommand")
    expect_error("--version after keystream needs a value",
                 ["keystream", "--key", "00" * 32, "--iv", "00" * 25, "--words", 1, "--version"],
                 "--version needs a value")


def test_verbose():
    key = "00" * 32
    for form, iv, word in (("25-byte", "00" * 25, "25-byte"), ("23-byte", "00" * 23, "23-byte")):
        rc, out, err = run("keystream", "-v", "--key", key, "--iv", iv, "--words", 1)
        check(f"-v names the {form} IV form on stderr only",
              rc == 0 and out == "58d03ad6\n" and word in err, f"{out!r} {err!r}")
    rc, out, err = run("-v", "keystream", "--key", "00" * 16, "--iv", "00" * 16, "--words", 1)
    check("-v before the subcommand", rc == 0 and out == "27bede74\n" and "ZUC-128" in err)
    rc, out, err = run("keystream", "--key", key, "--iv", "00" * 23, "--words", 1)
    check("without -v stderr is empty", rc == 0 and err == "")


# ----------------------------------------------------------- bad input

EEA3 = {}   # EEA3 test set 1, loaded by main(): the base of the bad-input cases


def eea3_args(**change):
    """Valid eea3 arguments (test set 1), with options replaced or (None) dropped."""
    opts = {"--key": EEA3["key"], "--count": "0x" + EEA3["count_hex"], "--bearer": EEA3["bearer"],
            "--direction": EEA3["direction"], "--bits": EEA3["length_bits"], "--in": EEA3["plaintext"]}
    for name, value in change.items():
        opts["--" + name.replace("_", "-")] = value
    args = ["eea3"]
    for name, value in opts.items():
        if value is not None:
            args += [name, value]
    return args


def valid_commands(tmp):
    """One valid argument list per subcommand, as {name: [(option, value)]}."""
    k256, iv25 = "00" * 32, "00" * 25
    link = [("--count", "0x12345678"), ("--bearer", 3), ("--direction", 1)]
    return {
        "keystream": [("--key", "00" * 16), ("--iv", "00" * 16), ("--words", 2)],
        "eea3": list(zip(eea3_args()[1::2], eea3_args()[2::2], strict=False)),
        "eia3": list(zip(eea3_args()[1::2], eea3_args()[2::2], strict=False)),
        "zuc256": [("--key", k256), ("--iv", iv25), ("--bytes", 8), ("--in", "00" * 8)],
        "zuc256-mac": [("--key", k256), ("--iv", iv25), ("--tag-bytes", 4), ("--bits", 64),
                       ("--in", "00" * 8)],
        "nea6": [("--key", k256), *link, ("--bits", 12), ("--in", "0000")],
        "nia6": [("--key", k256), *link, ("--tag-bytes", 7), ("--bytes", 2), ("--in", "0000")],
        "nca6": [("--key", k256), *link, ("--tag-bytes", 16), ("--bytes", 2), ("--in", "0000")],
    }


def flat(name, pairs):
    return [name] + [x for pair in pairs for x in pair]


def test_missing_options(tmp):
    for name, pairs in valid_commands(tmp).items():
        rc, out, err = run(*flat(name, pairs))
        check(f"{name}: the valid base command runs", rc == 0 and out.count("\n") == 1, err)
        for i, (option, _) in enumerate(pairs):
            rest = pairs[:i] + pairs[i + 1:]
            needle = "missing the input" if option == "--in" else f"missing {option}"
            expect_error(f"{name} without {option}", flat(name, rest), needle)


def test_bad_input(tmp):
    k128, k256 = "00" * 16, "00" * 32
    e = expect_error

    # hex
    e("bad hex digit", eea3_args(**{"in": "0123g5"}), "zuc: --in: bad hex digit 'g' at position 5")
    e("bad hex digit in key", eea3_args(key="x" + EEA3["key"][1:]), "--key: bad hex digit 'x' at position 1")
    e("space in hex", eea3_args(**{"in": "01 23"}), "bad hex digit ' ' at position 3")
    e("0x prefix on hex data", eea3_args(**{"in": "0x0123"}), "bad hex digit 'x' at position 2")
    e("control byte in hex shown escaped", eea3_args(**{"in": "01\n23"}), "'\\x0a' at position 3")
    e("odd-length hex", eea3_args(**{"in": "012"}), "--in: odd number of hex digits (3)")
    e("odd-length key", eea3_args(key=EEA3["key"][:-1]), "--key: odd number of hex digits")

    # key and IV sizes
    e("keystream key of 15 bytes", ["keystream", "--key", "00" * 15, "--iv", k128, "--words", 1],
      "zuc: --key: expected 16 bytes (32 hex digits) for ZUC-128 or 32 bytes for ZUC-256, got 15 bytes")
    e("eea3 key of 32 bytes", eea3_args(key=k256), "--key: expected 16 bytes (32 hex digits) for 128-EEA3, got 32 bytes")
    e("eia3 key of 15 bytes", ["eia3"] + eea3_args(key="00" * 15)[1:], "for 128-EIA3, got 15 bytes")
    e("zuc256 key of 16 bytes", ["zuc256", "--key", k128, "--iv", "00" * 25, "--bytes", 1, "--in", "00"],
      "--key: expected 32 bytes (64 hex digits) for ZUC-256, got 16 bytes")
    e("zuc256-mac key of 31 bytes", ["zuc256-mac", "--key", "00" * 31, "--iv", "00" * 25,
                                     "--tag-bytes", 4, "--bits", 8, "--in", "00"], "got 31 bytes")
    e("ZUC-128 IV of 15 bytes", ["keystream", "--key", k128, "--iv", "00" * 15, "--words", 1],
      "--iv: expected 16 bytes (32 hex digits) for ZUC-128, got 15 bytes")
    e("ZUC-128 IV of 25 bytes", ["keystream", "--key", k128, "--iv", "00" * 25, "--words", 1], "got 25 bytes")
    e("ZUC-256 IV of 24 bytes", ["keystream", "--key", k256, "--iv", "00" * 24, "--words", 1],
      "--iv: expected 25 bytes (50 hex digits) or the packed 23-byte form (46 hex digits) for ZUC-256 version 2018, "
      "got 24 bytes")
    e("ZUC-256 IV of 16 bytes (zuc256)", ["zuc256", "--key", k256, "--iv", "00" * 16, "--bytes", 1,
                                          "--in", "00"], "got 16 bytes")
    e("25-byte IV with IV17 > 0x3f", ["keystream", "--key", k256, "--iv", "00" * 17 + "40" + "00" * 7,
                                      "--words", 1], "IV17 (byte 18) is 0x40")
    e("25-byte IV with IV24 = 0xff", ["zuc256-mac", "--key", k256, "--iv", "00" * 24 + "ff",
                                      "--tag-bytes", 4, "--bits", 8, "--in", "00"], "IV24 (byte 25) is 0xff")

    # options
    e("unknown option", eea3_args() + ["--foo", "1"], "unknown option '--foo'")
    e("unknown option with =", eea3_args() + ["--foo=1"], "unknown option '--foo'")
    e("option of another subcommand", eea3_args() + ["--iv", "00"], "eea3 does not take --iv")
    e("--out-file on keystream", ["keystream", "--key", k128, "--iv", k128, "--words", 1,
                                  "--out-file", os.path.join(tmp, "o")],
      "keystream does not take --out-file")
    e("unknown subcommand", ["eea4", "--key", k128], "unknown subcommand 'eea4'")
    e("unknown option before subcommand", ["--frobnicate"], "unknown option '--frobnicate'")
    e("help for unknown subcommand", ["help", "eea4"], "unknown subcommand 'eea4'")
    e("option without value at end", eea3_args(key=None) + ["--key"], "--key needs a value")
    e("option followed by option", ["eea3", "--key", "--count", "1"], "--key needs a value")
    e("-v as an option's value is the value", eea3_args(key="-v"), "--key: bad hex digit '-' at position 1")
    e("empty --out-file", eea3_args() + ["--out-file", ""], "zuc: --out-file: empty file name")
    e("empty --out-file=", eea3_args() + ["--out-file="], "--out-file: empty file name")
    e("empty --in-file", eea3_args(**{"in": None}) + ["--in-file", ""], "--in-file: empty file name")
    e("option given twice", eea3_args() + ["--bearer", "3"], "--bearer given more than once")
    e("stray argument", eea3_args() + ["extra"], "unexpected argument 'extra'")
    e("both --in and --in-file", eea3_args() + ["--in-file", "/dev/null"], "not both")
    e("neither --in nor --in-file", eea3_args(**{"in": None}), "missing the input")

    # lengths
    e("--bits beyond the data", eea3_args(bits=200, **{"in": "00" * 24}), "zuc: --bits 200 exceeds the 192 bits given")
    short = os.path.join(tmp, "short.bin")
    write_bytes(short, b"\x00" * 24)
    e("--bits beyond the file", eea3_args(bits=193, **{"in": None}) + ["--in-file", short],
      "--bits 193 exceeds the 192 bits given")
    e("--bits beyond data (eia3)", ["eia3"] + eea3_args(bits=9, **{"in": "00"})[1:], "--bits 9 exceeds the 8 bits given")
    e("--bits beyond data (mac)", ["zuc256-mac", "--key", k256, "--iv", "00" * 25, "--tag-bytes", 4,
                                   "--bits", 9, "--in", "00"], "--bits 9 exceeds the 8 bits given")
    e("--bytes beyond the data", ["zuc256", "--key", k256, "--iv", "00" * 25, "--bytes", 9, "--in", "00" * 8],
      "--bytes 9 exceeds the 8 bytes given")
    e("--bits 2^32", eea3_args(bits=2**32), "--bits must be 0..4294967295")
    e("--bits beyond 64 bits", eea3_args(bits="9" * 30), "--bits must be 0..4294967295")
    e("--bits negative", eea3_args(bits=-1), "--bits: expected a decimal integer, got '-1'")
    e("--bits in hex", eea3_args(bits="0xc1"), "--bits: expected a decimal integer, got '0xc1'")
    e("--bits empty", eea3_args(bits=""), "--bits: expected a decimal integer, got an empty value")
    e("mac --bits beyond 2^32 - 2t", ["zuc256-mac", "--key", k256, "--iv", "00" * 25, "--tag-bytes", 16,
                                      "--bits", 2**32 - 255, "--in", "00"], "--bits must be 0..4294967040")
    e("--bytes beyond 2^29", ["zuc256", "--key", k256, "--iv", "00" * 25, "--bytes", 2**29 + 1, "--in", "00"],
      "--bytes must be 0..536870912")

    # 3GPP parameters
    e("--bearer 32", eea3_args(bearer=32), "zuc: --bearer must be 0..31, got 32")
    e("--bearer -1", eea3_args(bearer=-1), "--bearer: expected a decimal integer")
    e("--bearer abc", ["eia3"] + eea3_args(bearer="abc")[1:], "--bearer: expected a decimal integer, got 'abc'")
    e("--direction 2", eea3_args(direction=2), "--direction must be 0 or 1, got 2")
    e("--count of 33 bits", eea3_args(count="1ffffffff"), "--count: 1ffffffff does not fit in 32 bits")
    e("--count not hex", eea3_args(count="0xzz"), "--count: expected a 32-bit hex value")
    e("--count empty after 0x", eea3_args(count="0x"), "--count: expected a 32-bit hex value")

    # tag size, words
    mac = ["zuc256-mac", "--key", k256, "--iv", "00" * 25, "--bits", 8, "--in", "00", "--tag-bytes"]
    for t in ("5", "0", "32", "x"):
        e(f"--tag-bytes {t}", mac + [t], "--tag-bytes")
    e("--tag-bytes message", mac + ["12"], "--tag-bytes must be 4, 8 or 16, got 12")
    ks = ["keystream", "--key", k128, "--iv", k128, "--words"]
    e("--words 0", ks + [0], "--words must be 1..16777216")
    e("--words 2^24 + 1", ks + [2**24 + 1], "--words must be 1..16777216")
    e("--words absurd", ks + ["1" * 40], "--words must be 1..16777216")

    # files
    missing = os.path.join(tmp, "no-such-file.bin")
    e("unreadable input file", eea3_args(**{"in": None}) + ["--in-file", missing],
      f"zuc: cannot read '{missing}': No such file or directory")
    e("directory as input file", eea3_args(**{"in": None}) + ["--in-file", tmp], f"cannot read '{tmp}'")
    e("output in a missing directory", eea3_args() + ["--out-file", os.path.join(tmp, "nodir", "x.bin")],
      "cannot write")
    dangling = os.path.join(tmp, "dangling")
    os.symlink(os.path.join(tmp, "nowhere"), dangling)
    e("--out-file a symbolic link to nothing", eea3_args() + ["--out-file", dangling],
      f"cannot write '{dangling}': No such file or directory")
    check("the link to nothing is left alone", os.path.islink(dangling) and
          not os.path.exists(os.path.join(tmp, "nowhere")))


def test_bad_versions():
    """--version on the ZUC-256 commands: the IV size follows it."""
    k256, e = "00" * 32, expect_error
    ks = ["keystream", "--key", k256, "--words", 1]
    mac = ["zuc256-mac", "--key", k256, "--tag-bytes", 4, "--bits", 8, "--in", "00"]
    e("version 2018 (default), 16-byte IV", ks + ["--iv", "00" * 16],
      "for ZUC-256 version 2018, got 16 bytes (16 bytes is the IV of --version 2021 or 2023)")
    e("version 2018, 16-byte IV (zuc256)", ["zuc256", "--key", k256, "--iv", "00" * 16, "--bytes", 1,
                                            "--in", "00", "--version", 2018], "version 2018, got 16 bytes")
    e("version 2021, 25-byte IV", ks + ["--iv", "00" * 25, "--version", 2021],
      "zuc: --iv: expected 16 bytes (32 hex digits) for ZUC-256 version 2021, got 25 bytes")
    e("version 2023, 23-byte IV (mac)", mac + ["--iv", "00" * 23, "--version", 2023],
      "--iv: expected 16 bytes (32 hex digits) for ZUC-256 version 2023, got 23 bytes")
    e("version 2023, 17-byte IV (zuc256)", ["zuc256", "--key", k256, "--iv", "00" * 17, "--bytes", 1,
                                            "--in", "00", "--version=2023"], "version 2023, got 17 bytes")
    for bad in ("2019", "0", "x", "", "20230"):
        e(f"--version {bad!r}", ks + ["--iv", "00" * 16, "--version", bad], "--version")
    e("--version message", ks + ["--iv", "00" * 16, "--version", 2022],
      "--version must be 2018, 2021 or 2023 (the ZUC-256 version), got 2022")
    e("--version with a ZUC-128 key", ["keystream", "--key", "00" * 16, "--iv", "00" * 16, "--words", 1,
                                       "--version", 2018], "ZUC-128 (a 16-byte key) has none")
    e("--version on eea3", eea3_args() + ["--version", 2023], "eea3 does not take --version")
    e("--version on nea6", ["nea6", "--version", 2023], "nea6 does not take --version")
    e("--version given twice", ks + ["--iv", "00" * 16, "--version", 2021, "--version", 2023],
      "--version given more than once")


def test_bad_nxa6(tmp):
    """Bad input to nea6, nia6 and nca6: exit 2, one line naming the option."""
    k256, e = "00" * 32, expect_error
    iv = ["--iv", "00" * 16]
    nea6 = ["nea6", "--key", k256, "--bits", 8, "--in", "00"]
    nia6 = ["nia6", "--key", k256, "--bytes", 1, "--in", "00"]
    nca6 = ["nca6", "--key", k256, "--bytes", 1, "--in", "00"]

    e("nea6 key of 16 bytes", ["nea6", "--key", "00" * 16, *iv, "--bits", 8, "--in", "00"],
      "--key: expected 32 bytes (64 hex digits) for ZUC-NEA6, got 16 bytes")
    e("nia6 key of 33 bytes", ["nia6", "--key", "00" * 33, *iv, "--tag-bytes", 4, "--bytes", 1, "--in", "00"],
      "for ZUC-NIA6, got 33 bytes")
    e("nea6 IV of 15 bytes", nea6 + ["--iv", "00" * 15],
      "zuc: --iv: expected 16 bytes (32 hex digits) for ZUC-NEA6, got 15 bytes")
    e("nia6 IV of 25 bytes", nia6 + ["--tag-bytes", 4, "--iv", "00" * 25], "for ZUC-NIA6, got 25 bytes")
    e("nca6 IV of 17 bytes", nca6 + ["--tag-bytes", 4, "--iv", "00" * 17], "for ZUC-NCA6, got 17 bytes")
    e("nea6 bad hex IV", nea6 + ["--iv", "0" * 31 + "g"], "--iv: bad hex digit 'g' at position 32")
    e("nea6 without IV or COUNT", nea6, "nea6: missing --count (or give the whole IV with --iv)")
    e("nea6 COUNT without BEARER", nea6 + ["--count", "1", "--direction", 0], "nea6: missing --bearer")
    e("nea6 --iv and --count", nea6 + iv + ["--count", "1"],
      "nea6: give either --iv or --count, --bearer and --direction, not both")
    e("nia6 --iv and --direction", nia6 + iv + ["--tag-bytes", 4, "--direction", 1], "not both")
    e("nea6 --bearer 32", nea6 + ["--count", "1", "--bearer", 32, "--direction", 0], "--bearer must be 0..31")
    e("nea6 --bits beyond the data", ["nea6", "--key", k256, *iv, "--bits", 9, "--in", "00"],
      "--bits 9 exceeds the 8 bits given")
    e("nea6 --bits 2^32", ["nea6", "--key", k256, *iv, "--bits", 2**32, "--in", "00"],
      "--bits must be 0..4294967295")
    e("nea6 --bytes", nea6 + iv + ["--bytes", 1], "nea6 does not take --bytes")
    e("nia6 --bytes beyond NIA6's limit", ["nia6", "--key", k256, *iv, "--tag-bytes", 4, "--bytes", 2**29,
                                           "--in", "00"], "--bytes must be 0..536870864")
    e("nca6 --bytes beyond the data", ["nca6", "--key", k256, *iv, "--tag-bytes", 4, "--bytes", 2, "--in", "00"],
      "--bytes 2 exceeds the 1 bytes given")
    e("nia6 --bits", nia6 + iv + ["--tag-bytes", 4, "--bits", 8], "nia6 does not take --bits")

    # tag sizes
    e("nia6 without --tag-bytes or --tag", nia6 + iv, "nia6: missing --tag-bytes")
    e("nca6 without --tag-bytes", nca6 + iv, "nca6: missing --tag-bytes")
    for t in (3, 17, 0):
        e(f"nia6 --tag-bytes {t}", nia6 + iv + ["--tag-bytes", t], f"--tag-bytes must be 4..16, got {t}")
        e(f"nca6 --tag-bytes {t}", nca6 + iv + ["--tag-bytes", t], f"--tag-bytes must be 4..16, got {t}")
    for n in (3, 17):
        e(f"nia6 --tag of {n} bytes", nia6 + iv + ["--tag", "00" * n],
          f"--tag: expected 4 to 16 bytes (8 to 32 hex digits), got {n} bytes")
        e(f"nca6 --decrypt --tag of {n} bytes", nca6 + iv + ["--decrypt", "--tag", "00" * n],
          f"--tag: expected 4 to 16 bytes (8 to 32 hex digits), got {n} bytes")
    e("nia6 --tag and --tag-bytes disagree", nia6 + iv + ["--tag", "00" * 5, "--tag-bytes", 6],
      "--tag holds 5 bytes, but --tag-bytes is 6")
    e("nia6 bad hex tag", nia6 + iv + ["--tag", "0011223x"], "--tag: bad hex digit 'x' at position 8")
    e("nia6 odd tag", nia6 + iv + ["--tag", "001122334"], "--tag: odd number of hex digits")
    e("nia6 --tag with --out-file", nia6 + iv + ["--tag", "00" * 4, "--out-file", os.path.join(tmp, "n")],
      "nia6: --out-file has nothing to receive when --tag is verified")
    check("nia6 --tag with --out-file creates nothing", not os.path.exists(os.path.join(tmp, "n")))

    # nca6 directions and associated data
    enc = nca6 + iv + ["--tag-bytes", 4]
    e("nca6 --decrypt without --tag", nca6 + iv + ["--decrypt"], "nca6 --decrypt: missing --tag")
    e("nca6 --tag without --decrypt", enc + ["--tag", "00" * 4], "nca6: --tag goes with --decrypt")
    e("nca6 --decrypt with a value", enc + ["--decrypt=yes"], "--decrypt takes no value")
    e("nca6 --decrypt twice", nca6 + iv + ["--decrypt", "--decrypt", "--tag", "00" * 4],
      "--decrypt given more than once")
    e("nca6 bad hex --aad", enc + ["--aad", "01z2"], "--aad: bad hex digit 'z' at position 3")
    e("nca6 odd --aad", enc + ["--aad", "012"], "--aad: odd number of hex digits (3)")
    e("nca6 --aad and --aad-file", enc + ["--aad", "00", "--aad-file", "/dev/null"],
      "either as --aad HEX or as --aad-file F, not both")
    e("nca6 --aad-file missing", enc + ["--aad-file", os.path.join(tmp, "none")], "cannot read")
    e("nca6 --aad-file empty name", enc + ["--aad-file", ""], "--aad-file: empty file name")
    e("nca6 both from standard input", nca6[:-2] + iv + ["--tag-bytes", 4, "--in-file", "-", "--aad-file", "-"],
      "nca6: --in-file and --aad-file cannot both read standard input")
    e("nea6 --aad", nea6 + iv + ["--aad", "00"], "nea6 does not take --aad")
    e("nia6 --decrypt", nia6 + iv + ["--tag-bytes", 4, "--decrypt"], "nia6 does not take --decrypt")

    # the output file is untouched by any of these failures
    target = os.path.join(tmp, "nxa6-target.bin")
    write_bytes(target, b"keep")
    for what, args in (("bad IV", nca6 + ["--tag-bytes", 4, "--iv", "00" * 15]),
                       ("bad --aad", enc + ["--aad", "zz"]),
                       ("missing --aad-file", enc + ["--aad-file", os.path.join(tmp, "none")])):
        expect_error(f"nca6 {what} with --out-file", args + ["--out-file", target])
        check(f"nca6 {what}: --out-file kept", read_bytes(target) == b"keep")


def test_option_values_are_not_flags(tmp):
    """-h after an option is that option's value: a file named -h, not a request for help."""
    missing = expect_error("--in-file -h without such a file",
                           eea3_args(**{"in": None}) + ["--in-file", "-h"], "cannot read '-h'")
    check("--in-file -h does not print the help", "Usage" not in missing)
    work = os.path.join(tmp, "dash-h")
    os.mkdir(work)
    write_bytes(os.path.join(work, "-h"), bytes.fromhex(EEA3["plaintext"]))
    rc, out, err = run(*eea3_args(**{"in": None}), "--in-file", "-h", cwd=work)
    check("--in-file -h reads the file named -h", rc == 0 and out.strip() == EEA3["ciphertext"],
          f"rc={rc} {out[:80]!r} {err!r}")
    rc, out, err = run(*eea3_args(), "--out-file", "-h", cwd=work)
    check("--out-file -h writes the file named -h", rc == 0 and out == "" and
          read_bytes(os.path.join(work, "-h")).hex() == EEA3["ciphertext"], f"rc={rc} {err!r}")


def test_mac_out_file(tmp):
    """Every command that takes --out-file writes there the raw bytes it would print as hex."""
    for name, pairs in valid_commands(tmp).items():
        if name == "keystream":
            continue
        path = os.path.join(tmp, f"{name}.out")
        rc, hex_line, _ = run(*flat(name, pairs))
        rc2, out, err = run(*flat(name, pairs), "--out-file", path)
        check(f"{name} --out-file writes the raw bytes", rc == 0 and rc2 == 0 and out == ""
              and os.path.exists(path) and read_bytes(path).hex() == hex_line.strip(),
              f"rc={rc},{rc2} {err!r}")


def test_out_file_safety(tmp):
    work = os.path.join(tmp, "safety")
    os.mkdir(work)
    target = os.path.join(work, "target.bin")
    original = b"original content\n"
    write_bytes(target, original)
    before = sorted(os.listdir(work))

    failures = {
        "bad key": eea3_args(key="00" * 15),
        "bits beyond data": eea3_args(bits=10_000),
        "bad hex input": eea3_args(**{"in": "zz"}),
        "missing input file": eea3_args(**{"in": None}) + ["--in-file", os.path.join(work, "nope")],
        "zuc256 bad IV": ["zuc256", "--key", "00" * 32, "--iv", "00" * 17 + "ff" * 8, "--bytes", 1,
                          "--in", "00"],
    }
    for what, args in failures.items():
        expect_error(f"--out-file untouched on failure ({what})", args + ["--out-file", target])
        check(f"target unchanged after failure ({what})", read_bytes(target) == original)
        check(f"no temporary file after failure ({what})", sorted(os.listdir(work)) == before,
              str(sorted(os.listdir(work))))

    # A failure after the temporary file exists: rename onto a non-empty directory.
    occupied = os.path.join(work, "occupied")
    os.mkdir(occupied)
    write_bytes(os.path.join(occupied, "keep"), b"x")
    listing = sorted(os.listdir(work))
    expect_error("--out-file onto a directory", eea3_args() + ["--out-file", occupied], f"cannot write '{occupied}'")
    check("no temporary file after a failed rename", sorted(os.listdir(work)) == listing,
          str(sorted(os.listdir(work))))

    if os.geteuid() != 0:   # root ignores directory permissions
        locked = os.path.join(work, "locked")
        os.mkdir(locked, 0o555)
        expect_error("--out-file in a read-only directory",
                     eea3_args() + ["--out-file", os.path.join(locked, "x.bin")], "Permission denied")
        check("nothing created in the read-only directory", os.listdir(locked) == [])
        os.chmod(locked, 0o755)

    # Success replaces the target completely (here with a shorter content).
    rc, out, err = run(*eea3_args(), "--out-file", target)
    check("--out-file replaces an existing file", rc == 0 and out == "" and err == ""
          and read_bytes(target).hex() == EEA3["ciphertext"], f"{rc} {err!r}")
    check("no temporary file after success", sorted(os.listdir(work)) == listing)
    rc, out, err = run("-v", *eea3_args(), "--out-file", target)
    check("-v notes the written file on stderr", rc == 0 and out == "" and "wrote 25 bytes" in err, err)


def test_out_file_kinds(tmp):
    """--out-file never replaces what it should not: each kind of existing target."""
    work = os.path.join(tmp, "kinds")
    os.mkdir(work)
    ciphertext = EEA3["ciphertext"]
    clitest.check_output_targets(work, lambda path: run(*eea3_args(), "--out-file", path),
                                 lambda data: data.hex() == ciphertext)
    if os.geteuid() != 0:   # as root a regression would replace /dev/null itself
        rc, _, err = run(*eea3_args(), "--out-file", "/dev/null")
        check("--out-file /dev/null", rc == 0 and stat.S_ISCHR(os.stat("/dev/null").st_mode), err)
        read_only = os.path.join(work, "read-only.bin")
        write_bytes(read_only, b"keep")
        os.chmod(read_only, 0o444)
        expect_error("a file this user may not write is not replaced",
                     eea3_args() + ["--out-file", read_only], "Permission denied")
        check("the read-only file keeps its bytes", read_bytes(read_only) == b"keep")

    done = subprocess.run([*EMULATOR, ZUC, *map(str, eea3_args()), "--out-file", "-"],
                          capture_output=True, timeout=60)
    check("--out-file - writes the raw bytes to standard output",
          done.returncode == 0 and done.stdout.hex() == ciphertext and done.stderr == b"", str(done))


def test_interrupted_run(tmp):
    """SIGTERM/SIGINT while zuc waits for a long input: temporary file removed, exit 143/130."""
    work = os.path.join(tmp, "interrupted")
    os.mkdir(work)
    target = os.path.join(work, "out.bin")
    write_bytes(target, b"previous content")
    args = eea3_args(bits=8 * 64 * 2**20, **{"in": None}) + ["--in-file", "-", "--out-file", target]
    for sig, status in ((signal.SIGTERM, 143), (signal.SIGINT, 130)):
        p = subprocess.Popen([*EMULATOR, ZUC, *map(str, args)], stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        p.stdin.write(b"\0" * 2**20)          # 1 of the 64 MiB: zuc is reading the rest
        p.stdin.flush()
        started = wait_until(lambda: any(n.startswith(".zuc-tmp-") for n in os.listdir(work)), 5)
        p.send_signal(sig)
        try:
            rc = p.wait(timeout=30)
        finally:
            try:
                p.stdin.close()
            except BrokenPipeError:
                pass
        name = signal.Signals(sig).name
        check(f"{name}: the output's temporary file existed during the run", started)
        check(f"{name}: exit status {status}", rc == status, f"rc={rc}")
        check(f"{name}: no temporary file left", os.listdir(work) == ["out.bin"],
              str(os.listdir(work)))
        check(f"{name}: the target keeps its content", read_bytes(target) == b"previous content")


def main():
    if not (os.access(ZUC, os.X_OK) and os.path.isdir(VECTORS)):
        print(__doc__.strip().splitlines()[2])
        print("cli: 0 passed, 1 failed")
        return 1
    EEA3.update(load("eea3.json")[0])
    with tempfile.TemporaryDirectory(prefix="zuc-cli-") as tmp:
        test_zuc128_keystream()
        test_zuc256_keystream()
        test_eea3(tmp)
        test_eia3(tmp)
        test_zuc256(tmp)
        test_zuc256_mac(tmp)
        test_zuc256_versions()
        test_nea6(tmp)
        test_nia6(tmp)
        test_nca6(tmp)
        test_nca6_files(tmp)
        test_nxa6_iv_made()
        test_help()
        test_verbose()
        test_missing_options(tmp)
        test_bad_input(tmp)
        test_bad_versions()
        test_bad_nxa6(tmp)
        test_option_values_are_not_flags(tmp)
        test_mac_out_file(tmp)
        test_out_file_safety(tmp)
        test_out_file_kinds(tmp)
        test_interrupted_run(tmp)
    return clitest.summary("cli")


if __name__ == "__main__":
    sys.exit(main())
