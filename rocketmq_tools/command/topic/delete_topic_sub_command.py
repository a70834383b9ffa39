"""Java ``org.apache.rocketmq.tools.command.topic.DeleteTopicSubCommand``: ``deleteTopic``."""
from __future__ import annotations

import argparse

from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["DeleteTopicSubCommand"]


class DeleteTopicSubCommand(SubCommand):
    """Delete a topic from every master of a cluster, then from the name servers of ``-n``."""

    def command_name(self) -> str:
        return "deleteTopic"

    def command_desc(self) -> str:
        return "Delete topic from broker and NameServer."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--topic", required=True, help="topic name")
        parser.add_argument("-c", "--clusterName", required=True, help="delete topic from which cluster")

    @staticmethod
    def delete_topic(admin: DefaultMQAdminExt, cluster_name: str, topic: str) -> None:
        """Java ``deleteTopic``: from the cluster's masters, then from each name server."""
        admin.delete_topic_in_broker(CommandUtil.fetch_master_addr_by_cluster_name(admin, cluster_name), topic)
        print("delete topic [%s] from cluster [%s] success." % (topic, cluster_name))
        namesrv_addr = admin.get_namesrv_addr()
        name_servers = set(namesrv_addr.strip().split(";")) if namesrv_addr else None
        admin.delete_topic_in_name_server(name_servers, topic, cluster_name)
        print("delete topic [%s] from NameServer success." % topic)

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            self.delete_topic(admin, args.clusterName.strip(), args.topic.strip())
        return 0
