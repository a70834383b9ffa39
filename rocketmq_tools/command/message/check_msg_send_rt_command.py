"""Java ``org.apache.rocketmq.tools.command.message.CheckMsgSendRTCommand``: ``checkMsgSendRT``."""
from __future__ import annotations

import argparse
import time
from typing import Any, List

from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.message_queue_selector import MessageQueueSelector
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import acl_rpc_hook, Progress, unique_instance_name

__all__ = ["CheckMsgSendRTCommand"]

_ROW = "%-32s  %-4s  %-20s    %s"


class _RoundRobin(MessageQueueSelector):
    """Java's anonymous selector: queue ``arg % len(mqs)``, remembered for the printed row."""

    def __init__(self) -> None:
        self.queue = MessageQueue("", "", 0)

    def select(self, mqs: List[MessageQueue], msg: Message, arg: Any) -> MessageQueue:
        self.queue = mqs[arg % len(mqs)]
        return self.queue


class CheckMsgSendRTCommand(SubCommand):
    """Send ``-a`` messages of ``-s`` bytes round-robin over the topic's queues, a row per send (broker, queue,
    success, RT in ms), then the average RT without the first send; a progress line on stderr, Ctrl-C stops."""

    def command_name(self) -> str:
        return "checkMsgSendRT"

    def command_desc(self) -> str:
        return "check message send response time"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--topic", required=True, help="topic name")
        parser.add_argument("-a", "--amount", type=int, default=100, help="message amount | default 100")
        parser.add_argument("-s", "--size", type=int, default=128, help="message size | default 128 Byte")

    def execute(self, args: argparse.Namespace) -> int:
        if args.amount < 1 or args.size < 0:
            raise SubCommandException("the amount must be at least 1 and the size not negative", 2)
        producer = DefaultMQProducer(str(int(time.time() * 1000)), acl_rpc_hook())
        producer.set_namesrv_addr(args.namesrv_addr)
        producer.set_instance_name(unique_instance_name())
        selector = _RoundRobin()
        msg = Message(args.topic.strip(), body=b"a" * args.size)
        elapsed = 0
        with producer:
            print(_ROW % ("#Broker Name", "#QID", "#Send Result", "#RT"), flush=True)
            progress = Progress("checkMsgSendRT", args.amount)
            for i in range(args.amount):
                progress.update(i)
                start = time.time()
                try:
                    producer.send(msg, selector, i)
                    success = True
                except Exception:  # noqa: BLE001 - a failed send is a row of the report, as in Java
                    success = False
                rt = int((time.time() - start) * 1000)
                if i != 0:
                    elapsed += rt
                print(_ROW % (selector.queue.broker_name, selector.queue.queue_id, "true" if success else "false",
                              rt), flush=True)
            progress.finish()
        print("Avg RT: %.2f" % (elapsed / (args.amount - 1) if args.amount > 1 else float("nan")))
        return 0
