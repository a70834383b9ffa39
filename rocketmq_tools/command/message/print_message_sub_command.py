"""Java ``org.apache.rocketmq.tools.command.message.PrintMessageSubCommand``: ``printMsg``."""
from __future__ import annotations

import argparse
from typing import Iterable, List

from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_common.java_hash_map import java_hash_set_order
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_tools.command.message.query_msg_by_offset_sub_command import new_tools_pull_consumer
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import Progress, check_charset, java_message_properties, parse_bool, \
    parse_timestamp

__all__ = ["PrintMessageSubCommand", "print_message", "java_message_string", "java_queue_order"]


def java_message_string(msg: MessageExt) -> str:
    """Java's ``MessageExt.toString()`` of a pulled message: our ``repr`` with the properties in the order of
    Java's decoded map and the body as ``Arrays.toString`` (signed bytes) instead of its length."""
    body = msg.get_body()
    java_body = "null" if body is None else "[%s]" % ", ".join(str(b - 256 if b > 127 else b) for b in body)
    ours = "properties=%s, body=%s, " % (msg._properties_repr(), msg._body_repr())
    properties = java_message_properties(msg.properties) if msg.properties is not None else "null"
    return repr(msg).replace(ours, "properties=%s, body=%s, " % (properties, java_body), 1)


def print_message(msgs: Iterable[MessageExt], charset_name: str, print_body: bool) -> None:
    """Java ``printMessage``: ``MSGID: <id> <message> BODY: <body>`` a message."""
    for msg in msgs:
        body = (msg.get_body() or b"").decode(charset_name, errors="replace") if print_body else "NOT PRINT BODY"
        print("MSGID: %s %s BODY: %s" % (msg.get_msg_id(), java_message_string(msg), body))


def java_queue_order(mqs: Iterable[MessageQueue]) -> List[MessageQueue]:
    """The queues of a topic in the order of the ``HashSet`` Java's ``fetchSubscribeMessageQueues`` returns (they
    are added broker by broker, queue by queue)."""
    return java_hash_set_order(sorted(mqs), MessageQueue.hash_code)


class PrintMessageSubCommand(SubCommand):
    """Print every message of a topic, queue by queue (``-b``/``-e`` bound it by store time; 5.3.3's ``-l``: the
    queues of the route of an LMQ's parent topic, read as the LMQ's); a progress line on stderr for long topics,
    Ctrl-C stops."""

    def command_name(self) -> str:
        return "printMsg"

    def command_desc(self) -> str:
        return "Print Message Detail"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--topic", required=True, help="topic name")
        parser.add_argument("-c", "--charsetName", default="UTF-8", help="CharsetName(eg: UTF-8,GBK)")
        parser.add_argument("-s", "--subExpression", default="*", help="Subscribe Expression(eg: TagA || TagB)")
        parser.add_argument("-b", "--beginTimestamp", help="Begin timestamp[currentTimeMillis|yyyy-MM-dd#HH:mm:ss:SSS]")
        parser.add_argument("-e", "--endTimestamp", help="End timestamp[currentTimeMillis|yyyy-MM-dd#HH:mm:ss:SSS]")
        parser.add_argument("-d", "--printBody", help="print body")
        parser.add_argument("-l", "--lmqParentTopic", help="Lmq parent topic, lmq is used to find the route.")

    def execute(self, args: argparse.Namespace) -> int:
        topic = args.topic.strip()
        charset = check_charset(args.charsetName.strip())
        sub_expression = args.subExpression.strip()
        print_body = args.printBody is None or parse_bool(args.printBody)
        begin = parse_timestamp(args.beginTimestamp) if args.beginTimestamp else None
        end = parse_timestamp(args.endTimestamp) if args.endTimestamp else None
        with new_tools_pull_consumer(args.namesrv_addr) as consumer:
            if args.lmqParentTopic is not None:  # the parent's queues (in its set's order), renamed to the topic
                mqs = [MessageQueue(topic, mq.broker_name, mq.queue_id) for mq in java_queue_order(
                    consumer.fetch_subscribe_message_queues(args.lmqParentTopic.strip()))]
            else:
                mqs = java_queue_order(consumer.fetch_subscribe_message_queues(topic))
            progress = Progress("printMsg %s" % topic, len(mqs))
            for done, mq in enumerate(mqs):
                progress.update(done)
                min_offset = consumer.search_offset(mq, begin) if begin is not None else consumer.min_offset(mq)
                max_offset = consumer.search_offset(mq, end) if end is not None else consumer.max_offset(mq)
                print("minOffset=%s, maxOffset=%s, %s" % (min_offset, max_offset, mq))
                offset = min_offset
                while offset < max_offset:
                    result = consumer.pull(mq, sub_expression, offset, 32)
                    offset = result.get_next_begin_offset()
                    status = result.get_pull_status()
                    if status is PullStatus.FOUND:
                        print_message(result.get_msg_found_list() or (), charset, print_body)
                    elif status is PullStatus.NO_MATCHED_MSG:
                        print("%s no matched msg. status=%s, offset=%s" % (mq, status.name, offset))
                    else:
                        print("%s print msg finished. status=%s, offset=%s" % (mq, status.name, offset))
                        break
                print("--------------------------------------------------------")
            progress.finish()
        return 0
