"""Java ``org.rocksdb.RocksDBException``, with the text of RocksDB's ``Status::ToString`` (``status.h``)."""
from __future__ import annotations

__all__ = ["RocksDBException", "CORRUPTION", "IO_ERROR", "INVALID_ARGUMENT", "NOT_SUPPORTED"]

#: ``Status::Code`` names as ``Status::ToString`` writes them
CORRUPTION = "Corruption"
IO_ERROR = "IO error"
INVALID_ARGUMENT = "Invalid argument"
NOT_SUPPORTED = "Not implemented"


class RocksDBException(IOError):
    """A RocksDB call failed: ``str(e)`` is ``Status::ToString``, ``"<code>: <state>"`` (rocksdbjni's
    ``getMessage()`` is the state alone, its ``getStatus()`` has the code)."""

    def __init__(self, code: str, state: str) -> None:
        super().__init__("%s: %s" % (code, state))
        self.code = code
