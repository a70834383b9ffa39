"""Java ``org.apache.rocketmq.tools.command.message.PrintMessageByQueueCommand``: ``printMsgByQueue``."""
from __future__ import annotations

import argparse
from typing import Dict

from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_tools.command.message.print_message_sub_command import print_message
from rocketmq_tools.command.message.query_msg_by_offset_sub_command import new_tools_pull_consumer
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import check_charset, parse_bool, parse_timestamp

__all__ = ["PrintMessageByQueueCommand"]


class PrintMessageByQueueCommand(SubCommand):
    """Read one queue (``-b``/``-e`` bound it by store time): print its messages with ``-p true`` (bodies with
    ``-d true``), count them by tag with ``-f true`` (``Tag: %-30s Count: %s``, most first)."""

    def command_name(self) -> str:
        return "printMsgByQueue"

    def command_desc(self) -> str:
        return "Print Message Detail"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--topic", required=True, help="topic name")
        parser.add_argument("-a", "--brokerName", required=True, help="broker name")
        parser.add_argument("-i", "--queueId", required=True, type=int, help="queue id")
        parser.add_argument("-c", "--charsetName", default="UTF-8", help="CharsetName(eg: UTF-8,GBK)")
        parser.add_argument("-s", "--subExpression", default="*", help="Subscribe Expression(eg: TagA || TagB)")
        parser.add_argument("-b", "--beginTimestamp", help="Begin timestamp[currentTimeMillis|yyyy-MM-dd#HH:mm:ss:SSS]")
        parser.add_argument("-e", "--endTimestamp", help="End timestamp[currentTimeMillis|yyyy-MM-dd#HH:mm:ss:SSS]")
        parser.add_argument("-p", "--printMsg", help="print msg. eg: true | false(default)")
        parser.add_argument("-d", "--printBody", help="print body. eg: true | false(default)")
        parser.add_argument("-f", "--calculate", help="calculate by tag. eg: true | false(default)")

    def execute(self, args: argparse.Namespace) -> int:
        charset = check_charset(args.charsetName.strip())
        print_msg = args.printMsg is not None and parse_bool(args.printMsg)
        print_body = args.printBody is not None and parse_bool(args.printBody)
        cal_by_tag = args.calculate is not None and parse_bool(args.calculate)
        sub_expression = args.subExpression.strip()
        mq = MessageQueue(args.topic.strip(), args.brokerName.strip(), args.queueId)
        tag_counts: Dict[str, int] = {}
        with new_tools_pull_consumer(args.namesrv_addr) as consumer:
            min_offset = consumer.search_offset(mq, parse_timestamp(args.beginTimestamp)) if args.beginTimestamp \
                else consumer.min_offset(mq)
            max_offset = consumer.search_offset(mq, parse_timestamp(args.endTimestamp)) if args.endTimestamp \
                else consumer.max_offset(mq)
            offset = min_offset
            while offset < max_offset:
                result = consumer.pull(mq, sub_expression, offset, 32)
                offset = result.get_next_begin_offset()
                if result.get_pull_status() is not PullStatus.FOUND:
                    break
                found = result.get_msg_found_list() or []
                if cal_by_tag:
                    for msg in found:
                        tag = msg.get_tags()
                        if tag and tag.strip():
                            tag_counts[tag] = tag_counts.get(tag, 0) + 1
                if print_msg:
                    print_message(found, charset, print_body)
        if cal_by_tag:
            for tag, count in sorted(tag_counts.items(), key=lambda kv: (-kv[1], kv[0])):
                print("Tag: %-30s Count: %s" % (tag, count))
        return 0
