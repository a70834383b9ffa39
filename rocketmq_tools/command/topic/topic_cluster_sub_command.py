"""Java ``org.apache.rocketmq.tools.command.topic.TopicClusterSubCommand``: ``topicClusterList``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["TopicClusterSubCommand"]


class TopicClusterSubCommand(SubCommand):
    """The clusters a topic lives in, one a line."""

    def command_name(self) -> str:
        return "topicClusterList"

    def command_desc(self) -> str:
        return "get cluster info for topic"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--topic", required=True, help="topic name")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            for cluster in sorted(admin.get_topic_cluster_list(args.topic.strip())):
                print(cluster)
        return 0
