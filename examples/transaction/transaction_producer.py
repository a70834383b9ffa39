"""Java ``org.apache.rocketmq.example.transaction.TransactionProducer``: 10 transactional messages through a
TransactionMQProducer whose TransactionListenerImpl leaves every local transaction UNKNOW; the broker checks each
back, and the checks commit, roll back or leave unknown in turn.

    python examples/transaction/transaction_producer.py [-n host:port]

The embedded broker checks every second, for half messages older than one second (Java's defaults: every 60 s,
older than 6 s; with ``-n``, give ``--timeout`` accordingly). The example ends when each message whose check
commits or rolls back was checked (Java's waits 100000 s).
"""
import concurrent.futures
import os
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, run
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_client.producer.transaction_mq_producer import TransactionMQProducer
from rocketmq_common.message.message import Message
from transaction.transaction_listener_impl import TransactionListenerImpl

PRODUCER_GROUP = "please_rename_unique_group_name"
TOPIC = "TopicTest1234"
MESSAGE_COUNT = 10


def main(example: Example) -> bool:
    transaction_listener = TransactionListenerImpl()
    producer = TransactionMQProducer(PRODUCER_GROUP)
    producer.set_namesrv_addr(example.namesrv_addr)
    executor_service = concurrent.futures.ThreadPoolExecutor(
        5, thread_name_prefix="client-transaction-msg-check-thread")

    producer.set_executor_service(executor_service)
    producer.set_transaction_listener(transaction_listener)
    producer.start()

    tags = ["TagA", "TagB", "TagC", "TagD", "TagE"]
    sent = 0
    for i in range(MESSAGE_COUNT):
        try:
            msg = Message(TOPIC, tags[i % len(tags)], "KEY%d" % i, ("Hello RocketMQ %d" % i).encode("utf-8"))
            send_result = producer.send_message_in_transaction(msg, None)
            print(send_result)
            sent += send_result.get_send_status() == SendStatus.SEND_OK
            time.sleep(0.01)
        except Exception:
            traceback.print_exc()

    decided = sum(1 for i in range(MESSAGE_COUNT) if i % 3 != 0)
    resolved = transaction_listener.await_resolved(decided, example.remaining())
    producer.shutdown()
    print("Sent %d of %d transactional messages; %d of %d committed or rolled back by a check"
          % (sent, MESSAGE_COUNT, len(transaction_listener.resolved), decided))
    return sent == MESSAGE_COUNT and resolved


if __name__ == "__main__":
    run(main, topics=[TOPIC],
        cluster_options={"broker_config": {"transaction_check_interval": 1000, "transaction_time_out": 1000}})
