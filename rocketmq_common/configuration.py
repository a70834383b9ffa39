"""Java ``org.apache.rocketmq.common.Configuration``: the settings a server exposes through its
``UPDATE_*_CONFIG`` / ``GET_*_CONFIG`` requests.

The registered config objects are :class:`Bean` instances
(their Java field names are the property names); :meth:`update` changes them and persists every setting to the
store path (``key=value`` lines).
"""
from __future__ import annotations

import logging
import threading
from typing import Any, Dict, List, Mapping, Optional

from rocketmq_common.data_version import DataVersion
from rocketmq_common.mix_all import MixAll

__all__ = ["Configuration"]


class Configuration:
    """See the module docstring. ``log`` is the owner's logger (Java passes it in too)."""

    def __init__(self, log: logging.Logger, *config_objects: Any, store_path: Optional[str] = None) -> None:
        self._log = log
        self._config_object_list: List[Any] = []
        self._store_path = store_path
        self._store_path_object: Any = None
        self._store_path_field: Optional[str] = None
        self._data_version = DataVersion()
        self._lock = threading.RLock()
        #: every property: those of the config objects plus the registered extra ones
        self._all_configs: Dict[str, str] = {}
        for config_object in config_objects:
            self.register_config(config_object)

    def register_config(self, config: Any) -> "Configuration":
        """Java ``registerConfig``: a config object (a :class:`Bean`), or extra properties (a mapping; None is
        ignored) that are kept and reported although no object holds them."""
        if config is None:
            return self
        with self._lock:
            if isinstance(config, Mapping):
                self._merge(config, self._all_configs)
            else:
                self._merge(MixAll.object2properties(config), self._all_configs)
                self._config_object_list.append(config)
        return self

    def set_store_path_from_config(self, obj: Any, field_name: str) -> None:
        """Java ``setStorePathFromConfig``: read the store path from ``obj``'s attribute ``field_name`` (snake
        case) each time it is needed. Raises AttributeError when there is no such property."""
        if field_name not in type(obj)._props_by_name:
            raise AttributeError("%s has no property %r" % (type(obj).__name__, field_name))
        with self._lock:
            self._store_path_object = obj
            self._store_path_field = field_name

    def get_store_path(self) -> Optional[str]:
        with self._lock:
            if self._store_path_field is not None:
                return getattr(self._store_path_object, self._store_path_field)
            return self._store_path

    def set_store_path(self, store_path: str) -> None:
        self._store_path = store_path

    def update(self, properties: Mapping[str, str]) -> None:
        """Java ``update``: apply ``properties`` to every config object (known keys only), bump the data version
        and persist."""
        with self._lock:
            self._merge_if_exist(properties, self._all_configs)
            for config_object in self._config_object_list:
                MixAll.properties2object(dict(properties), config_object)
            self._data_version.next_version()
        self.persist()

    def persist(self) -> None:
        """Java ``persist``: write every setting to the store path (errors are logged)."""
        with self._lock:
            content = self._get_all_configs_internal()
            path = self.get_store_path()
            if path is None:
                self._log.error("persist string2File error, no store path")
                return
            try:
                MixAll.string2file(content, path)
            except OSError:
                self._log.error("persist string2File error, %s", path, exc_info=True)

    def get_all_configs_format_string(self) -> str:
        """Java ``getAllConfigsFormatString``: every setting as ``key=value`` lines."""
        with self._lock:
            return self._get_all_configs_internal()

    def get_data_version_json(self) -> str:
        return self._data_version.to_json()

    def get_all_configs(self) -> Dict[str, str]:
        """A copy of every property."""
        with self._lock:
            return dict(self._all_configs)

    def _get_all_configs_internal(self) -> str:
        for config_object in self._config_object_list:
            self._merge(MixAll.object2properties(config_object), self._all_configs)
        return MixAll.properties2string(self._all_configs)

    def _merge(self, source: Mapping[str, Any], target: Dict[str, str]) -> None:
        for key, value in source.items():
            old = target.get(key)
            if old is not None and old != value:
                self._log.info("Replace, key: %s, value: %s -> %s", key, old, value)
            target[key] = value

    def _merge_if_exist(self, source: Mapping[str, Any], target: Dict[str, str]) -> None:
        self._merge({k: v for k, v in source.items() if k in target}, target)
