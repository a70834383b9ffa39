"""Java ``org.apache.rocketmq.example.quickstart.Producer``: send 1000 "Hello RocketMQ i" messages, tag TagA, to
TopicTest with a DefaultMQProducer, printing each SendResult.

    python examples/quickstart/producer.py [-n host:port]
"""
import os
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, run
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message import Message

#: the number of produced messages
MESSAGE_COUNT = 1000
PRODUCER_GROUP = "please_rename_unique_group_name"
TOPIC = "TopicTest"
TAG = "TagA"


def main(example: Example) -> bool:
    # Instantiate with a producer group name.
    producer = DefaultMQProducer(PRODUCER_GROUP)
    # Specify name server addresses ("name-server1-ip:9876;name-server2-ip:9876"; Java also reads NAMESRV_ADDR).
    producer.set_namesrv_addr(example.namesrv_addr)
    # Launch the instance.
    producer.start()
    sent = 0
    for i in range(MESSAGE_COUNT):
        try:
            # Create a message instance, specifying topic, tag and message body.
            msg = Message(TOPIC, TAG, ("Hello RocketMQ %d" % i).encode("utf-8"))
            # Call send message to deliver message to one of brokers (send_oneway(msg) if the result does not
            # matter; send(msg, callback) or send_async(msg) for an asynchronous send).
            send_result = producer.send(msg)
            print(send_result)
            sent += send_result.get_send_status() == SendStatus.SEND_OK
        except Exception:
            traceback.print_exc()
            time.sleep(1)
    # Shut down once the producer instance is no longer in use.
    producer.shutdown()
    print("Sent %d of %d messages" % (sent, MESSAGE_COUNT))
    return sent == MESSAGE_COUNT


if __name__ == "__main__":
    run(main, topics=[TOPIC])
