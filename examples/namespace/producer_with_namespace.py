"""Java ``org.apache.rocketmq.example.namespace.ProducerWithNamespace``: a producer in namespace InstanceTest: its
group and topics are wrapped as ``InstanceTest%<name>`` on the wire (Java's ``DefaultMQProducer(namespace,
group)`` is ``DefaultMQProducer(group, namespace=...)`` here).

    python examples/namespace/producer_with_namespace.py [-n host:port]
"""
import os
import sys
import traceback
from typing import cast

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, run
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message import Message
from rocketmq_common.protocol.namespace_util import NamespaceUtil

NAMESPACE = "InstanceTest"
PRODUCER_GROUP = "pidTest"
MESSAGE_COUNT = 100
TOPIC = "NAMESPACE_TOPIC"
TAG = "tagTest"
#: the topic's name on the brokers
WRAPPED_TOPIC = cast(str, NamespaceUtil.wrap_namespace(NAMESPACE, TOPIC))  # never None for a topic


def main(example: Example) -> bool:
    producer = DefaultMQProducer(PRODUCER_GROUP, namespace=NAMESPACE)

    producer.set_namesrv_addr(example.namesrv_addr)
    producer.start()
    sent = 0
    for i in range(MESSAGE_COUNT):
        message = Message(TOPIC, TAG, "Hello world".encode())
        try:
            result = producer.send(message)
            print("Topic:%s send success, misId is:%s" % (message.get_topic(), result.get_msg_id()))
            sent += result.get_send_status() == SendStatus.SEND_OK
        except Exception:
            traceback.print_exc()
    producer.shutdown()
    print("Sent %d of %d messages" % (sent, MESSAGE_COUNT))
    return sent == MESSAGE_COUNT


if __name__ == "__main__":
    run(main, topics=[WRAPPED_TOPIC])
