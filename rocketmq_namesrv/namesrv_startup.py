"""Java ``org.apache.rocketmq.namesrv.NamesrvStartup``: the ``python -m rocketmq_namesrv`` command.

Options: ``-c/--configFile FILE`` (a properties file with Java NamesrvConfig / NettyServerConfig names such as
``listenPort``, ``kvConfigPath``, ``orderMessageEnable``), ``-p/--port PORT`` (overrides ``listenPort``; 0 picks
a free port) and ``--printConfigItem`` (print every setting and exit). Java's ``-p`` is the short form of
``printConfigItem``; here it is the port, as the project's commands use it. Logging options: ``--logDir DIR``,
``--logLevel LEVEL``, ``-v/--verbose`` (:mod:`rocketmq_common.server_log_config`). The server runs until SIGINT
(Ctrl-C) or SIGTERM, then shuts down cleanly and exits with 0.
"""
from __future__ import annotations

import argparse
import logging
import sys
from typing import Any, Dict, Optional, Sequence

from rocketmq_common.mix_all import MixAll
from rocketmq_common.server_log_config import FILE_ONLY, add_logging_options, configure_server_logging
from rocketmq_common.server_process import describe_os_error, describe_start_failure, stop_signals
from rocketmq_namesrv.namesrv_config import NamesrvConfig
from rocketmq_namesrv.namesrv_controller import DEFAULT_LISTEN_PORT, NamesrvController
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

__all__ = ["NamesrvStartup", "main"]

log = logging.getLogger(__name__)


class NamesrvStartup:
    """Static steps of the start-up, as in Java (``create_namesrv_controller``, ``start``, ``shutdown``)."""

    @staticmethod
    def build_commandline_options() -> argparse.ArgumentParser:
        """Java ``buildCommandlineOptions`` (plus ``-p/--port``)."""
        parser = argparse.ArgumentParser(prog="mqnamesrv", description="RocketMQ NameServer (Python)")
        parser.add_argument("-c", "--configFile", metavar="FILE", help="Name server config properties file")
        parser.add_argument("-p", "--port", type=int, metavar="PORT",
                            help="listen port (default %d; 0 picks a free port)" % DEFAULT_LISTEN_PORT)
        parser.add_argument("--printConfigItem", action="store_true", help="Print all config items")
        add_logging_options(parser)
        return parser

    @staticmethod
    def create_namesrv_controller(argv: Optional[Sequence[str]] = None,
                                  out: Any = None) -> Optional[NamesrvController]:
        """Java ``createNamesrvController``: parse the command line and build the configured controller; None
        when only the settings were to be printed (``--printConfigItem``, written to ``out``)."""
        out = out if out is not None else sys.stdout
        args = NamesrvStartup.build_commandline_options().parse_args(argv)
        namesrv_config = NamesrvConfig()
        netty_server_config = NettyServerConfig(listen_port=DEFAULT_LISTEN_PORT)
        properties: Optional[Dict[str, str]] = None
        if args.configFile:
            properties = MixAll.file2properties(args.configFile)
            MixAll.properties2object(properties, namesrv_config)
            MixAll.properties2object(properties, netty_server_config)
            namesrv_config.config_store_path = args.configFile
            print("load config properties file OK, %s" % args.configFile, file=out, flush=True)
        if args.port is not None:
            if not 0 <= args.port <= 65535:
                raise ValueError("port out of range: %d" % args.port)
            netty_server_config.listen_port = args.port
        if args.printConfigItem:
            for config in (namesrv_config, netty_server_config):
                for key, value in MixAll.object2properties(config).items():
                    print("%s=%s" % (key, value), file=out)
            out.flush()
            return None
        configure_server_logging("namesrv", args.logDir, args.logLevel, args.verbose)  # Java: logback here
        for config in (namesrv_config, netty_server_config):
            for key, value in MixAll.object2properties(config).items():
                log.info("%s=%s", key, value)
        controller = NamesrvController(namesrv_config, netty_server_config)
        # remember every configured property, even those no config object holds
        controller.get_configuration().register_config(properties)
        return controller

    @staticmethod
    def start(controller: NamesrvController) -> NamesrvController:
        """Java ``start``: initialize and start (shut down again when that fails, re-raising the error)."""
        try:
            controller.initialize()
            controller.start()
        except BaseException:
            controller.shutdown()
            raise
        return controller

    @staticmethod
    def shutdown(controller: NamesrvController) -> None:
        controller.shutdown()


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run a NameServer until SIGINT/SIGTERM; the process exit code (0 after a clean stop).

    Logging goes to ``namesrv.log`` in the log directory and from ERROR on to stderr
    (:mod:`rocketmq_common.server_log_config`); the boot message goes to stdout (with the bound address when
    the port was 0: it is known only then), a failed start-up is one ``mqnamesrv: ...`` line on stderr and exit
    code 1.
    """
    try:
        controller = NamesrvStartup.create_namesrv_controller(argv)
    except (OSError, ValueError) as e:
        reason = describe_os_error(e)
        print("mqnamesrv: %s" % reason, file=sys.stderr, flush=True)
        return 1
    if controller is None:
        return 0
    with stop_signals() as stop:
        try:
            NamesrvStartup.start(controller)
        except (OSError, ValueError) as e:
            log.error("the Name Server failed to start", exc_info=True, extra=FILE_ONLY)
            reason = describe_start_failure(e, controller.get_netty_server_config().listen_port)
            print("mqnamesrv: the Name Server failed to start: %s" % reason, file=sys.stderr, flush=True)
            return 1
        tip = "The Name Server boot success. serializeType=%s" % RemotingCommand.default_serialize_type.name
        log.info(tip)
        print(tip, flush=True)
        if controller.get_netty_server_config().listen_port == 0:
            print("The Name Server is listening on %s:%d" % (controller.get_netty_server_config().bind_address,
                                                             controller.get_listen_port()), flush=True)
        while not stop.wait(0.5):
            pass
        log.info("the Name Server is shutting down")
        NamesrvStartup.shutdown(controller)
        log.info("the Name Server stopped")
        return 0
