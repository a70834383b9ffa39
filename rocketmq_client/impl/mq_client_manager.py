"""Java ``org.apache.rocketmq.client.impl.MQClientManager``: one client instance per client id."""
from __future__ import annotations

import itertools
import logging
import threading
from typing import TYPE_CHECKING, Dict, Optional

if TYPE_CHECKING:
    from rocketmq_client.client_config import ClientConfig
    from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
    from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["MQClientManager"]

log = logging.getLogger(__name__)


class MQClientManager:
    """Process-wide registry of :class:`MQClientInstance` by client id (``get_instance()`` is the singleton)."""

    _instance: Optional["MQClientManager"] = None
    _instance_lock = threading.Lock()

    def __init__(self) -> None:
        self._factory_index_generator = itertools.count()
        self._factory_table: Dict[str, "MQClientInstance"] = {}
        self._lock = threading.Lock()

    @staticmethod
    def get_instance() -> "MQClientManager":
        """Java ``getInstance``."""
        instance = MQClientManager._instance
        if instance is None:
            with MQClientManager._instance_lock:
                instance = MQClientManager._instance
                if instance is None:
                    instance = MQClientManager._instance = MQClientManager()
        return instance

    def get_or_create_mq_client_instance(self, client_config: "ClientConfig",
                                         rpc_hook: Optional["RPCHook"] = None) -> "MQClientInstance":
        """Java ``getOrCreateMQClientInstance``: the instance of ``client_config.build_mq_client_id()``, created
        from a clone of the config (and ``rpc_hook``) when there is none."""
        from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance

        client_id = client_config.build_mq_client_id()
        instance = self._factory_table.get(client_id)
        if instance is None:
            with self._lock:
                prev = self._factory_table.get(client_id)
                if prev is None:
                    instance = MQClientInstance(client_config.clone_client_config(),
                                                next(self._factory_index_generator), client_id, rpc_hook)
                    self._factory_table[client_id] = instance
            if prev is not None:
                instance = prev
                log.warning("Returned Previous MQClientInstance for clientId:[%s]", client_id)
            else:
                log.info("Created new MQClientInstance for clientId:[%s]", client_id)
        return instance

    def remove_client_factory(self, client_id: str) -> None:
        """Java ``removeClientFactory``."""
        with self._lock:
            self._factory_table.pop(client_id, None)

    def get_factory_table(self) -> Dict[str, "MQClientInstance"]:
        """The instances by client id (a copy; for diagnostics and tests)."""
        return dict(self._factory_table)
