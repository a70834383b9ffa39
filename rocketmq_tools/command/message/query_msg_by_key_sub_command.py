"""Java ``org.apache.rocketmq.tools.command.message.QueryMsgByKeySubCommand``: ``queryMsgByKey``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["QueryMsgByKeySubCommand"]

_LONG_MAX = (1 << 63) - 1


class QueryMsgByKeySubCommand(SubCommand):
    """Messages of a topic with a key (at most 64), through the brokers' index."""

    def command_name(self) -> str:
        return "queryMsgByKey"

    def command_desc(self) -> str:
        return "Query Message by Key"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--topic", required=True, help="topic name")
        parser.add_argument("-k", "--msgKey", required=True, help="Message Key")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            result = admin.query_message(args.topic.strip(), args.msgKey.strip(), 64, 0, _LONG_MAX)
        print("%-50s %4s %40s" % ("#Message ID", "#QID", "#Offset"))
        for msg in result.get_message_list():
            print("%-50s %4d %40d" % (msg.get_msg_id(), msg.get_queue_id(), msg.get_queue_offset()))
        return 0
