"""Java ``org.apache.rocketmq.example.rpc.AsyncRequestProducer``: request/reply with a RequestCallback:
``producer.request(msg, callback, ttl)`` returns at once; the reply (or the timeout) reaches the callback.

    python examples/rpc/async_request_producer.py [-n host:port]      # with examples/rpc/response_consumer.py running

On the embedded cluster, examples/rpc/response_consumer.py is started (in this process) first. Java leaves the
producer running ("shutdown after your request callback is finished"); this one waits for the callback, then
shuts down.
"""
import logging
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, run
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.request_callback import RequestCallback
from rocketmq_common.message.message import Message
from rpc import response_consumer

log = logging.getLogger(__name__)


def main(example: Example) -> bool:
    producer_group = "please_rename_unique_group_name"
    topic = response_consumer.TOPIC
    ttl = 3000

    producer = DefaultMQProducer(producer_group)
    producer.set_namesrv_addr(example.namesrv_addr)
    producer.start()

    done = threading.Event()
    replies = []
    try:
        msg = Message(topic, "", "Hello world".encode("utf-8"))

        begin = time.time()

        class Callback(RequestCallback):
            def on_success(self, message):
                cost = int((time.time() - begin) * 1000)
                print("request to <%s> cost: %d replyMessage: %s " % (topic, cost, message))
                replies.append(message)
                done.set()

            def on_exception(self, e):
                print("request to <%s> fail." % topic, file=sys.stderr)
                done.set()

        producer.request(msg, Callback(), ttl)
    except Exception:
        log.warning("", exc_info=True)
        done.set()
    # shutdown after your request callback is finished
    done.wait(example.remaining())
    producer.shutdown()
    return bool(replies) and replies[0].get_body() == b"reply message contents."


if __name__ == "__main__":
    run(main, topics=[response_consumer.TOPIC], serve=response_consumer.main)
