"""RocksDB ``db/write_batch.cc`` (``WriteBatchInternal::Iterate``): the writes of one WAL record. A batch is its
first sequence number (8 bytes), its count (4 bytes) and the records, each a tag byte, a column family id for the
``ColumnFamily*`` tags, and the key and value as length-prefixed slices; each put, delete or merge takes the next
sequence number, the markers (log data, no-op, two-phase-commit XIDs) take none."""
from __future__ import annotations

from typing import Iterator, Tuple

from rocketmq_common.rocksdb import dbformat
from rocketmq_common.rocksdb.coding import decode_fixed32, decode_fixed64, get_length_prefixed_slice, get_varint
from rocketmq_common.rocksdb.rocks_db_exception import CORRUPTION, RocksDBException

__all__ = ["iterate"]

HEADER = 12

#: tag -> (value type, has a column family id, has a value)
_WRITES = {
    0x0: (dbformat.TYPE_DELETION, False, False), 0x1: (dbformat.TYPE_VALUE, False, True),
    0x2: (dbformat.TYPE_MERGE, False, True), 0x4: (dbformat.TYPE_DELETION, True, False),
    0x5: (dbformat.TYPE_VALUE, True, True), 0x6: (dbformat.TYPE_MERGE, True, True),
    0x7: (dbformat.TYPE_SINGLE_DELETION, False, False), 0x8: (dbformat.TYPE_SINGLE_DELETION, True, False),
    0xE: (dbformat.TYPE_RANGE_DELETION, True, True), 0xF: (dbformat.TYPE_RANGE_DELETION, False, True),
    0x10: (dbformat.TYPE_BLOB_INDEX, True, True), 0x11: (dbformat.TYPE_BLOB_INDEX, False, True),
    0x14: (dbformat.TYPE_DELETION_WITH_TIMESTAMP, False, False),
    0x16: (dbformat.TYPE_WIDE_COLUMN_ENTITY, False, True), 0x17: (dbformat.TYPE_WIDE_COLUMN_ENTITY, True, True),
}
LOG_DATA = 0x3
#: kTypeNoop, kTypeBeginPrepareXID, kTypeBeginPersistedPrepareXID, kTypeBeginUnprepareXID: no payload
_BARE_MARKERS = (0xD, 0x9, 0x12, 0x13)
#: kTypeEndPrepareXID, kTypeCommitXID, kTypeRollbackXID: an XID slice; kTypeCommitXIDAndTimestamp: two slices
_XID_MARKERS = (0xA, 0xB, 0xC)
COMMIT_XID_AND_TIMESTAMP = 0x15


def iterate(rep: bytes, where: str) -> Iterator[Tuple[int, int, int, bytes, bytes]]:
    """Each write of the batch ``rep``: (column family id, sequence, value type, key, value)."""
    if len(rep) < HEADER:
        raise RocksDBException(CORRUPTION, "malformed WriteBatch (too small) in %s" % where)
    sequence = decode_fixed64(rep, 0, "WriteBatch")
    count = decode_fixed32(rep, 8, "WriteBatch")
    pos, found = HEADER, 0
    while pos < len(rep):
        tag = rep[pos]
        pos += 1
        write = _WRITES.get(tag)
        if write is not None:
            value_type, has_cf, has_value = write
            cf_id = 0
            if has_cf:
                cf_id, pos = get_varint(rep, pos, "WriteBatch column family")
            key, pos = get_length_prefixed_slice(rep, pos, "WriteBatch key")
            value = b""
            if has_value:
                value, pos = get_length_prefixed_slice(rep, pos, "WriteBatch value")
            yield cf_id, sequence + found, value_type, key, value
            found += 1
        elif tag == LOG_DATA or tag in _XID_MARKERS:
            _, pos = get_length_prefixed_slice(rep, pos, "WriteBatch blob")
        elif tag == COMMIT_XID_AND_TIMESTAMP:
            _, pos = get_length_prefixed_slice(rep, pos, "WriteBatch commit timestamp")
            _, pos = get_length_prefixed_slice(rep, pos, "WriteBatch XID")
        elif tag not in _BARE_MARKERS:
            raise RocksDBException(CORRUPTION, "unknown WriteBatch tag %d in %s" % (tag, where))
    if found != count:
        raise RocksDBException(CORRUPTION, "WriteBatch has wrong count in %s" % where)
