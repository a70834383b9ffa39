"""Java ``org.apache.rocketmq.example.filter.SqlFilterProducer``: 10 messages to SqlFilterTest, tagged TagA, TagB and
TagC in turn, each with the user property ``a`` = its index (for SQL92 filtering on the broker).

    python examples/filter/sql_filter_producer.py [-n host:port]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, run
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message import Message

TOPIC = "SqlFilterTest"
MESSAGE_COUNT = 10
TAGS = ["TagA", "TagB", "TagC"]


def main(example: Example) -> bool:
    producer = DefaultMQProducer("please_rename_unique_group_name")
    producer.set_namesrv_addr(example.namesrv_addr)
    producer.start()

    sent = 0
    for i in range(MESSAGE_COUNT):
        msg = Message(TOPIC, TAGS[i % len(TAGS)], ("Hello RocketMQ %d" % i).encode("utf-8"))
        msg.put_user_property("a", str(i))

        send_result = producer.send(msg)
        print(send_result)
        sent += send_result.get_send_status() == SendStatus.SEND_OK

    producer.shutdown()
    print("Sent %d of %d messages" % (sent, MESSAGE_COUNT))
    return sent == MESSAGE_COUNT


if __name__ == "__main__":
    run(main, topics=[TOPIC])
