"""RocksDB ``util/coding.h``: little-endian fixed-width integers, varints and length-prefixed slices, decoded from
``buf`` at ``pos``; each returns the value and the position after it, :class:`RocksDBException` (Corruption)
naming ``what`` when the bytes end too early."""
from __future__ import annotations

import struct
from typing import Tuple

from rocketmq_common.rocksdb.rocks_db_exception import CORRUPTION, RocksDBException

__all__ = ["decode_fixed32", "decode_fixed64", "get_varint", "get_varsigned", "get_length_prefixed_slice"]

_FIXED32 = struct.Struct("<I")
_FIXED64 = struct.Struct("<Q")


def decode_fixed32(buf: bytes, pos: int, what: str) -> int:
    if pos < 0 or pos + 4 > len(buf):
        raise RocksDBException(CORRUPTION, "truncated %s" % what)
    return int(_FIXED32.unpack_from(buf, pos)[0])


def decode_fixed64(buf: bytes, pos: int, what: str) -> int:
    if pos < 0 or pos + 8 > len(buf):
        raise RocksDBException(CORRUPTION, "truncated %s" % what)
    return int(_FIXED64.unpack_from(buf, pos)[0])


def get_varint(buf: bytes, pos: int, what: str, limit: int = -1) -> Tuple[int, int]:
    """``GetVarint64``: a base-128 varint ending before ``limit`` (the end of ``buf`` by default)."""
    end = len(buf) if limit < 0 else limit
    result = shift = 0
    while pos < end and shift <= 63:
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7
    raise RocksDBException(CORRUPTION, "bad varint in %s" % what)


def get_varsigned(buf: bytes, pos: int, what: str, limit: int = -1) -> Tuple[int, int]:
    """``GetVarsignedint64``: a zigzag-encoded signed varint."""
    value, pos = get_varint(buf, pos, what, limit)
    return (value >> 1) ^ -(value & 1), pos


def get_length_prefixed_slice(buf: bytes, pos: int, what: str, limit: int = -1) -> Tuple[bytes, int]:
    """``GetLengthPrefixedSlice``: a varint length, then that many bytes (never more than ``buf`` holds)."""
    end = len(buf) if limit < 0 else limit
    length, pos = get_varint(buf, pos, what, end)
    if length > end - pos:
        raise RocksDBException(CORRUPTION, "truncated %s" % what)
    return bytes(buf[pos:pos + length]), pos + length
