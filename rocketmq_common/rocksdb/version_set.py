"""RocksDB ``db/version_set.cc`` (``VersionSet::Recover``): the column families of a database and the live table
files of each, read from the MANIFEST that ``CURRENT`` names, edit after edit."""
from __future__ import annotations

import os
import re
from typing import Dict, List, NoReturn, Optional, Tuple

from rocketmq_common.rocksdb.log_reader import Reader
from rocketmq_common.rocksdb.rocks_db_exception import CORRUPTION, INVALID_ARGUMENT, IO_ERROR, RocksDBException
from rocketmq_common.rocksdb.version_edit import VersionEdit

__all__ = ["VersionSet", "ColumnFamilyData", "read_file"]

BYTEWISE_COMPARATOR = "leveldb.BytewiseComparator"
DEFAULT_COLUMN_FAMILY_NAME = "default"


def read_file(path: str) -> bytes:
    """A whole file, as RocksDB's ``IO error`` when it cannot be read."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise RocksDBException(IO_ERROR, "%s: While opening a file for sequentially reading: %s: %s"
                               % (e.strerror, path, e.strerror)) from e


class ColumnFamilyData:
    """A column family: its id and name, the oldest WAL number holding its unflushed writes, and its live table
    files (number -> size in bytes)."""

    def __init__(self, column_family_id: int, name: str) -> None:
        self.id = column_family_id
        self.name = name
        self.log_number = 0
        self.files: Dict[int, int] = {}


class VersionSet:
    """The recovered state of a database directory (see the module docstring)."""

    def __init__(self, dbname: str) -> None:
        self.dbname = dbname
        self.column_families: Dict[int, ColumnFamilyData] = {0: ColumnFamilyData(0, DEFAULT_COLUMN_FAMILY_NAME)}

    def recover(self) -> None:
        """``VersionSet::Recover``: apply every edit of the current MANIFEST (an atomic group only when complete,
        a record cut short at the end is dropped as RocksDB drops it)."""
        current = read_file(os.path.join(self.dbname, "CURRENT"))
        if not current.endswith(b"\n"):
            raise RocksDBException(CORRUPTION, "CURRENT file does not end with newline")
        manifest_name = current[:-1].decode("utf-8", "replace")
        if not re.fullmatch(r"MANIFEST-[0-9]+", manifest_name):
            raise RocksDBException(CORRUPTION, "CURRENT file corrupted")
        manifest_path = os.path.join(self.dbname, manifest_name)
        reader = Reader(read_file(manifest_path), 0, manifest_path, self._manifest_corruption)
        #: what RocksDB requires the MANIFEST to set, with its message when it does not
        has = {"no meta-lognumber entry in descriptor": False, "no meta-nextfile entry in descriptor": False,
               "no last-sequence-number entry in descriptor": False}
        group: List[VersionEdit] = []
        for record in reader.read_records():
            edit = VersionEdit.decode_from(record)
            if edit.remaining_in_atomic_group is not None:
                group.append(edit)
                if edit.remaining_in_atomic_group > 0:
                    continue
                edits, group = group, []
            else:
                if group:
                    raise RocksDBException(CORRUPTION, "%s: an atomic group ends early" % manifest_path)
                edits = [edit]
            for each in edits:
                self._apply(each)
                for message, value in zip(has, (each.log_number, each.next_file_number, each.last_sequence)):
                    has[message] |= value is not None
        missing = [message for message, present in has.items() if not present]
        if missing:
            raise RocksDBException(CORRUPTION, missing[0])

    def _apply(self, edit: VersionEdit) -> None:
        cf_id = edit.column_family
        if edit.column_family_add is not None:
            if cf_id in self.column_families:
                raise RocksDBException(CORRUPTION, "Manifest adding the same column family twice: %s"
                                       % edit.column_family_add)
            self.column_families[cf_id] = ColumnFamilyData(cf_id, edit.column_family_add)
        elif edit.is_column_family_drop:
            if self.column_families.pop(cf_id, None) is None:
                raise RocksDBException(CORRUPTION, "Manifest - dropping non-existing column family")
            return
        cfd = self.column_families.get(cf_id)
        if cfd is None:
            raise RocksDBException(CORRUPTION, "Manifest record referencing unknown column family %d" % cf_id)
        if edit.comparator is not None and edit.comparator != BYTEWISE_COMPARATOR:
            raise RocksDBException(INVALID_ARGUMENT, "%s does not match existing comparator %s"
                                   % (BYTEWISE_COMPARATOR, edit.comparator))
        if edit.log_number is not None:
            cfd.log_number = max(cfd.log_number, edit.log_number)
        for _, number in edit.deleted_files:
            cfd.files.pop(number, None)
        for _, number, file_size in edit.new_files:
            cfd.files[number] = file_size

    def column_family(self, name: str) -> Optional[ColumnFamilyData]:
        """The live column family of that name (None: there is none)."""
        return next((cfd for cfd in self.column_families.values() if cfd.name == name), None)

    def log_files(self) -> List[Tuple[int, str]]:
        """The write-ahead log files of the directory (``<number>.log``), oldest first."""
        names = sorted((int(name[:-4]), name) for name in os.listdir(self.dbname)
                       if name.endswith(".log") and name[:-4].isdigit())
        return [(number, os.path.join(self.dbname, name)) for number, name in names]

    @staticmethod
    def _manifest_corruption(reason: str) -> NoReturn:
        raise RocksDBException(CORRUPTION, reason)
