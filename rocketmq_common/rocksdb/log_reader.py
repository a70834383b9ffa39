"""RocksDB ``db/log_reader.cc`` (format in ``db/log_format.h``): the records of a write-ahead log or a MANIFEST.

The file is a sequence of 32 KiB blocks of physical records, each a header (masked CRC-32C of the type byte, the
log number for the recyclable types, and the payload; payload length; type) and a payload; a record longer than
the room left in a block is split into FIRST, MIDDLE... and LAST fragments, and a block's last bytes too few for a
header are zeros. A record cut short at the end of the file is the tail a writer left when it died: it is
dropped silently, as RocksDB does. Other damage (a checksum mismatch, a bad length, a fragment out of order) is
handed to ``report``, which raises (a MANIFEST) or logs and lets the reader go on with the next block (a WAL read
with ``WALRecoveryMode.SkipAnyCorruptedRecords``, the mode RocketMQ's ``ConfigHelper`` sets).
"""
from __future__ import annotations

import struct
from typing import Callable, Iterator, List, Optional

from rocketmq_common.rocksdb import crc32c
from rocketmq_common.rocksdb.rocks_db_exception import NOT_SUPPORTED, RocksDBException

__all__ = ["Reader", "BLOCK_SIZE"]

BLOCK_SIZE = 32768
HEADER_SIZE = 7
RECYCLABLE_HEADER_SIZE = 11

ZERO_TYPE = 0
FULL_TYPE = 1
FIRST_TYPE = 2
MIDDLE_TYPE = 3
LAST_TYPE = 4
RECYCLABLE_FULL_TYPE = 5
RECYCLABLE_LAST_TYPE = 8
SET_COMPRESSION_TYPE = 9
USER_DEFINED_TIMESTAMP_SIZE_TYPE = 10
RECYCLABLE_USER_DEFINED_TIMESTAMP_SIZE_TYPE = 11

_HEADER = struct.Struct("<IHB")
_LOG_NUMBER = struct.Struct("<I")


class Reader:
    """``log::Reader`` over a whole file's bytes; ``log_number`` is the file's number (a recycled file's records
    from its previous life carry another and end the log)."""

    def __init__(self, data: bytes, log_number: int, file_name: str, report: Callable[[str], None]) -> None:
        self._data = data
        self._log_number = log_number & 0xFFFFFFFF
        self._file_name = file_name
        self._report = report

    def read_records(self) -> Iterator[bytes]:
        """``ReadRecord`` until the end: each logical record's payload."""
        data = self._data
        pos, size = 0, len(data)
        fragments: Optional[List[bytes]] = None
        while pos < size:
            block_left = BLOCK_SIZE - pos % BLOCK_SIZE
            if block_left < HEADER_SIZE:
                pos += block_left
                continue
            if size - pos < HEADER_SIZE:
                return  # a header cut short at the end
            masked_crc, length, type_ = _HEADER.unpack_from(data, pos)
            if type_ == ZERO_TYPE and length == 0:  # preallocated, never written
                pos += block_left
                continue
            recyclable = RECYCLABLE_FULL_TYPE <= type_ <= RECYCLABLE_LAST_TYPE or \
                type_ == RECYCLABLE_USER_DEFINED_TIMESTAMP_SIZE_TYPE
            header = RECYCLABLE_HEADER_SIZE if recyclable else HEADER_SIZE
            end = pos + header + length
            if end > size and end - pos <= block_left:
                return  # the payload cut short at the end
            if end - pos > block_left:
                self._corruption("bad record length", pos)
                pos += block_left
                continue
            if crc32c.unmask(masked_crc) != crc32c.value(data[pos + 6:end]):
                self._corruption("checksum mismatch", pos)
                pos += block_left
                continue
            if recyclable and _LOG_NUMBER.unpack_from(data, pos + 7)[0] != self._log_number:
                return  # a recycled file's old records
            payload = bytes(data[pos + header:end])
            pos = end
            # a recyclable FULL / FIRST / MIDDLE / LAST is read as the plain one
            kind = type_ - RECYCLABLE_FULL_TYPE + FULL_TYPE if recyclable and type_ <= RECYCLABLE_LAST_TYPE else type_
            if kind == FULL_TYPE:
                if fragments is not None:
                    self._corruption("partial record without end(1)", pos)
                fragments = None
                yield payload
            elif kind == FIRST_TYPE:
                if fragments is not None:
                    self._corruption("partial record without end(2)", pos)
                fragments = [payload]
            elif kind in (MIDDLE_TYPE, LAST_TYPE):
                if fragments is None:
                    self._corruption("missing start of fragmented record", pos)
                    continue
                fragments.append(payload)
                if kind == LAST_TYPE:
                    yield b"".join(fragments)
                    fragments = None
            elif kind == SET_COMPRESSION_TYPE:
                if payload[:1] != b"\0":
                    raise RocksDBException(NOT_SUPPORTED, "%s: compressed write-ahead log (compression type %d) "
                                                          "is not supported" % (self._file_name, payload[0]))
            elif kind not in (USER_DEFINED_TIMESTAMP_SIZE_TYPE, RECYCLABLE_USER_DEFINED_TIMESTAMP_SIZE_TYPE):
                self._corruption("unknown record type %d" % type_, pos)

    def _corruption(self, reason: str, pos: int) -> None:
        self._report("%s: %s at offset %d" % (self._file_name, reason, pos))
