"""Java ``org.apache.rocketmq.common.ConfigManager``: a JSON file with a ``.bak`` copy of its previous content.

:meth:`ConfigManager.load` reads the file (or, when it is missing, empty or unreadable, its ``.bak``);
:meth:`ConfigManager.persist` writes it with :meth:`MixAll.string2file` (``.tmp`` then rename, previous content
kept as ``.bak``). Subclasses give the path, the encoding and the decoding.
"""
from __future__ import annotations

import json
import logging
import threading
from typing import Any, Optional

from rocketmq_common.mix_all import MixAll

__all__ = ["ConfigManager", "pretty_json"]

log = logging.getLogger(__name__)


def pretty_json(json_value: Any) -> str:
    """Indented JSON text of a parsed-JSON value (Java's ``toJson(true)`` role; fastjson indents with tabs)."""
    return json.dumps(json_value, indent="\t", ensure_ascii=False)


class ConfigManager:
    """Base of the broker's persisted tables (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__()  # the managers are beans too: Bean.__init__ applies their declared defaults
        self._persist_lock = threading.Lock()

    def encode(self, pretty_format: bool = False) -> Optional[str]:
        """Java ``encode()`` / ``encode(prettyFormat)``: the table as JSON text."""
        raise NotImplementedError

    def decode(self, json_string: str) -> None:
        """Java ``decode``: merge the JSON text into the table (raises ValueError on bad text)."""
        raise NotImplementedError

    def config_file_path(self) -> str:
        """Java ``configFilePath``."""
        raise NotImplementedError

    def load(self) -> bool:
        """Java ``load``: the file, else its ``.bak``. False only when the backup exists but cannot be read."""
        file_name = None
        try:
            file_name = self.config_file_path()
            json_string = MixAll.file2string(file_name)
            if not json_string:
                return self._load_bak()
            self.decode(json_string)
            log.info("load %s OK", file_name)
            return True
        except Exception:
            log.error("load %s failed, and try to load backup file", file_name, exc_info=True)
            return self._load_bak()

    def _load_bak(self) -> bool:
        file_name = None
        try:
            file_name = self.config_file_path()
            json_string = MixAll.file2string(file_name + ".bak")
            if json_string:
                self.decode(json_string)
                log.info("load %s OK", file_name)
        except Exception:
            log.error("load %s Failed", file_name, exc_info=True)
            return False
        return True

    def persist(self) -> None:
        """Java ``persist`` (synchronized): write the pretty JSON; I/O errors are logged."""
        with self._persist_lock:
            json_string = self.encode(True)
            if json_string is None:
                return
            file_name = self.config_file_path()
            try:
                MixAll.string2file(json_string, file_name)
            except OSError:
                log.error("persist file %s exception", file_name, exc_info=True)
