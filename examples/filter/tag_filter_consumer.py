"""Java ``org.apache.rocketmq.example.filter.TagFilterConsumer``: subscribes to TagFilterTest with the tag expression
"TagA || TagC": the broker (by tag hash) and the client (by tag) filter out TagB.

    python examples/filter/tag_filter_consumer.py [-n host:port]

On the embedded cluster, examples/filter/tag_filter_producer.py sends its 60 messages once the consumer has
started; the consumer ends when it received the 40 tagged TagA or TagC, and checks that no other tag came.
"""
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, ReceivedMessages, run
from filter import tag_filter_producer as producer
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.message_listener import MessageListenerConcurrently

SUB_EXPRESSION = "TagA || TagC"


class Listener(MessageListenerConcurrently):
    def __init__(self, received: ReceivedMessages) -> None:
        self.received = received

    def consume_message(self, msgs, context):
        print("%s Receive New Messages: %s " % (threading.current_thread().name, msgs))
        self.received.add(msgs)
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS


def main(example: Example) -> bool:
    tags = set(SUB_EXPRESSION.split(" || "))
    received = ReceivedMessages(sum(1 for i in range(producer.MESSAGE_COUNT)
                                    if producer.TAGS[i % len(producer.TAGS)] in tags))
    consumer = DefaultMQPushConsumer("please_rename_unique_group_name")
    consumer.set_namesrv_addr(example.namesrv_addr)
    consumer.subscribe(producer.TOPIC, SUB_EXPRESSION)
    consumer.register_message_listener(Listener(received))
    consumer.start()
    print("Consumer Started.")
    example.started()
    ok = received.await_(example.remaining())
    consumer.shutdown()
    others = [m for m in received.messages() if m.get_tags() not in tags]
    print("Received %d of %d messages tagged %s, %d with another tag"
          % (received.count(), received.expected, SUB_EXPRESSION, len(others)))
    return ok and not others


if __name__ == "__main__":
    run(main, topics=[producer.TOPIC], feed=producer.main)
