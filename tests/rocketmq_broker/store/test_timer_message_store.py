"""The timer wheel (5.3.3's delay by any time) of the embedded broker: delay by seconds, milliseconds and deliver
time, never early and within 2 s late, in time order; delay levels unchanged; Java's errors for bad input; the
deletion marker; the brokerStatus figures; and no loss across a kill -9 of a broker subprocess."""
from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Dict, List

import pytest

from broker_process_support import start_broker as start_broker_process
from broker_support import RawClient, decode_messages, pull_request, send_request
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_broker.processor.admin_broker_processor import AdminBrokerProcessor
from rocketmq_broker.store.timer.timer_message_store import TimerMessageStore
from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.transaction_listener import TransactionListener
from rocketmq_client.producer.transaction_mq_producer import TransactionMQProducer
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.protocol.response_code import ResponseCode
from store_reading import stored_messages
from waiting import wait_for

pytestmark = pytest.mark.timeout(90)

_ids = itertools.count()
TIMER_TOPIC = TimerMessageStore.TIMER_TOPIC
LATE_MS = 2000


def now_ms() -> int:
    return int(time.time() * 1000)


@pytest.fixture
def producer(embedded_cluster: EmbeddedCluster):
    p = DefaultMQProducer("PG_timer_%d" % next(_ids))
    p.set_namesrv_addr(embedded_cluster.namesrv_addr)
    p.start()
    yield p
    p.shutdown()


def delivered(cluster: EmbeddedCluster, topic: str, count: int, timeout: float = 15.0) -> List[MessageExt]:
    return wait_for(lambda: (lambda found: found if len(found) >= count else None)(
        stored_messages(cluster.broker_controller, topic)), timeout, "%d messages in %s" % (count, topic))


def assert_on_time(msg: MessageExt, earliest_ms: int, sent_by_ms: int) -> None:
    """Stored in the real topic no earlier than asked and at most LATE_MS late (broker timestamps)."""
    assert msg.store_timestamp >= earliest_ms, (msg.get_body(), msg.store_timestamp - earliest_ms)
    assert msg.store_timestamp <= sent_by_ms + LATE_MS, (msg.get_body(), msg.store_timestamp - sent_by_ms)


def test_delay_sec_ms_and_deliver_time(embedded_cluster: EmbeddedCluster, producer: DefaultMQProducer) -> None:
    embedded_cluster.create_topic("TopicTimer")
    by_sec, by_ms, at_time = Message("TopicTimer", b"sec"), Message("TopicTimer", b"ms"), Message("TopicTimer", b"at")
    by_sec.set_delay_time_sec(2)
    by_ms.set_delay_time_ms(1500)
    start = now_ms()
    at_time.set_deliver_time_ms(start + 2500)
    assert (by_sec.get_delay_time_sec(), by_ms.get_delay_time_ms()) == (2, 1500)
    assert at_time.get_deliver_time_ms() == start + 2500
    sent = {}
    for msg, delay in ((by_sec, 2000), (by_ms, 1500), (at_time, 2500)):
        begin = now_ms()
        producer.send(msg)
        sent[msg.get_body()] = (begin + delay, now_ms() + delay)
    sent[b"at"] = (start + 2500, start + 2500)
    pending = stored_messages(embedded_cluster.broker_controller, TIMER_TOPIC)
    assert {m.get_body() for m in pending} == {b"sec", b"ms", b"at"}
    assert all(m.get_property(MessageConst.PROPERTY_REAL_TOPIC) == "TopicTimer" for m in pending)
    assert stored_messages(embedded_cluster.broker_controller, "TopicTimer") == []
    for msg in delivered(embedded_cluster, "TopicTimer", 3):
        assert_on_time(msg, *sent[msg.get_body()])
        assert msg.get_property(MessageConst.PROPERTY_TIMER_OUT_MS) is not None
        assert msg.get_property(MessageConst.PROPERTY_TIMER_DEQUEUE_MS) is not None


def test_many_timers_are_delivered_in_time_order(embedded_cluster: EmbeddedCluster,
                                                 producer: DefaultMQProducer) -> None:
    embedded_cluster.create_topic("TopicTimerOrder")
    delays = [3, 1, 4, 2, 1, 3]
    begin = now_ms()
    for n, delay in enumerate(delays):
        msg = Message("TopicTimerOrder", b"%d-%d" % (delay, n))
        msg.set_delay_time_sec(delay)
        producer.send(msg)
    sent_by = now_ms()
    got = sorted(delivered(embedded_cluster, "TopicTimerOrder", len(delays)), key=lambda m: m.store_timestamp)
    assert [int(m.get_body().split(b"-")[0]) for m in got] == sorted(delays)
    for m in got:
        delay_ms = int(m.get_body().split(b"-")[0]) * 1000
        assert_on_time(m, begin + delay_ms, sent_by + delay_ms)


def test_a_restart_neither_loses_nor_repeats_timer_messages(embedded_cluster: EmbeddedCluster,
                                                             producer: DefaultMQProducer) -> None:
    embedded_cluster.create_topic("TopicRestart")
    begin = now_ms()
    for body, delay in ((b"early", 1), (b"late", 4)):
        msg = Message("TopicRestart", body)
        msg.set_delay_time_sec(delay)
        producer.send(msg)
    sent_by = now_ms()
    assert [m.get_body() for m in delivered(embedded_cluster, "TopicRestart", 1)] == [b"early"]
    assert now_ms() < begin + 4000, "too slow to restart before the second is due"
    controller = embedded_cluster.restart_broker(0)
    timer = controller.get_timer_message_store()
    assert timer.get_all_congest_num() == 1  # "late" pending again, "early" known as delivered
    got = delivered(embedded_cluster, "TopicRestart", 2)
    wait_for(lambda: timer.get_all_congest_num() == 0, 5, "the wheel empty")
    assert sorted(m.get_body() for m in stored_messages(controller, "TopicRestart")) == [b"early", b"late"]
    assert_on_time([m for m in got if m.get_body() == b"late"][0], begin + 4000, sent_by + 4000)


def test_delay_level_still_works_and_wins_over_a_timer(embedded_cluster: EmbeddedCluster,
                                                       producer: DefaultMQProducer) -> None:
    embedded_cluster.create_topic("TopicLevel")
    both = Message("TopicLevel", b"both")
    both.set_delay_time_level(1)
    both.set_delay_time_sec(60)  # Java: the level wins, the timer properties are cleared
    begin = now_ms()
    producer.send(both)
    (msg,) = delivered(embedded_cluster, "TopicLevel", 1)
    assert_on_time(msg, begin + 1000, now_ms() + 1000)
    assert msg.get_property(MessageConst.PROPERTY_TIMER_DELAY_SEC) is None
    assert stored_messages(embedded_cluster.broker_controller, TIMER_TOPIC) == []


def test_a_past_or_negative_delay_is_delivered_at_once(embedded_cluster: EmbeddedCluster,
                                                       producer: DefaultMQProducer) -> None:
    embedded_cluster.create_topic("TopicPast")
    negative = Message("TopicPast", b"negative")
    negative.set_delay_time_sec(-5)
    past = Message("TopicPast", b"past")
    past.set_deliver_time_ms(now_ms() - 60000)
    producer.send(negative)
    producer.send(past)
    assert {m.get_body() for m in stored_messages(embedded_cluster.broker_controller, "TopicPast")} == \
        {b"negative", b"past"}


def test_beyond_the_max_delay_or_not_a_number_is_refused(embedded_cluster: EmbeddedCluster,
                                                         producer: DefaultMQProducer) -> None:
    embedded_cluster.create_topic("TopicBad")
    too_far = Message("TopicBad", b"far")
    too_far.set_delay_time_sec(3 * 24 * 3600 + 10)
    not_a_number = Message("TopicBad", b"nan")
    not_a_number.put_property(MessageConst.PROPERTY_TIMER_DELIVER_MS, "soon")
    for msg in (too_far, not_a_number):
        with pytest.raises(MQBrokerException) as info:
            producer.send(msg)
        assert info.value.get_response_code() == ResponseCode.MESSAGE_ILLEGAL
        assert info.value.get_error_message() == (
            "timer message illegal, the delay time should not be bigger than the max delay 259200000ms; or if set "
            "del msg, the delay time should be bigger than the current time")


@pytest.mark.embedded_cluster(message_store_config={"timer_wheel_enable": False})
def test_timer_refused_when_the_wheel_is_off(embedded_cluster: EmbeddedCluster,
                                             producer: DefaultMQProducer) -> None:
    assert embedded_cluster.broker_controller.get_timer_message_store() is None
    embedded_cluster.create_topic("TopicOff")
    msg = Message("TopicOff", b"x")
    msg.set_delay_time_sec(1)
    with pytest.raises(MQClientException) as info:  # SYSTEM_ERROR is retried, then raised as in Java
        producer.send(msg)
    assert info.value.get_response_code() == ResponseCode.SYSTEM_ERROR
    cause = info.value.__cause__
    assert isinstance(cause, MQBrokerException)
    assert cause.get_error_message() == "accurate timer message is not enabled, timerWheelEnable is false"


class Committing(TransactionListener):
    def execute_local_transaction(self, msg: Message, arg: object) -> LocalTransactionState:
        return LocalTransactionState.COMMIT_MESSAGE

    def check_local_transaction(self, msg: MessageExt) -> LocalTransactionState:
        return LocalTransactionState.COMMIT_MESSAGE


def test_a_timer_on_a_transaction_message_counts_from_the_commit(embedded_cluster: EmbeddedCluster) -> None:
    embedded_cluster.create_topic("TopicTxTimer")
    producer = TransactionMQProducer("PG_tx_timer_%d" % next(_ids))
    producer.set_namesrv_addr(embedded_cluster.namesrv_addr)
    producer.set_transaction_listener(Committing())
    producer.start()
    try:
        msg = Message("TopicTxTimer", b"tx")
        msg.set_delay_time_sec(2)
        begin = now_ms()
        producer.send_message_in_transaction(msg, None)
        sent_by = now_ms()
    finally:
        producer.shutdown()
    # the half message keeps its timer properties (Java 5.3.3 converts it too and loses its topic); the commit is
    # converted, so the delay counts from the commit
    (timer_msg,) = stored_messages(embedded_cluster.broker_controller, TIMER_TOPIC)
    assert timer_msg.get_property(MessageConst.PROPERTY_REAL_TOPIC) == "TopicTxTimer"
    (msg_ext,) = delivered(embedded_cluster, "TopicTxTimer", 1)
    assert_on_time(msg_ext, begin + 2000, sent_by + 2000)


@pytest.mark.embedded_cluster(message_store_config={"timer_congest_num_each_slot": 1})
def test_a_congested_slot_is_under_flow_control(embedded_cluster: EmbeddedCluster,
                                                producer: DefaultMQProducer) -> None:
    embedded_cluster.create_topic("TopicCongest")
    deliver_at = now_ms() + 30000
    for n in range(2):  # up to timerCongestNumEachSlot, then at random below twice it, then always refused
        msg = Message("TopicCongest", b"%d" % n)
        msg.set_deliver_time_ms(deliver_at)
        producer.send(msg)
    msg = Message("TopicCongest", b"refused")
    msg.set_deliver_time_ms(deliver_at)
    with pytest.raises(MQClientException) as info:
        producer.send(msg)
    assert info.value.get_response_code() == ResponseCode.SYSTEM_ERROR
    assert isinstance(info.value.__cause__, MQBrokerException)
    assert info.value.__cause__.get_error_message() == (
        "timer message is under flow control, max num limit is 2 or the current value is greater than 1 and less "
        "than 2, trigger random flow control")


def put_timer_message(cluster: EmbeddedCluster, topic: str, body: bytes, properties: Dict[str, str]) -> None:
    """A message put straight into the broker's store, as the recall processor puts its deletion marker."""
    controller = cluster.broker_controller
    msg = MessageExtBrokerInner()
    msg.topic = topic
    msg.body = body
    msg.born_host = ("127.0.0.1", 50000)
    msg.store_host = controller.get_store_host()
    msg.born_timestamp = now_ms()
    msg.properties = dict(properties)
    msg.properties_string = MessageDecoder.message_properties2string(msg.properties)
    assert controller.get_message_store().put_message(msg).is_ok()


def test_a_deletion_marker_put_through_the_store_cancels_its_message(embedded_cluster: EmbeddedCluster) -> None:
    deliver_at = str(now_ms() + 1500)
    for key in ("kept", "recalled"):
        put_timer_message(embedded_cluster, "TopicRecall", key.encode(), {
            MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX: key,
            MessageConst.PROPERTY_TIMER_DELIVER_MS: deliver_at})
    put_timer_message(embedded_cluster, "TopicRecall", b"marker", {
        MessageConst.PROPERTY_TIMER_DEL_UNIQKEY: TimerMessageStore.build_delete_key("TopicRecall", "recalled"),
        MessageConst.PROPERTY_TIMER_DELIVER_MS: deliver_at})
    assert len(stored_messages(embedded_cluster.broker_controller, TIMER_TOPIC)) == 3
    timer = embedded_cluster.broker_controller.get_timer_message_store()
    info = AdminBrokerProcessor(embedded_cluster.broker_controller).prepare_runtime_info()
    assert info["timerCongestNum"] == "3" and info["timerOffsetBehind"] == "0"
    assert {"timerReadBehind", "timerEnqueueTps", "timerDequeueTps"} <= set(info)
    # the three share one slot: once "kept" is delivered, the slot has been read
    (msg,) = delivered(embedded_cluster, "TopicRecall", 1)
    assert msg.get_body() == b"kept"
    wait_for(lambda: timer.get_all_congest_num() == 0, 5, "the slot read")
    assert [m.get_body() for m in stored_messages(embedded_cluster.broker_controller, "TopicRecall")] == [b"kept"]


def test_a_deletion_marker_for_the_past_is_refused(embedded_cluster: EmbeddedCluster) -> None:
    controller = embedded_cluster.broker_controller
    msg = MessageExtBrokerInner()
    msg.topic = "TopicRecall"
    msg.body = b"marker"
    msg.born_host = ("127.0.0.1", 50000)
    msg.store_host = controller.get_store_host()
    msg.properties = {MessageConst.PROPERTY_TIMER_DEL_UNIQKEY: "TopicRecall+x",
                      MessageConst.PROPERTY_TIMER_DELIVER_MS: str(now_ms() - 1000)}
    result = controller.get_message_store().put_message(msg)
    assert result.put_message_status.name == "WHEEL_TIMER_MSG_ILLEGAL"


def test_timer_messages_survive_a_kill_9(tmp_path: Path) -> None:
    store = tmp_path / "store"
    broker, addr = start_broker_process(tmp_path, store)
    sent: Dict[bytes, int] = {}
    try:
        client = RawClient(addr)
        try:
            for n, delay_ms in enumerate((2500, 3000, 3500, 4000, 6000)):
                body = b"m%d" % n
                sent[body] = now_ms() + delay_ms
                response = client.request(send_request("TopicKill", body, {
                    "WAIT": "true", MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX: "u%d" % n,
                    MessageConst.PROPERTY_TIMER_DELAY_MS: str(delay_ms)}))
                assert response.code == ResponseCode.SUCCESS, response.remark
        finally:
            client.close()
    finally:
        broker.kill()  # SIGKILL, before any is due
    assert min(sent.values()) > now_ms()
    broker, addr = start_broker_process(tmp_path, store)
    try:
        client = RawClient(addr)
        try:
            got: Dict[bytes, MessageExt] = {}

            def pull_all() -> bool:
                for queue_id in range(4):
                    offset = 0
                    while True:
                        response = client.request(pull_request("GK", "TopicKill", queue_id, offset))
                        if response.code != ResponseCode.SUCCESS:
                            break
                        msgs = decode_messages(response.body)
                        for m in msgs:
                            got[m.get_body()] = m
                        offset += len(msgs)
                return set(got) >= set(sent)

            wait_for(pull_all, 20, "every timer message delivered after the restart", interval=0.2)
        finally:
            client.close()
    finally:
        broker.stop()
    for body, due in sent.items():
        assert got[body].store_timestamp >= due, body
