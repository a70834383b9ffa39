"""``quickstart``: Java's quickstart Producer and Consumer in one run, on an embedded cluster unless ``-n``.

Without ``-n`` an :class:`~rocketmq_broker.embedded_cluster.EmbeddedCluster` (NameServer and broker-a on
ephemeral loopback ports, store in a temporary directory removed afterwards) runs in this process. The producer
(group ``please_rename_unique_group_name``) sends ``Hello RocketMQ <i>`` with tag ``TagA`` to ``TopicTest`` and
prints each SendResult as Java does; then a push consumer (group ``please_rename_unique_group_name_4``, from the
first offset) receives them. The last line counts the messages of this run that arrived; the exit code is 0 only
when all did.
"""
from __future__ import annotations

import argparse
import sys
import threading
import time
from typing import Any, List, Optional, Set

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_tools.command.sub_command import NAMESRV_OPTIONAL, SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import Progress, describe, unique_instance_name

__all__ = ["QuickstartCommand", "MESSAGE_COUNT", "PRODUCER_GROUP", "CONSUMER_GROUP", "TOPIC", "TAG"]

MESSAGE_COUNT = 1000
PRODUCER_GROUP = "please_rename_unique_group_name"
CONSUMER_GROUP = "please_rename_unique_group_name_4"
TOPIC = "TopicTest"
TAG = "TagA"


class _Receiver:
    """Counts the messages of this run (by message id) the consumer got."""

    def __init__(self, expected: Set[str]) -> None:
        self.expected = expected
        self.received: Set[str] = set()
        self.lock = threading.Lock()
        self.all_arrived = threading.Event()
        if not expected:
            self.all_arrived.set()

    def __call__(self, msgs: List[Any], context: Any) -> ConsumeConcurrentlyStatus:
        with self.lock:
            for msg in msgs:
                if msg.get_msg_id() in self.expected:
                    self.received.add(msg.get_msg_id())
            if len(self.received) == len(self.expected):
                self.all_arrived.set()
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    def count(self) -> int:
        with self.lock:
            return len(self.received)


class QuickstartCommand(SubCommand):
    """See the module docstring."""

    namesrv_option = NAMESRV_OPTIONAL

    def command_name(self) -> str:
        return "quickstart"

    def command_desc(self) -> str:
        return "Send 1000 messages and receive them, on an embedded NameServer and Broker unless -n is given"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-c", "--count", type=int, default=MESSAGE_COUNT,
                            help="number of messages (default %d)" % MESSAGE_COUNT)
        parser.add_argument("-t", "--topic", default=TOPIC, help="topic (default %s)" % TOPIC)
        parser.add_argument("--timeout", type=float, default=60.0,
                            help="seconds to wait for the consumer (default 60)")

    def execute(self, args: argparse.Namespace) -> int:
        if args.count <= 0:
            raise SubCommandException("--count must be positive", 2)
        cluster: Optional[EmbeddedCluster] = None
        namesrv_addr = args.namesrv_addr
        try:
            if namesrv_addr is None:
                cluster = EmbeddedCluster().start()
                namesrv_addr = cluster.namesrv_addr
                print("Embedded NameServer %s and broker-a %s started (store %s)"
                      % (namesrv_addr, cluster.broker_addr, cluster.store_dir), file=sys.stderr, flush=True)
            sent = self.produce(namesrv_addr, args.topic, args.count)
            received = self.consume(namesrv_addr, args.topic, sent, args.timeout)
        finally:
            if cluster is not None:
                cluster.shutdown()
        print("Received %d/%d messages" % (received, args.count), flush=True)
        return 0 if received == args.count else 1

    @staticmethod
    def produce(namesrv_addr: str, topic: str, count: int) -> Set[str]:
        """Java quickstart ``Producer``: send and print each SendResult; the message ids sent."""
        producer = DefaultMQProducer(PRODUCER_GROUP)
        producer.set_namesrv_addr(namesrv_addr)
        producer.set_instance_name(unique_instance_name())
        sent: Set[str] = set()
        progress = Progress("Sending", count)
        with producer:
            for i in range(count):
                msg = Message(topic, TAG, ("Hello RocketMQ %d" % i).encode("utf-8"))
                try:
                    result = producer.send(msg)
                except Exception as e:  # noqa: BLE001 - Java's quickstart prints the failure and goes on
                    print("send of message %d failed: %s" % (i, describe(e)), file=sys.stderr, flush=True)
                    continue
                print(result)
                sent.add(result.get_msg_id())
                progress.update(i + 1)
        progress.finish()
        sys.stdout.flush()
        return sent

    @staticmethod
    def consume(namesrv_addr: str, topic: str, sent: Set[str], timeout: float) -> int:
        """Java quickstart ``Consumer`` (from the first offset): how many of ``sent`` arrived within ``timeout``
        seconds."""
        receiver = _Receiver(sent)
        consumer = DefaultMQPushConsumer(CONSUMER_GROUP)
        consumer.set_namesrv_addr(namesrv_addr)
        consumer.set_instance_name(unique_instance_name())
        consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
        consumer.subscribe(topic, "*")
        consumer.register_message_listener(receiver)
        progress = Progress("Receiving", len(sent))
        with consumer:
            print("Consumer Started.", flush=True)
            deadline = time.monotonic() + timeout
            while not receiver.all_arrived.wait(0.1) and time.monotonic() < deadline:
                progress.update(receiver.count())
        progress.finish()
        return receiver.count()
