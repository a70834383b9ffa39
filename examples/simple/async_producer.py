"""Java ``org.apache.rocketmq.example.simple.AsyncProducer``: 100 asynchronous sends, each result reported to a
SendCallback; the producer waits (at most 5 seconds, as Java) for every callback before shutting down.

    python examples/simple/async_producer.py [-n host:port]
"""
import os
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import CountDownLatch, Example, run
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_callback import SendCallback
from rocketmq_common.message.message import Message

TOPIC = "Jodie_topic_1023"


def main(example: Example) -> bool:
    producer = DefaultMQProducer("Jodie_Daily_test")
    producer.set_namesrv_addr(example.namesrv_addr)
    producer.start()
    producer.set_retry_times_when_send_async_failed(0)

    message_count = 100
    count_down_latch = CountDownLatch(message_count)
    succeeded = CountDownLatch(message_count)

    class Callback(SendCallback):
        def __init__(self, index: int) -> None:
            self.index = index

        def on_success(self, send_result):
            count_down_latch.count_down()
            succeeded.count_down()
            print("%-10d OK %s " % (self.index, send_result.get_msg_id()))

        def on_exception(self, e):
            count_down_latch.count_down()
            print("%-10d Exception %s " % (self.index, e))
            traceback.print_exception(type(e), e, e.__traceback__)

    for i in range(message_count):
        try:
            msg = Message(TOPIC, "TagA", "OrderID188", "Hello world".encode("utf-8"))
            producer.send(msg, Callback(i))
        except Exception:
            traceback.print_exc()
    count_down_latch.await_(min(5, example.remaining()))
    producer.shutdown()
    ok = message_count - succeeded.get_count()
    print("%d of %d asynchronous sends succeeded" % (ok, message_count))
    return ok == message_count


if __name__ == "__main__":
    run(main, topics=[TOPIC])
