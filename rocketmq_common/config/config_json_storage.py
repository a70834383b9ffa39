"""The embedded broker's stand-in for Java ``org.apache.rocketmq.common.config.ConfigRocksDBStorage`` (5.3.3): a
key-value store of JSON values in one JSON file (``<path>.json``), read at start and rewritten (atomically, with
a ``.bak`` of the previous content) after each change. Keys iterate in the byte order of their UTF-8 form, as a
RocksDB iterator walks them."""
from __future__ import annotations

import json
import logging
import threading
from typing import Any, Dict, List, Optional, Tuple

from rocketmq_common.mix_all import MixAll

__all__ = ["ConfigJsonStorage"]

log = logging.getLogger(__name__)


class ConfigJsonStorage:
    """See the module docstring."""

    def __init__(self, db_path: str) -> None:
        self.db_path = db_path
        self.file_name = db_path + ".json"
        self._table: Dict[str, Any] = {}
        self._lock = threading.Lock()

    @staticmethod
    def open(db_path: str, what: str) -> "ConfigJsonStorage":
        """A started store of ``db_path``; RuntimeError naming ``what`` when its file cannot be read."""
        storage = ConfigJsonStorage(db_path)
        if not storage.start():
            raise RuntimeError("Failed to load %s for %s, please check whether it is readable"
                               % (storage.file_name, what))
        return storage

    def start(self) -> bool:
        """Java ``start``: read the file (none yet: empty); False, logged, when it cannot be read."""
        try:
            text = MixAll.file2string(self.file_name)
            table = json.loads(text) if text else {}
        except (OSError, ValueError) as e:
            log.error("cannot read %s: %s", self.file_name, e)
            return False
        if not isinstance(table, dict):
            log.error("cannot read %s: not a JSON object", self.file_name)
            return False
        with self._lock:
            self._table = table
        return True

    def put(self, key: str, value: Any) -> None:
        """Java ``put``: store ``value`` (a JSON value) under ``key`` and write the file."""
        with self._lock:
            self._table[key] = value
            self._persist()

    def get(self, key: str) -> Optional[Any]:
        """Java ``get``: the value of ``key``, None when there is none."""
        with self._lock:
            return self._table.get(key)

    def delete(self, key: str) -> None:
        """Java ``delete``: remove ``key`` (nothing when absent) and write the file."""
        with self._lock:
            if self._table.pop(key, None) is not None:
                self._persist()

    def items(self) -> List[Tuple[str, Any]]:
        """Java ``iterator``: every key and value, keys in UTF-8 byte order."""
        with self._lock:
            return sorted(self._table.items(), key=lambda item: item[0].encode("utf-8"))

    def shutdown(self) -> None:
        """Java ``shutdown``: nothing is pending (every change was written when it was made)."""

    def _persist(self) -> None:
        MixAll.string2file(json.dumps(self._table, ensure_ascii=False, sort_keys=True, indent=1), self.file_name)
