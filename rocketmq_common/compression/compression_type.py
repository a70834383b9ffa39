"""Java ``org.apache.rocketmq.common.compression.CompressionType``."""
from __future__ import annotations

import enum

__all__ = ["CompressionType"]


class CompressionType(enum.Enum):
    """Body compression algorithm; the value is stored in bits 8..10 of the message ``sysFlag``."""

    LZ4 = 1
    ZSTD = 2
    ZLIB = 3

    def get_value(self) -> int:
        """Java ``getValue``."""
        return self.value

    @staticmethod
    def of(name: str) -> "CompressionType":
        """Java ``of``: by name, case-insensitive."""
        try:
            return CompressionType[name.strip().upper()]
        except KeyError:
            raise ValueError("Unsupported compress type name: " + name) from None

    @staticmethod
    def find_by_value(value: int) -> "CompressionType":
        """Java ``findByValue``: 0 (messages of clients before 4.9.4) and 3 are ZLIB."""
        if value == 0:
            return CompressionType.ZLIB
        try:
            return CompressionType(value)
        except ValueError:
            raise ValueError("Unknown compress type value: %d" % value) from None

    def get_compression_flag(self) -> int:
        """Java ``getCompressionFlag``: the ``MessageSysFlag.COMPRESSION_*_TYPE`` bits."""
        return self.value << 8
