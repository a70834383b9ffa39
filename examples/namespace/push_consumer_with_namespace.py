"""Java ``org.apache.rocketmq.example.namespace.PushConsumerWithNamespace``: a push consumer in namespace
InstanceTest (group ``InstanceTest%cidTest``, topic ``InstanceTest%NAMESPACE_TOPIC``).

    python examples/namespace/push_consumer_with_namespace.py [-n host:port]

On the embedded cluster, examples/namespace/producer_with_namespace.py sends its 100 messages once the consumer
has started; the consumer ends when it received them all.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, ReceivedMessages, run
from namespace import producer_with_namespace as producer
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus

NAMESPACE = "InstanceTest"
CONSUMER_GROUP = "cidTest"
TOPIC = "NAMESPACE_TOPIC"


def main(example: Example) -> bool:
    received = ReceivedMessages(producer.MESSAGE_COUNT)
    default_mq_push_consumer = DefaultMQPushConsumer(CONSUMER_GROUP, namespace=NAMESPACE)
    default_mq_push_consumer.set_namesrv_addr(example.namesrv_addr)
    default_mq_push_consumer.subscribe(TOPIC, "*")

    def consume_message(msgs, context):
        for msg in msgs:
            print("Msg topic is:%s, MsgId is:%s, reconsumeTimes is:%s" % (msg.get_topic(), msg.get_msg_id(),
                                                                         msg.get_reconsume_times()))
        received.add(msgs)
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    default_mq_push_consumer.register_message_listener(consume_message)
    default_mq_push_consumer.start()
    example.started()
    ok = received.await_(example.remaining())
    default_mq_push_consumer.shutdown()
    print("Received %d of %d messages" % (received.count(), received.expected))
    return ok


if __name__ == "__main__":
    run(main, topics=[producer.WRAPPED_TOPIC], feed=producer.main)
