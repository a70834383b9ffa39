"""Java ``org.apache.rocketmq.tools.command.broker.UpdateColdDataFlowCtrGroupConfigSubCommand`` (5.3.3):
``updateColdDataFlowCtrGroupConfig``."""
from __future__ import annotations

import argparse
import sys

from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import describe, new_admin

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
            if args.brokerAddr:
                broker_addr = args.brokerAddr.strip()
                admin.update_cold_data_flow_ctr_group_config(broker_addr, properties)
                print("updateColdDataFlowCtrGroupConfig success, %s" % broker_addr)
                return 0
            code = 0
            for broker_addr in sorted(CommandUtil.fetch_master_addr_by_cluster_name(admin, args.clusterName.strip())):
                try:
                    admin.update_cold_data_flow_ctr_group_config(broker_addr, properties)
                    print("updateColdDataFlowCtrGroupConfig success, %s" % broker_addr)
                except Exception as e:  # noqa: BLE001 - Java prints the stack and goes on with the next master
                    print("updateColdDataFlowCtrGroupConfig at %s failed: %s" % (broker_addr, describe(e)),
                          file=sys.stderr)
                    code = 1
        return code
