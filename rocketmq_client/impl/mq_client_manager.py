"""Java ``org.apache.rocketmq.client.impl.MQClientManager``: one client instance per client id, plus the registry of
started producers and consumers that an ``atexit`` hook shuts down (not in Java, whose non-daemon threads keep the
JVM running until ``shutdown()``; here client threads are daemon threads, so a script that ends or raises without
``shutdown()`` exits, and the hook first does what ``shutdown()`` does: persist offsets, unregister, close)."""
from __future__ import annotations

import atexit
import itertools
import logging
import threading
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

if TYPE_CHECKING:
    from rocketmq_client.client_config import ClientConfig
    from rocketmq_client.producer.produce_accumulator import ProduceAccumulator
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
        self._accumulator_table: Dict[str, "ProduceAccumulator"] = {}
        self._lock = threading.Lock()
        # started clients by id(): (client, is_consumer), in start order
        self._started_clients: Dict[int, Tuple[Any, bool]] = {}
        self._atexit_registered = False

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
        if instance is not None:
            return instance
        with self._lock:
            prev = self._factory_table.get(client_id)
            if prev is None:
                created = MQClientInstance(client_config.clone_client_config(), next(self._factory_index_generator),
                                           client_id, rpc_hook)
                self._factory_table[client_id] = created
        if prev is not None:
            log.warning("Returned Previous MQClientInstance for clientId:[%s]", client_id)
            return prev
        log.info("Created new MQClientInstance for clientId:[%s]", client_id)
        return created

    def get_or_create_produce_accumulator(self, client_config: "ClientConfig") -> "ProduceAccumulator":
        """Java 5.3.3 ``getOrCreateProduceAccumulator``: the auto-batching accumulator of the client id."""
        from rocketmq_client.producer.produce_accumulator import ProduceAccumulator

        client_id = client_config.build_mq_client_id()
        with self._lock:
            accumulator = self._accumulator_table.get(client_id)
            if accumulator is None:
                accumulator = self._accumulator_table[client_id] = ProduceAccumulator(client_id)
                log.info("Created new ProduceAccumulator for clientId:[%s]", client_id)
        return accumulator

    def remove_produce_accumulator(self, accumulator: "ProduceAccumulator") -> None:
        """Forget a shut-down accumulator (not in Java, whose table keeps it): a restarted producer gets a new one."""
        with self._lock:
            if self._accumulator_table.get(accumulator.instance_name) is accumulator:
                del self._accumulator_table[accumulator.instance_name]

    def remove_client_factory(self, client_id: str) -> None:
        """Java ``removeClientFactory``."""
        with self._lock:
            self._factory_table.pop(client_id, None)

    def get_factory_table(self) -> Dict[str, "MQClientInstance"]:
        """The instances by client id (a copy; for diagnostics and tests)."""
        return dict(self._factory_table)

    # ------------------------------------------------------------------ started clients (not in Java)

    def register_started_client(self, client: Any, consumer: bool) -> None:
        """Called by a producer or consumer facade once its ``start()`` succeeded: the ``atexit`` hook shuts it
        down unless :meth:`unregister_started_client` was called first (by its ``shutdown()``)."""
        with self._lock:
            self._started_clients[id(client)] = (client, consumer)
            if not self._atexit_registered:
                atexit.register(self.shutdown_started_clients)
                self._atexit_registered = True

    def unregister_started_client(self, client: Any) -> None:
        """Called by a facade's ``shutdown()``."""
        with self._lock:
            self._started_clients.pop(id(client), None)

    def get_started_clients(self) -> List[Any]:
        """The started clients not shut down yet, in start order (for diagnostics and tests)."""
        with self._lock:
            return [client for client, _ in self._started_clients.values()]

    def shutdown_started_clients(self) -> None:
        """The ``atexit`` hook: ``shutdown()`` every started client, consumers first (their listeners may still be
        sending), each kind in reverse start order (a client's own trace producer, started inside its ``start()``,
        is shut down by the client). A client that fails to shut down is logged; the others still are."""
        with self._lock:
            started = list(self._started_clients.values())
        ordered = [c for c, consumer in reversed(started) if consumer] + \
                  [c for c, consumer in reversed(started) if not consumer]
        for client in ordered:
            try:
                client.shutdown()
            except Exception:
                log.warning("shutting down %s at exit failed", type(client).__name__, exc_info=True)
            self.unregister_started_client(client)
