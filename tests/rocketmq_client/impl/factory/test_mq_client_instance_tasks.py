"""MQClientInstance scheduled tasks at their configured intervals, and the rebalance service."""
from __future__ import annotations

import threading
import time

from rocketmq_client.impl.consumer.message_request import MessageRequest
from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_common.topic.topic_validator import TopicValidator


def test_route_refresh_runs_every_poll_interval_and_picks_up_new_queue_count(
        embedded_cluster, make_client_config, client_instance, recording_producer):
    admin = client_instance(make_client_config(embedded_cluster.namesrv_addr)).get_mq_admin_impl()
    config = make_client_config(embedded_cluster.namesrv_addr, poll_name_server_interval=300)
    instance = client_instance(config, start=False)
    admin.create_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, "GrowingTopic", 2)
    producer = recording_producer("GrowingTopic")
    instance.register_producer("GrowingPG", producer)
    started = time.monotonic()
    instance.start()

    def queue_count(p) -> int:
        info = p.publish_infos.get("GrowingTopic")
        return -1 if info is None else len(info.get_message_queue_list())

    producer.wait_for(lambda p: queue_count(p) == 2)
    admin.create_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, "GrowingTopic", 5)
    producer.wait_for(lambda p: queue_count(p) == 5)
    producer.wait_for(lambda p: len(p.list_calls) >= 4)
    calls = list(producer.list_calls)
    assert calls[0] - started < 0.25  # first run after 10 ms
    gaps = [b - a for a, b in zip(calls, calls[1:4])]
    assert all(0.2 < gap < 0.8 for gap in gaps), gaps


def test_heartbeat_task_runs_after_one_second_then_every_interval(
        embedded_cluster, make_client_config, client_instance, recording_producer, monkeypatch):
    config = make_client_config(embedded_cluster.namesrv_addr, heartbeat_broker_interval=250)
    instance = client_instance(config, start=False)
    instance.register_producer("BeatPG", recording_producer(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC))
    api = instance.get_mq_client_api_impl()
    real_send_heartbeat = api.send_heartbeat
    beats = []
    cond = threading.Condition()
    # the heartbeats of the scheduled task only (a new broker connection may get a prompt one besides)
    in_task = threading.local()
    real_task = instance._task_heartbeat

    def task_heartbeat():
        in_task.active = True
        try:
            real_task()
        finally:
            in_task.active = False

    def counting_send_heartbeat(addr, heartbeat_data, timeout_millis):
        version = real_send_heartbeat(addr, heartbeat_data, timeout_millis)
        if getattr(in_task, "active", False):
            with cond:
                beats.append((time.monotonic(), addr, {p.group_name for p in heartbeat_data.producer_data_set}))
                cond.notify_all()
        return version

    monkeypatch.setattr(instance, "_task_heartbeat", task_heartbeat)
    monkeypatch.setattr(api, "send_heartbeat", counting_send_heartbeat)
    started = time.monotonic()
    instance.start()  # the inner producer's start sends no heartbeat: start_factory is False
    with cond:
        assert cond.wait_for(lambda: len(beats) >= 3, 10.0)
    first, second, third = beats[:3]
    assert 0.9 < first[0] - started < 2.0
    assert all(0.15 < b[0] - a[0] < 0.8 for a, b in ((first, second), (second, third)))
    assert first[1] == embedded_cluster.broker_addr
    assert first[2] == {"BeatPG", "CLIENT_INNER_PRODUCER"}


def test_rebalance_service_wakes_up_on_demand(client_config, client_instance, recording_consumer):
    instance = client_instance(client_config)
    consumer = recording_consumer("RebalanceGroup", "AnyTopic")
    instance.register_consumer("RebalanceGroup", consumer)
    for round_ in range(1, 4):
        instance.rebalance_immediately()
        consumer.wait_for(lambda c: c.rebalances >= round_)
    instance.do_rebalance()
    assert consumer.rebalances >= 4


def test_pull_service_hands_requests_to_their_consumer(client_config, client_instance, recording_consumer):
    instance = client_instance(client_config)
    consumer = recording_consumer("PullGroup", "AnyTopic")
    pulled = []
    popped = []
    consumer.pull_message = lambda request: (pulled.append(request), consumer.do_rebalance())
    consumer.pop_message = lambda request: (popped.append(request), consumer.do_rebalance())
    instance.register_consumer("PullGroup", consumer)

    class Request(MessageRequest):
        def __init__(self, mode: MessageRequestMode) -> None:
            self.mode = mode

        def get_consumer_group(self) -> str:
            return "PullGroup"

        def get_message_request_mode(self) -> MessageRequestMode:
            return self.mode

    service = instance.get_pull_message_service()
    first, later = Request(MessageRequestMode.PULL), Request(MessageRequestMode.PULL)
    pop, pop_later = Request(MessageRequestMode.POP), Request(MessageRequestMode.POP)
    service.execute_pull_request_immediately(first)
    service.execute_pull_request_later(later, 50)
    service.execute_pop_pull_request_immediately(pop)
    service.execute_pop_pull_request_later(pop_later, 50)
    consumer.wait_for(lambda c: len(pulled) == 2 and len(popped) == 2)
    assert pulled == [first, later] and popped == [pop, pop_later]


def test_consumer_offsets_are_persisted_after_ten_seconds_then_every_interval(
        embedded_cluster, make_client_config, client_instance, recording_consumer):
    config = make_client_config(embedded_cluster.namesrv_addr, persist_consumer_offset_interval=200)
    instance = client_instance(config, start=False)
    consumer = recording_consumer("PersistGroup", "AnyTopic")
    stamps = []
    real_persist = consumer.persist_consumer_offset

    def stamped_persist() -> None:
        stamps.append(time.monotonic())
        real_persist()

    consumer.persist_consumer_offset = stamped_persist
    instance.register_consumer("PersistGroup", consumer)
    started = time.monotonic()
    instance.start()
    consumer.wait_for(lambda c: c.persists >= 3, timeout=20.0)
    assert 9.8 < stamps[0] - started < 12.0  # Java's fixed 10 s initial delay
    assert all(0.1 < b - a < 0.8 for a, b in zip(stamps, stamps[1:3]))
