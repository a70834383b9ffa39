"""Java ``org.apache.rocketmq.example.rpc.RequestProducer``: request/reply: ``producer.request(msg, ttl)`` sends the
message and blocks until a consumer's reply comes back (or raises RequestTimeoutException after ``ttl`` ms).

    python examples/rpc/request_producer.py [-n host:port]      # with examples/rpc/response_consumer.py running

On the embedded cluster, examples/rpc/response_consumer.py is started (in this process) first.
"""
import os
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, run
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.message.message import Message
from rpc import response_consumer


def main(example: Example) -> bool:
    producer_group = "please_rename_unique_group_name"
    topic = response_consumer.TOPIC
    ttl = 3000

    producer = DefaultMQProducer(producer_group)
    # You need to set namesrvAddr to the address of the local namesrv
    producer.set_namesrv_addr(example.namesrv_addr)
    producer.start()

    ret_msg = None
    try:
        msg = Message(topic, "", "Hello world".encode("utf-8"))

        begin = time.time()
        ret_msg = producer.request(msg, ttl)
        cost = int((time.time() - begin) * 1000)
        print("request to <%s> cost: %d replyMessage: %s " % (topic, cost, ret_msg))
    except Exception:
        traceback.print_exc()
    producer.shutdown()
    return ret_msg is not None and ret_msg.get_body() == b"reply message contents."


if __name__ == "__main__":
    run(main, topics=[response_consumer.TOPIC], serve=response_consumer.main)
