"""Java ``org.apache.rocketmq.tools.command.broker.BrokerStatusSubCommand``: ``brokerStatus``."""
from __future__ import annotations

import argparse
import logging

from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import describe, new_admin

__all__ = ["BrokerStatusSubCommand"]

log = logging.getLogger(__name__)


class BrokerStatusSubCommand(SubCommand):
    """The runtime figures of a broker (``%-32s: %s``, keys sorted) or of every broker of a cluster (each line
    prefixed with the broker's address)."""

    def command_name(self) -> str:
        return "brokerStatus"

    def command_desc(self) -> str:
        return "Fetch broker runtime status data"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-b", "--brokerAddr", help="Broker address")
        group.add_argument("-c", "--clusterName", help="which cluster")

    def execute(self, args: argparse.Namespace) -> int:
        code = 0
        with new_admin(args.namesrv_addr) as admin:
            if args.brokerAddr:
                self.print_broker_runtime_stats(admin, args.brokerAddr.strip(), False)
                return 0
            for addr in sorted(CommandUtil.fetch_master_and_slave_addr_by_cluster_name(admin,
                                                                                        args.clusterName.strip())):
                try:
                    self.print_broker_runtime_stats(admin, addr, True)
                except Exception as e:  # noqa: BLE001 - Java goes on with the next broker
                    log.debug("brokerStatus %s failed", addr, exc_info=True)
                    print("%-24s %s" % (addr, describe(e)))
                    code = 1
        return code

    @staticmethod
    def print_broker_runtime_stats(admin: DefaultMQAdminExt, broker_addr: str, print_broker: bool) -> None:
        """Java ``printBrokerRuntimeStats``."""
        table = admin.fetch_broker_runtime_stats(broker_addr).table or {}
        for key in sorted(table):
            if print_broker:
                print("%-24s %-32s: %s" % (broker_addr, key, table[key]))
            else:
                print("%-32s: %s" % (key, table[key]))
