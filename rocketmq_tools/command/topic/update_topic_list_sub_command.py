"""Java ``org.apache.rocketmq.tools.command.topic.UpdateTopicListSubCommand`` (5.3.3): ``updateTopicList``."""
from __future__ import annotations

import argparse

from rocketmq_common.topic_config import TopicConfig
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import submit_batch

__all__ = ["UpdateTopicListSubCommand"]


class UpdateTopicListSubCommand(SubCommand):
    """Create or update the topics of a JSON file (a list of TopicConfig: ``topicName``, ``readQueueNums``,
    ``writeQueueNums``, ``perm``, ``attributes``...) in one request, on one broker (``-b``) or on every master of a
    cluster (``-c``; one of the two is required here, Java prints the help without either, and also after the
    ``-c`` lines). A 4.x broker refuses the request (REQUEST_CODE_NOT_SUPPORTED)."""

    def command_name(self) -> str:
        return "updateTopicList"

    def command_desc(self) -> str:
        return "create or update topic in batch"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-b", "--brokerAddr", help="create topic to which broker")
        group.add_argument("-c", "--clusterName", help="create topic to which cluster")
        parser.add_argument("-f", "--filename", required=True,
                            help="Path to a file with list of org.apache.rocketmq.common.TopicConfig in json format")

    def execute(self, args: argparse.Namespace) -> int:
        return submit_batch(args, TopicConfig, DefaultMQAdminExt.create_and_update_topic_config_list,
                            "submit batch of topic config to %s success, please check the result later.")
