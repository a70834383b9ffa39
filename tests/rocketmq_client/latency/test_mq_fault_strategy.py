"""MQFaultStrategy / LatencyFaultToleranceImpl as Java 5.3.3 (PROTOCOL.md §6.6) with a fake clock, then the
detector and the producer's sends against an embedded cluster of two brokers."""
from __future__ import annotations

import functools
import threading
from typing import Dict, List, Optional

import pytest

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.client_config import ClientConfig
from rocketmq_client.impl.producer.topic_publish_info import TopicPublishInfo
from rocketmq_client.latency.latency_fault_tolerance_impl import FaultItem, LatencyFaultToleranceImpl
from rocketmq_client.latency.mq_fault_strategy import MQFaultStrategy
from rocketmq_client.latency.resolver import Resolver
from rocketmq_client.latency.service_detector import ServiceDetector
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.route.queue_data import QueueData
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from waiting import wait_for


class FakeClock:
    def __init__(self, now: int = 1_700_000_000_000) -> None:
        self.now = now

    def __call__(self) -> int:
        return self.now


class MapResolver(Resolver):
    def __init__(self, addrs: Dict[str, str]) -> None:
        self.addrs = addrs

    def resolve(self, name: str) -> Optional[str]:
        return self.addrs.get(name)


class RecordingDetector(ServiceDetector):
    def __init__(self, answering: bool) -> None:
        self.answering = answering
        self.probes: List[tuple] = []

    def detect(self, endpoint: str, timeout_millis: int) -> bool:
        self.probes.append((endpoint, timeout_millis))
        return self.answering


def publish_info(brokers: List[str], queues_per_broker: int = 4) -> TopicPublishInfo:
    info = TopicPublishInfo()
    info.message_queue_list = [MessageQueue("T", b, q) for b in brokers for q in range(queues_per_broker)]
    info.topic_route_data = TopicRouteData(queue_datas=[
        QueueData(broker_name=b, read_queue_nums=queues_per_broker, write_queue_nums=queues_per_broker, perm=6)
        for b in brokers])
    return info


def strategy(clock: FakeClock, **config) -> MQFaultStrategy:
    return MQFaultStrategy(ClientConfig(send_latency_enable=True, **config),
                           tolerance=LatencyFaultToleranceImpl(None, None, clock))


@pytest.mark.parametrize("latency, duration", [
    (0, 0), (49, 0), (50, 0), (99, 0), (100, 0), (549, 0), (550, 2000), (1799, 2000), (1800, 5000),
    (2999, 5000), (3000, 6000), (4999, 6000), (5000, 10000), (14999, 10000), (15000, 30000), (30000, 30000)])
def test_not_available_duration_table(latency: int, duration: int) -> None:
    s = MQFaultStrategy(ClientConfig())
    assert s.get_latency_max() == [50, 100, 550, 1800, 3000, 5000, 15000]
    assert s.get_not_available_duration() == [0, 0, 2000, 5000, 6000, 10000, 30000]
    assert s.compute_not_available_duration(latency) == duration


def test_the_strategy_takes_its_settings_from_the_client_config() -> None:
    s = MQFaultStrategy(ClientConfig(), MapResolver({}), RecordingDetector(True))
    assert not s.is_send_latency_fault_enable() and not s.is_start_detector_enable()
    tolerance = s.get_latency_fault_tolerance()
    assert (tolerance.get_detect_timeout(), tolerance.get_detect_interval()) == (200, 2000)
    s = MQFaultStrategy(ClientConfig(send_latency_enable=True, start_detector_enable=True, detect_timeout=50,
                                     detect_interval=700), MapResolver({}), RecordingDetector(True))
    tolerance = s.get_latency_fault_tolerance()
    assert s.is_send_latency_fault_enable() and s.is_start_detector_enable() and tolerance.is_start_detector_enable()
    assert (tolerance.get_detect_timeout(), tolerance.get_detect_interval()) == (50, 700)


def test_disabled_strategy_records_nothing_and_avoids_last_broker() -> None:
    clock = FakeClock()
    tolerance = LatencyFaultToleranceImpl(None, None, clock)
    s = MQFaultStrategy(ClientConfig(), tolerance=tolerance)
    assert not s.is_send_latency_fault_enable()
    s.update_fault_item("broker-a", 5000, True, False)
    assert tolerance.get_fault_item_table() == {}
    info = publish_info(["broker-a", "broker-b"])
    for _ in range(50):
        assert s.select_one_message_queue(info, "broker-a", False).broker_name == "broker-b"
    # only one broker: the last one is the only choice
    single = publish_info(["broker-a"])
    assert s.select_one_message_queue(single, "broker-a", False).broker_name == "broker-a"
    # round robin without a last broker: consecutive picks walk the list
    first = s.select_one_message_queue(info, None, False)
    second = s.select_one_message_queue(info, None, False)
    queues = info.message_queue_list
    assert queues.index(second) == (queues.index(first) + 1) % len(queues)


def test_failure_isolates_broker_for_10_seconds() -> None:
    clock = FakeClock()
    s = strategy(clock)
    s.update_fault_item("broker-a", 12, True, True)  # a failed send counts as 10000 ms
    tolerance = s.get_latency_fault_tolerance()
    item = tolerance.get_fault_item_table()["broker-a"]
    assert item.get_current_latency() == 12
    assert item.get_start_timestamp() == clock.now + 10000
    assert not tolerance.is_available("broker-a") and tolerance.is_reachable("broker-a")
    clock.now += 9999
    assert not tolerance.is_available("broker-a")
    clock.now += 1
    assert tolerance.is_available("broker-a")
    assert tolerance.is_available("unknown-broker") and tolerance.is_reachable("unknown-broker")


def test_slow_send_isolates_by_latency_and_a_fast_send_keeps_the_isolation() -> None:
    clock = FakeClock()
    s = strategy(clock)
    s.update_fault_item("broker-a", 600, False, True)
    assert not s.get_latency_fault_tolerance().is_available("broker-a")
    clock.now += 2000
    assert s.get_latency_fault_tolerance().is_available("broker-a")
    s.update_fault_item("broker-a", 3500, False, True)
    item = s.get_latency_fault_tolerance().get_fault_item_table()["broker-a"]
    assert item.get_start_timestamp() == clock.now + 6000
    # 5.3.3: a shorter (or zero) duration never shortens the isolation in force
    s.update_fault_item("broker-a", 10, False, True)
    assert item.get_start_timestamp() == clock.now + 6000 and item.get_current_latency() == 10
    assert not s.get_latency_fault_tolerance().is_available("broker-a")


def test_selection_prefers_available_then_reachable_brokers() -> None:
    clock = FakeClock()
    s = strategy(clock)
    info = publish_info(["broker-a", "broker-b"])
    s.update_fault_item("broker-a", 0, True, True)  # isolated, reachable
    assert {s.select_one_message_queue(info, None, False).broker_name for _ in range(100)} == {"broker-b"}
    s.update_fault_item("broker-b", 0, True, False)  # isolated and unreachable: the reachable one
    assert {s.select_one_message_queue(info, None, False).broker_name for _ in range(100)} == {"broker-a"}
    # the last broker is avoided among the available ones too
    clock.now += 10000
    assert {s.select_one_message_queue(info, "broker-a", True).broker_name for _ in range(50)} == {"broker-b"}
    # none available nor reachable but the last one: any queue
    s.update_fault_item("broker-a", 0, True, False)
    s.update_fault_item("broker-b", 0, True, False)
    assert {s.select_one_message_queue(info, "broker-a", False).broker_name for _ in range(100)} == \
        {"broker-a", "broker-b"}


def test_pick_one_at_least_is_a_random_reachable_broker() -> None:
    tolerance = LatencyFaultToleranceImpl(None, None, FakeClock())
    assert tolerance.pick_one_at_least() is None
    tolerance.update_fault_item("gone", 10, 50000, False)
    assert tolerance.pick_one_at_least() is None
    tolerance.update_fault_item("slow", 900, 0, True)
    tolerance.update_fault_item("fast", 5, 0, True)
    assert {tolerance.pick_one_at_least() for _ in range(100)} == {"slow", "fast"}


def test_fault_item_order() -> None:
    clock = FakeClock()
    tolerance = LatencyFaultToleranceImpl(None, None, clock)
    tolerance.update_fault_item("late", 10, 50000, True)       # unavailable
    tolerance.update_fault_item("slow", 900, 0, True)          # available, slow
    tolerance.update_fault_item("fast", 5, 0, True)            # available, fast
    tolerance.get_fault_item_table()["fast"].set_start_timestamp(clock.now - 5)
    tolerance.update_fault_item("fast-earlier", 5, 0, True)
    tolerance.get_fault_item_table()["fast-earlier"].set_start_timestamp(clock.now - 10)
    ordered = [i.get_name() for i in sorted(tolerance.get_fault_item_table().values(),
                                            key=functools.cmp_to_key(FaultItem.compare_to))]
    assert ordered == ["fast-earlier", "fast", "slow", "late"]


def test_detect_by_one_round() -> None:
    clock = FakeClock()
    detector = RecordingDetector(answering=False)
    tolerance = LatencyFaultToleranceImpl(MapResolver({"broker-a": "10.0.0.1:10911"}), detector, clock)
    tolerance.set_detect_timeout(150)
    tolerance.set_detect_interval(1000)
    tolerance.update_fault_item("broker-a", 10, 10000, False)
    tolerance.update_fault_item("broker-gone", 10, 10000, False)
    tolerance.detect_by_one_round()
    assert detector.probes == [("10.0.0.1:10911", 150)]
    assert "broker-gone" not in tolerance.get_fault_item_table()  # the resolver no longer knows it
    assert not tolerance.is_reachable("broker-a")
    detector.answering = True
    tolerance.detect_by_one_round()  # within the detect interval: no probe
    assert len(detector.probes) == 1 and not tolerance.is_reachable("broker-a")
    clock.now += 1000
    tolerance.detect_by_one_round()
    assert len(detector.probes) == 2 and tolerance.is_reachable("broker-a")
    assert not tolerance.is_available("broker-a")  # reachable again, still isolated until its time


def test_topic_publish_info_filters_and_reset_index() -> None:
    info = publish_info(["broker-a", "broker-b"], queues_per_broker=2)

    class Only(TopicPublishInfo.QueueFilter):
        def __init__(self, broker: str) -> None:
            self.broker = broker

        def filter(self, mq: MessageQueue) -> bool:
            return mq.broker_name == self.broker

    assert {info.select_one_message_queue(Only("broker-b")).broker_name for _ in range(20)} == {"broker-b"}
    assert info.select_one_message_queue(Only("broker-a"), Only("broker-b")) is None
    assert TopicPublishInfo().select_one_message_queue(Only("broker-a")) is None
    info.reset_index()
    first = info.select_one_message_queue()
    assert first in info.message_queue_list
    assert info.get_write_queue_nums_by_broker("broker-b") == 2 and info.get_write_queue_nums_by_broker("x") == -1


@pytest.mark.timeout(120)
def test_an_unreachable_broker_is_left_out_until_the_detector_finds_it(tmp_path) -> None:
    """5.3.3's sends with ``send_latency_enable`` and ``start_detector_enable``: a send to a stopped broker fails
    over to the other one and marks the stopped one unreachable; sends leave it out; once it runs again the
    detector thread (GET_MAX_OFFSET within ``detect_timeout``) finds it reachable."""
    with EmbeddedCluster(str(tmp_path), brokers=2) as cluster:
        cluster.create_topic("DetectTopic", 2)
        producer = DefaultMQProducer("DetectPG", namesrv_addr=cluster.namesrv_addr, send_latency_enable=True,
                                     start_detector_enable=True, detect_interval=100, detect_timeout=1000,
                                     poll_name_server_interval=1000, instance_name="detect")
        producer.start()
        try:
            strategy_ = producer.get_default_mq_producer_impl().get_mq_fault_strategy()
            tolerance = strategy_.get_latency_fault_tolerance()
            assert strategy_.is_send_latency_fault_enable() and tolerance.is_start_detector_enable()
            assert (tolerance.get_detect_interval(), tolerance.get_detect_timeout()) == (100, 1000)
            sent = [producer.send(Message("DetectTopic", b"m")) for _ in range(4)]
            assert {r.get_message_queue().get_broker_name() for r in sent} == {"broker-a", "broker-b"}
            cluster.broker_controllers[1].shutdown()
            brokers = [producer.send(Message("DetectTopic", b"m")).get_message_queue().get_broker_name()
                       for _ in range(20)]
            assert set(brokers) == {"broker-a"}
            assert not tolerance.is_reachable("broker-b") and not tolerance.is_available("broker-b")
            cluster.restart_broker(1)
            wait_for(lambda: tolerance.is_reachable("broker-b"), 20, "the detector finds broker-b reachable")
        finally:
            producer.shutdown()
        assert not any(t.name == "LatencyFaultToleranceScheduledThread" for t in threading.enumerate())
