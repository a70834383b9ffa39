"""Java ``org.apache.rocketmq.example.simple.OnewayProducer``: 100 one-way sends (no answer from the broker).

    python examples/simple/oneway_producer.py [-n host:port]

Java sleeps 5 seconds "to wait for sending to complete"; this one waits until the topic's queues hold 100 more
messages than before (at most ``--timeout`` seconds), which also proves they arrived.
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, run
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.message.message import Message

MESSAGE_COUNT = 100
TOPIC = "TopicTest"


def stored_messages(producer: DefaultMQProducer, topic: str) -> int:
    """The messages the brokers hold in ``topic`` (the sum of its queues' max offsets)."""
    return sum(producer.max_offset(mq) for mq in producer.fetch_publish_message_queues(topic))


def main(example: Example) -> bool:
    # Instantiate with a producer group name.
    producer = DefaultMQProducer("please_rename_unique_group_name")
    # Specify name server addresses.
    producer.set_namesrv_addr(example.namesrv_addr)
    # Launch the instance.
    producer.start()
    before = stored_messages(producer, TOPIC)
    for i in range(MESSAGE_COUNT):
        # Create a message instance, specifying topic, tag and message body.
        msg = Message(TOPIC, "TagA", ("Hello RocketMQ %d" % i).encode("utf-8"))
        # Call send message to deliver message to one of brokers.
        producer.send_oneway(msg)
    # Wait for sending to complete.
    stored = 0
    while example.remaining() > 0:
        stored = stored_messages(producer, TOPIC) - before
        if stored >= MESSAGE_COUNT:
            break
        time.sleep(0.05)
    producer.shutdown()
    print("Sent %d one-way messages, %d stored" % (MESSAGE_COUNT, stored))
    return stored >= MESSAGE_COUNT


if __name__ == "__main__":
    run(main, topics=[TOPIC])
