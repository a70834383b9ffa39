"""Java ``org.apache.rocketmq.example.simple.PullConsumer``: a DefaultMQPullConsumer (deprecated in Java, in favour
of DefaultLitePullConsumer) whose own thread pulls the queues the rebalance gave it and stores the offsets.

    python examples/simple/pull_consumer.py [-n host:port]

On the embedded cluster, examples/simple/producer.py sends its 128 messages first. The pulling thread stops when
that many messages were pulled, or at the deadline (Java's loops forever).
"""
import concurrent.futures
import os
import sys
import threading
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, ReceivedMessages, run
from rocketmq_client.consumer.default_mq_pull_consumer import DefaultMQPullConsumer
from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_client.consumer.store.read_offset_type import ReadOffsetType
from simple import producer

TOPIC = "TopicTest"


def main(example: Example) -> bool:
    consumer = DefaultMQPullConsumer("please_rename_unique_group_name_5")
    consumer.set_namesrv_addr(example.namesrv_addr)
    # You would better register the topics: they are used in the rebalance when starting.
    topics = {TOPIC}
    consumer.set_register_topics(topics)
    consumer.start()

    received = ReceivedMessages(producer.MESSAGE_COUNT)
    running = threading.Event()
    running.set()

    def do_something(msgs):
        # do your business
        received.add(msgs)
        if received.count() >= received.expected or example.remaining() == 0:
            running.clear()

    def consume_from_offset(message_queue):
        # -1 when started
        offset = consumer.get_offset_store().read_offset(message_queue, ReadOffsetType.READ_FROM_MEMORY)
        if offset < 0:
            # query from broker
            offset = consumer.get_offset_store().read_offset(message_queue, ReadOffsetType.READ_FROM_STORE)
        if offset < 0:
            # first time start from last offset
            offset = consumer.max_offset(message_queue)
        # make sure
        if offset < 0:
            offset = 0
        return offset

    def inc_pull_tps(topic, pull_size):
        consumer.get_default_mq_pull_consumer_impl().get_rebalance_impl().get_mq_client_factory() \
            .get_consumer_stats_manager().inc_pull_tps(consumer.get_consumer_group(), topic, pull_size)

    def pull_topic(topic):
        while running.is_set():
            if example.remaining() == 0:
                running.clear()
                break
            try:
                message_queues = consumer.fetch_message_queues_in_balance(topic)
                if not message_queues:
                    time.sleep(1)
                    continue
                for message_queue in message_queues:
                    try:
                        offset = consume_from_offset(message_queue)
                        pull_result = consumer.pull(message_queue, "*", offset, 32)
                        status = pull_result.get_pull_status()
                        if status == PullStatus.FOUND:
                            msgs = pull_result.get_msg_found_list()
                            if msgs:
                                do_something(msgs)
                                # update offset to broker
                                consumer.update_consume_offset(message_queue, pull_result.get_next_begin_offset())
                                # print pull tps
                                inc_pull_tps(topic, len(msgs))
                        elif status == PullStatus.NO_NEW_MSG:
                            time.sleep(0.001)
                            consumer.update_consume_offset(message_queue, pull_result.get_next_begin_offset())
                        else:  # OFFSET_ILLEGAL, NO_MATCHED_MSG
                            consumer.update_consume_offset(message_queue, pull_result.get_next_begin_offset())
                    except Exception:
                        traceback.print_exc()
            except Exception:
                # rebalance error
                traceback.print_exc()

    with concurrent.futures.ThreadPoolExecutor(len(topics), thread_name_prefix="PullConsumerThread") as executors:
        for topic in consumer.get_register_topics():
            executors.submit(pull_topic, topic)
    consumer.shutdown()
    print("Pulled %d of %d messages" % (received.count(), received.expected))
    return received.count() >= received.expected


if __name__ == "__main__":
    run(main, topics=[TOPIC], seed=producer.main)
