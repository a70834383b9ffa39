"""Java ``org.apache.rocketmq.example.simple.LitePullConsumerSubscribe``: a DefaultLitePullConsumer subscribed to
TopicTest (the rebalance assigns the queues), polled in a loop.

    python examples/simple/lite_pull_consumer_subscribe.py [-n host:port]

On the embedded cluster, examples/simple/producer.py sends its 128 messages once the consumer has started; the
loop ends when they all arrived, or at the deadline.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, ReceivedMessages, run
from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from simple import producer

TOPIC = "TopicTest"


def main(example: Example) -> bool:
    received = ReceivedMessages(producer.MESSAGE_COUNT)
    lite_pull_consumer = DefaultLitePullConsumer("lite_pull_consumer_test")
    lite_pull_consumer.set_namesrv_addr(example.namesrv_addr)
    lite_pull_consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    lite_pull_consumer.subscribe(TOPIC, "*")
    lite_pull_consumer.start()
    example.started()
    try:
        while received.count() < received.expected and example.remaining() > 0:
            message_exts = lite_pull_consumer.poll()
            print(message_exts)
            received.add(message_exts)
    finally:
        lite_pull_consumer.shutdown()
    print("Polled %d of %d messages" % (received.count(), received.expected))
    return received.count() >= received.expected


if __name__ == "__main__":
    run(main, topics=[TOPIC], feed=producer.main)
