"""Java ``org.rocksdb.ColumnFamilyDescriptor``: the name of a column family to open (its options do not matter
to a read-only reader)."""
from __future__ import annotations

__all__ = ["ColumnFamilyDescriptor"]


class ColumnFamilyDescriptor:
    """See the module docstring."""

    def __init__(self, column_family_name: bytes) -> None:
        self._name = bytes(column_family_name)

    def get_name(self) -> bytes:
        return self._name
