# SPDX-License-Identifier: Apache-2.0
"""The ZUC names of CryptoMobile (CryptoMobile.CM) on libzuc: a user of
pycrate or CryptoMobile switches with one import line,

    from zuc.compat.cryptomobile import EEA3, EIA3, ZUC

EEA3(key, count, bearer, dir, data_in, bitlen=None) encrypts (and
decrypts) bitlen bits of data_in, default all of it; EIA3(...) returns the
4-byte MAC-I; ZUC() is the keystream generator with _initialize(key, iv)
and _generate_keystream(length) (bytes). Bad arguments raise CMException,
as CryptoMobile does.

>>> EIA3(bytes(16), 0, 0, 0, b"\\x00", 1).hex()  # 3GPP test set 1
'c8a9595e'
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import zuc

if TYPE_CHECKING:
    from typing_extensions import Buffer

__all__ = ["CMException", "EEA3", "EIA3", "ZUC"]


class CMException(Exception):
    """Invalid arguments (CryptoMobile's exception)."""


class ZUC:
    """128-EEA3 / 128-EIA3 and the ZUC-128 keystream, as CryptoMobile.CM.ZUC."""

    iv_size = 16
    key_size = 16

    def __init__(self) -> None:
        self._stream: zuc.Keystream | None = None

    def _initialize(self, key: Buffer, iv: Buffer) -> None:
        try:
            if memoryview(key).nbytes != self.key_size:
                raise ValueError(f"key: expected {self.key_size} bytes")
            self._stream = zuc.Keystream(key, iv)
        except (TypeError, ValueError) as err:
            raise CMException(str(err)) from err

    def _generate_keystream(self, length: int) -> bytes:
        """The next length bytes of keystream (big-endian words)."""
        if self._stream is None:
            raise CMException("_initialize(key, iv) first")
        try:
            return self._stream.read(length)
        except (TypeError, ValueError) as err:
            raise CMException(str(err)) from err

    def EEA3(self, key: Buffer, count: int, bearer: int, dir: int, data_in: Buffer,
             bitlen: int | None = None) -> bytes:
        try:
            return zuc.eea3(key, count, bearer, dir, data_in, bitlen)
        except (TypeError, ValueError) as err:
            raise CMException(str(err)) from err

    def EIA3(self, key: Buffer, count: int, bearer: int, dir: int, data_in: Buffer,
             bitlen: int | None = None) -> bytes:
        try:
            return zuc.eia3(key, count, bearer, dir, data_in, bitlen)
        except (TypeError, ValueError) as err:
            raise CMException(str(err)) from err


_Z = ZUC()
EEA3 = _Z.EEA3
EIA3 = _Z.EIA3
