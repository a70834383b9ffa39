"""Java ``org.apache.rocketmq.example.namespace.PullConsumerWithNamespace``: a DefaultMQPullConsumer in namespace
InstanceTest reading every queue of NAMESPACE_TOPIC from offset 0 with ``pull_block_if_not_found`` until the
queue has no new message.

    python examples/namespace/pull_consumer_with_namespace.py [-n host:port]

On the embedded cluster, examples/namespace/producer_with_namespace.py sends its 100 messages first, and the broker
answers a pull finding no message after 0.1 s (short polling). A broker with long polling (the default) holds it up
to the consumer's ``broker_suspend_max_time_millis`` (20 s) on each drained queue: give ``--timeout 120``.
"""
import os
import sys
import traceback
from typing import Dict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import SHORT_POLLING, Example, ReceivedMessages, run
from rocketmq_client import MessageQueue
from namespace import producer_with_namespace as producer
from rocketmq_client.consumer.default_mq_pull_consumer import DefaultMQPullConsumer
from rocketmq_client.consumer.pull_status import PullStatus

NAMESPACE = "InstanceTest"
CONSUMER_GROUP = "cidTest"
TOPIC = "NAMESPACE_TOPIC"
OFFSET_TABLE: Dict[MessageQueue, int] = {}


def main(example: Example) -> bool:
    received = ReceivedMessages(producer.MESSAGE_COUNT)
    pull_consumer = DefaultMQPullConsumer(CONSUMER_GROUP, namespace=NAMESPACE)
    pull_consumer.set_namesrv_addr(example.namesrv_addr)
    pull_consumer.start()

    mqs = pull_consumer.fetch_subscribe_message_queues(TOPIC)
    for mq in mqs:
        print("Consume from the topic: %s, queue: %s" % (mq.get_topic(), mq))
        while example.remaining() > 0:
            try:
                pull_result = pull_consumer.pull_block_if_not_found(mq, None, get_message_queue_offset(mq), 32)
                print(pull_result)

                put_message_queue_offset(mq, pull_result.get_next_begin_offset())
                if pull_result.get_pull_status() == PullStatus.FOUND:
                    deal_with_pull_result(pull_result)
                    received.add(pull_result.get_msg_found_list() or [])
                elif pull_result.get_pull_status() == PullStatus.NO_NEW_MSG:
                    break
            except Exception:
                traceback.print_exc()

    pull_consumer.shutdown()
    print("Pulled %d of %d messages" % (received.count(), received.expected))
    return received.count() >= received.expected


def get_message_queue_offset(mq) -> int:
    return OFFSET_TABLE.get(mq, 0)


def deal_with_pull_result(pull_result) -> None:
    if pull_result is None or not pull_result.get_msg_found_list():
        return
    for msg in pull_result.get_msg_found_list():
        print("Topic is:%s, msgId is:%s" % (msg.get_topic(), msg.get_msg_id()))


def put_message_queue_offset(mq, offset: int) -> None:
    OFFSET_TABLE[mq] = offset


if __name__ == "__main__":
    run(main, topics=[producer.WRAPPED_TOPIC], seed=producer.main, cluster_options=SHORT_POLLING)
