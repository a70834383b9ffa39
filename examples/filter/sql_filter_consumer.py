"""Java ``org.apache.rocketmq.example.filter.SqlFilterConsumer``: subscribes to SqlFilterTest with a SQL92
MessageSelector over the tag and the user property ``a``; the broker evaluates it.

    python examples/filter/sql_filter_consumer.py [-n host:port]

Don't forget to set enablePropertyFilter=true in the broker (the embedded one is started with
``enable_property_filter=True``). On the embedded cluster, examples/filter/sql_filter_producer.py sends its 10
messages once the consumer has started; the consumer ends when the three matching ones (a = 0, 1 and 3) came, and
checks that no other did.
"""
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, ReceivedMessages, run
from filter import sql_filter_producer as producer
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.message_listener import MessageListenerConcurrently
from rocketmq_client.consumer.message_selector import MessageSelector

SQL = "(TAGS is not null and TAGS in ('TagA', 'TagB'))" + "and (a is not null and a between 0 and 3)"


def matches(i: int) -> bool:
    """``SQL`` for message i of the producer."""
    return producer.TAGS[i % len(producer.TAGS)] in ("TagA", "TagB") and 0 <= i <= 3


class Listener(MessageListenerConcurrently):
    def __init__(self, received: ReceivedMessages) -> None:
        self.received = received

    def consume_message(self, msgs, context):
        print("%s Receive New Messages: %s " % (threading.current_thread().name, msgs))
        self.received.add(msgs)
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS


def main(example: Example) -> bool:
    expected = {str(i) for i in range(producer.MESSAGE_COUNT) if matches(i)}
    received = ReceivedMessages(len(expected))
    consumer = DefaultMQPushConsumer("please_rename_unique_group_name")
    consumer.set_namesrv_addr(example.namesrv_addr)

    # Don't forget to set enablePropertyFilter=true in broker
    consumer.subscribe(producer.TOPIC, MessageSelector.by_sql(SQL))
    consumer.register_message_listener(Listener(received))
    consumer.start()
    print("Consumer Started.")
    example.started()
    ok = received.await_(example.remaining())
    consumer.shutdown()
    got = sorted(m.get_user_property("a") for m in received.messages())
    print("Received a = %s (expected %s)" % (", ".join(got), ", ".join(sorted(expected))))
    return ok and set(got) == expected


if __name__ == "__main__":
    run(main, topics=[producer.TOPIC], feed=producer.main,
        cluster_options={"broker_config": {"enable_property_filter": True}})
