"""Java ``org.apache.rocketmq.example.tracemessage.TracePushConsumer``: a push consumer with message trace enabled
(``DefaultMQPushConsumer(group, enable_msg_trace=True)``): "SubBefore" and "SubAfter" records of every consumed
message go to the trace topic.

    python examples/tracemessage/trace_push_consumer.py [-n host:port]

On the embedded cluster (traceTopicEnable=true), examples/tracemessage/trace_producer.py sends its 128 messages
once the consumer has started; the consumer ends when it received them all, and (not in Java's example) checks
that each has its "SubAfter" trace record once the consumer is shut down.
"""
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, ReceivedMessages, run
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from tracemessage import trace_producer as producer

CONSUMER_GROUP = "ProducerGroupName"
TOPIC = "TopicTest"


def main(example: Example) -> bool:
    received = ReceivedMessages(producer.MESSAGE_COUNT)
    # Here, we use the default message track trace topic name
    consumer = DefaultMQPushConsumer(CONSUMER_GROUP, enable_msg_trace=True)
    consumer.set_namesrv_addr(example.namesrv_addr)
    consumer.subscribe(TOPIC, "*")
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    # Wrong time format 2017_0422_221800
    consumer.set_consume_timestamp("20181109221800")

    def consume_message(msgs, context):
        print("%s Receive New Messages: %s " % (threading.current_thread().name, msgs))
        received.add(msgs)
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer.register_message_listener(consume_message)
    consumer.start()
    print("Consumer Started.")
    example.started()
    ok = received.await_(example.remaining())
    consumer.shutdown()
    traced = producer.traced_msg_ids(example, "SubAfter")
    found = sum(1 for msg in received.messages() if msg.get_msg_id() in traced)
    print("Received %d of %d messages, %d with a consume trace record" % (received.count(), received.expected, found))
    return ok and found == received.expected


if __name__ == "__main__":
    run(main, topics=[TOPIC], feed=producer.main, cluster_options=producer.TRACE_CLUSTER_OPTIONS)
