"""``send``: send messages from the command line (the body given, else one message per line of stdin)."""
from __future__ import annotations

import argparse
import sys
from typing import Dict, Iterator, List

from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message import Message
from rocketmq_tools.command.message.send_message_command import FORMAT
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import Progress, unique_instance_name

__all__ = ["SendCommand"]

DEFAULT_GROUP = "rocketmq_cli_producer"


def _properties(items: List[str]) -> Dict[str, str]:
    """``NAME=VALUE`` items, checked as ``Message.put_user_property`` checks them (exit code 2 otherwise)."""
    props: Dict[str, str] = {}
    probe = Message()
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise SubCommandException("bad property %r: expected NAME=VALUE" % item, 2)
        try:
            probe.put_user_property(name.strip(), value)
        except ValueError as e:
            raise SubCommandException("bad property %r: %s" % (item, e), 2) from e
        props[name.strip()] = value
    return props


class SendCommand(SubCommand):
    """One result line per message (``sendMessage``'s columns); exit code 1 unless every send was SEND_OK."""

    def command_name(self) -> str:
        return "send"

    def command_desc(self) -> str:
        return "Send messages: the -p body, else one message per line of stdin"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--topic", required=True, help="topic")
        parser.add_argument("-p", "--body", help="message body (UTF-8); without it each stdin line is a message")
        parser.add_argument("-c", "--tags", help="message tag")
        parser.add_argument("-k", "--keys", help="message keys (space separated)")
        parser.add_argument("-P", "--property", action="append", default=[], metavar="NAME=VALUE",
                            help="user property (repeatable)")
        parser.add_argument("-d", "--delayLevel", type=int, default=0,
                            help="delay level (1..18: 1s 5s 10s 30s 1m ... 2h), default none")
        parser.add_argument("--count", type=int, default=1, help="send each body this many times (default 1)")
        parser.add_argument("-g", "--group", default=DEFAULT_GROUP, help="producer group (default %s)"
                            % DEFAULT_GROUP)

    def _bodies(self, args: argparse.Namespace) -> Iterator[str]:
        if args.body is not None:
            yield args.body
            return
        for line in sys.stdin:
            line = line.rstrip("\r\n")
            if line:
                yield line

    def execute(self, args: argparse.Namespace) -> int:
        if args.count <= 0:
            raise SubCommandException("--count must be positive", 2)
        if args.delayLevel < 0:
            raise SubCommandException("--delayLevel must not be negative", 2)
        props = _properties(args.property)
        producer = DefaultMQProducer(args.group)
        producer.set_namesrv_addr(args.namesrv_addr)
        producer.set_instance_name(unique_instance_name())
        sent = ok = 0
        progress = Progress("Sending", args.count if args.body is not None else None)
        with producer:
            print(FORMAT % ("#Broker Name", "#QID", "#Send Result", "#MsgId"))
            for body in self._bodies(args):
                for _ in range(args.count):
                    msg = Message(args.topic, args.tags, args.keys, body.encode("utf-8"))
                    for name, value in props.items():
                        msg.put_user_property(name, value)
                    if args.delayLevel:
                        msg.set_delay_time_level(args.delayLevel)
                    result = producer.send(msg)
                    mq = result.get_message_queue()
                    print(FORMAT % (mq.get_broker_name(), mq.get_queue_id(), result.get_send_status().name,
                                    result.get_msg_id()))
                    sent += 1
                    ok += result.get_send_status() == SendStatus.SEND_OK
                    progress.update(sent)
        progress.finish()
        return 0 if ok == sent else 1
