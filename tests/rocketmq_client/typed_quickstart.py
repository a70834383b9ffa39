"""A typed port of Java's quickstart ``Producer`` and ``Consumer`` (``org.apache.rocketmq.example.quickstart``),
checked by mypy (``test_typing.py``) and run against an embedded cluster (``test_typing.py``)."""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, List

from rocketmq_client import (ConsumeConcurrentlyContext, ConsumeConcurrentlyStatus, ConsumeFromWhere,
                             DefaultMQProducer, DefaultMQPushConsumer, Message, MessageExt, SendResult, SendStatus)

TOPIC = "TopicTest"


def producer_main(namesrv_addr: str, count: int) -> List[SendResult]:
    """Java ``Producer.main``: send ``count`` "Hello RocketMQ i" messages tagged TagA."""
    producer = DefaultMQProducer("please_rename_unique_group_name", namesrv_addr=namesrv_addr)
    producer.start()
    results: List[SendResult] = []
    try:
        for i in range(count):
            msg = Message(TOPIC, "TagA", ("Hello RocketMQ %d" % i).encode("utf-8"))
            send_result = producer.send(msg)
            if TYPE_CHECKING:
                reveal_type(send_result)  # noqa: F821 - mypy: SendResult
                reveal_type(producer.get_send_msg_timeout())  # noqa: F821 - mypy: int
            assert send_result.get_send_status() == SendStatus.SEND_OK
            results.append(send_result)
    finally:
        producer.shutdown()
    return results


def consumer_main(namesrv_addr: str, expected: int, timeout: float) -> int:
    """Java ``Consumer.main``: consume TopicTest from the first offset; returns the messages received before the
    ``timeout`` (seconds) once ``expected`` arrived (Java's runs until killed)."""
    received: List[MessageExt] = []
    done = threading.Event()
    consumer = DefaultMQPushConsumer("please_rename_unique_group_name_4", namesrv_addr=namesrv_addr,
                                     consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.subscribe(TOPIC, "*")

    def consume_message(msgs: List[MessageExt], context: ConsumeConcurrentlyContext) -> ConsumeConcurrentlyStatus:
        received.extend(msgs)
        if len(received) >= expected:
            done.set()
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer.register_message_listener(consume_message)
    consumer.start()
    try:
        done.wait(timeout)
    finally:
        consumer.shutdown()
    return len(received)
