# SPDX-License-Identifier: Apache-2.0
"""libzuc for Python: ZUC-128 (128-EEA3 / 128-EIA3), ZUC-256 (versions 2018,
2021, 2023) and the 3GPP 256-bit algorithms ZUC-NEA6 / NIA6 / NCA6.

Every function takes any contiguous buffer (bytes, bytearray, memoryview,
numpy arrays) and returns bytes; the *_into functions write into a
caller's buffer. The *_many functions process many messages in one call on
libzuc's SIMD lanes with the GIL released. See docs/python.md.

>>> import zuc
>>> zuc.eia3(bytes(16), 0, 0, 0, b"\\x00", bits=1).hex()  # 3GPP test set 1
'c8a9595e'
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from zuc._zuc import (
    InvalidTag,
    Keystream,
    eea3,
    eea3_into,
    eea3_many,
    eea3_many_into,
    eia3,
    eia3_many,
    impl_name,
    impl_name_n,
    nca6_decrypt,
    nca6_decrypt_into,
    nca6_decrypt_iv,
    nca6_decrypt_many,
    nca6_encrypt,
    nca6_encrypt_into,
    nca6_encrypt_iv,
    nca6_encrypt_many,
    nca6_encrypt_many_into,
    nea6,
    nea6_into,
    nea6_iv,
    nea6_many,
    nea6_many_into,
    nia6,
    nia6_iv,
    nia6_many,
    version,
    zuc256_crypt,
    zuc256_crypt_into,
    zuc256_crypt_many,
    zuc256_mac,
    zuc256_mac_many,
)

if TYPE_CHECKING:
    from typing_extensions import Buffer

__version__ = version()

__all__ = [
    "InvalidTag",
    "Keystream",
    "eea3",
    "eea3_into",
    "eea3_many",
    "eea3_many_into",
    "eia3",
    "eia3_many",
    "impl_name",
    "impl_name_n",
    "nca6_decrypt",
    "nca6_decrypt_into",
    "nca6_decrypt_iv",
    "nca6_decrypt_many",
    "nca6_encrypt",
    "nca6_encrypt_into",
    "nca6_encrypt_iv",
    "nca6_encrypt_many",
    "nca6_encrypt_many_into",
    "nea6",
    "nea6_into",
    "nea6_iv",
    "nea6_many",
    "nea6_many_into",
    "nia6",
    "nia6_iv",
    "nia6_many",
    "version",
    "zuc128_keystream",
    "zuc256_crypt",
    "zuc256_crypt_into",
    "zuc256_crypt_many",
    "zuc256_mac",
    "zuc256_mac_many",
]


def zuc128_keystream(key: Buffer, iv: Buffer, length: int) -> bytes:
    """The first length bytes of the ZUC-128 keystream of a 16-byte key and
    a 16-byte IV (z1, z2, ... as big-endian words).

    >>> zuc128_keystream(bytes(16), bytes(16), 8).hex()  # 3GPP test set 1
    '27bede74018082da'
    """
    try:
        key_bytes = memoryview(key).nbytes
    except TypeError:
        raise TypeError(f"key: expected a bytes-like object, got {type(key).__name__}") from None
    if key_bytes != 16:
        raise ValueError(f"key: expected 16 bytes, got {key_bytes}")
    return Keystream(key, iv).read(length)
