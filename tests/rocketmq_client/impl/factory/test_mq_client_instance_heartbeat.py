"""MQClientInstance.send_heartbeat_to_broker_promptly (issue 20): refusals of one broker share one heartbeat, a
heartbeat answered since the refused request is enough, further ones go at most once a second per broker, and a
new connection to a broker gets one (unless a heartbeat just went); and the client-layer log of an unreachable
NameServer: one line per failed send, no traceback."""
from __future__ import annotations

import logging
import threading
import time
from typing import List, Tuple

import pytest

from rocketmq_client.impl.factory import mq_client_instance
from rocketmq_client.impl.factory.mq_client_instance import (
    PROMPT_HEARTBEAT_INTERVAL_MILLIS,
    MQClientInstance,
    _BrokerConnectListener,
)
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.message.message import Message
from rocketmq_common.topic.topic_validator import TopicValidator


@pytest.fixture
def beating(request, embedded_cluster, make_client_config, client_instance, recording_producer, monkeypatch):
    """A started instance with a producer registered, its periodic heartbeat off, recording each heartbeat sent
    (time, address) in ``instance.beats`` under ``instance.beat_cond``; ``request.param`` (indirect
    parametrization): settings of its ClientConfig."""
    monkeypatch.setattr(MQClientInstance, "_task_heartbeat", lambda self: None)
    # and the heartbeat of start() (its inner producer's): it reaches the broker when the first route update,
    # 10 ms after the scheduled tasks start, got there first on a loaded machine
    monkeypatch.setattr(MQClientInstance, "send_heartbeat_to_all_broker_with_lock", lambda self: None)
    settings = getattr(request, "param", {})
    instance = client_instance(make_client_config(embedded_cluster.namesrv_addr, **settings), start=False)
    instance.register_producer("PromptPG", recording_producer(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC))
    api = instance.get_mq_client_api_impl()
    real_send_heartbeat = api.send_heartbeat
    beats: List[Tuple[float, str]] = []
    cond = threading.Condition()

    def recording_send_heartbeat(addr, heartbeat_data, timeout_millis):
        version = real_send_heartbeat(addr, heartbeat_data, timeout_millis)
        with cond:
            beats.append((time.time(), addr))
            cond.notify_all()
        return version

    monkeypatch.setattr(api, "send_heartbeat", recording_send_heartbeat)
    instance.start()
    instance.beats, instance.beat_cond = beats, cond
    return instance


def _wait(cond: threading.Condition, predicate, timeout: float = 10.0) -> None:
    with cond:
        assert cond.wait_for(predicate, timeout)


def test_refusals_share_one_heartbeat_then_at_most_one_a_second(embedded_cluster, beating, monkeypatch) -> None:
    # only the heartbeats for refusals here (the one for the new connection is the next test's)
    monkeypatch.setattr(_BrokerConnectListener, "on_channel_active", lambda self, remote_addr, channel: None)
    addr = embedded_cluster.broker_addr
    done: List[Tuple[str, float]] = []
    cond = beating.beat_cond

    def then(name: str):
        def run() -> None:
            with cond:
                done.append((name, time.time()))
                cond.notify_all()
        return run

    asked_at = time.time()
    for name in ("a", "b", "c"):
        beating.send_heartbeat_to_broker_promptly(addr, asked_at, then(name))
    _wait(cond, lambda: len(done) == 3)
    assert len(beating.beats) == 1 and beating.beats[0][1] == addr
    assert all(at >= beating.beats[0][0] for _, at in done)  # each ran once the heartbeat was answered
    # refused before that heartbeat was answered: it is enough, at once
    beating.send_heartbeat_to_broker_promptly(addr, asked_at, then("d"))
    assert done[-1][0] == "d" and len(beating.beats) == 1
    # refused although sent after it: another one, but not within the interval of the first
    beating.send_heartbeat_to_broker_promptly(addr, time.time(), then("e"))
    _wait(cond, lambda: len(done) == 5)
    assert len(beating.beats) == 2
    assert beating.beats[1][0] - beating.beats[0][0] >= PROMPT_HEARTBEAT_INTERVAL_MILLIS / 1000 - 0.05


def test_new_connection_to_a_broker_gets_a_heartbeat(embedded_cluster, beating, monkeypatch) -> None:
    # an interval no loaded machine overruns between the first heartbeat and the connection opened again below
    monkeypatch.setattr(mq_client_instance, "PROMPT_HEARTBEAT_INTERVAL_MILLIS", 60000)
    addr = embedded_cluster.broker_addr
    beating.update_topic_route_info_from_name_server(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC)
    assert addr in beating.get_broker_addr_table()["broker-a"].values()
    remoting = beating.get_mq_client_api_impl().get_remoting_client()
    assert addr not in remoting.channel_tables
    remoting.create_channel(addr)  # e.g. a pull after the broker restarted
    _wait(beating.beat_cond, lambda: len(beating.beats) == 1)
    assert beating.beats[0][1] == addr
    # a connection opened again within the interval of that heartbeat gets none; a refusal still gets one at once
    # (heartbeats for new connections do not count against the interval of those for refusals)
    remoting.close_channel(addr)
    remoting.create_channel(addr)
    refused = threading.Event()
    beating.send_heartbeat_to_broker_promptly(addr, time.time(), refused.set)
    assert refused.wait(10)
    assert len(beating.beats) == 2


@pytest.mark.parametrize("beating", [{"enable_heartbeat_channel_event_listener": False}], indirect=True)
def test_without_the_heartbeat_channel_event_listener_a_new_connection_gets_none(embedded_cluster,
                                                                                beating) -> None:
    """5.3.3's ``enableHeartbeatChannelEventListener`` false: the instance's remoting has no channel event listener,
    a new broker connection gets no heartbeat; the prompt heartbeat of a refusal still goes."""
    addr = embedded_cluster.broker_addr
    beating.update_topic_route_info_from_name_server(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC)
    remoting = beating.get_mq_client_api_impl().get_remoting_client()
    assert remoting.get_channel_event_listener() is None
    remoting.create_channel(addr)
    refused = threading.Event()
    beating.send_heartbeat_to_broker_promptly(addr, time.time(), refused.set)
    assert refused.wait(10)
    assert [beat_addr for _, beat_addr in beating.beats] == [addr]


def test_unreachable_name_server_one_log_line_per_failed_send(caplog) -> None:
    producer = DefaultMQProducer("UnreachablePG")
    producer.set_namesrv_addr("127.0.0.1:1")  # well-formed, nobody listens
    producer.start()
    try:
        caplog.clear()
        with caplog.at_level(logging.INFO):
            for _ in range(2):
                with pytest.raises(Exception, match=r"connect to \[127\.0\.0\.1:1\] failed"):
                    producer.send(Message("UnreachableTopic", b"x"))
        # the sends' records (the instance's route task, 10 ms after start, may log its own failed connect)
        records = [r for r in caplog.records if r.levelno >= logging.WARNING and r.thread == threading.get_ident()]
        assert len(records) == 2, [r.getMessage() for r in records]
        assert all(r.exc_info is None and "127.0.0.1:1" in r.getMessage() for r in records)
    finally:
        producer.shutdown()
