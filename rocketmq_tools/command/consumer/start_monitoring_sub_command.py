"""Java ``org.apache.rocketmq.tools.command.consumer.StartMonitoringSubCommand``: ``startMonitoring``."""
from __future__ import annotations

import argparse
import logging
import sys
import threading

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import acl_rpc_hook
from rocketmq_tools.monitor import monitor_listener
from rocketmq_tools.monitor.monitor_config import MonitorConfig
from rocketmq_tools.monitor.monitor_listener import DefaultMonitorListener
from rocketmq_tools.monitor.monitor_service import MonitorService

__all__ = ["StartMonitoringSubCommand"]


class StartMonitoringSubCommand(SubCommand):
    """Run the MonitorService until Ctrl-C. Java's DefaultMonitorListener logs its reports to the client log;
    here they are also printed on stdout (one ``[MONITOR]`` line each) so the rounds show as they run.
    ``--roundInterval`` / ``--firstRoundDelay`` (milliseconds) are additions to Java's fixed 60 s / 20 s."""

    def __init__(self) -> None:
        self.stop = threading.Event()

    def command_name(self) -> str:
        return "startMonitoring"

    def command_desc(self) -> str:
        return "Start Monitoring"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--roundInterval", type=int, default=60000, help="milliseconds between rounds "
                                                                             "(default: 60000, as Java)")
        parser.add_argument("--firstRoundDelay", type=int, default=20000, help="milliseconds before the first "
                                                                               "round (default: 20000, as Java)")

    def execute(self, args: argparse.Namespace) -> int:
        if args.roundInterval <= 0 or args.firstRoundDelay < 0:
            raise SubCommandException("the round interval must be positive and the first delay not negative", 2)
        config = MonitorConfig(namesrv_addr=args.namesrv_addr, round_interval=args.roundInterval,
                               first_round_delay=args.firstRoundDelay)
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(logging.Formatter("%(message)s"))
        listener_log = logging.getLogger(monitor_listener.__name__)
        listener_log.addHandler(handler)
        listener_log.setLevel(logging.INFO)
        service = MonitorService(config, DefaultMonitorListener(), acl_rpc_hook())
        try:
            service.start()
            print("startMonitoring: first round in %d ms, then every %d ms; Ctrl-C stops"
                  % (args.firstRoundDelay, args.roundInterval), file=sys.stderr, flush=True)
            while not self.stop.wait(1.0):
                pass
        finally:
            service.shutdown()
            listener_log.removeHandler(handler)
        return 0
