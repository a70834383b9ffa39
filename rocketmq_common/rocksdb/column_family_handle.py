"""Java ``org.rocksdb.ColumnFamilyHandle``: an opened column family of a :class:`RocksDB`."""
from __future__ import annotations

__all__ = ["ColumnFamilyHandle"]


class ColumnFamilyHandle:
    """See the module docstring."""

    def __init__(self, name: bytes, column_family_id: int) -> None:
        self._name = name
        self._id = column_family_id

    def get_name(self) -> bytes:
        return self._name

    def get_id(self) -> int:
        return self._id
