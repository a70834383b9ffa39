"""RocksDB ``db/dbformat.h``: the value types of a write and an internal key (the user key followed by the 8-byte
trailer ``sequence << 8 | type``), and what of them a read-only reader can resolve."""
from __future__ import annotations

from typing import Tuple

from rocketmq_common.rocksdb.coding import decode_fixed64
from rocketmq_common.rocksdb.rocks_db_exception import CORRUPTION, NOT_SUPPORTED, RocksDBException

__all__ = ["TYPE_DELETION", "TYPE_VALUE", "TYPE_MERGE", "TYPE_SINGLE_DELETION", "TYPE_RANGE_DELETION",
           "parse_internal_key", "check_value_type"]

TYPE_DELETION = 0x0
TYPE_VALUE = 0x1
TYPE_MERGE = 0x2
TYPE_SINGLE_DELETION = 0x7
TYPE_RANGE_DELETION = 0xF
TYPE_BLOB_INDEX = 0x11
TYPE_DELETION_WITH_TIMESTAMP = 0x14
TYPE_WIDE_COLUMN_ENTITY = 0x16

#: the types this reader stores for a key (a value, or its absence)
_READABLE = (TYPE_VALUE, TYPE_DELETION, TYPE_SINGLE_DELETION)
_UNSUPPORTED = {TYPE_MERGE: "merge operands (a merge operator's values)", TYPE_RANGE_DELETION: "range deletions",
                TYPE_BLOB_INDEX: "blob files (key-value separation)",
                TYPE_DELETION_WITH_TIMESTAMP: "user-defined timestamps",
                TYPE_WIDE_COLUMN_ENTITY: "wide-column entities"}


def parse_internal_key(internal_key: bytes, where: str) -> Tuple[bytes, int, int]:
    """``ParseInternalKey``: (user key, sequence, value type)."""
    if len(internal_key) < 8:
        raise RocksDBException(CORRUPTION, "bad internal key in %s" % where)
    trailer = decode_fixed64(internal_key, len(internal_key) - 8, "internal key")
    return internal_key[:-8], trailer >> 8, trailer & 0xFF


def check_value_type(value_type: int, where: str) -> None:
    """A value type this reader cannot resolve raises NotSupported naming it, an unknown one Corruption."""
    if value_type in _READABLE:
        return
    what = _UNSUPPORTED.get(value_type)
    if what is None:
        raise RocksDBException(CORRUPTION, "unknown value type %d in %s" % (value_type, where))
    raise RocksDBException(NOT_SUPPORTED, "%s holds %s, which this reader does not resolve" % (where, what))
