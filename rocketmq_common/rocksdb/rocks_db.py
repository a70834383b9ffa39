"""Java ``org.rocksdb.RocksDB`` opened with ``openReadOnly``: RocksDB's ``DBImplReadOnly``
(``db/db_impl/db_impl_readonly.cc``) in pure Python.

Opening recovers the column families and their live table files from the MANIFEST (:class:`VersionSet`), replays
the write-ahead logs into a memtable per column family (a log's writes count for a column family when the log's
number is at least the family's log number: older ones are in its tables already) and reads every live table;
for each key the entry of the newest sequence number wins, a deletion hides the key. The result is kept as a
sorted snapshot, which :meth:`get` and :meth:`new_iterator` read: RocketMQ's metadata databases are small.
Nothing in the directory is written or locked.
"""
from __future__ import annotations

import bisect
import logging
import os
from typing import Dict, List, Optional, Sequence, Tuple

from rocketmq_common.rocksdb import dbformat, write_batch
from rocketmq_common.rocksdb.block_based_table_reader import BlockBasedTable
from rocketmq_common.rocksdb.column_family_descriptor import ColumnFamilyDescriptor
from rocketmq_common.rocksdb.column_family_handle import ColumnFamilyHandle
from rocketmq_common.rocksdb.log_reader import Reader
from rocketmq_common.rocksdb.rocks_db_exception import INVALID_ARGUMENT, RocksDBException
from rocketmq_common.rocksdb.rocks_iterator import RocksIterator
from rocketmq_common.rocksdb.version_set import ColumnFamilyData, VersionSet, read_file

__all__ = ["RocksDB"]

log = logging.getLogger(__name__)

#: user key -> (sequence, value type, value)
_Entries = Dict[bytes, Tuple[int, int, bytes]]


class RocksDB:
    """A database opened read-only (see the module docstring)."""

    DEFAULT_COLUMN_FAMILY = b"default"

    def __init__(self, snapshots: Dict[int, Tuple[List[bytes], List[bytes]]],
                 handles: List[ColumnFamilyHandle]) -> None:
        self._snapshots = snapshots
        self._default = next((h for h in handles if h.get_id() == 0), None)

    @staticmethod
    def open_read_only(path: str, column_family_descriptors: Optional[Sequence[ColumnFamilyDescriptor]] = None,
                       column_family_handles: Optional[List[ColumnFamilyHandle]] = None) -> "RocksDB":
        """Java ``openReadOnly(options, path, descriptors, handles)``: the named column families (the default
        one without ``column_family_descriptors``), a handle for each appended to ``column_family_handles`` in
        their order. :class:`RocksDBException`: no database there (IO error on ``CURRENT``), a column family it
        does not have (Invalid argument), a damaged file (Corruption), a feature this reader lacks (Not
        implemented)."""
        descriptors = column_family_descriptors or [ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY)]
        versions = VersionSet(path)
        versions.recover()
        families: List[ColumnFamilyData] = []
        for descriptor in descriptors:
            cfd = versions.column_family(descriptor.get_name().decode("utf-8", "replace"))
            if cfd is None:
                raise RocksDBException(INVALID_ARGUMENT, "Column family not found: %s"
                                       % descriptor.get_name().decode("utf-8", "replace"))
            families.append(cfd)
        memtables = _recover_log_files(versions, {cfd.id: cfd for cfd in families})
        snapshots = {cfd.id: _snapshot(path, cfd, memtables[cfd.id]) for cfd in families}
        handles = [ColumnFamilyHandle(cfd.name.encode("utf-8"), cfd.id) for cfd in families]
        if column_family_handles is not None:
            column_family_handles.extend(handles)
        return RocksDB(snapshots, handles)

    def get_default_column_family(self) -> Optional[ColumnFamilyHandle]:
        return self._default

    def get(self, column_family_handle: ColumnFamilyHandle, key: bytes) -> Optional[bytes]:
        """The value of ``key`` in the column family, None when it has none."""
        keys, values = self._snapshots[column_family_handle.get_id()]
        i = bisect.bisect_left(keys, bytes(key))
        return values[i] if i < len(keys) and keys[i] == key else None

    def new_iterator(self, column_family_handle: Optional[ColumnFamilyHandle] = None) -> RocksIterator:
        """An iterator over the column family (the default one without a handle)."""
        handle = column_family_handle or self._default
        if handle is None:
            raise RocksDBException(INVALID_ARGUMENT, "the default column family was not opened")
        return RocksIterator(*self._snapshots[handle.get_id()])

    def close(self) -> None:
        self._snapshots = {}


def _recover_log_files(versions: VersionSet, families: Dict[int, ColumnFamilyData]) -> Dict[int, _Entries]:
    """``DBImpl::RecoverLogFiles``: the writes of each WAL into the memtables of the opened column families; a
    damaged record is skipped (``WALRecoveryMode.SkipAnyCorruptedRecords``), a write to a dropped column family
    ignored; a write of a type this reader cannot resolve (a merge, a range deletion) raises NotSupported."""
    memtables: Dict[int, _Entries] = {cf_id: {} for cf_id in families}

    def skip(reason: str) -> None:
        log.warning("skipping a corrupted write-ahead log record: %s", reason)

    for number, file_name in versions.log_files():
        for record in Reader(read_file(file_name), number, file_name, skip).read_records():
            for cf_id, sequence, value_type, key, value in write_batch.iterate(record, file_name):
                cfd = families.get(cf_id)
                if cfd is not None and number >= cfd.log_number:
                    dbformat.check_value_type(value_type, file_name)
                    memtables[cf_id][key] = (sequence, value_type, value)
    return memtables


def _snapshot(path: str, cfd: ColumnFamilyData, memtable: _Entries) -> Tuple[List[bytes], List[bytes]]:
    """The live keys of a column family, sorted, and their values: of the memtable's and the tables' entries for
    a key, the newest."""
    newest: _Entries = {}
    for number, file_size in sorted(cfd.files.items()):
        file_name = os.path.join(path, "%06d.sst" % number)
        if not os.path.exists(file_name) and os.path.exists(file_name[:-4] + ".ldb"):
            file_name = file_name[:-4] + ".ldb"
        for user_key, sequence, value_type, value in BlockBasedTable(file_name, file_size).entries():
            current = newest.get(user_key)
            if current is None or sequence >= current[0]:
                newest[user_key] = (sequence, value_type, value)
    for user_key, entry in memtable.items():
        current = newest.get(user_key)
        if current is None or entry[0] >= current[0]:
            newest[user_key] = entry
    live = sorted((k, e[2]) for k, e in newest.items() if e[1] == dbformat.TYPE_VALUE)
    return [k for k, _ in live], [v for _, v in live]
