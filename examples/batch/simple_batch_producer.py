"""Java ``org.apache.rocketmq.example.batch.SimpleBatchProducer``: three messages sent as one batch (one request,
one SendResult whose msgId lists the three ids).

    python examples/batch/simple_batch_producer.py [-n host:port]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, run
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message import Message

PRODUCER_GROUP = "BatchProducerGroupName"
TOPIC = "BatchTest"
TAG = "Tag"


def main(example: Example) -> bool:
    producer = DefaultMQProducer(PRODUCER_GROUP)
    producer.set_namesrv_addr(example.namesrv_addr)
    producer.start()

    # If you just send messages of no more than 1MiB at a time, it is easy to use batch.
    # Messages of the same batch should have: same topic, same waitStoreMsgOK and no schedule support.
    messages = [
        Message(TOPIC, TAG, "OrderID001", b"Hello world 0"),
        Message(TOPIC, TAG, "OrderID002", b"Hello world 1"),
        Message(TOPIC, TAG, "OrderID003", b"Hello world 2"),
    ]

    send_result = producer.send(messages)
    print(send_result)
    producer.shutdown()
    return send_result.get_send_status() == SendStatus.SEND_OK and len(send_result.get_msg_id().split(",")) == 3


if __name__ == "__main__":
    run(main, topics=[TOPIC])
