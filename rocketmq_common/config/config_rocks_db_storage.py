"""Java ``org.apache.rocketmq.common.config.ConfigRocksDBStorage`` (5.3.3) with its ``AbstractRocksDBStorage``
base, opened read-only as mqadmin's local-mode commands open it: the broker's kv configs (topics, subscription
groups or consumer offsets) in the default column family, the ``kvDataVersionKey`` of the ``kvDataVersion``
family and the ``forbidden`` family, read with :mod:`rocketmq_common.rocksdb`. The embedded broker keeps these
tables in JSON files instead (:class:`ConfigJsonStorage`); a writable store is Java's only."""
from __future__ import annotations

import logging
import os
from typing import List, Optional

from rocketmq_common.rocksdb.column_family_descriptor import ColumnFamilyDescriptor
from rocketmq_common.rocksdb.column_family_handle import ColumnFamilyHandle
from rocketmq_common.rocksdb.rocks_db import RocksDB
from rocketmq_common.rocksdb.rocks_db_exception import INVALID_ARGUMENT, IO_ERROR, RocksDBException
from rocketmq_common.rocksdb.rocks_iterator import RocksIterator

__all__ = ["ConfigRocksDBStorage"]

log = logging.getLogger(__name__)


class ConfigRocksDBStorage:
    """See the module docstring. ``load_error`` (not in Java, which only logs it) is why :meth:`start` failed."""

    KV_DATA_VERSION_COLUMN_FAMILY_NAME = b"kvDataVersion"
    FORBIDDEN_COLUMN_FAMILY_NAME = b"forbidden"
    KV_DATA_VERSION_KEY = b"kvDataVersionKey"

    def __init__(self, db_path: str, read_only: bool = True) -> None:
        if not read_only:
            raise ValueError("ConfigRocksDBStorage opens a RocksDB directory read-only here")
        self.db_path = db_path
        self.read_only = read_only
        self.load_error: Optional[RocksDBException] = None
        self._db: Optional[RocksDB] = None
        self._handles: List[ColumnFamilyHandle] = []

    def start(self) -> bool:
        """Java ``start`` / ``postLoad``: create the directory when missing (``UtilAll.ensureDirOK``, as Java
        does even read-only), open the default, ``kvDataVersion`` and ``forbidden`` column families; False
        (logged, kept in ``load_error``) when the directory holds no such database."""
        if self._db is not None:
            return True
        try:
            os.makedirs(self.db_path, exist_ok=True)
            handles: List[ColumnFamilyHandle] = []
            self._db = RocksDB.open_read_only(self.db_path, [
                ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY),
                ColumnFamilyDescriptor(self.KV_DATA_VERSION_COLUMN_FAMILY_NAME),
                ColumnFamilyDescriptor(self.FORBIDDEN_COLUMN_FAMILY_NAME)], handles)
            self._handles = handles
        except (RocksDBException, OSError) as e:
            self.load_error = e if isinstance(e, RocksDBException) else RocksDBException(IO_ERROR, str(e))
            log.error("postLoad Failed. %s", self.db_path, exc_info=True)
            return False
        log.info("RocksDB [%s] starts OK", self.db_path)
        return True

    def shutdown(self) -> bool:
        if self._db is not None:
            self._db.close()
            self._db = None
        return True

    def _opened(self) -> RocksDB:
        """Java ``hold``: the database, else the error of a store that is not started."""
        if self._db is None:
            raise self.load_error or RocksDBException(INVALID_ARGUMENT, "rocksDB:%s is not ready" % self.db_path)
        return self._db

    def get(self, key_bytes: bytes) -> Optional[bytes]:
        return self._opened().get(self._handles[0], key_bytes)

    def get_kv_data_version(self) -> Optional[bytes]:
        return self._opened().get(self._handles[1], self.KV_DATA_VERSION_KEY)

    def get_forbidden(self, key_bytes: bytes) -> Optional[bytes]:
        return self._opened().get(self._handles[2], key_bytes)

    def iterator(self) -> RocksIterator:
        return self._opened().new_iterator(self._handles[0])

    def forbidden_iterator(self) -> RocksIterator:
        return self._opened().new_iterator(self._handles[2])
