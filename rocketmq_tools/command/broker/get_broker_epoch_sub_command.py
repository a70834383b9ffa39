"""Java ``org.apache.rocketmq.tools.command.broker.GetBrokerEpochSubCommand`` (5.3.3): ``getBrokerEpoch``."""
from __future__ import annotations

import argparse
from typing import Set

from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin, repeat_every

__all__ = ["GetBrokerEpochSubCommand"]


class GetBrokerEpochSubCommand(SubCommand):
    """The epochs of a controller-mode broker group (``-b`` broker name) or of every broker of a cluster
    (``-c``), every ``-i`` seconds with ``-i``. A broker outside controller mode (every broker without a
    controller, this package's too) answers SYSTEM_ERROR "this request only for controllerMode " (exit code 1)."""

    def command_name(self) -> str:
        return "getBrokerEpoch"

    def command_desc(self) -> str:
        return "Fetch broker epoch entries."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-c", "--clusterName", help="which cluster")
        group.add_argument("-b", "--brokerName", help="which broker to fetch")
        parser.add_argument("-i", "--interval", help="the interval(second) of get info")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            def once() -> None:
                if args.brokerName:
                    brokers = CommandUtil.fetch_master_and_slave_addr_by_broker_name(admin, args.brokerName.strip())
                else:
                    brokers = CommandUtil.fetch_master_and_slave_addr_by_cluster_name(admin,
                                                                                      args.clusterName.strip())
                self._print_data(brokers, admin)

            repeat_every(args.interval, once)
        return 0

    @staticmethod
    def _print_data(brokers: Set[str], admin: DefaultMQAdminExt) -> None:
        for broker_addr in sorted(brokers):
            epoch_cache = admin.get_broker_epoch_cache(broker_addr)
            out = ["\n#clusterName\t%s\n#brokerName\t%s\n#brokerAddr\t%s\n#brokerId\t%d" % (
                epoch_cache.cluster_name, epoch_cache.broker_name, broker_addr, epoch_cache.broker_id)]
            epoch_list = epoch_cache.epoch_list or []
            for i, epoch_entry in enumerate(epoch_list):
                if i == len(epoch_list) - 1:
                    epoch_entry.end_offset = epoch_cache.max_offset
                out.append("\n#Epoch: %s" % epoch_entry)
            print("".join(out))
