"""Java ``org.apache.rocketmq.example.simple.PushConsumer``: a DefaultMQPushConsumer with a
MessageListenerConcurrently subclass, reading TopicTest from the first offset.

    python examples/simple/push_consumer.py [-n host:port]

On the embedded cluster, examples/simple/producer.py sends its 128 messages once the consumer has started; the
consumer ends when it received them all.
"""
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, ReceivedMessages, run
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.message_listener import MessageListenerConcurrently
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from simple import producer

TOPIC = "TopicTest"


class Listener(MessageListenerConcurrently):
    def __init__(self, received: ReceivedMessages) -> None:
        self.received = received

    def consume_message(self, msgs, context):
        print("%s Receive New Messages: %s " % (threading.current_thread().name, msgs))
        self.received.add(msgs)
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS


def main(example: Example) -> bool:
    received = ReceivedMessages(producer.MESSAGE_COUNT)
    consumer = DefaultMQPushConsumer("CID_JODIE_1")
    consumer.set_namesrv_addr(example.namesrv_addr)
    consumer.subscribe(TOPIC, "*")
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    # wrong time format 2017_0422_221800
    consumer.set_consume_timestamp("20181109221800")
    consumer.register_message_listener(Listener(received))
    consumer.start()
    print("Consumer Started.")
    example.started()
    ok = received.await_(example.remaining())
    consumer.shutdown()
    print("Received %d of %d messages" % (received.count(), received.expected))
    return ok


if __name__ == "__main__":
    run(main, topics=[TOPIC], feed=producer.main)
