"""``consume``: a push consumer printing each message as one JSON line.

It stops after ``--count`` messages, runs until interrupted with ``--follow``, and otherwise stops once no message
arrived for ``--idle`` seconds. Messages the listener gets after the count is reached are left to the group
(answered RECONSUME_LATER, so the broker delivers them again).
"""
from __future__ import annotations

import argparse
import base64
import json
import signal
import sys
import threading
import time
from typing import Any, Dict, List, Optional

from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.message_selector import MessageSelector
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import unique_instance_name

__all__ = ["ConsumeCommand", "message_to_json"]

DEFAULT_GROUP = "rocketmq_cli_consumer"


def message_to_json(msg: MessageExt) -> Dict[str, Any]:
    """The fields of a received message, JSON-ready (the body as text, or ``bodyBase64`` when not UTF-8)."""
    data: Dict[str, Any] = {
        "topic": msg.get_topic(),
        "tags": msg.get_tags(),
        "keys": msg.get_keys(),
        "msgId": msg.get_msg_id(),
        "brokerName": msg.get_broker_name(),
        "queueId": msg.get_queue_id(),
        "queueOffset": msg.get_queue_offset(),
        "bornTimestamp": msg.get_born_timestamp(),
        "storeTimestamp": msg.get_store_timestamp(),
        "bornHost": RemotingHelper.parse_socket_address_addr(msg.get_born_host()),
        "storeHost": RemotingHelper.parse_socket_address_addr(msg.get_store_host()),
        "reconsumeTimes": msg.get_reconsume_times(),
        "properties": dict(msg.properties or {}),
    }
    body = msg.get_body() or b""
    try:
        data["body"] = body.decode("utf-8")
    except UnicodeDecodeError:
        data["bodyBase64"] = base64.b64encode(body).decode("ascii")
    return data


class _Printer:
    """The listener: prints up to ``limit`` messages, one JSON line each."""

    def __init__(self, limit: Optional[int]) -> None:
        self.limit = limit
        self.printed = 0
        self.last_arrival = time.monotonic()
        self.lock = threading.Lock()
        self.done = threading.Event()

    def __call__(self, msgs: List[MessageExt], context: Any) -> ConsumeConcurrentlyStatus:
        with self.lock:
            self.last_arrival = time.monotonic()
            if self.done.is_set():
                return ConsumeConcurrentlyStatus.RECONSUME_LATER
            for msg in msgs:
                print(json.dumps(message_to_json(msg), ensure_ascii=False, sort_keys=True), flush=True)
                self.printed += 1
            if self.limit is not None and self.printed >= self.limit:
                self.done.set()
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS


class ConsumeCommand(SubCommand):
    """See the module docstring."""

    def command_name(self) -> str:
        return "consume"

    def command_desc(self) -> str:
        return "Consume messages with a push consumer, one JSON line per message"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--topic", required=True, help="topic")
        parser.add_argument("-e", "--expression", default="*", help="tag expression (default *), or SQL92 with --sql")
        parser.add_argument("--sql", action="store_true", help="the expression is SQL92")
        parser.add_argument("-g", "--group", default=DEFAULT_GROUP, help="consumer group (default %s)"
                            % DEFAULT_GROUP)
        parser.add_argument("--from", dest="from_where", choices=("first", "last"), default="last",
                            help="where a new group starts (default last, as Java)")
        parser.add_argument("-c", "--count", type=int, help="stop after this many messages")
        parser.add_argument("-f", "--follow", action="store_true", help="keep consuming until interrupted")
        parser.add_argument("--idle", type=float, default=3.0,
                            help="without --count/--follow, stop after this many seconds without a message")
        parser.add_argument("--timeout", type=float, help="stop after this many seconds in any case")

    def execute(self, args: argparse.Namespace) -> int:
        if args.count is not None and args.count <= 0:
            raise SubCommandException("--count must be positive", 2)
        if args.count is not None and args.follow:
            raise SubCommandException("--count and --follow exclude each other", 2)
        printer = _Printer(args.count)
        consumer = DefaultMQPushConsumer(args.group)
        consumer.set_namesrv_addr(args.namesrv_addr)
        consumer.set_instance_name(unique_instance_name())
        consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET if args.from_where == "first"
                                        else ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET)
        consumer.set_consume_thread_min(1)
        consumer.set_consume_thread_max(1)
        consumer.subscribe(args.topic, MessageSelector.by_sql(args.expression) if args.sql else args.expression)
        consumer.register_message_listener(printer)
        stop = threading.Event()
        previous = None
        if threading.current_thread() is threading.main_thread():
            previous = signal.signal(signal.SIGTERM, lambda *_: stop.set())
        try:
            with consumer:
                deadline = None if args.timeout is None else time.monotonic() + args.timeout
                printer.last_arrival = time.monotonic()
                while not printer.done.wait(0.1) and not stop.is_set():
                    now = time.monotonic()
                    if deadline is not None and now >= deadline:
                        break
                    if args.count is None and not args.follow and now - printer.last_arrival >= args.idle:
                        break
                printer.done.set()
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)
        sys.stdout.flush()
        if args.count is not None and printer.printed < args.count:
            print("consume: %d of %d messages before the timeout" % (printer.printed, args.count), file=sys.stderr)
            return 1
        return 0
