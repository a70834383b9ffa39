"""Java ``org.apache.rocketmq.namesrv.NamesrvController``: wires the NameServer together."""
from __future__ import annotations

import logging
import threading
from typing import Any, Optional

from rocketmq_common.configuration import Configuration
from rocketmq_namesrv.kvconfig.kv_config_manager import KVConfigManager
from rocketmq_namesrv.namesrv_config import NamesrvConfig
from rocketmq_namesrv.processor.default_request_processor import DefaultRequestProcessor
from rocketmq_namesrv.routeinfo.broker_housekeeping_service import BrokerHousekeepingService
from rocketmq_namesrv.routeinfo.route_info_manager import BROKER_CHANNEL_EXPIRED_TIME, RouteInfoManager
from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.common.scheduled_executor import ScheduledExecutor
from rocketmq_remoting.common.thread_pool import ThreadPoolExecutor
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.netty.tls_system_config import TlsSystemConfig
from rocketmq_remoting.netty.netty_remoting_server import NettyRemotingServer
from rocketmq_remoting.remoting_server import RemotingServer

__all__ = ["NamesrvController", "DEFAULT_LISTEN_PORT"]

log = logging.getLogger(__name__)

#: the port ``NamesrvStartup`` listens on unless configured otherwise
DEFAULT_LISTEN_PORT = 9876
_JOIN_TIMEOUT_SECONDS = 5.0


class NamesrvController(Bean):
    """The NameServer: KV configuration, routing tables, remoting server and periodic broker expiry.

    Call :meth:`initialize` then :meth:`start`, and :meth:`shutdown` at the end (or use it as a context
    manager, which does all three). ``scan_not_active_broker_delay_millis`` / ``..._interval_millis`` (Java: 5 s,
    10 s) and ``broker_channel_expired_time`` (Java: 120 s) exist so that tests can shorten them. ``tls_config``
    gives the server's TLS mode (``tls.server.mode``: disabled, permissive, enforcing) and certificates; by
    default the process-wide :class:`TlsSystemConfig` (Java's system properties).
    """

    namesrv_config = Prop(NamesrvConfig)
    netty_server_config = Prop(NettyServerConfig)
    remoting_server = Prop(RemotingServer)  # the RemotingServer interface, as Java's field (a NettyRemotingServer)
    kv_config_manager = Prop(KVConfigManager, required=True)
    route_info_manager = Prop(RouteInfoManager, required=True)
    configuration = Prop(Configuration, required=True)

    def get_namesrv_config(self) -> NamesrvConfig: return self.namesrv_config
    def set_namesrv_config(self, namesrv_config: NamesrvConfig) -> None: self.namesrv_config = namesrv_config
    def get_netty_server_config(self) -> NettyServerConfig: return self.netty_server_config
    def set_netty_server_config(self, netty_server_config: NettyServerConfig) -> None:
        self.netty_server_config = netty_server_config
    def get_remoting_server(self) -> RemotingServer: return self.remoting_server
    def set_remoting_server(self, remoting_server: Optional[RemotingServer]) -> None:
        self.remoting_server = remoting_server
    def get_kv_config_manager(self) -> KVConfigManager: return self.kv_config_manager
    def set_kv_config_manager(self, kv_config_manager: Optional[KVConfigManager]) -> None:
        self.kv_config_manager = kv_config_manager
    def get_route_info_manager(self) -> RouteInfoManager: return self.route_info_manager
    def set_route_info_manager(self, route_info_manager: Optional[RouteInfoManager]) -> None:
        self.route_info_manager = route_info_manager
    def get_configuration(self) -> Configuration: return self.configuration
    def set_configuration(self, configuration: Optional[Configuration]) -> None: self.configuration = configuration

    def __init__(self, namesrv_config: Optional[NamesrvConfig] = None,
                 netty_server_config: Optional[NettyServerConfig] = None, *,
                 scan_not_active_broker_delay_millis: int = 5000,
                 scan_not_active_broker_interval_millis: int = 10000,
                 broker_channel_expired_time: int = BROKER_CHANNEL_EXPIRED_TIME,
                 tls_config: Optional[TlsSystemConfig] = None) -> None:
        self.tls_config = tls_config
        self.namesrv_config = namesrv_config if namesrv_config is not None else NamesrvConfig()
        self.netty_server_config = (netty_server_config if netty_server_config is not None
                                    else NettyServerConfig(listen_port=DEFAULT_LISTEN_PORT))
        self._scan_delay_millis = scan_not_active_broker_delay_millis
        self._scan_interval_millis = scan_not_active_broker_interval_millis
        self.scheduled_executor_service = ScheduledExecutor("NSScheduledThread1")
        self.kv_config_manager = KVConfigManager(self)
        self.route_info_manager = RouteInfoManager(broker_channel_expired_time)
        self.broker_housekeeping_service = BrokerHousekeepingService(self)
        self.remoting_server = None
        self.remoting_executor: Optional[ThreadPoolExecutor] = None
        self.configuration = Configuration(log, self.namesrv_config, self.netty_server_config)
        self.configuration.set_store_path_from_config(self.namesrv_config, "config_store_path")
        self._lifecycle_lock = threading.Lock()
        self._shutdown = False

    def initialize(self) -> bool:
        """Java ``initialize``: load the KV configuration, create the remoting server with its processor and
        executor, schedule the broker scan (and the KV dump). Raises ValueError for a corrupt KV file."""
        self.kv_config_manager.load()
        self.remoting_server = NettyRemotingServer(self.netty_server_config, self.broker_housekeeping_service,
                                              self.tls_config)
        threads = max(1, self.netty_server_config.server_worker_threads)
        self.remoting_executor = ThreadPoolExecutor(threads, threads, None, "RemotingExecutorThread_")
        self.register_processor()
        self.scheduled_executor_service.schedule_at_fixed_rate(
            self.route_info_manager.scan_not_active_broker, self._scan_delay_millis, self._scan_interval_millis)
        self.scheduled_executor_service.schedule_at_fixed_rate(
            self.kv_config_manager.print_all_periodically, 60 * 1000, 10 * 60 * 1000)
        return True

    def register_processor(self) -> None:
        """Java ``registerProcessor``: one default processor for every code (the cluster-test processor is
        not implemented; ``clusterTest=true`` only logs a warning)."""
        if self.remoting_server is None:
            raise RuntimeError("NamesrvController.register_processor() called before initialize()")
        if self.namesrv_config.cluster_test:
            log.warning("clusterTest is not supported; using the default request processor")
        self.remoting_server.register_default_processor(DefaultRequestProcessor(self), self.remoting_executor)

    def start(self) -> None:
        """Java ``start``: start listening. Raises RuntimeError before :meth:`initialize`, OSError when the
        port cannot be bound."""
        if self.remoting_server is None:
            raise RuntimeError("NamesrvController.start() called before initialize()")
        self.remoting_server.start()

    def shutdown(self) -> None:
        """Java ``shutdown``: close every connection and end every thread the controller started."""
        with self._lifecycle_lock:
            if self._shutdown:
                return
            self._shutdown = True
        if self.remoting_server is not None:
            self.remoting_server.shutdown()
        if self.remoting_executor is not None:
            self.remoting_executor.shutdown()
            if not self.remoting_executor.await_termination(_JOIN_TIMEOUT_SECONDS):
                log.warning("RemotingExecutorThread_ threads still busy after %s s", _JOIN_TIMEOUT_SECONDS)
        self.scheduled_executor_service.shutdown()

    def __repr__(self) -> str:
        """A short form naming the listen port (Java has no toString; the bean repr would print every field)."""
        return "NamesrvController[port=%s]" % self.get_listen_port()

    def __enter__(self) -> "NamesrvController":
        if self.remoting_server is None:
            self.initialize()
        try:
            self.start()
        except BaseException:
            self.shutdown()
            raise
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.shutdown()

    def get_listen_port(self) -> int:
        """The port the server is bound to (the configured one before :meth:`start`)."""
        if self.remoting_server is not None and self.remoting_server.local_listen_port():
            return self.remoting_server.local_listen_port()
        return self.netty_server_config.listen_port
