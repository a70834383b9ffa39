"""Heartbeat v2 (5.3.3, ``use_heartbeat_v2``): the client sends its subscriptions only while the broker has not
confirmed its fingerprint, the embedded broker keeps them across heartbeats without them and says when a group's
fingerprint changed; the fingerprint ignores what differs between heartbeats of the same groups."""
from __future__ import annotations

import threading
from types import SimpleNamespace
from typing import List

import pytest

from client_support import wait_for
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.impl.mq_client_api_impl import MQClientAPIImpl
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.message.message import Message
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.consumer_data import ConsumerData
from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient

GROUP = "HeartbeatV2CG"


def _heartbeat(client_id: str, topics: List[str], fingerprint: int = 0, without_sub: bool = False,
               sub_version: int = 1) -> HeartbeatData:
    data = HeartbeatData(client_id=client_id, heartbeat_fingerprint=fingerprint, without_sub=without_sub)
    consumer = ConsumerData(group_name=GROUP, consume_type=ConsumeType.CONSUME_PASSIVELY)
    if not without_sub:
        for topic in topics:
            consumer.subscription_data_set.add(SubscriptionData(topic=topic, sub_string="*", sub_version=sub_version))
    data.consumer_data_set.add(consumer)
    return data


def test_fingerprint_ignores_client_id_sub_versions_and_the_v2_fields() -> None:
    one = _heartbeat("127.0.0.1@a", ["T1", "T2"], sub_version=1)
    other = _heartbeat("127.0.0.1@b", ["T2", "T1"], fingerprint=99, sub_version=2)
    assert one.compute_heartbeat_fingerprint() == other.compute_heartbeat_fingerprint() != 0
    assert _heartbeat("x", ["T1"]).compute_heartbeat_fingerprint() != one.compute_heartbeat_fingerprint()
    assert HeartbeatData.decode(other.encode()).compute_heartbeat_fingerprint() == one.compute_heartbeat_fingerprint()
    # the wire names of 5.3.3 (fastjson's for isWithoutSub)
    assert '"heartbeatFingerprint":99' in other.to_json() and '"withoutSub":false' in other.to_json()


def test_broker_keeps_the_subscriptions_of_a_heartbeat_without_them(embedded_cluster: EmbeddedCluster) -> None:
    manager = embedded_cluster.broker_controller.get_consumer_manager()
    with NettyRemotingClient() as client:
        def beat(data: HeartbeatData) -> RemotingCommand:
            request = RemotingCommand.create_request_command(RequestCode.HEART_BEAT, None)
            request.set_body(data.encode())
            response = client.invoke_sync(embedded_cluster.broker_addr, request, 3000)
            assert response.code == ResponseCode.SUCCESS and response.ext_fields is not None
            assert response.ext_fields[MixAll.IS_SUPPORT_HEART_BEAT_V2] == "true"
            return response

        def sub_change(response: RemotingCommand) -> str:
            return (response.ext_fields or {})[MixAll.IS_SUB_CHANGE]

        full = _heartbeat("127.0.0.1@v2", ["T1", "T2"])
        fingerprint = full.compute_heartbeat_fingerprint()
        full.set_heartbeat_fingerprint(fingerprint)
        assert sub_change(beat(full)) == "false"  # the group's first fingerprint
        assert sub_change(beat(_heartbeat("127.0.0.1@v2", [], fingerprint, without_sub=True))) == "false"
        assert manager.find_subscription_data(GROUP, "T1") is not None
        assert manager.find_subscription_data_count(GROUP) == 2
        assert manager.find_channel(GROUP, "127.0.0.1@v2") is not None
        # another fingerprint for the group: a change, and the client sends everything again
        changed = _heartbeat("127.0.0.1@v2", ["T1"])
        changed.set_heartbeat_fingerprint(changed.compute_heartbeat_fingerprint())
        assert sub_change(beat(changed)) == "true"
        assert manager.find_subscription_data_count(GROUP) == 1
        # a v1 heartbeat (fingerprint 0) replaces the subscriptions and counts as a change
        assert sub_change(beat(_heartbeat("127.0.0.1@v2", ["T3"]))) == "true"
        assert manager.find_subscription_data(GROUP, "T3") is not None


@pytest.fixture
def recorded_consumer(embedded_cluster: EmbeddedCluster, monkeypatch):
    """A started push consumer with heartbeat v2 on, recording whether each heartbeat it sent left the
    subscriptions out."""
    embedded_cluster.create_topic("HeartbeatV2T1", 2)
    embedded_cluster.create_topic("HeartbeatV2T2", 2)
    consumer = DefaultMQPushConsumer(GROUP, namesrv_addr=embedded_cluster.namesrv_addr, use_heartbeat_v2=True)
    consumer.subscribe("HeartbeatV2T1", "*")
    received: List[bytes] = []
    lock = threading.Lock()

    def listener(msgs, context):
        with lock:
            received.extend(m.get_body() for m in msgs)
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer.register_message_listener(listener)
    sent: List[bool] = []
    real = MQClientAPIImpl.send_heartbeat_v2

    def recording(self, addr, heartbeat_data, timeout_millis):
        sent.append(heartbeat_data.is_without_sub())
        return real(self, addr, heartbeat_data, timeout_millis)

    monkeypatch.setattr(MQClientAPIImpl, "send_heartbeat_v2", recording)
    consumer.start()
    try:
        yield SimpleNamespace(consumer=consumer, received=received, sent=sent,
                              factory=consumer.get_default_mq_push_consumer_impl().get_mq_client_factory())
    finally:
        consumer.shutdown()


def test_client_leaves_the_subscriptions_out_once_the_broker_has_them(
        embedded_cluster: EmbeddedCluster, recorded_consumer: SimpleNamespace) -> None:
    manager = embedded_cluster.broker_controller.get_consumer_manager()
    factory, sent = recorded_consumer.factory, recorded_consumer.sent
    wait_for(lambda: manager.find_subscription_data(GROUP, "HeartbeatV2T1") is not None, 10, "the subscription")
    factory.send_heartbeat_to_all_broker_with_lock()

    def beat(is_rebalance: bool, without_sub: bool) -> bool:
        """A heartbeat sent (not refused for another one holding the lock) that was ``without_sub``."""
        count = len(sent)
        return factory.send_heartbeat_to_all_broker_with_lock_v2(is_rebalance) and sent[count:][-1:] == [without_sub]

    wait_for(lambda: beat(False, True), 10, "a heartbeat without the subscriptions (the broker has the fingerprint)")
    assert manager.find_subscription_data(GROUP, "HeartbeatV2T1") is not None
    with DefaultMQProducer("HeartbeatV2PG", namesrv_addr=embedded_cluster.namesrv_addr) as producer:
        for i in range(10):
            producer.send(Message("HeartbeatV2T1", b"v2-%d" % i))
        wait_for(lambda: len(recorded_consumer.received) >= 10, 20, "consumption with heartbeat v2")
        # a new subscription changes the fingerprint: the next heartbeat carries the subscriptions again
        recorded_consumer.consumer.subscribe("HeartbeatV2T2", "*")
        wait_for(lambda: manager.find_subscription_data(GROUP, "HeartbeatV2T2") is not None, 10, "the new one")
        factory.update_topic_route_info_from_name_server("HeartbeatV2T2")  # else the 30 s route refresh
        factory.rebalance_immediately()  # else the next 20 s rebalance
        producer.send(Message("HeartbeatV2T2", b"second-topic"))
        wait_for(lambda: b"second-topic" in recorded_consumer.received, 20, "the new topic's message")
    # a rebalance that changed the queues forgets the fingerprints: the whole heartbeat goes
    wait_for(lambda: beat(True, False), 10, "the whole heartbeat after a rebalance")


def test_without_v2_the_client_sends_v1_heartbeats(embedded_cluster: EmbeddedCluster, monkeypatch) -> None:
    producer = DefaultMQProducer("HeartbeatV1PG", namesrv_addr=embedded_cluster.namesrv_addr)
    assert producer.use_heartbeat_v2 is False  # Java's default (com.rocketmq.heartbeat.v2 unset)
    sent: List[int] = []
    real = MQClientAPIImpl.send_heartbeat

    def recording(self, addr, heartbeat_data, timeout_millis):
        sent.append(heartbeat_data.get_heartbeat_fingerprint())
        return real(self, addr, heartbeat_data, timeout_millis)

    monkeypatch.setattr(MQClientAPIImpl, "send_heartbeat", recording)
    producer.start()
    try:
        producer.create_topic("TBW102", "HeartbeatV1T", 1)
        factory = producer.get_default_mq_producer_impl().get_mq_client_factory()
        assert factory is not None
        wait_for(lambda: factory.send_heartbeat_to_all_broker_with_lock(), 10, "a heartbeat")
        assert sent and set(sent) == {0}
    finally:
        producer.shutdown()


def test_use_heartbeat_v2_from_the_environment(monkeypatch) -> None:
    monkeypatch.setenv("com.rocketmq.heartbeat.v2", "true")
    assert DefaultMQPushConsumer("EnvGroup").get_use_heartbeat_v2() is True
    assert DefaultMQPushConsumer("EnvGroup").clone_client_config().use_heartbeat_v2 is True
