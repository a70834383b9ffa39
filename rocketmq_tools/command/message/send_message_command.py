"""Java ``org.apache.rocketmq.tools.command.message.SendMessageCommand``: ``sendMessage``."""
from __future__ import annotations

import argparse

from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import parse_bool, unique_instance_name

__all__ = ["SendMessageCommand"]

FORMAT = "%-32s  %-4s  %-20s    %s"


class SendMessageCommand(SubCommand):
    """Send one message (to a chosen queue with ``-b`` and ``-i``) and print its result."""

    def command_name(self) -> str:
        return "sendMessage"

    def command_desc(self) -> str:
        return "Send a message"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--topic", required=True, help="Topic name")
        parser.add_argument("-p", "--body", required=True, help="UTF-8 string format of the message body")
        parser.add_argument("-k", "--key", help="Message keys")
        parser.add_argument("-c", "--tags", help="Message tags")
        parser.add_argument("-b", "--broker", help="Send message to target broker")
        parser.add_argument("-i", "--qid", type=int, help="Send message to target queue")
        parser.add_argument("-m", "--msgTraceEnable", help="Message Trace Enable, Default: false")

    def execute(self, args: argparse.Namespace) -> int:
        if args.qid is not None and not args.broker:
            raise SubCommandException("Broker name must be set if the queue is chosen!", 2)
        topic = args.topic.strip()
        msg = Message(topic, args.tags.strip() if args.tags else None, args.key.strip() if args.key else None,
                      args.body.strip().encode("utf-8"))
        trace = args.msgTraceEnable is not None and parse_bool(args.msgTraceEnable)
        producer = DefaultMQProducer(None, enable_msg_trace=trace)
        producer.set_producer_group(unique_instance_name())
        producer.set_namesrv_addr(args.namesrv_addr)
        producer.set_instance_name(unique_instance_name())
        with producer:
            if args.broker and args.qid is not None and args.qid > -1:
                result = producer.send(msg, MessageQueue(topic, args.broker.strip(), args.qid))
            else:
                result = producer.send(msg)
        print(FORMAT % ("#Broker Name", "#QID", "#Send Result", "#MsgId"))
        if result is None:
            print(FORMAT % ("Unknown", "Unknown", "Failed", "None"))
            return 1
        print(FORMAT % (result.get_message_queue().get_broker_name(), result.get_message_queue().get_queue_id(),
                        result.get_send_status().name, result.get_msg_id()))
        return 0
