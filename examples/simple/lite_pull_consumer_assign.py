"""Java ``org.apache.rocketmq.example.simple.LitePullConsumerAssign``: a DefaultLitePullConsumer assigned half of
TopicTest's queues (no rebalance), the first one read from offset 10, committing by hand after each poll.

    python examples/simple/lite_pull_consumer_assign.py [-n host:port]

On the embedded cluster, examples/simple/producer.py sends its 128 messages first. The loop ends at the first
empty poll after messages came (the assigned queues are read to their end), or at the deadline.
"""
import os
import sys
from typing import List

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, run
from rocketmq_client import MessageExt
from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer
from simple import producer

TOPIC = "TopicTest"
#: ms a poll waits for messages (Java's poll() waits poll_timeout_millis, 5 s)
POLL_TIMEOUT_MILLIS = 1000


def main(example: Example) -> bool:
    lite_pull_consumer = DefaultLitePullConsumer("please_rename_unique_group_name")
    lite_pull_consumer.set_namesrv_addr(example.namesrv_addr)
    lite_pull_consumer.set_auto_commit(False)
    lite_pull_consumer.start()
    mq_set = lite_pull_consumer.fetch_message_queues(TOPIC)
    queues = sorted(mq_set, key=lambda mq: (mq.get_broker_name(), mq.get_queue_id()))
    assign_list = queues[:len(queues) // 2]
    lite_pull_consumer.assign(assign_list)
    lite_pull_consumer.seek(assign_list[0], 10)
    polled: List[MessageExt] = []
    try:
        while example.remaining() > 0:
            message_exts = lite_pull_consumer.poll(POLL_TIMEOUT_MILLIS)
            print("%s " % message_exts)
            lite_pull_consumer.commit_sync()
            if not message_exts and polled:
                break
            polled.extend(message_exts)
    finally:
        lite_pull_consumer.shutdown()
    assigned = {(mq.get_broker_name(), mq.get_queue_id()) for mq in assign_list}
    first = (assign_list[0].get_broker_name(), assign_list[0].get_queue_id())
    misplaced = [m for m in polled if (m.get_broker_name(), m.get_queue_id()) not in assigned
                 or ((m.get_broker_name(), m.get_queue_id()) == first and m.get_queue_offset() < 10)]
    print("Polled %d messages from %d assigned queues, %d outside the assignment or before the seek offset"
          % (len(polled), len(assign_list), len(misplaced)))
    return bool(polled) and not misplaced


if __name__ == "__main__":
    run(main, topics=[TOPIC], seed=producer.main)
