"""Java ``org.apache.rocketmq.tools.command.message.QueryMsgByOffsetSubCommand``: ``queryMsgByOffset``."""
from __future__ import annotations

import argparse

from rocketmq_client.consumer.default_mq_pull_consumer import DefaultMQPullConsumer
from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_tools.command.message.query_msg_by_id_sub_command import QueryMsgByIdSubCommand
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import acl_rpc_hook, check_charset, new_admin, unique_instance_name

__all__ = ["QueryMsgByOffsetSubCommand", "new_tools_pull_consumer"]


def new_tools_pull_consumer(namesrv_addr: str) -> DefaultMQPullConsumer:
    """Java's ``new DefaultMQPullConsumer(MixAll.TOOLS_CONSUMER_GROUP)`` of the message commands (not started)."""
    consumer = DefaultMQPullConsumer(MixAll.TOOLS_CONSUMER_GROUP, acl_rpc_hook())
    consumer.set_namesrv_addr(namesrv_addr)
    consumer.set_instance_name(unique_instance_name())
    return consumer


class QueryMsgByOffsetSubCommand(SubCommand):
    """Print the message at an offset of a queue (nothing when there is none); ``-f`` (5.3.3) prints its body in a
    charset."""

    def command_name(self) -> str:
        return "queryMsgByOffset"

    def command_desc(self) -> str:
        return "Query Message by offset"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--topic", required=True, help="topic name")
        parser.add_argument("-b", "--brokerName", required=True, help="Broker Name")
        parser.add_argument("-i", "--queueId", required=True, type=int, help="Queue Id")
        parser.add_argument("-o", "--offset", required=True, type=int, help="Queue Offset")
        parser.add_argument("-f", "--bodyFormat", help="print message body by the specified format")

    def execute(self, args: argparse.Namespace) -> int:
        mq = MessageQueue(args.topic.strip(), args.brokerName.strip(), args.queueId)
        charset = check_charset(args.bodyFormat.strip()) if args.bodyFormat else None
        with new_admin(args.namesrv_addr) as admin, new_tools_pull_consumer(args.namesrv_addr) as consumer:
            result = consumer.pull(mq, "*", args.offset, 1)
            found = result.get_msg_found_list() if result is not None else None
            if result is not None and result.get_pull_status() is PullStatus.FOUND and found:
                QueryMsgByIdSubCommand.print_msg(admin, found[0], charset)
        return 0
