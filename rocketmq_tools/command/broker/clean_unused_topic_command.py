"""Java ``org.apache.rocketmq.tools.command.broker.CleanUnusedTopicCommand``: ``cleanUnusedTopic``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.broker.clean_expired_cq_sub_command import run_on_broker_or_cluster
from rocketmq_tools.command.sub_command import SubCommand

__all__ = ["CleanUnusedTopicCommand"]


class CleanUnusedTopicCommand(SubCommand):
    """Ask a broker (``-b``) or every broker of a cluster (``-c``; all clusters without either) to drop the
    consume queues of topics that have no configuration."""

    def command_name(self) -> str:
        return "cleanUnusedTopic"

    def command_desc(self) -> str:
        return "Clean unused topic on broker."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-b", "--brokerAddr", help="Broker address")
        parser.add_argument("-c", "--cluster", help="cluster name")

    def execute(self, args: argparse.Namespace) -> int:
        return run_on_broker_or_cluster(args, "clean_unused_topic")
