"""A consumer offset reset (``MQClientInstance.reset_offset``, what the broker's ``resetOffsetByTime`` asks of a
running group) is not lost to the periodic persist racing it: a persist that read a queue's offset before the
reset cannot send it after the reset's own persist (Java 4.9.7 and 5.3.3 can). The race is made certain: the
racing persist holds on after reading until the reset is done (or, once the lock keeps them apart, a deadline)."""
from __future__ import annotations

import threading
import time

import pytest
from waiting import wait_for

from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.store.remote_broker_offset_store import RemoteBrokerOffsetStore
from rocketmq_client.impl.factory import mq_client_instance
from rocketmq_common.message.message import Message

pytestmark = pytest.mark.timeout(60)


class _NoResetPause:
    """The ``time`` module of mq_client_instance without reset_offset's 10 s pause (Java's Thread.sleep)."""

    def __getattr__(self, name):
        return getattr(time, name)

    @staticmethod
    def sleep(seconds: float) -> None:
        pass


def test_periodic_persist_racing_a_reset_does_not_undo_it(monkeypatch, new_producer, new_consumer, push_topic):
    monkeypatch.setattr(mq_client_instance, "time", _NoResetPause())
    producer = new_producer()
    for i in range(8):
        producer.send(Message(push_topic, b"m%d" % i))
    consumed = []  # (queue id, queue offset) of every message consumed

    def listener(msgs, context):
        consumed.extend((m.get_queue_id(), m.get_queue_offset()) for m in msgs)
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer = new_consumer(None, listener)
    impl = consumer.get_default_mq_push_consumer_impl()
    store = impl.get_offset_store()
    assert isinstance(store, RemoteBrokerOffsetStore)
    mq = wait_for(lambda: next((q for q, offset in store.offset_table.items() if offset > 0), None), 20,
                  "a consumed queue")
    old = store.offset_table.get(mq)

    read = threading.Event()
    reset_done = threading.Event()
    send = store.update_consume_offset_to_broker

    def racing_send(queue, offset, is_oneway=True):
        if threading.current_thread().name == "racing-persist" and queue == mq:
            read.set()
            reset_done.wait(3)  # the reset runs now, or (fixed) waits for this send
        send(queue, offset, is_oneway)

    remove_offset = store.remove_offset

    def removing(queue):
        remove_offset(queue)
        if queue == mq:
            reset_done.set()  # the reset stored, persisted and removed the new offset

    monkeypatch.setattr(store, "update_consume_offset_to_broker", racing_send)
    monkeypatch.setattr(store, "remove_offset", removing)
    racer = threading.Thread(target=store.persist_all, args=({mq},), name="racing-persist")
    racer.start()
    assert read.wait(10)

    resetter = threading.Thread(target=impl.mq_client_factory.reset_offset, name="reset",
                                args=(mq.get_topic(), impl.group_name(), {mq: 0}))
    resetter.start()
    racer.join(10)
    resetter.join(10)
    assert not racer.is_alive() and not resetter.is_alive()
    assert old > 0
    # the recreated queue pulls from the reset offset: its first message is consumed again
    wait_for(lambda: consumed.count((mq.get_queue_id(), 0)) >= 2, 30, "the queue consumed again from offset 0")
