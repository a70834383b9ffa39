"""Java ``org.apache.rocketmq.tools.command.broker.UpdateBrokerConfigSubCommand``: ``updateBrokerConfig``."""
from __future__ import annotations

import argparse
import logging

from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import describe, new_admin

log = logging.getLogger(__name__)

__all__ = ["UpdateBrokerConfigSubCommand"]


class UpdateBrokerConfigSubCommand(SubCommand):
    """Change one setting of a broker (``-b``) or of every master of a cluster (``-c``; with 5.3.3's ``-a``, of
    its slaves too); the broker persists it."""

    def command_name(self) -> str:
        return "updateBrokerConfig"

    def command_desc(self) -> str:
        return "Update broker's config"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-b", "--brokerAddr", help="update which broker")
        group.add_argument("-c", "--clusterName", help="update which cluster")
        parser.add_argument("-a", "--updateAllBroker", help="update all brokers include slave")
        parser.add_argument("-k", "--key", required=True, help="config key")
        parser.add_argument("-v", "--value", required=True, help="config value")

    def execute(self, args: argparse.Namespace) -> int:
        properties = {args.key.strip(): args.value.strip()}
        with new_admin(args.namesrv_addr) as admin:
            if args.brokerAddr:
                broker_addr = args.brokerAddr.strip()
                admin.update_broker_config(broker_addr, properties)
                print("update broker config success, %s" % broker_addr)
                return 0
            cluster_name = args.clusterName.strip()
            if args.updateAllBroker is not None:  # Java looks at the option's presence only
                broker_addrs = CommandUtil.fetch_master_and_slave_addr_by_cluster_name(admin, cluster_name)
            else:
                broker_addrs = CommandUtil.fetch_master_addr_by_cluster_name(admin, cluster_name)
            code = 0
            for broker_addr in sorted(broker_addrs):
                try:
                    admin.update_broker_config(broker_addr, properties)
                    print("update broker config success, %s" % broker_addr)
                except Exception as e:  # noqa: BLE001 - Java goes on with the next broker
                    log.debug("updateBrokerConfig %s failed", broker_addr, exc_info=True)
                    print("update broker config failed, %s: %s" % (broker_addr, describe(e)))
                    code = 1
        return code
