"""Java ``org.apache.rocketmq.example.broadcast.PushConsumer``: a BROADCASTING consumer: every consumer of the group
gets every message (offsets are kept by each consumer, in a local file), instead of sharing the queues.

    python examples/broadcast/push_consumer.py [-n host:port]     # start it twice to see both get everything

On the embedded cluster, examples/simple/producer.py sends its 128 TagA messages to TopicTest once the consumer
has started; the consumer ends when it received them all.
"""
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, ReceivedMessages, run
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from simple import producer

CONSUMER_GROUP = "please_rename_unique_group_name_1"
TOPIC = "TopicTest"
SUB_EXPRESSION = "TagA || TagC || TagD"


def main(example: Example) -> bool:
    received = ReceivedMessages(producer.MESSAGE_COUNT)
    consumer = DefaultMQPushConsumer(CONSUMER_GROUP)
    consumer.set_namesrv_addr(example.namesrv_addr)
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.set_message_model(MessageModel.BROADCASTING)
    consumer.subscribe(TOPIC, SUB_EXPRESSION)

    def consume_message(msgs, context):
        print("%s Receive New Messages: %s " % (threading.current_thread().name, msgs))
        received.add(msgs)
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer.register_message_listener(consume_message)
    consumer.start()
    print("Broadcast Consumer Started.")
    example.started()
    ok = received.await_(example.remaining())
    consumer.shutdown()
    print("Received %d of %d messages" % (received.count(), received.expected))
    return ok


if __name__ == "__main__":
    run(main, topics=[TOPIC], feed=producer.main)
