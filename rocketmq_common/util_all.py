"""Java ``org.apache.rocketmq.common.UtilAll`` (and the ``String.hashCode`` the client uses for tag codes)."""
from __future__ import annotations

import zlib

__all__ = ["UtilAll"]


class UtilAll:
    """Static helpers of Java ``UtilAll``."""

    @staticmethod
    def string_hash_code(s: str) -> int:
        """Java ``String.hashCode()``: over UTF-16 code units, 32-bit signed wrap-around."""
        h = 0
        data = s.encode("utf-16-be")
        for i in range(0, len(data), 2):
            h = (31 * h + ((data[i] << 8) | data[i + 1])) & 0xFFFFFFFF
        return h - 0x100000000 if h >= 0x80000000 else h

    @staticmethod
    def crc32(data: bytes) -> int:
        """Java ``UtilAll.crc32``: CRC-32 of the bytes, masked to a non-negative int."""
        return zlib.crc32(data) & 0x7FFFFFFF
