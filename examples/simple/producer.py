"""Java ``org.apache.rocketmq.example.simple.Producer``: 128 synchronous sends of "Hello world" (tag TagA, key
OrderID188) to TopicTest.

    python examples/simple/producer.py [-n host:port]
"""
import os
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, run
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message import Message

MESSAGE_COUNT = 128
TOPIC = "TopicTest"


def main(example: Example) -> bool:
    producer = DefaultMQProducer("ProducerGroupName")
    producer.set_namesrv_addr(example.namesrv_addr)
    producer.start()

    sent = 0
    for i in range(MESSAGE_COUNT):
        try:
            msg = Message(TOPIC, "TagA", "OrderID188", "Hello world".encode("utf-8"))
            send_result = producer.send(msg)
            print(send_result)
            sent += send_result.get_send_status() == SendStatus.SEND_OK
        except Exception:
            traceback.print_exc()

    producer.shutdown()
    print("Sent %d of %d messages" % (sent, MESSAGE_COUNT))
    return sent == MESSAGE_COUNT


if __name__ == "__main__":
    run(main, topics=[TOPIC])
