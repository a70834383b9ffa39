"""Java ``org.apache.rocketmq.common.sysflag.MessageSysFlag`` (5.3.3, which adds ``check``): the ``sysFlag`` of
messages.

Bits: 0 compressed, 1 multi tags, 2-3 transaction type, 4 born host IPv6, 5 store host IPv6, 6 need unwrap,
7 inner batch, 8-10 compression type.
"""
from __future__ import annotations

from rocketmq_common.compression.compression_type import CompressionType

__all__ = ["MessageSysFlag"]


class MessageSysFlag:
    """Bits of a message's ``sysFlag``."""

    COMPRESSED_FLAG = 0x1
    MULTI_TAGS_FLAG = 0x1 << 1
    TRANSACTION_NOT_TYPE = 0
    TRANSACTION_PREPARED_TYPE = 0x1 << 2
    TRANSACTION_COMMIT_TYPE = 0x2 << 2
    TRANSACTION_ROLLBACK_TYPE = 0x3 << 2
    BORNHOST_V6_FLAG = 0x1 << 4
    STOREHOSTADDRESS_V6_FLAG = 0x1 << 5
    NEED_UNWRAP_FLAG = 0x1 << 6
    INNER_BATCH_FLAG = 0x1 << 7

    COMPRESSION_LZ4_TYPE = 0x1 << 8
    COMPRESSION_ZSTD_TYPE = 0x2 << 8
    COMPRESSION_ZLIB_TYPE = 0x3 << 8
    COMPRESSION_TYPE_COMPARATOR = 0x7 << 8

    @staticmethod
    def get_transaction_value(flag: int) -> int:
        """Java ``getTransactionValue``: the transaction bits (0, 4, 8 or 12)."""
        return flag & MessageSysFlag.TRANSACTION_ROLLBACK_TYPE

    @staticmethod
    def reset_transaction_value(flag: int, type_: int) -> int:
        """Java ``resetTransactionValue``."""
        return (flag & ~MessageSysFlag.TRANSACTION_ROLLBACK_TYPE) | type_

    @staticmethod
    def clear_compressed_flag(flag: int) -> int:
        """Java ``clearCompressedFlag``."""
        return flag & ~MessageSysFlag.COMPRESSED_FLAG

    @staticmethod
    def get_compression_type(flag: int) -> CompressionType:
        """Java ``getCompressionType``: type from bits 8..10 (0 means ZLIB, written by clients before 4.9.4)."""
        return CompressionType.find_by_value((flag & MessageSysFlag.COMPRESSION_TYPE_COMPARATOR) >> 8)

    @staticmethod
    def check(flag: int, expected_flag: int) -> bool:
        """Java ``check`` (5.x): whether any bit of ``expected_flag`` is set in ``flag``."""
        return (flag & expected_flag) != 0
