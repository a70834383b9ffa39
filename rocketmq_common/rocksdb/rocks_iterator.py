"""Java ``org.rocksdb.RocksIterator``: a cursor over the live entries of a column family, in the byte order of
their keys (``BytewiseComparator``)."""
from __future__ import annotations

import bisect
from typing import Any, List

__all__ = ["RocksIterator"]


class RocksIterator:
    """Over the sorted keys and their values (a snapshot taken when the database was opened). Like Java's, it
    starts invalid: call a ``seek`` method first; ``with`` closes it (Java's try-with-resources)."""

    def __init__(self, keys: List[bytes], values: List[bytes]) -> None:
        self._keys = keys
        self._values = values
        self._pos = len(keys)

    def is_valid(self) -> bool:
        return 0 <= self._pos < len(self._keys)

    def seek_to_first(self) -> None:
        self._pos = 0

    def seek_to_last(self) -> None:
        self._pos = len(self._keys) - 1

    def seek(self, target: bytes) -> None:
        """The first entry at or after ``target``."""
        self._pos = bisect.bisect_left(self._keys, bytes(target))

    def seek_for_prev(self, target: bytes) -> None:
        """The last entry at or before ``target``."""
        self._pos = bisect.bisect_right(self._keys, bytes(target)) - 1

    def next(self) -> None:
        self._pos += 1

    def prev(self) -> None:
        self._pos = self._pos - 1 if self._pos > 0 else len(self._keys)

    def key(self) -> bytes:
        assert self.is_valid(), "RocksIterator is not valid"
        return self._keys[self._pos]

    def value(self) -> bytes:
        assert self.is_valid(), "RocksIterator is not valid"
        return self._values[self._pos]

    def status(self) -> None:
        """Java's ``status()`` raises the iterator's error; every error of this reader is raised at open."""

    def close(self) -> None:
        self._pos = len(self._keys)

    def __enter__(self) -> "RocksIterator":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
