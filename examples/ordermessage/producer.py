"""Java ``org.apache.rocketmq.example.ordermessage.Producer``: 100 messages of 10 orders; a MessageQueueSelector sends
every message of an order to the same queue, so the order's messages stay in sequence.

    python examples/ordermessage/producer.py [-n host:port]
"""
import os
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, run
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.message_queue_selector import MessageQueueSelector
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message import Message

MESSAGE_COUNT = 100
ORDER_COUNT = 10
TOPIC = "TopicTestjjj"
TAGS = ["TagA", "TagB", "TagC", "TagD", "TagE"]


class OrderIdSelector(MessageQueueSelector):
    """The queue of an order id (a plain function ``select(mqs, msg, arg)`` would do as well, like Java's lambda)."""

    def select(self, mqs, msg, arg):
        id_ = arg
        index = id_ % len(mqs)
        return mqs[index]


def main(example: Example) -> bool:
    sent = 0
    try:
        producer = DefaultMQProducer("please_rename_unique_group_name")
        producer.set_namesrv_addr(example.namesrv_addr)
        producer.start()

        for i in range(MESSAGE_COUNT):
            order_id = i % ORDER_COUNT
            msg = Message(TOPIC, TAGS[i % len(TAGS)], "KEY%d" % i, ("Hello RocketMQ %d" % i).encode("utf-8"))
            send_result = producer.send(msg, OrderIdSelector(), order_id)
            print(send_result)
            sent += send_result.get_send_status() == SendStatus.SEND_OK

        producer.shutdown()
    except Exception:
        traceback.print_exc()
    print("Sent %d of %d messages" % (sent, MESSAGE_COUNT))
    return sent == MESSAGE_COUNT


if __name__ == "__main__":
    run(main, topics=[TOPIC])
