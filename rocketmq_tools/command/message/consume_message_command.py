"""Java ``org.apache.rocketmq.tools.command.message.ConsumeMessageCommand``: ``consumeMessage``."""
from __future__ import annotations

import argparse
import enum
import time
from typing import Optional, Tuple

from rocketmq_client.consumer.default_mq_pull_consumer import DefaultMQPullConsumer
from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import parse_timestamp, unique_instance_name

__all__ = ["ConsumeMessageCommand"]


class ConsumeType(enum.Enum):
    """Java ``ConsumeMessageCommand.ConsumeType``."""

    DEFAULT = 0  #: topic only
    BYQUEUE = 1  #: topic, broker name and queue id
    BYOFFSET = 2  #: topic, broker name, queue id and offset


class ConsumeMessageCommand(SubCommand):
    """Pull and print messages (without committing offsets): the oldest ``-c`` (128) of the topic, of one queue
    (``-b``/``-i``) or from an offset (``-o``), optionally between two timestamps (``-s``/``-e``)."""

    def command_name(self) -> str:
        return "consumeMessage"

    def command_desc(self) -> str:
        return "Consume message"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--topic", required=True, help="Topic name")
        parser.add_argument("-b", "--brokerName", help="Broker name")
        parser.add_argument("-i", "--queueId", type=int, help="Queue Id")
        parser.add_argument("-o", "--offset", type=int, help="Queue offset")
        parser.add_argument("-g", "--consumerGroup", help="Consumer group name")
        parser.add_argument("-s", "--beginTimestamp", help="Begin timestamp[currentTimeMillis|yyyy-MM-dd#HH:mm:ss:SSS]")
        parser.add_argument("-e", "--endTimestamp", help="End timestamp[currentTimeMillis|yyyy-MM-dd#HH:mm:ss:SSS]")
        parser.add_argument("-c", "--MessageNumber", type=int, default=128, help="Number of message to be consumed")

    def execute(self, args: argparse.Namespace) -> int:
        if args.MessageNumber <= 0:
            raise SubCommandException("Please input a positive messageNumber!", 2)
        consume_type = ConsumeType.DEFAULT
        if args.queueId is not None:
            if not args.brokerName:
                raise SubCommandException("Please set the brokerName before queueId!", 2)
            consume_type = ConsumeType.BYQUEUE
        if args.offset is not None:
            if consume_type != ConsumeType.BYQUEUE:
                raise SubCommandException("Please set queueId before offset!", 2)
            consume_type = ConsumeType.BYOFFSET
        now = int(time.time() * 1000)
        begin = end = 0
        if args.beginTimestamp:
            begin = parse_timestamp(args.beginTimestamp)
            if begin > now:
                raise SubCommandException("Please set the beginTimestamp before now!", 2)
        if args.endTimestamp:
            end = parse_timestamp(args.endTimestamp)
            if end > now:
                raise SubCommandException("Please set the endTimestamp before now!", 2)
            if begin > end:
                raise SubCommandException("Please make sure that the beginTimestamp is less than or equal to the "
                                          "endTimestamp", 2)
        consumer = DefaultMQPullConsumer(args.consumerGroup.strip() if args.consumerGroup
                                         else MixAll.TOOLS_CONSUMER_GROUP)
        consumer.set_namesrv_addr(args.namesrv_addr)
        consumer.set_instance_name(unique_instance_name())
        topic = args.topic.strip()
        with consumer:
            if consume_type == ConsumeType.DEFAULT:
                self._execute_default(consumer, topic, args.MessageNumber, begin, end)
            else:
                self._execute_by_condition(consumer, MessageQueue(topic, args.brokerName.strip(), args.queueId),
                                           args.offset or 0, args.MessageNumber, begin, end)
        return 0

    @staticmethod
    def _range(consumer: DefaultMQPullConsumer, mq: MessageQueue, begin: int, end: int) -> Tuple[int, int]:
        """The ``[min, max)`` offsets to read: the queue's, or those of the begin and end times."""
        min_offset = consumer.search_offset(mq, begin) if begin > 0 else consumer.min_offset(mq)
        max_offset = consumer.search_offset(mq, end) if end > 0 else consumer.max_offset(mq)
        return min_offset, max_offset

    def _execute_default(self, consumer: DefaultMQPullConsumer, topic: str, count: int, begin: int,
                         end: int) -> None:
        left = count
        for mq in sorted(consumer.fetch_subscribe_message_queues(topic)):
            if left == 0:
                return
            min_offset, max_offset = self._range(consumer, mq, begin, end)
            if max_offset - min_offset > left:
                print("The older %d message of the %d queue will be provided" % (left, mq.queue_id))
                max_offset = min_offset + left
                left = 0
            else:
                left -= max_offset - min_offset
            self.pull_message_by_queue(consumer, mq, min_offset, max_offset)

    def _execute_by_condition(self, consumer: DefaultMQPullConsumer, mq: MessageQueue, offset: int, count: int,
                              begin: int, end: int) -> None:
        min_offset, max_offset = self._range(consumer, mq, begin, end)
        if offset > max_offset:
            print("%s no matched msg, offset=%s" % (mq, offset))
            return
        min_offset = max(min_offset, offset)
        if max_offset - min_offset > count:
            print("The older %d message will be provided" % count)
            max_offset = min_offset + count
        self.pull_message_by_queue(consumer, mq, min_offset, max_offset)

    @staticmethod
    def pull_message_by_queue(consumer: DefaultMQPullConsumer, mq: MessageQueue, min_offset: int,
                              max_offset: int) -> None:
        """Java ``pullMessageByQueue``: pull ``[min_offset, max_offset)`` and print each message (Java's
        ``PrintMessageByQueueCommand.printMessage`` lines)."""
        offset: Optional[int] = min_offset
        while offset is not None and offset < max_offset:
            result = consumer.pull(mq, "*", offset, min(32, max_offset - offset))
            if result is None:
                return
            offset = result.get_next_begin_offset()
            status = result.get_pull_status()
            if status == PullStatus.FOUND:
                print("Consume ok")
                for msg in result.get_msg_found_list() or ():
                    if msg.get_queue_offset() >= max_offset:
                        return
                    print("MSGID: %s %s BODY: %s" % (msg.get_msg_id(), msg,
                                                      (msg.get_body() or b"").decode("utf-8", "replace")))
            elif status == PullStatus.NO_MATCHED_MSG:
                print("%s no matched msg. status=%s, offset=%s" % (mq, status.name, offset))
            else:
                print("%s print msg finished. status=%s, offset=%s" % (mq, status.name, offset))
                return
