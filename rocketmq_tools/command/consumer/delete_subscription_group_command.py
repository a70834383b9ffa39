"""Java ``org.apache.rocketmq.tools.command.consumer.DeleteSubscriptionGroupCommand``: ``deleteSubGroup``."""
from __future__ import annotations

import argparse

from rocketmq_common.mix_all import MixAll
from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin, parse_bool
from rocketmq_tools.command.topic.delete_topic_sub_command import DeleteTopicSubCommand

__all__ = ["DeleteSubscriptionGroupCommand"]


class DeleteSubscriptionGroupCommand(SubCommand):
    """Delete a subscription group from one broker (``-b``) or from every master of a cluster (``-c``, which also
    deletes the group's retry and DLQ topics), its offsets too with ``-r true``."""

    def command_name(self) -> str:
        return "deleteSubGroup"

    def command_desc(self) -> str:
        return "Delete subscription group from broker."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-b", "--brokerAddr", help="delete subscription group from which broker")
        group.add_argument("-c", "--clusterName", help="delete subscription group from which cluster")
        parser.add_argument("-g", "--groupName", required=True, help="subscription group name")
        parser.add_argument("-r", "--removeOffset", help="remove offset")

    def execute(self, args: argparse.Namespace) -> int:
        group_name = args.groupName.strip()
        remove_offset = args.removeOffset is not None and parse_bool(args.removeOffset)
        with new_admin(args.namesrv_addr) as admin:
            if args.brokerAddr:
                addr = args.brokerAddr.strip()
                admin.delete_subscription_group(addr, group_name, remove_offset)
                print("delete subscription group [%s] from broker [%s] success." % (group_name, addr))
                return 0
            cluster_name = args.clusterName.strip()
            for master in sorted(CommandUtil.fetch_master_addr_by_cluster_name(admin, cluster_name)):
                admin.delete_subscription_group(master, group_name, remove_offset)
                print("delete subscription group [%s] from broker [%s] in cluster [%s] success."
                      % (group_name, master, cluster_name))
            for topic in (MixAll.get_retry_topic(group_name), MixAll.get_dlq_topic(group_name)):
                try:
                    DeleteTopicSubCommand.delete_topic(admin, cluster_name, topic)
                except Exception:  # noqa: BLE001 - Java only prints the stack of a group without such topics
                    pass
        return 0
