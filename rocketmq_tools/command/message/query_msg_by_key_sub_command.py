"""Java ``org.apache.rocketmq.tools.command.message.QueryMsgByKeySubCommand``: ``queryMsgByKey``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["QueryMsgByKeySubCommand"]

_LONG_MAX = (1 << 63) - 1


class QueryMsgByKeySubCommand(SubCommand):
    """Messages of a topic with a key, through the brokers' index: at most ``-m`` (64), stored between ``-b`` and
    ``-e`` (5.3.3's options)."""

    def command_name(self) -> str:
        return "queryMsgByKey"

    def command_desc(self) -> str:
        return "Query Message by Key"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--topic", required=True, help="topic name")
        parser.add_argument("-k", "--msgKey", required=True, help="Message Key")
        parser.add_argument("-b", "--beginTimestamp", type=int, default=0,
                            help="Begin timestamp(ms). default:0, eg:1676730526212")
        parser.add_argument("-e", "--endTimestamp", type=int, default=_LONG_MAX,
                            help="End timestamp(ms). default:Long.MAX_VALUE, eg:1676730526212")
        parser.add_argument("-m", "--maxNum", type=int, default=64,
                            help="The maximum number of messages returned by the query, default:64")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            result = admin.query_message(args.topic.strip(), args.msgKey.strip(), args.maxNum, args.beginTimestamp,
                                         args.endTimestamp)
        print("%-50s %4s %40s" % ("#Message ID", "#QID", "#Offset"))
        for msg in result.get_message_list():
            print("%-50s %4d %40d" % (msg.get_msg_id(), msg.get_queue_id(), msg.get_queue_offset()))
        return 0
