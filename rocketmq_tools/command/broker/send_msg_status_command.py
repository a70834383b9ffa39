"""Java ``org.apache.rocketmq.tools.command.broker.SendMsgStatusCommand``: ``sendMsgStatus``."""
from __future__ import annotations

import argparse
import time

from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.message.message import Message
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import acl_rpc_hook, Progress, unique_instance_name

__all__ = ["SendMsgStatusCommand"]


def build_message(topic: str, message_size: int) -> Message:
    """Java ``buildMessage``: ``hello jodie`` repeated to about ``message_size`` bytes."""
    return Message(topic, body=b"hello jodie" * ((message_size + 10) // 11))


class SendMsgStatusCommand(SubCommand):
    """Send ``-c`` messages to the broker's own topic (its name, as Java does) and print each round trip; a
    progress line on stderr for long runs, Ctrl-C stops."""

    def command_name(self) -> str:
        return "sendMsgStatus"

    def command_desc(self) -> str:
        return "send msg to broker."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-b", "--brokerName", required=True, help="Broker Name")
        parser.add_argument("-s", "--messageSize", type=int, default=128, help="Message Size, Default: 128")
        parser.add_argument("-c", "--count", type=int, default=50, help="send message count, Default: 50")

    def execute(self, args: argparse.Namespace) -> int:
        broker_name = args.brokerName.strip()
        producer = DefaultMQProducer("PID_SMSC", acl_rpc_hook())
        producer.set_namesrv_addr(args.namesrv_addr)
        producer.set_instance_name(unique_instance_name())
        with producer:
            producer.send(build_message(broker_name, 16))
            progress = Progress("sendMsgStatus", args.count)
            for i in range(args.count):
                progress.update(i)
                begin = time.time()
                result = producer.send(build_message(broker_name, args.messageSize))
                print("rt=%sms, SendResult=%s" % (int((time.time() - begin) * 1000), result), flush=True)
            progress.finish()
        return 0
