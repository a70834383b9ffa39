"""Java ``org.apache.rocketmq.example.quickstart.Consumer``: a DefaultMQPushConsumer subscribed to every message of
TopicTest from the first offset, printing each batch it receives.

    python examples/quickstart/consumer.py [-n host:port]

On the embedded cluster, examples/quickstart/producer.py sends its 1000 messages once the consumer has started;
the consumer ends when it received them all (Java's runs until killed; a consumer service would call
``rocketmq_client.signals.wait_for_signal()`` after ``start()`` to run until SIGINT or SIGTERM).
"""
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, ReceivedMessages, run
from quickstart import producer
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere

CONSUMER_GROUP = "please_rename_unique_group_name_4"
TOPIC = "TopicTest"


def main(example: Example) -> bool:
    received = ReceivedMessages(producer.MESSAGE_COUNT)
    # Instantiate with specified consumer group name.
    consumer = DefaultMQPushConsumer(CONSUMER_GROUP)
    # Specify name server addresses.
    consumer.set_namesrv_addr(example.namesrv_addr)
    # Specify where to start in case the specific consumer group is a brand-new one.
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    # Subscribe one more topic to consume.
    consumer.subscribe(TOPIC, "*")

    # Register callback to execute on arrival of messages fetched from brokers (a function is a
    # MessageListenerConcurrently, as a Java lambda).
    def consume_message(msgs, context):
        print("%s Receive New Messages: %s " % (threading.current_thread().name, msgs))
        received.add(msgs)
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer.register_message_listener(consume_message)
    # Launch the consumer instance.
    consumer.start()
    print("Consumer Started.")
    example.started()
    ok = received.await_(example.remaining())
    consumer.shutdown()
    print("Received %d of %d messages" % (received.count(), received.expected))
    return ok


if __name__ == "__main__":
    run(main, topics=[TOPIC], feed=producer.main)
