"""Failed consumption against the embedded cluster (delay levels of 1 s): RECONSUME_LATER and exceptions are
redelivered through the group's retry topic with reconsumeTimes + 1 and end in the DLQ after maxReconsumeTimes;
the ackIndex of a batch; the send-back fallback through the inner producer; broadcasting drops failures."""
from __future__ import annotations

import pytest

from client_support import Recorder, stored_messages, wait_for
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.impl.mq_client_api_impl import MQClientAPIImpl
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_remoting.exception import RemotingConnectException

FAST_DELAYS = {"message_delay_level": " ".join(["1s"] * 18)}

LATER = ConsumeConcurrentlyStatus.RECONSUME_LATER
OK = ConsumeConcurrentlyStatus.CONSUME_SUCCESS


@pytest.mark.embedded_cluster(message_store_config=FAST_DELAYS)
def test_reconsume_later_then_dlq(embedded_cluster: EmbeddedCluster, new_producer, new_consumer,
                                  push_topic) -> None:
    producer = new_producer()
    producer.send(Message(push_topic, "TagA", b"poison"))
    producer.send(Message(push_topic, "TagA", b"fine"))
    recorder = Recorder(lambda msg: LATER if msg.get_body() == b"poison" else OK)
    consumer = new_consumer("RetryGroup", recorder, max_reconsume_times=2)
    group = consumer.get_consumer_group()
    dlq = MixAll.get_dlq_topic(group)
    wait_for(lambda: stored_messages(embedded_cluster.broker_controller, dlq) if
             embedded_cluster.broker_controller.get_topic_config_manager().select_topic_config(dlq) else None,
             30, "the poison message in the DLQ")
    poison = [m for m in recorder.msgs if m.get_body() == b"poison"]
    # first delivery, then one redelivery per failure until maxReconsumeTimes (2)
    assert [m.get_reconsume_times() for m in poison] == [0, 1, 2]
    for msg in poison:
        assert msg.get_topic() == push_topic  # the retry topic is reset to the original one
    assert poison[1].get_property(MessageConst.PROPERTY_RETRY_TOPIC) == push_topic
    assert [m.get_body() for m in recorder.msgs].count(b"fine") == 1
    dead = stored_messages(embedded_cluster.broker_controller, dlq)
    assert [m.get_body() for m in dead] == [b"poison"]
    assert dead[0].get_property(MessageConst.PROPERTY_RETRY_TOPIC) == push_topic
    # the failed message did not hold the offset back: every message of the original topic is consumed
    store = consumer.get_offset_store()
    wait_for(lambda: sum(store.clone_offset_table(push_topic).values()) == 2, 10, "the consumed offsets")
    consumer.shutdown()
    offsets = embedded_cluster.broker_controller.get_consumer_offset_manager().query_offset_table(group, push_topic)
    assert sum(offsets.values()) == 2


@pytest.mark.embedded_cluster(message_store_config=FAST_DELAYS)
def test_exception_and_none_are_reconsume_later(new_producer, new_consumer, push_topic) -> None:
    calls = {}

    def decide(msg):
        seen = calls[msg.get_body()] = calls.get(msg.get_body(), 0) + 1
        if seen == 1:
            if msg.get_body() == b"raise":
                raise RuntimeError("listener failure")
            return "not a status"
        return OK

    recorder = Recorder(decide)
    producer = new_producer()
    producer.send(Message(push_topic, "TagA", b"raise"))
    producer.send(Message(push_topic, "TagA", b"odd"))
    new_consumer(None, recorder)
    wait_for(lambda: calls.get(b"raise", 0) >= 2 and calls.get(b"odd", 0) >= 2, 30, "both redelivered")
    again = [m for m in recorder.msgs if m.get_reconsume_times() == 1]
    assert sorted(m.get_body() for m in again) == [b"odd", b"raise"]


@pytest.mark.embedded_cluster(message_store_config=FAST_DELAYS)
def test_ack_index_sends_back_the_rest_of_a_batch(embedded_cluster: EmbeddedCluster, new_producer,
                                                  new_consumer, push_topic) -> None:
    producer = new_producer()
    for i in range(6):
        producer.send(Message(push_topic, "TagA", b"ack %d" % i),
                      embedded_cluster_queue(push_topic, 0))
    batches = []

    def listener(msgs, context):
        batches.append([m.get_body() for m in msgs])
        if len(msgs) > 1:
            context.set_ack_index(1)  # the first two succeed, the rest comes back
        return OK

    new_consumer(None, listener, consume_message_batch_max_size=6)
    wait_for(lambda: sum(len(b) for b in batches) >= 10, 30, "the redelivered tail of the batch")
    assert batches[0] == [b"ack %d" % i for i in range(6)]
    redelivered = sorted(body for batch in batches[1:] for body in batch)
    assert redelivered == [b"ack 2", b"ack 3", b"ack 4", b"ack 5"]


def embedded_cluster_queue(topic: str, queue_id: int):
    from rocketmq_common.message.message_queue import MessageQueue
    return MessageQueue(topic, "broker-a", queue_id)


@pytest.mark.embedded_cluster(message_store_config=FAST_DELAYS)
def test_send_back_falls_back_to_the_retry_topic(monkeypatch, embedded_cluster: EmbeddedCluster, new_producer,
                                                 new_consumer, push_topic) -> None:
    refused = []

    def refuse(self, addr, broker_name, msg, group, delay_level, timeout_millis, max_consume_retry_times):
        refused.append((addr, broker_name, msg.get_topic(), group, delay_level, max_consume_retry_times))
        raise RemotingConnectException(addr)

    monkeypatch.setattr(MQClientAPIImpl, "consumer_send_message_back", refuse)
    new_producer().send(Message(push_topic, "TagA", b"fallback"))
    recorder = Recorder(lambda msg: LATER if msg.get_reconsume_times() == 0 else OK)
    consumer = new_consumer("FallbackGroup", recorder, max_reconsume_times=5)
    wait_for(lambda: len(recorder.msgs) >= 2, 30, "the redelivery through the retry topic")
    first, second = recorder.msgs[:2]
    assert refused[0][1:] == ("broker-a", push_topic, "FallbackGroup", 0, 5)
    assert refused[0][0] == embedded_cluster.broker_addr
    # the copy went to %RETRY%group with RETRY_TOPIC, RECONSUME_TIME + 1 and MAX_RECONSUME_TIMES; Java sets
    # ORIGIN_MESSAGE_ID before replacing the copy's properties with the message's, so it is lost there too
    retry = stored_messages(embedded_cluster.broker_controller, MixAll.get_retry_topic("FallbackGroup"))
    assert [m.get_body() for m in retry] == [b"fallback"]
    assert retry[0].get_property(MessageConst.PROPERTY_RETRY_TOPIC) == push_topic
    assert retry[0].get_property(MessageConst.PROPERTY_RECONSUME_TIME) == "1"
    assert retry[0].get_property(MessageConst.PROPERTY_MAX_RECONSUME_TIMES) == "5"
    assert retry[0].get_property(MessageConst.PROPERTY_ORIGIN_MESSAGE_ID) is None
    assert retry[0].get_property(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX) == first.get_msg_id()
    assert second.get_body() == b"fallback" and second.get_topic() == push_topic
    assert second.get_reconsume_times() == 1
    assert consumer.get_consumer_group() == "FallbackGroup"


def test_broadcasting_drops_failed_messages(tmp_path, monkeypatch, new_producer, new_consumer,
                                            push_topic) -> None:
    monkeypatch.setenv("ROCKETMQ_CLIENT_LOCAL_OFFSET_STORE_DIR", str(tmp_path))
    sent_back = []
    monkeypatch.setattr(MQClientAPIImpl, "consumer_send_message_back",
                        lambda self, *args: sent_back.append(args))
    recorder = Recorder(lambda msg: LATER)
    consumer = new_consumer(None, recorder, message_model=MessageModel.BROADCASTING)
    new_producer().send(Message(push_topic, "TagA", b"dropped"))
    recorder.wait_count(1)
    store = consumer.get_offset_store()
    wait_for(lambda: sum(store.clone_offset_table(push_topic).values()) == 1, 10, "the offset past the message")
    assert sent_back == []
    assert len(recorder.msgs) == 1
