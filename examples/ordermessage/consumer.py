"""Java ``org.apache.rocketmq.example.ordermessage.Consumer``: a MessageListenerOrderly consumes each queue's
messages one at a time, in order; every fifth odd call suspends the queue a moment (the message comes again).

    python examples/ordermessage/consumer.py [-n host:port]

Java's consumer subscribes to TopicTest, not to the producer's TopicTestjjj; this one reads the producer's topic so
the pair works together. On the embedded cluster, examples/ordermessage/producer.py sends its 100 messages once
the consumer has started; the consumer ends when it consumed the 60 with tags TagA, TagC or TagD, and checks that
each order's messages came in the order they were sent.
"""
import itertools
import os
import sys
import threading
from typing import Dict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, ReceivedMessages, run
from ordermessage import producer
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_orderly_status import ConsumeOrderlyStatus
from rocketmq_client.consumer.listener.message_listener import MessageListenerOrderly
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere

TOPIC = producer.TOPIC
SUB_EXPRESSION = "TagA || TagC || TagD"
#: ms a queue is suspended (Java: 3000; shorter so that the example ends in a few seconds)
SUSPEND_CURRENT_QUEUE_TIME_MILLIS = 300


class Listener(MessageListenerOrderly):
    def __init__(self, received: ReceivedMessages) -> None:
        self.consume_times = itertools.count(1)
        self.received = received

    def consume_message(self, msgs, context):
        context.set_auto_commit(True)
        print("%s Receive New Messages: %s " % (threading.current_thread().name, msgs))
        consume_times = next(self.consume_times)
        if consume_times % 2 == 0:
            self.received.add(msgs)
            return ConsumeOrderlyStatus.SUCCESS
        elif consume_times % 5 == 0:
            context.set_suspend_current_queue_time_millis(SUSPEND_CURRENT_QUEUE_TIME_MILLIS)
            return ConsumeOrderlyStatus.SUSPEND_CURRENT_QUEUE_A_MOMENT
        self.received.add(msgs)
        return ConsumeOrderlyStatus.SUCCESS


def in_order(msgs) -> bool:
    """True when, within each order, the messages (KEY<i>) were consumed in increasing i."""
    last: Dict[int, int] = {}
    for msg in msgs:
        i = int(msg.get_keys()[len("KEY"):])
        order_id = i % producer.ORDER_COUNT
        if last.get(order_id, -1) >= i:
            return False
        last[order_id] = i
    return True


def main(example: Example) -> bool:
    tags = set(SUB_EXPRESSION.split(" || "))
    expected = sum(1 for i in range(producer.MESSAGE_COUNT) if producer.TAGS[i % len(producer.TAGS)] in tags)
    received = ReceivedMessages(expected)
    consumer = DefaultMQPushConsumer("please_rename_unique_group_name_3")
    consumer.set_namesrv_addr(example.namesrv_addr)
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.subscribe(TOPIC, SUB_EXPRESSION)
    consumer.register_message_listener(Listener(received))
    consumer.start()
    print("Consumer Started.")
    example.started()
    ok = received.await_(example.remaining())
    consumer.shutdown()
    ordered = in_order(received.messages())
    print("Consumed %d of %d messages, each order in sequence: %s" % (received.count(), expected, ordered))
    return ok and ordered


if __name__ == "__main__":
    run(main, topics=[TOPIC], feed=producer.main)
