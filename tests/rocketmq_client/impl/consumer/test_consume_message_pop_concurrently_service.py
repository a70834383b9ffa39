"""ConsumeMessagePopConcurrentlyService (Java 5.3.3) and PopProcessQueue: what a popped batch's listener result
does (ack, change of invisible time by delay level or by age), batches whose invisible time ran out, dropped queues,
the split into ``consumeMessageBatchMaxSize`` batches; the counter of messages waiting for their ack."""
from __future__ import annotations

import threading
import time
from typing import Any, List, Tuple

import pytest

from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.message_listener import MessageListenerConcurrently
from rocketmq_client.impl.consumer.consume_message_pop_concurrently_service import (
    ConsumeMessagePopConcurrentlyService, ConsumeRequest)
from rocketmq_client.impl.consumer.pop_process_queue import PopProcessQueue
from rocketmq_client.stat.consumer_stats_manager import ConsumerStatsManager
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.body.cm_result import CMResult
from rocketmq_common.protocol.body.pop_process_queue_info import PopProcessQueueInfo
from rocketmq_common.protocol.header.extra_info_util import ExtraInfoUtil

pytestmark = pytest.mark.timeout(30)

MQ = MessageQueue("PopTopic", "broker-a", 1)


def now_ms() -> int:
    return int(time.time() * 1000)


def popped(offset: int, reconsume_times: int = 0, pop_time: int = 0, invisible_time: int = 60000,
           born_timestamp: int = 0) -> MessageExt:
    """A message as MQClientAPIImpl hands it over after a pop: topic, queue, offset and its POP_CK handle."""
    msg = MessageExt()
    msg.set_topic(MQ.get_topic())
    msg.set_queue_id(MQ.get_queue_id())
    msg.set_queue_offset(offset)
    msg.set_body(b"m%d" % offset)
    msg.set_reconsume_times(reconsume_times)
    msg.set_born_timestamp(born_timestamp or now_ms())
    msg.put_property(MessageConst.PROPERTY_POP_CK, ExtraInfoUtil.build_extra_info(
        offset, pop_time or now_ms(), invisible_time, 0, MQ.get_topic(), MQ.get_broker_name(), MQ.get_queue_id(),
        offset))
    return msg


class Listener(MessageListenerConcurrently):
    def __init__(self, status: Any = ConsumeConcurrentlyStatus.CONSUME_SUCCESS, ack_index: int = -2) -> None:
        self.status = status
        self.ack_index = ack_index
        self.batches: List[List[bytes]] = []
        self.cond = threading.Condition()

    def consume_message(self, msgs: List[MessageExt], context: Any) -> Any:
        with self.cond:
            self.batches.append([m.get_body() for m in msgs])
            self.cond.notify_all()
        if self.ack_index != -2:
            context.set_ack_index(self.ack_index)
        if isinstance(self.status, Exception):
            raise self.status
        return self.status


@pytest.fixture
def service_for():
    made: List[ConsumeMessagePopConcurrentlyService] = []

    def make(listener: Listener, **config: Any) -> Tuple[ConsumeMessagePopConcurrentlyService, list, list]:
        consumer = DefaultMQPushConsumer("PopGroup", **config)
        impl = consumer.get_default_mq_push_consumer_impl()
        acked: list = []
        changed: list = []
        impl.ack_async = lambda msg, group: acked.append(msg.get_body())
        impl.change_pop_invisible_time_async = \
            lambda topic, group, extra_info, invisible_time, callback: changed.append((extra_info, invisible_time))
        stats = ConsumerStatsManager()
        impl.get_consumer_stats_manager = lambda: stats
        service = ConsumeMessagePopConcurrentlyService(impl, listener)
        made.append(service)
        return service, acked, changed

    yield make
    for service in made:
        service.shutdown(1000)


def run(service: ConsumeMessagePopConcurrentlyService, msgs: List[MessageExt]) -> PopProcessQueue:
    pq = PopProcessQueue()
    pq.inc_found_msg(len(msgs))
    ConsumeRequest(service, msgs, pq, MQ).run()
    return pq


def test_consumed_messages_are_acked(service_for) -> None:
    service, acked, changed = service_for(Listener(), consume_message_batch_max_size=4)
    pq = run(service, [popped(1), popped(2), popped(3)])
    assert acked == [b"m1", b"m2", b"m3"] and changed == []
    assert pq.get_wai_ack_msg_count() == 0


def test_reconsume_later_changes_the_invisible_time_by_the_pop_delay_level(service_for) -> None:
    service, acked, changed = service_for(Listener(ConsumeConcurrentlyStatus.RECONSUME_LATER),
                                          consume_message_batch_max_size=4)
    msgs = [popped(1), popped(2, reconsume_times=2), popped(3, reconsume_times=40)]
    pq = run(service, msgs[:2])
    # delay level 0: the reconsume times are the level; popDelayLevel = 10s 30s 1m ...; past the table: 2h
    assert acked == [] and changed == [(msgs[0].get_property("POP_CK"), 10000),
                                       (msgs[1].get_property("POP_CK"), 60000)]
    assert pq.get_wai_ack_msg_count() == 0


def test_exception_and_none_are_reconsume_later(service_for) -> None:
    for status in (RuntimeError("listener failed"), None):
        service, acked, changed = service_for(Listener(status))
        run(service, [popped(7)])
        assert acked == [] and [t for _, t in changed] == [10000]


def test_the_ack_index_splits_a_batch(service_for) -> None:
    service, acked, changed = service_for(Listener(ack_index=0), consume_message_batch_max_size=3)
    msgs = [popped(1), popped(2), popped(3)]
    run(service, msgs)
    assert acked == [b"m1"] and [e for e, _ in changed] == [m.get_property("POP_CK") for m in msgs[1:]]


def test_past_max_reconsume_times_old_messages_are_acked_young_ones_delayed_by_age(service_for) -> None:
    service, acked, changed = service_for(Listener(ConsumeConcurrentlyStatus.RECONSUME_LATER), max_reconsume_times=2)
    old = popped(1, reconsume_times=2, born_timestamp=now_ms() - 7200 * 1000 * 2 - 60000)
    young = popped(2, reconsume_times=2, born_timestamp=now_ms() - 100 * 1000)
    run(service, [old])
    run(service, [young])
    assert acked == [b"m1"]
    # Java's checkNeedAckOrDelay: the highest level the age (100 s) reached is 2 (60 s); one more: level 3, 120 s
    assert changed == [(young.get_property("POP_CK"), 120000)]


def test_a_batch_whose_invisible_time_ran_out_is_left_to_the_broker(service_for) -> None:
    listener = Listener()
    service, acked, changed = service_for(listener)
    pq = run(service, [popped(1, pop_time=now_ms() - 6000, invisible_time=5000)])
    assert listener.batches == [] and acked == [] and changed == []
    assert pq.get_wai_ack_msg_count() == 0


def test_a_dropped_queue_is_not_consumed(service_for) -> None:
    listener = Listener()
    service, acked, _ = service_for(listener)
    pq = PopProcessQueue()
    pq.set_dropped(True)
    ConsumeRequest(service, [popped(1)], pq, MQ).run()
    assert listener.batches == [] and acked == []


def test_submitted_messages_are_split_into_batches_on_the_pool(service_for) -> None:
    listener = Listener()
    service, acked, _ = service_for(listener, consume_message_batch_max_size=2, consume_thread_min=1,
                                    consume_thread_max=1)
    pq = PopProcessQueue()
    msgs = [popped(i) for i in range(5)]
    pq.inc_found_msg(len(msgs))
    service.submit_pop_consume_request(msgs, pq, MQ)
    with listener.cond:
        assert listener.cond.wait_for(lambda: len(listener.batches) == 3, 10)
    assert listener.batches == [[b"m0", b"m1"], [b"m2", b"m3"], [b"m4"]]
    with listener.cond:
        listener.cond.wait_for(lambda: len(acked) == 5, 10)
    assert sorted(acked) == sorted(m.get_body() for m in msgs)


def test_submit_consume_request_is_not_for_this_service(service_for) -> None:
    service, _, _ = service_for(Listener())
    with pytest.raises(NotImplementedError):
        service.submit_consume_request([popped(1)], None, MQ, True)  # type: ignore[arg-type]


def test_pop_process_queue_counts_the_messages_waiting_for_their_ack() -> None:
    pq = PopProcessQueue()
    pq.inc_found_msg(3)
    assert pq.ack() == 3 and pq.get_wai_ack_msg_count() == 2
    pq.dec_found_msg(-2)
    assert pq.get_wai_ack_msg_count() == 0
    info = PopProcessQueueInfo()
    pq.fill_pop_process_queue_info(info)
    assert info.wait_ack_count == 0 and not info.droped and info.last_pop_timestamp == pq.get_last_pop_timestamp()
    assert not pq.is_pull_expired()
    pq.set_last_pop_timestamp(now_ms() - PopProcessQueue.PULL_MAX_IDLE_TIME - 1000)
    assert pq.is_pull_expired()
    assert repr(pq).startswith("PopProcessQueue[waitAckCounter:0, lastPopTimestamp:")


def test_consume_message_directly(service_for) -> None:
    service, acked, _ = service_for(Listener(ConsumeConcurrentlyStatus.RECONSUME_LATER))
    result = service.consume_message_directly(popped(1), "broker-a")
    assert result.get_consume_result() is CMResult.CR_LATER and not result.is_order() and acked == []


def test_a_listener_slower_than_the_invisible_time_is_told_the_next_step(service_for, monkeypatch, caplog) -> None:
    """The invisible time runs out during the listener's call: Java's warning, nothing acked (the broker delivers
    the batch again), and here what that means and the next step."""
    import rocketmq_client.impl.consumer.consume_message_pop_concurrently_service as module
    clock = [now_ms()]
    monkeypatch.setattr(module, "_now_millis", lambda: clock[0])

    class Slow(Listener):
        def consume_message(self, msgs: List[MessageExt], context: Any) -> Any:
            clock[0] += 6000  # the listener "takes" longer than the batch's 5000 ms
            return super().consume_message(msgs, context)

    listener = Slow()
    service, acked, changed = service_for(listener)
    pq = run(service, [popped(1, pop_time=clock[0], invisible_time=5000)])
    assert listener.batches == [[b"m1"]] and acked == [] and changed == []
    assert pq.get_wai_ack_msg_count() == 0
    line, = [r for r in caplog.records if "popTimeout" in r.getMessage()]
    assert "isPopTimeout=True" in line.getMessage() and "pop_invisible_time of 5000 ms ran out" in line.getMessage()
    assert "raise set_pop_invisible_time" in line.getMessage() and line.exc_info is None


def test_a_dropped_queue_after_the_listener_gives_no_next_step(service_for, caplog) -> None:
    class Dropping(Listener):
        def consume_message(self, msgs: List[MessageExt], context: Any) -> Any:
            pq.set_dropped(True)
            return super().consume_message(msgs, context)

    service, acked, _ = service_for(Dropping())
    pq = PopProcessQueue()
    pq.inc_found_msg(1)
    ConsumeRequest(service, [popped(1)], pq, MQ).run()
    line, = [r for r in caplog.records if "popTimeout" in r.getMessage()]
    assert "isDropped=True" in line.getMessage() and "pop_invisible_time" not in line.getMessage() and acked == []
