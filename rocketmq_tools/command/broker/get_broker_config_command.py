"""Java ``org.apache.rocketmq.tools.command.broker.GetBrokerConfigCommand``: ``getBrokerConfig``."""
from __future__ import annotations

import argparse

from rocketmq_common.java_hash_map import java_concurrent_hash_map_order
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["GetBrokerConfigCommand"]


class GetBrokerConfigCommand(SubCommand):
    """Every setting of a broker (``-b``) or of each master and slave of a cluster (``-c``), ``%-50s=  %s`` lines
    in the order of Java's ``Properties``."""

    def command_name(self) -> str:
        return "getBrokerConfig"

    def command_desc(self) -> str:
        return "Get broker config by cluster or special broker!"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-b", "--brokerAddr", help="get which broker")
        group.add_argument("-c", "--clusterName", help="get which cluster")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            if args.brokerAddr:
                broker_addr = args.brokerAddr.strip()
                self.get_and_print(admin, "============%s============" % broker_addr, broker_addr)
                return 0
            masters = CommandUtil.fetch_master_and_slave_distinguish(admin, args.clusterName.strip())
            for master, slaves in masters.items():
                self.get_and_print(admin, "============Master: %s============" % master, master)
                for slave in slaves:
                    self.get_and_print(admin, "============My Master: %s=====Slave: %s============" % (master, slave),
                                       slave)
        return 0

    @staticmethod
    def get_and_print(admin: DefaultMQAdminExt, prefix: str, addr: str) -> None:
        """Java ``getAndPrint``."""
        print(prefix)
        properties = admin.get_broker_config(addr)
        if properties is None:
            print("Broker[%s] has no config property!" % addr)
            return
        for key in java_concurrent_hash_map_order(properties):
            print("%-50s=  %s" % (key, properties[key]))
        print()
