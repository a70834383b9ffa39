"""Java ``org.apache.rocketmq.example.rpc.ResponseConsumer``: the responder of request/reply: a push consumer of
RequestTopic that answers each request with ``MessageUtil.create_reply_message`` sent by a producer (the broker
routes the reply to the requesting client).

    python examples/rpc/response_consumer.py [-n host:port]

It ends after answering REPLY_COUNT requests, or at the deadline (Java's runs until killed). On the embedded
cluster, examples/rpc/request_producer.py sends a request once the consumer has started.
"""
import os
import sys
import threading
import traceback

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import CountDownLatch, Example, run
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.message_listener import MessageListenerConcurrently
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.utils.message_util import MessageUtil
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere

TOPIC = "RequestTopic"
#: requests answered before the example ends
REPLY_COUNT = 1


def main(example: Example) -> bool:
    producer_group = "please_rename_unique_group_name"
    consumer_group = "please_rename_unique_group_name"
    topic = TOPIC
    replied = CountDownLatch(REPLY_COUNT)

    # create a producer to send reply message
    reply_producer = DefaultMQProducer(producer_group)
    reply_producer.set_namesrv_addr(example.namesrv_addr)
    reply_producer.start()

    # create consumer
    consumer = DefaultMQPushConsumer(consumer_group)
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET)
    consumer.set_namesrv_addr(example.namesrv_addr)

    # recommend client configs
    consumer.set_pull_time_delay_mills_when_exception(0)

    class Listener(MessageListenerConcurrently):
        def consume_message(self, msgs, context):
            print("%s Receive New Messages: %s " % (threading.current_thread().name, msgs))
            for msg in msgs:
                try:
                    print("handle message: %s " % msg)
                    reply_to = MessageUtil.get_reply_to_client(msg)
                    reply_content = "reply message contents.".encode()
                    # create reply message with given util, do not create reply message by yourself
                    reply_message = MessageUtil.create_reply_message(msg, reply_content)

                    # send reply message with producer
                    reply_result = reply_producer.send(reply_message, 3000)
                    print("reply to %s , %s " % (reply_to, reply_result))
                    replied.count_down()
                except Exception:
                    traceback.print_exc()
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer.register_message_listener(Listener())
    consumer.subscribe(topic, "*")
    consumer.start()
    print("Consumer Started.")
    example.started()
    ok = replied.await_(example.remaining())
    consumer.shutdown()
    reply_producer.shutdown()
    print("Replied to %d of %d requests" % (REPLY_COUNT - replied.get_count(), REPLY_COUNT))
    return ok


if __name__ == "__main__":
    from rpc import request_producer

    run(main, topics=[TOPIC], feed=request_producer.main)
