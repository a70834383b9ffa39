"""Java ``org.apache.rocketmq.example.simple.AclClient``: a producer, a push consumer and a pull consumer signing
every request with an access key (``AclClientRPCHook(SessionCredentials(access_key, secret_key))`` as their
``rpc_hook``), for a broker started with ``aclEnable=true``.

    python examples/simple/acl_client.py [-n host:port]

The embedded broker checks the accounts of examples/simple/plain_acl.yml. Java's push consumer runs until killed
and its pull consumer holds each drained queue (long polling, 20 s); here the push consumer stops once it received
the producer's 128 messages, and the embedded broker answers an empty pull after 0.1 s (with ``-n``, give
``--timeout 120``).
"""
import os
import sys
import threading
import traceback
from typing import Dict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, ReceivedMessages, acl_cluster_options, run
from rocketmq_client import MessageQueue
from rocketmq_acl.common.acl_client_rpc_hook import AclClientRPCHook
from rocketmq_acl.common.session_credentials import SessionCredentials
from rocketmq_client.exception import MQClientException
from rocketmq_client.consumer.default_mq_pull_consumer import DefaultMQPullConsumer
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.message_listener import MessageListenerConcurrently
from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_client.consumer.rebalance.allocate_message_queue_averagely import \
    AllocateMessageQueueAveragely
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message

OFFSE_TABLE: Dict[MessageQueue, int] = {}

ACL_ACCESS_KEY = "RocketMQ"
ACL_SECRET_KEY = "1234567"

TOPIC = "TopicTest"
MESSAGE_COUNT = 128
PLAIN_ACL_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "plain_acl.yml")


def main(example: Example) -> bool:
    refused = unsigned_send_refused(example)
    sent = producer(example)
    consumer, received = push_consumer(example)
    try:
        pushed = received.await_(example.remaining())
        print("The push consumer received %d of %d messages" % (received.count(), MESSAGE_COUNT))
        pulled = pull_consumer(example)
    finally:
        consumer.shutdown()
    return refused and sent == MESSAGE_COUNT and pushed and pulled >= MESSAGE_COUNT


def unsigned_send_refused(example: Example) -> bool:
    """Not in Java's example: a producer without the RPC hook is refused (the broker does check)."""
    producer = DefaultMQProducer("ProducerGroupName")
    producer.set_namesrv_addr(example.namesrv_addr)
    producer.set_retry_times_when_send_failed(0)
    producer.start()
    try:
        producer.send(Message(TOPIC, "TagA", "OrderID188", "Hello world".encode("utf-8")))
        print("A producer without credentials could send: is the broker's aclEnable=true?")
        return False
    except MQClientException as e:
        print("Without credentials, the broker refuses: %s" % (e.__cause__ or e))
        return True
    finally:
        producer.shutdown()


def producer(example: Example) -> int:
    producer = DefaultMQProducer("ProducerGroupName", get_acl_rpc_hook())
    producer.set_namesrv_addr(example.namesrv_addr)
    producer.start()

    sent = 0
    for i in range(MESSAGE_COUNT):
        try:
            msg = Message(TOPIC, "TagA", "OrderID188", "Hello world".encode("utf-8"))
            send_result = producer.send(msg)
            print(send_result)
            sent += send_result.get_send_status() == SendStatus.SEND_OK
        except Exception:
            traceback.print_exc()

    producer.shutdown()
    print("Sent %d of %d messages" % (sent, MESSAGE_COUNT))
    return sent


def push_consumer(example: Example):
    received = ReceivedMessages(MESSAGE_COUNT)
    consumer = DefaultMQPushConsumer("please_rename_unique_group_name_5", get_acl_rpc_hook(),
                                     AllocateMessageQueueAveragely())
    consumer.set_namesrv_addr(example.namesrv_addr)
    consumer.subscribe(TOPIC, "*")
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    # Wrong time format 2017_0422_221800
    consumer.set_consume_timestamp("20180422221800")

    class Listener(MessageListenerConcurrently):
        def consume_message(self, msgs, context):
            print("%s Receive New Messages: %s " % (threading.current_thread().name, msgs))
            print_body(msgs)
            received.add(msgs)
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer.register_message_listener(Listener())
    consumer.start()
    print("Consumer Started.")
    return consumer, received


def pull_consumer(example: Example) -> int:
    pulled = 0
    consumer = DefaultMQPullConsumer("please_rename_unique_group_name_6", get_acl_rpc_hook())
    consumer.set_namesrv_addr(example.namesrv_addr)
    consumer.start()

    mqs = consumer.fetch_subscribe_message_queues(TOPIC)
    for mq in mqs:
        print("Consume from the queue: %s" % mq)
        while example.remaining() > 0:
            try:
                pull_result = consumer.pull_block_if_not_found(mq, None, get_message_queue_offset(mq), 32)
                print(pull_result)
                put_message_queue_offset(mq, pull_result.get_next_begin_offset())
                print_body(pull_result.get_msg_found_list())
                if pull_result.get_pull_status() == PullStatus.FOUND:
                    pulled += len(pull_result.get_msg_found_list() or [])
                elif pull_result.get_pull_status() == PullStatus.NO_NEW_MSG:
                    break
            except Exception:
                traceback.print_exc()

    consumer.shutdown()
    print("The pull consumer pulled %d of %d messages" % (pulled, MESSAGE_COUNT))
    return pulled


def print_body(msgs) -> None:
    if not msgs:
        return
    for m in msgs:
        if m is not None:
            print("msgId : %s  body : %s  " % (m.get_msg_id(), m.get_body().decode()))


def get_message_queue_offset(mq) -> int:
    return OFFSE_TABLE.get(mq, 0)


def put_message_queue_offset(mq, offset: int) -> None:
    OFFSE_TABLE[mq] = offset


def get_acl_rpc_hook() -> AclClientRPCHook:
    return AclClientRPCHook(SessionCredentials(ACL_ACCESS_KEY, ACL_SECRET_KEY))


if __name__ == "__main__":
    run(main, topics=[TOPIC], cluster_options=acl_cluster_options(PLAIN_ACL_FILE))
