"""Java ``org.apache.rocketmq.namesrv.kvconfig.KVConfigManager``."""
from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Dict, Optional

from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.kv_table import KVTable
from rocketmq_namesrv.kvconfig.kv_config_serialize_wrapper import KVConfigSerializeWrapper

if TYPE_CHECKING:
    from rocketmq_namesrv.namesrv_controller import NamesrvController

__all__ = ["KVConfigManager"]

log = logging.getLogger(__name__)


class KVConfigManager:
    """Key/value pairs by namespace (e.g. ``ORDER_TOPIC_CONFIG``), persisted to the NameServer's
    ``kvConfigPath`` after every change and loaded at start-up."""

    def __init__(self, namesrv_controller: "NamesrvController") -> None:
        self.namesrv_controller = namesrv_controller
        self._lock = threading.RLock()
        self.config_table: Dict[str, Dict[str, str]] = {}

    def _kv_config_path(self) -> str:
        return self.namesrv_controller.get_namesrv_config().kv_config_path

    def load(self) -> None:
        """Java ``load``: read the persisted table (a missing file is an empty table).

        Raises ValueError when the file is not valid JSON (the NameServer then refuses to start, as Java does).
        """
        path = self._kv_config_path()
        try:
            content = MixAll.file2string(path)
        except OSError:
            log.warning("Load KV config table exception", exc_info=True)
            return
        if content is None or not content.strip():
            return
        try:
            wrapper = KVConfigSerializeWrapper.from_json(content)
        except ValueError as e:
            raise ValueError("the KV config file %s is not valid JSON: %s" % (path, e)) from e
        if wrapper.config_table is not None:
            with self._lock:
                self.config_table.update(wrapper.config_table)
            log.info("load KV config table OK")

    def put_kv_config(self, namespace: str, key: str, value: str) -> None:
        """Java ``putKVConfig``: set and persist."""
        with self._lock:
            kv_table = self.config_table.get(namespace)
            if kv_table is None:
                kv_table = self.config_table[namespace] = {}
                log.info("putKVConfig create new Namespace %s", namespace)
            prev = kv_table.get(key)
            kv_table[key] = value
            if prev is not None:
                log.info("putKVConfig update config item, Namespace: %s Key: %s Value: %s", namespace, key, value)
            else:
                log.info("putKVConfig create new config item, Namespace: %s Key: %s Value: %s", namespace, key,
                         value)
        self.persist()

    def persist(self) -> None:
        """Java ``persist``: write the whole table to ``kvConfigPath`` (errors are logged)."""
        with self._lock:
            content = KVConfigSerializeWrapper(config_table=self.config_table).to_json()
            path = self._kv_config_path()
            try:
                MixAll.string2file(content, path)
            except OSError:
                log.error("persist kvconfig Exception, %s", path, exc_info=True)

    def delete_kv_config(self, namespace: str, key: str) -> None:
        """Java ``deleteKVConfig``: remove and persist."""
        with self._lock:
            kv_table = self.config_table.get(namespace)
            if kv_table is not None:
                value = kv_table.pop(key, None)
                log.info("deleteKVConfig delete a config item, Namespace: %s Key: %s Value: %s", namespace, key,
                         value)
        self.persist()

    def get_kv_list_by_namespace(self, namespace: str) -> Optional[bytes]:
        """Java ``getKVListByNamespace``: the namespace's pairs as an encoded :class:`KVTable`, None when the
        namespace does not exist."""
        with self._lock:
            kv_table = self.config_table.get(namespace)
            if kv_table is None:
                return None
            return KVTable(table=dict(kv_table)).encode()

    def get_kv_config(self, namespace: str, key: str) -> Optional[str]:
        """Java ``getKVConfig``."""
        with self._lock:
            kv_table = self.config_table.get(namespace)
            return kv_table.get(key) if kv_table is not None else None

    def print_all_periodically(self) -> None:
        """Java ``printAllPeriodically`` (logged at debug level here)."""
        if not log.isEnabledFor(logging.DEBUG):
            return
        with self._lock:
            log.debug("--------------------------------------------------------")
            log.debug("configTable SIZE: %d", len(self.config_table))
            for namespace, kv_table in self.config_table.items():
                for key, value in kv_table.items():
                    log.debug("configTable NS: %s Key: %s Value: %s", namespace, key, value)
