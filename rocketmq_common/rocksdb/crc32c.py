"""RocksDB ``util/crc32c.h``: CRC-32C (Castagnoli), and the masking RocksDB stores checksums with (a CRC of data
that embeds CRCs would be weak)."""
from __future__ import annotations

from typing import List

__all__ = ["value", "unmask"]


def _table() -> List[int]:
    table = []
    for n in range(256):
        crc = n
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
        table.append(crc)
    return table


_TABLE = _table()
_MASK_DELTA = 0xA282EAD8


def value(data: bytes, crc: int = 0) -> int:
    """``crc32c::Extend(crc, data)`` (``Value`` with ``crc`` 0)."""
    table = _TABLE
    crc ^= 0xFFFFFFFF
    for byte in data:
        crc = table[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def unmask(masked_crc: int) -> int:
    """``crc32c::Unmask``: the CRC a stored (masked) checksum stands for."""
    rot = (masked_crc - _MASK_DELTA) & 0xFFFFFFFF
    return ((rot >> 17) | (rot << 15)) & 0xFFFFFFFF
