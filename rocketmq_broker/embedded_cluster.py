"""An in-process RocketMQ cluster: one NameServer and one or more brokers on ephemeral loopback ports.

::

    with EmbeddedCluster() as cluster:                 # broker-a in DefaultCluster
        producer.set_namesrv_addr(cluster.namesrv_addr)
        ...

``EmbeddedCluster(brokers=2)`` runs broker-a and broker-b (both masters, each with its own store). The stores live
under ``store_dir`` (``<store_dir>/<brokerName>``), or under a temporary directory that :meth:`shutdown` removes; a
started cluster that was not shut down is shut down by an ``atexit`` hook (as the clients' one), so a script that
ends without ``with`` or ``shutdown()`` leaves no ``rocketmq-embedded-*`` directory behind.
Every setting may be overridden: ``broker_config`` / ``message_store_config`` / ``netty_server_config`` are
dictionaries of attribute names (snake case) applied to each broker's BrokerConfig / MessageStoreConfig /
NettyServerConfig (not its port or bind address); the NameServer's broker expiry
(Java: 120 s, scanned every 10 s) is set with ``namesrv_broker_channel_expired_time`` /
``namesrv_scan_interval_millis``. ``tls_config`` (a :class:`TlsSystemConfig`: ``tls_mode`` disabled / permissive /
enforcing, server certificate and key...) makes the NameServer and the brokers serve TLS; the brokers then reach
the NameServer over TLS when the mode is enforcing or ``tls_enable`` is set (Java ``BrokerStartup``), with the
process-wide client TLS settings. :meth:`create_topic` creates a topic on every broker and registers it with the
NameServer. :meth:`restart_broker` stops a broker and starts it again on the same store and,
if it is still free, the same port (as after a broker process restart). The index files are sized for a test
broker (:data:`EMBEDDED_MAX_HASH_SLOT_NUM` slots, :data:`EMBEDDED_MAX_INDEX_NUM` entries; Java's defaults make
420 MB files).
"""
from __future__ import annotations

import atexit
import logging
import os
import shutil
import tempfile
import threading
from typing import Any, List, Mapping, Optional

from rocketmq_auth.config.auth_config import AuthConfig
from rocketmq_broker.broker_config import BrokerConfig
from rocketmq_broker.broker_controller import BrokerController
from rocketmq_broker.store.config.message_store_config import MessageStoreConfig
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.topic_config import TopicConfig
from rocketmq_namesrv.namesrv_config import NamesrvConfig
from rocketmq_namesrv.namesrv_controller import NamesrvController
from rocketmq_namesrv.routeinfo.route_info_manager import BROKER_CHANNEL_EXPIRED_TIME
from rocketmq_remoting.common.tls_mode import TlsMode
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.netty.tls_system_config import TlsSystemConfig

__all__ = ["EmbeddedCluster", "start_embedded_cluster"]


EMBEDDED_MAX_HASH_SLOT_NUM = 100000
EMBEDDED_MAX_INDEX_NUM = 400000

log = logging.getLogger(__name__)

LOOPBACK = "127.0.0.1"


def _apply(config: Any, overrides: Optional[Mapping[str, Any]]) -> None:
    for name, value in (overrides or {}).items():
        if name not in type(config)._props_by_name:
            raise ValueError("%s has no setting %r" % (type(config).__name__, name))
        setattr(config, name, value)


class EmbeddedCluster:
    """An in-process NameServer and broker(s) on ephemeral loopback ports, for tests and trials (no Java
    counterpart: it starts Java's ``NamesrvController`` and ``BrokerController``, as their Startup classes do).

    ::

        with EmbeddedCluster() as cluster:               # broker-a in DefaultCluster
            producer = DefaultMQProducer("g", namesrv_addr=cluster.namesrv_addr)

    Options: ``brokers`` (1-26 masters: broker-a, broker-b...), ``store_dir`` (else a temporary directory removed on
    shutdown), ``cluster_name`` ("DefaultCluster"), ``broker_config`` / ``message_store_config`` /
    ``netty_server_config`` / ``auth_config`` (dicts of snake-case attribute names, e.g.
    ``{"auto_create_topic_enable": False}``; ``auth_config`` is the ACL 2.0 :class:`AuthConfig`),
    ``namesrv_broker_channel_expired_time`` / ``namesrv_scan_interval_millis``, ``tls_config``. Attributes:
    ``namesrv_addr``, ``broker_addr``; methods :meth:`create_topic`, :meth:`restart_broker`, :meth:`shutdown`.
    Not started until :meth:`start` (or ``with``).
    """

    def __init__(self, store_dir: Optional[str] = None, brokers: int = 1, cluster_name: str = "DefaultCluster",
                 broker_config: Optional[Mapping[str, Any]] = None,
                 message_store_config: Optional[Mapping[str, Any]] = None,
                 netty_server_config: Optional[Mapping[str, Any]] = None,
                 namesrv_broker_channel_expired_time: int = BROKER_CHANNEL_EXPIRED_TIME,
                 namesrv_scan_interval_millis: int = 10000,
                 tls_config: Optional[TlsSystemConfig] = None,
                 auth_config: Optional[Mapping[str, Any]] = None) -> None:
        if not 1 <= brokers <= 26:
            raise ValueError("brokers must be between 1 and 26, got %d" % brokers)
        for name in ("broker_name", "namesrv_addr", "broker_cluster_name"):
            if broker_config and name in broker_config:
                raise ValueError("%s is chosen by the cluster" % name)
        for name in ("listen_port", "bind_address"):
            if netty_server_config and name in netty_server_config:
                raise ValueError("%s is chosen by the cluster" % name)
        self._given_store_dir = store_dir
        self.store_dir: Optional[str] = store_dir
        self.broker_count = brokers
        self.cluster_name = cluster_name
        self.broker_config_overrides = dict(broker_config or {})
        self.message_store_config_overrides = dict(message_store_config or {})
        self.netty_server_config_overrides = dict(netty_server_config or {})
        self.auth_config_overrides = dict(auth_config or {})
        self.namesrv_broker_channel_expired_time = namesrv_broker_channel_expired_time
        self.namesrv_scan_interval_millis = namesrv_scan_interval_millis
        self.tls_config = tls_config
        self.namesrv_controller: Optional[NamesrvController] = None
        self.broker_controllers: List[BrokerController] = []
        self._lock = threading.Lock()
        self._running = False

    # ------------------------------------------------------------------ addresses

    @property
    def namesrv_addr(self) -> str:
        """``"127.0.0.1:<port>"`` of the NameServer."""
        if self.namesrv_controller is None:
            raise RuntimeError("the cluster is not started")
        return "%s:%d" % (LOOPBACK, self.namesrv_controller.get_listen_port())

    @property
    def broker_controller(self) -> BrokerController:
        """The first broker (broker-a)."""
        if not self.broker_controllers:
            raise RuntimeError("the cluster is not started")
        return self.broker_controllers[0]

    @property
    def broker_addr(self) -> str:
        """``"127.0.0.1:<port>"`` of the first broker."""
        return self.broker_controller.get_broker_addr()

    @property
    def broker_addrs(self) -> List[str]:
        return [controller.get_broker_addr() for controller in self.broker_controllers]

    @staticmethod
    def broker_name(index: int) -> str:
        """``broker-a``, ``broker-b``... for index 0, 1..."""
        return "broker-" + chr(ord("a") + index)

    def broker_store_dir(self, index: int) -> str:
        assert self.store_dir is not None
        return os.path.join(self.store_dir, self.broker_name(index))

    # ------------------------------------------------------------------ life cycle

    def start(self) -> "EmbeddedCluster":
        """Start the NameServer, then every broker (each registered with the NameServer before this returns).
        Everything started is stopped again when a step fails."""
        with self._lock:
            if self._running:
                return self
            self._running = True
        atexit.register(self.shutdown)
        try:
            if self.store_dir is None:
                self.store_dir = tempfile.mkdtemp(prefix="rocketmq-embedded-")
            namesrv_dir = os.path.join(self.store_dir, "namesrv")
            namesrv_config = NamesrvConfig(kv_config_path=os.path.join(namesrv_dir, "kvConfig.json"),
                                           config_store_path=os.path.join(namesrv_dir, "namesrv.properties"))
            self.namesrv_controller = NamesrvController(
                namesrv_config, NettyServerConfig(listen_port=0, bind_address=LOOPBACK),
                scan_not_active_broker_delay_millis=min(5000, self.namesrv_scan_interval_millis),
                scan_not_active_broker_interval_millis=self.namesrv_scan_interval_millis,
                broker_channel_expired_time=self.namesrv_broker_channel_expired_time, tls_config=self.tls_config)
            self.namesrv_controller.initialize()
            self.namesrv_controller.start()
            for index in range(self.broker_count):
                self.broker_controllers.append(self._start_broker(index, 0))
        except BaseException:
            self.shutdown()
            raise
        log.info("embedded cluster started: namesrv %s, brokers %s", self.namesrv_addr, self.broker_addrs)
        return self

    def _new_broker(self, index: int, port: int) -> BrokerController:
        broker_config = BrokerConfig(broker_name=self.broker_name(index), broker_cluster_name=self.cluster_name,
                                     broker_ip1=LOOPBACK, broker_ip2=LOOPBACK, namesrv_addr=self.namesrv_addr)
        _apply(broker_config, self.broker_config_overrides)
        store_config = MessageStoreConfig(store_path_root_dir=self.broker_store_dir(index),
                                          max_hash_slot_num=EMBEDDED_MAX_HASH_SLOT_NUM,
                                          max_index_num=EMBEDDED_MAX_INDEX_NUM)
        _apply(store_config, self.message_store_config_overrides)
        tls = self.tls_config
        client_config = NettyClientConfig(
            use_tls=tls is not None and (tls.tls_enable or tls.tls_mode is TlsMode.ENFORCING))
        server_config = NettyServerConfig(listen_port=port, bind_address=LOOPBACK)
        _apply(server_config, self.netty_server_config_overrides)
        auth_config = AuthConfig()
        _apply(auth_config, self.auth_config_overrides)
        return BrokerController(broker_config, server_config, client_config, store_config, tls_config=tls,
                                auth_config=auth_config)

    def _start_broker(self, index: int, port: int) -> BrokerController:
        controller = self._new_broker(index, port)
        if not controller.initialize():
            controller.shutdown()
            raise RuntimeError("broker %s failed to initialize (see the log)" % self.broker_name(index))
        try:
            controller.start()
        except BaseException:
            controller.shutdown()
            raise
        return controller

    def create_topic(self, topic: str, queue_nums: int = 4, perm: int = PermName.PERM_READ | PermName.PERM_WRITE,
                     order: bool = False) -> None:
        """Create (or update) ``topic`` with ``queue_nums`` read and write queues on every broker and register it
        with the NameServer at once, as ``AdminBrokerProcessor.updateAndCreateTopic`` does, so that consumers
        started before any producer find its route."""
        if not self.broker_controllers:
            raise RuntimeError("the cluster is not started")
        for controller in self.broker_controllers:
            topic_config = TopicConfig(topic, queue_nums, queue_nums, perm)
            topic_config.set_order(order)
            manager = controller.get_topic_config_manager()
            manager.update_topic_config(topic_config)
            controller.register_increment_broker_data(topic_config, manager.get_data_version())

    def restart_broker(self, index: int = 0) -> BrokerController:
        """Shut broker ``index`` down and start a new controller on the same store, on the same port when it can
        be bound again (else an ephemeral one). Returns the new controller."""
        old = self.broker_controllers[index]
        port = old.get_netty_server_config().listen_port
        old.shutdown()
        try:
            controller = self._start_broker(index, port)
        except OSError as e:
            log.warning("port %d cannot be bound again (%r); restarting %s on an ephemeral port", port, e,
                        self.broker_name(index))
            controller = self._start_broker(index, 0)
        self.broker_controllers[index] = controller
        return controller

    def shutdown(self) -> None:
        """Stop every broker, then the NameServer; remove the store when it is a temporary directory."""
        with self._lock:
            if not self._running:
                return
            self._running = False
        atexit.unregister(self.shutdown)
        for controller in self.broker_controllers:
            try:
                controller.shutdown()
            except Exception:
                log.error("shutting down %s failed", controller.get_broker_config().broker_name, exc_info=True)
        if self.namesrv_controller is not None:
            self.namesrv_controller.shutdown()
        if self._given_store_dir is None and self.store_dir is not None:
            shutil.rmtree(self.store_dir, ignore_errors=True)
            self.store_dir = None

    def __enter__(self) -> "EmbeddedCluster":
        return self.start()

    def __exit__(self, *exc_info: Any) -> None:
        self.shutdown()

    def __repr__(self) -> str:
        state = "running, namesrv %s, brokers %s" % (self.namesrv_addr, self.broker_addrs) if self._running \
            else "stopped"
        return "EmbeddedCluster[%s]" % state


def start_embedded_cluster(store_dir: Optional[str] = None, **kwargs: Any) -> EmbeddedCluster:
    """A started :class:`EmbeddedCluster` (the pytest fixture's body); call ``shutdown()`` when done."""
    return EmbeddedCluster(store_dir, **kwargs).start()

