"""Java ``org.apache.rocketmq.tools.command.consumer.UpdateSubGroupListSubCommand`` (5.3.3):
``updateSubGroupList``."""
from __future__ import annotations

import argparse

from rocketmq_common.subscription.subscription_group_config import SubscriptionGroupConfig
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import submit_batch

__all__ = ["UpdateSubGroupListSubCommand"]


class UpdateSubGroupListSubCommand(SubCommand):
    """Create or update the subscription groups of a JSON file (a list of SubscriptionGroupConfig: ``groupName``,
    ``retryMaxTimes``, ``consumeBroadcastEnable``...) in one request, on one broker (``-b``) or on every master of
    a cluster (``-c``; one of the two is required here, Java prints the help without either, and also after the
    ``-c`` lines). A 4.x broker refuses the request (REQUEST_CODE_NOT_SUPPORTED)."""

    def command_name(self) -> str:
        return "updateSubGroupList"

    def command_desc(self) -> str:
        return "Update or create subscription group in batch"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-b", "--brokerAddr", help="create groups to which broker")
        group.add_argument("-c", "--clusterName", help="create groups to which cluster")
        parser.add_argument("-f", "--filename", required=True,
                            help="Path to a file with a list of "
                                 "org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig in json "
                                 "format")

    def execute(self, args: argparse.Namespace) -> int:
        return submit_batch(args, SubscriptionGroupConfig,
                            DefaultMQAdminExt.create_and_update_subscription_group_config_list,
                            "submit batch of group config to %s success, please check the result later.",
                            "submit batch of subscription group config to %s success, please check the result "
                            "later.")
