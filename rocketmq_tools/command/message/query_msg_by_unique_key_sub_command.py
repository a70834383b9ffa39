"""Java ``org.apache.rocketmq.tools.command.message.QueryMsgByUniqueKeySubCommand``: ``queryMsgByUniqueKey``."""
from __future__ import annotations

import argparse
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.message.query_msg_by_id_sub_command import (QueryMsgByIdSubCommand, message_rows,
                                                                        print_tracks)
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["QueryMsgByUniqueKeySubCommand"]

_LONG_MAX = (1 << 63) - 1


class QueryMsgByUniqueKeySubCommand(SubCommand):
    """Print the message of a client (unique) msgId in a topic (``-a``: every copy found, up to 32); ``-g``/``-d``
    have a client consume it again."""

    def command_name(self) -> str:
        return "queryMsgByUniqueKey"

    def command_desc(self) -> str:
        return "Query Message by Unique key"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-i", "--msgId", required=True, help="Message Id")
        parser.add_argument("-g", "--consumerGroup", help="consumer group name")
        parser.add_argument("-d", "--clientId", help="The consumer's client id")
        parser.add_argument("-t", "--topic", required=True, help="The topic of msg")
        parser.add_argument("-a", "--showAll", action="store_true", help="Print all message, the limit is 32")

    def execute(self, args: argparse.Namespace) -> int:
        msg_id, topic = args.msgId.strip(), args.topic.strip()
        with new_admin(args.namesrv_addr) as admin:
            if args.consumerGroup and args.clientId:
                print(admin.consume_message_directly(args.consumerGroup.strip(), args.clientId.strip(), topic,
                                                     msg_id))
            else:
                self.query_by_id(admin, topic, msg_id, args.showAll)
        return 0

    @staticmethod
    def query_by_id(admin: DefaultMQAdminExt, topic: str, msg_id: str, show_all: bool) -> None:
        """Java ``queryById``: the copies sorted by store time, the first (or all)."""
        messages = sorted(admin.query_message_by_uniq_key(topic, msg_id, 32, 0, _LONG_MAX).get_message_list() or (),
                          key=lambda m: m.get_store_timestamp())
        for index, msg in enumerate(messages if show_all else messages[:1]):
            QueryMsgByUniqueKeySubCommand.show_message(admin, msg, index)

    @staticmethod
    def show_message(admin: DefaultMQAdminExt, msg: MessageExt, index: int) -> None:
        """Java ``showMessage``: queryMsgById's rows without the OffsetID."""
        for label, value in message_rows(msg, QueryMsgByIdSubCommand.create_body_file(msg, index)):
            print("%-20s %s" % (label, value))
        print_tracks(admin, msg, line_breaks=False)
