"""Java ``org.apache.rocketmq.tools.command.broker.RemoveColdDataFlowCtrGroupConfigSubCommand`` (5.3.3):
``removeColdDataFlowCtrGroupConfig``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin, on_broker_or_masters

__all__ = ["RemoveColdDataFlowCtrGroupConfigSubCommand"]


class RemoveColdDataFlowCtrGroupConfigSubCommand(SubCommand):
    """Remove a consumer group's cold read threshold from a broker (``-b``) or every master of a cluster (``-c``;
    a master that fails is reported on stderr and the next one asked, exit code 1 then)."""

    def command_name(self) -> str:
        return "removeColdDataFlowCtrGroupConfig"

    def command_desc(self) -> str:
        return "Remove consumer from cold ctr config."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-b", "--brokerAddr", help="update which broker")
        group.add_argument("-c", "--clusterName", help="update which cluster")
        parser.add_argument("-g", "--consumerGroup", required=True,
                            help="the consumer group will remove from the config")

    def execute(self, args: argparse.Namespace) -> int:
        consumer_group = args.consumerGroup.strip()
        with new_admin(args.namesrv_addr) as admin:
            return on_broker_or_masters(
                admin, args.brokerAddr and args.brokerAddr.strip(), args.clusterName and args.clusterName.strip(),
                lambda addr: admin.remove_cold_data_flow_ctr_group_config(addr, consumer_group),
                "remove broker cold read threshold success, %s")
