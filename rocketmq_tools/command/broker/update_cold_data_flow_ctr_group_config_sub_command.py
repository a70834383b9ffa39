"""Java ``org.apache.rocketmq.tools.command.broker.UpdateColdDataFlowCtrGroupConfigSubCommand`` (5.3.3):
``updateColdDataFlowCtrGroupConfig``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin, on_broker_or_masters

__all__ = ["UpdateColdDataFlowCtrGroupConfigSubCommand"]


class UpdateColdDataFlowCtrGroupConfigSubCommand(SubCommand):
    """Set a consumer group's cold read threshold (``-v`` bytes) on a broker (``-b``) or on every master of a
    cluster (``-c``; a master that fails is reported on stderr and the next one set, exit code 1 then)."""

    def command_name(self) -> str:
        return "updateColdDataFlowCtrGroupConfig"

    def command_desc(self) -> str:
        return "Add or update cold data flow ctr group config."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-b", "--brokerAddr", help="update which broker")
        group.add_argument("-c", "--clusterName", help="update which cluster")
        parser.add_argument("-g", "--consumerGroup", required=True, help="specific consumerGroup")
        parser.add_argument("-v", "--threshold", required=True, help="cold read threshold value")

    def execute(self, args: argparse.Namespace) -> int:
        properties = {args.consumerGroup.strip(): args.threshold.strip()}
        with new_admin(args.namesrv_addr) as admin:
            return on_broker_or_masters(
                admin, args.brokerAddr and args.brokerAddr.strip(), args.clusterName and args.clusterName.strip(),
                lambda addr: admin.update_cold_data_flow_ctr_group_config(addr, properties),
                "updateColdDataFlowCtrGroupConfig success, %s")
