"""Java ``org.apache.rocketmq.broker.BrokerStartup``: the ``python -m rocketmq_broker`` command.

Options: ``-n/--namesrvAddr "host:port;host:port"``, ``-c/--configFile FILE`` (a properties file with the Java
property names of BrokerConfig, NettyServerConfig, NettyClientConfig and MessageStoreConfig: ``brokerName``,
``brokerClusterName``, ``brokerId``, ``listenPort``, ``storePathRootDir``, ``autoCreateTopicEnable``,
``flushDiskType``, ``namesrvAddr``, ``brokerIP1``...), ``--store DIR`` (overrides ``storePathRootDir``),
``-p/--port PORT`` (overrides ``listenPort``; 0 picks a free port, the boot message shows it),
``--printConfigItem`` (print every setting and exit) and the logging options ``--logDir DIR``, ``--logLevel LEVEL``,
``-v/--verbose`` (:mod:`rocketmq_common.server_log_config`). Java's ``-p`` is the short form of
``printConfigItem``; here it is the port, as in ``python -m rocketmq_namesrv``. The broker runs until SIGINT
(Ctrl-C) or SIGTERM, then shuts down cleanly and exits with 0.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import Any, Dict, Optional, Sequence

from rocketmq_auth.config.auth_config import AuthConfig
from rocketmq_broker.broker_config import BrokerConfig
from rocketmq_broker.broker_controller import DEFAULT_LISTEN_PORT, BrokerController
from rocketmq_broker.store.config.broker_role import BrokerRole
from rocketmq_broker.store.config.message_store_config import MessageStoreConfig
from rocketmq_common.mix_all import MixAll
from rocketmq_common.server_log_config import FILE_ONLY, add_logging_options, configure_server_logging, log_root
from rocketmq_common.server_process import describe_os_error, describe_start_failure, stop_signals
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.common.tls_mode import TlsMode
from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.netty.netty_system_config import get_system_property, parse_bool
from rocketmq_remoting.netty.tls_system_config import TlsSystemConfig
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

__all__ = ["BrokerStartup", "main"]

log = logging.getLogger(__name__)


class BrokerStartupError(Exception):
    """The command line or the configuration is not usable; ``exit_code`` is the process exit code."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


class BrokerStartup:
    """Static steps of the start-up, as in Java (``create_broker_controller``, ``start``, ``shutdown``)."""

    @staticmethod
    def build_commandline_options() -> argparse.ArgumentParser:
        """Java ``buildCommandlineOptions`` plus ``ServerUtil``'s ``-n`` (and ``--store``, ``-p/--port``)."""
        parser = argparse.ArgumentParser(prog="mqbroker", description="RocketMQ Broker (Python)")
        parser.add_argument("-n", "--namesrvAddr", metavar="ADDR",
                            help="Name server address list, eg: '192.168.0.1:9876;192.168.0.2:9876'")
        parser.add_argument("-c", "--configFile", metavar="FILE", help="Broker config properties file")
        parser.add_argument("--store", metavar="DIR", help="store root directory (storePathRootDir)")
        parser.add_argument("-p", "--port", type=int, metavar="PORT",
                            help="listen port (default %d; 0 picks a free port)" % DEFAULT_LISTEN_PORT)
        parser.add_argument("--printConfigItem", action="store_true", help="Print all config item")
        add_logging_options(parser)
        return parser

    @staticmethod
    def create_broker_controller(argv: Optional[Sequence[str]] = None,
                                 out: Any = None) -> Optional[BrokerController]:
        """Java ``createBrokerController``: parse the command line, build and initialize the controller; None
        when only the settings were to be printed. Raises :class:`BrokerStartupError` for bad input."""
        out = out if out is not None else sys.stdout
        args = BrokerStartup.build_commandline_options().parse_args(argv)
        broker_config = BrokerConfig()
        netty_server_config = NettyServerConfig(listen_port=DEFAULT_LISTEN_PORT)
        netty_client_config = NettyClientConfig()
        # Java: system property tls.enable, by default whether the server mode is enforcing
        netty_client_config.use_tls = parse_bool(get_system_property(
            TlsSystemConfig.TLS_ENABLE, "TLS_ENABLE",
            "true" if TlsSystemConfig.tls_mode is TlsMode.ENFORCING else "false"))
        message_store_config = MessageStoreConfig()
        auth_config = AuthConfig()
        configs = (broker_config, netty_server_config, netty_client_config, message_store_config)
        properties: Optional[Dict[str, str]] = None
        if args.configFile:
            try:
                properties = MixAll.file2properties(args.configFile)
            except (OSError, ValueError) as e:
                raise BrokerStartupError("cannot read the config file: %s" % e) from e
            for config in configs:
                MixAll.properties2object(properties, config)
            MixAll.properties2object(properties, auth_config)
            print("load config properties file OK, %s" % args.configFile, file=out, flush=True)
        if args.namesrvAddr is not None:
            broker_config.namesrv_addr = args.namesrvAddr
        if args.store is not None:
            message_store_config.store_path_root_dir = args.store
        if args.port is not None:
            if not 0 <= args.port <= 65535:
                raise BrokerStartupError("port out of range: %d" % args.port)
            netty_server_config.listen_port = args.port
        if broker_config.namesrv_addr:
            try:
                for addr in broker_config.namesrv_addr.split(";"):
                    RemotingHelper.string2socket_address(addr)
            except ValueError as e:
                raise BrokerStartupError(
                    "The Name Server Address[%s] illegal, please set it as follows, "
                    "\"127.0.0.1:9876;192.168.0.1:9876\"" % broker_config.namesrv_addr, 3) from e
        if message_store_config.broker_role is BrokerRole.SLAVE:
            if broker_config.broker_id <= 0:
                raise BrokerStartupError("Slave's brokerId must be > 0", 3)
        else:
            broker_config.broker_id = MixAll.MASTER_ID
        message_store_config.ha_listen_port = netty_server_config.listen_port + 1
        if args.printConfigItem:
            for config in configs:
                for key, value in MixAll.object2properties(config).items():
                    print("%s=%s" % (key, value), file=out)
            out.flush()
            return None
        try:  # Java configures logback here, after the settings were printed
            configure_server_logging("broker", args.logDir, args.logLevel, args.verbose)
        except OSError as e:
            raise BrokerStartupError("cannot write the logs: %s" % describe_os_error(e)) from e
        for config in configs:
            for key, value in MixAll.object2properties(config).items():
                log.info("%s=%s", key, value)
        _check_store_dir(message_store_config.store_path_root_dir)
        try:
            controller = BrokerController(broker_config, netty_server_config, netty_client_config,
                                          message_store_config, broker_config_path=args.configFile,
                                          auth_config=auth_config)
            # remember every configured property, even those no config object holds
            controller.get_configuration().register_config(properties)
            initialized = controller.initialize()
        except OSError as e:
            log.error("the broker failed to initialize", exc_info=True, extra=FILE_ONLY)
            raise BrokerStartupError("the store is not usable: %s" % describe_os_error(e)) from e
        if not initialized:
            controller.shutdown()
            raise BrokerStartupError("the broker failed to initialize (see %s)" % os.path.join(
                log_root(args.logDir), "broker.log"), 3)
        return controller

    @staticmethod
    def start(controller: BrokerController) -> BrokerController:
        """Java ``start``: start and log the boot message (shut down again when that fails, re-raising)."""
        try:
            controller.start()
        except BaseException:
            controller.shutdown()
            raise
        tip = "The broker[%s, %s] boot success. serializeType=%s" % (
            controller.get_broker_config().broker_name, controller.get_broker_addr(),
            RemotingCommand.default_serialize_type.name)
        if controller.get_broker_config().namesrv_addr is not None:
            tip += " and name server is " + controller.get_broker_config().namesrv_addr
        log.info(tip)
        print(tip, flush=True)
        return controller

    @staticmethod
    def shutdown(controller: Optional[BrokerController]) -> None:
        if controller is not None:
            controller.shutdown()


def _check_store_dir(path: str) -> None:
    """The store root must be a directory the broker can create files in (a file on the way, a read-only file
    system or a missing permission end the start-up with one line, before any thread starts)."""
    try:
        os.makedirs(path, exist_ok=True)
        probe = os.path.join(path, ".mqbroker-probe-%d" % os.getpid())
        os.close(os.open(probe, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644))
        os.remove(probe)
    except OSError as e:
        raise BrokerStartupError("the store directory %s is not usable: %s" % (path, describe_os_error(e))) from e


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run a broker until SIGINT/SIGTERM; the process exit code (0 after a clean stop).

    Logging goes to ``broker.log`` / ``store.log`` / ``remoting.log`` in the log directory and from ERROR on to
    stderr (:mod:`rocketmq_common.server_log_config`); the boot message goes to stdout, a failed start-up is one
    ``mqbroker: ...`` line on stderr and exit code 1 (3 for bad settings, as Java's).
    """
    with stop_signals() as stop:
        try:
            controller = BrokerStartup.create_broker_controller(argv)
        except BrokerStartupError as e:
            print("mqbroker: %s" % e, file=sys.stderr, flush=True)
            return e.exit_code
        if controller is None:
            return 0
        try:
            BrokerStartup.start(controller)
        except (OSError, RuntimeError) as e:
            log.error("the broker failed to start", exc_info=True, extra=FILE_ONLY)
            reason = describe_start_failure(e, controller.get_netty_server_config().listen_port)
            print("mqbroker: the broker failed to start: %s" % reason, file=sys.stderr, flush=True)
            return 1
        while not stop.wait(0.5):
            pass
        log.info("the broker is shutting down")
        BrokerStartup.shutdown(controller)
        log.info("the broker stopped")
        return 0
