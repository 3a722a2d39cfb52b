# SPDX-License-Identifier: Apache-2.0
# Types of the extension zuc._zuc (python/ext/). "Buffer" is any contiguous
# bytes-like object: bytes, bytearray, memoryview, numpy arrays.
from collections.abc import Sequence
from typing import Literal, TypeAlias

from typing_extensions import Buffer

Version: TypeAlias = Literal[2018, 2021, 2023]
Ints: TypeAlias = int | Sequence[int]
Buffers: TypeAlias = Buffer | Sequence[Buffer]

class InvalidTag(Exception): ...

class Keystream:
    def __init__(self, key: Buffer, iv: Buffer, version: Version | None = None) -> None: ...
    def read(self, length: int, /) -> bytes: ...
    def readinto(self, buffer: Buffer, /) -> int: ...
    def xor(self, data: Buffer, /) -> bytes: ...

def impl_name() -> str: ...
def impl_name_n() -> str: ...
def version() -> str: ...

# One message per call.
def eea3(
    key: Buffer, count: int, bearer: int, direction: int, data: Buffer, bits: int | None = None
) -> bytes: ...
def eea3_into(
    key: Buffer,
    count: int,
    bearer: int,
    direction: int,
    data: Buffer,
    out: Buffer,
    bits: int | None = None,
) -> int: ...
def eia3(
    key: Buffer, count: int, bearer: int, direction: int, data: Buffer, bits: int | None = None
) -> bytes: ...
def nea6(
    key: Buffer, count: int, bearer: int, direction: int, data: Buffer, bits: int | None = None
) -> bytes: ...
def nea6_into(
    key: Buffer,
    count: int,
    bearer: int,
    direction: int,
    data: Buffer,
    out: Buffer,
    bits: int | None = None,
) -> int: ...
def nea6_iv(key: Buffer, iv: Buffer, data: Buffer, bits: int | None = None) -> bytes: ...
def nia6(
    key: Buffer, count: int, bearer: int, direction: int, data: Buffer, tag_size: int = 4
) -> bytes: ...
def nia6_iv(key: Buffer, iv: Buffer, data: Buffer, tag_size: int = 4) -> bytes: ...
def nca6_encrypt(
    key: Buffer,
    count: int,
    bearer: int,
    direction: int,
    data: Buffer,
    aad: Buffer | None = None,
    tag_size: int = 16,
) -> bytes: ...
def nca6_decrypt(
    key: Buffer,
    count: int,
    bearer: int,
    direction: int,
    data: Buffer,
    aad: Buffer | None = None,
    tag_size: int = 16,
) -> bytes: ...
def nca6_encrypt_into(
    key: Buffer,
    count: int,
    bearer: int,
    direction: int,
    data: Buffer,
    out: Buffer,
    aad: Buffer | None = None,
    tag_size: int = 16,
) -> int: ...
def nca6_decrypt_into(
    key: Buffer,
    count: int,
    bearer: int,
    direction: int,
    data: Buffer,
    out: Buffer,
    aad: Buffer | None = None,
    tag_size: int = 16,
) -> int: ...
def nca6_encrypt_iv(
    key: Buffer, iv: Buffer, data: Buffer, aad: Buffer | None = None, tag_size: int = 16
) -> bytes: ...
def nca6_decrypt_iv(
    key: Buffer, iv: Buffer, data: Buffer, aad: Buffer | None = None, tag_size: int = 16
) -> bytes: ...
def zuc256_crypt(key: Buffer, iv: Buffer, data: Buffer, version: Version = 2018) -> bytes: ...
def zuc256_crypt_into(
    key: Buffer, iv: Buffer, data: Buffer, out: Buffer, version: Version = 2018
) -> int: ...
def zuc256_mac(
    key: Buffer,
    iv: Buffer,
    data: Buffer,
    tag_size: Literal[4, 8, 16] = 4,
    version: Version = 2018,
    bits: int | None = None,
) -> bytes: ...

# Many messages per call: each argument one value for all or one per message.
def eea3_many(
    keys: Buffers,
    counts: Ints,
    bearers: Ints,
    directions: Ints,
    messages: Sequence[Buffer],
    bits: Ints | None = None,
) -> list[bytes]: ...
def eea3_many_into(
    keys: Buffers,
    counts: Ints,
    bearers: Ints,
    directions: Ints,
    messages: Sequence[Buffer],
    outs: Sequence[Buffer],
    bits: Ints | None = None,
) -> None: ...
def nea6_many_into(
    keys: Buffers,
    counts: Ints | None,
    bearers: Ints | None,
    directions: Ints | None,
    messages: Sequence[Buffer],
    outs: Sequence[Buffer],
    bits: Ints | None = None,
    ivs: Buffers | None = None,
) -> None: ...
def nca6_encrypt_many_into(
    keys: Buffers,
    counts: Ints | None,
    bearers: Ints | None,
    directions: Ints | None,
    messages: Sequence[Buffer],
    outs: Sequence[Buffer],
    aads: Buffers | None = None,
    tag_size: Ints = 16,
    ivs: Buffers | None = None,
) -> None: ...
def eia3_many(
    keys: Buffers,
    counts: Ints,
    bearers: Ints,
    directions: Ints,
    messages: Sequence[Buffer],
    bits: Ints | None = None,
) -> list[bytes]: ...
def nea6_many(
    keys: Buffers,
    counts: Ints | None,
    bearers: Ints | None,
    directions: Ints | None,
    messages: Sequence[Buffer],
    bits: Ints | None = None,
    ivs: Buffers | None = None,
) -> list[bytes]: ...
def nia6_many(
    keys: Buffers,
    counts: Ints | None,
    bearers: Ints | None,
    directions: Ints | None,
    messages: Sequence[Buffer],
    tag_size: Ints = 4,
    ivs: Buffers | None = None,
) -> list[bytes]: ...
def nca6_encrypt_many(
    keys: Buffers,
    counts: Ints | None,
    bearers: Ints | None,
    directions: Ints | None,
    messages: Sequence[Buffer],
    aads: Buffers | None = None,
    tag_size: Ints = 16,
    ivs: Buffers | None = None,
) -> list[bytes]: ...
def nca6_decrypt_many(
    keys: Buffers,
    counts: Ints | None,
    bearers: Ints | None,
    directions: Ints | None,
    messages: Sequence[Buffer],
    aads: Buffers | None = None,
    tag_size: Ints = 16,
    ivs: Buffers | None = None,
) -> list[bytes | None]: ...
def zuc256_crypt_many(
    keys: Buffers, ivs: Buffers, messages: Sequence[Buffer], version: Version = 2018
) -> list[bytes]: ...
def zuc256_mac_many(
    keys: Buffers,
    ivs: Buffers,
    messages: Sequence[Buffer],
    tag_size: Ints = 4,
    version: Version = 2018,
    bits: Ints | None = None,
) -> list[bytes]: ...
