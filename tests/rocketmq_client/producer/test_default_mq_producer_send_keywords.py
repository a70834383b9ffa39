"""The keyword forms of send / send_async / request: the same parts as Java's positional forms, by name."""
from __future__ import annotations

import threading

import pytest

from rocketmq_client import DefaultMQProducer, Message, MessageQueue, SendCallback, SendStatus

TOPIC = "KeywordSendTopic"


class _Callback(SendCallback):
    def __init__(self) -> None:
        self.done = threading.Event()
        self.result = None

    def on_success(self, send_result) -> None:
        self.result = send_result
        self.done.set()

    def on_exception(self, e: BaseException) -> None:
        self.result = e
        self.done.set()


@pytest.mark.timeout(60)
def test_keyword_forms_send_where_the_positional_forms_do(embedded_cluster) -> None:
    embedded_cluster.create_topic(TOPIC, 4)
    with DefaultMQProducer("keyword_send_group", namesrv_addr=embedded_cluster.namesrv_addr) as producer:
        queues = producer.fetch_publish_message_queues(TOPIC)
        target = queues[2]
        assert producer.send(Message(TOPIC, "a", b"1"), timeout=5000).get_send_status() == SendStatus.SEND_OK
        assert producer.send(Message(TOPIC, "a", b"2"), mq=target).get_message_queue().get_queue_id() == 2
        picked = producer.send(Message(TOPIC, "a", b"3"), selector=lambda mqs, msg, arg: mqs[arg], arg=1,
                               timeout=5000)
        assert picked.get_message_queue().get_queue_id() == 1
        callback = _Callback()
        assert producer.send(Message(TOPIC, "a", b"4"), mq=target, callback=callback) is None
        assert callback.done.wait(10) and callback.result.get_message_queue().get_queue_id() == 2
        future = producer.send_async(Message(TOPIC, "a", b"5"), selector=lambda mqs, msg, arg: mqs[0], arg=None)
        assert future.result(10).get_message_queue().get_queue_id() == 0
        batch = producer.send([Message(TOPIC, "a", b"6"), Message(TOPIC, "a", b"7")], mq=target)
        assert batch.get_send_status() == SendStatus.SEND_OK


def test_bad_keyword_forms_are_refused() -> None:
    producer = DefaultMQProducer("keyword_refused_group")
    msg = Message(TOPIC, "a", b"x")
    queue = MessageQueue(TOPIC, "broker-a", 0)
    with pytest.raises(TypeError, match="not both"):
        producer.send(msg, 3000, timeout=3000)
    with pytest.raises(TypeError, match="mq or selector, not both"):
        producer.send(msg, mq=queue, selector=lambda mqs, m, arg: mqs[0])
    with pytest.raises(TypeError, match="pass selector= too"):
        producer.send(msg, arg=1)
    with pytest.raises(TypeError, match="unexpected keyword argument 'timout'"):
        producer.send(msg, timout=1)
    with pytest.raises(TypeError, match="send_async.*'callback'"):
        producer.send_async(msg, callback=_Callback())
    with pytest.raises(TypeError, match="timeout in milliseconds"):
        producer.request(msg, mq=queue)
