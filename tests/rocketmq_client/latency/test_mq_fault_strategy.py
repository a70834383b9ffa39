"""MQFaultStrategy / LatencyFaultToleranceImpl (PROTOCOL.md §6.6) with a fake clock."""
from __future__ import annotations

import functools
from typing import List

import pytest

from rocketmq_client.impl.producer.topic_publish_info import TopicPublishInfo
from rocketmq_client.latency.latency_fault_tolerance_impl import FaultItem, LatencyFaultToleranceImpl
from rocketmq_client.latency.mq_fault_strategy import MQFaultStrategy
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.route.queue_data import QueueData
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData


class FakeClock:
    def __init__(self, now: int = 1_700_000_000_000) -> None:
        self.now = now

    def __call__(self) -> int:
        return self.now


def publish_info(brokers: List[str], queues_per_broker: int = 4) -> TopicPublishInfo:
    info = TopicPublishInfo()
    info.message_queue_list = [MessageQueue("T", b, q) for b in brokers for q in range(queues_per_broker)]
    info.topic_route_data = TopicRouteData(queue_datas=[
        QueueData(broker_name=b, read_queue_nums=queues_per_broker, write_queue_nums=queues_per_broker, perm=6)
        for b in brokers])
    return info


def strategy(clock: FakeClock) -> MQFaultStrategy:
    s = MQFaultStrategy(LatencyFaultToleranceImpl(clock))
    s.set_send_latency_fault_enable(True)
    return s


@pytest.mark.parametrize("latency, duration", [
    (0, 0), (49, 0), (50, 0), (99, 0), (100, 0), (549, 0), (550, 30000), (999, 30000), (1000, 60000),
    (1999, 60000), (2000, 120000), (2999, 120000), (3000, 180000), (14999, 180000), (15000, 600000),
    (30000, 600000)])
def test_not_available_duration_table(latency: int, duration: int) -> None:
    s = MQFaultStrategy()
    assert s.get_latency_max() == [50, 100, 550, 1000, 2000, 3000, 15000]
    assert s.get_not_available_duration() == [0, 0, 30000, 60000, 120000, 180000, 600000]
    assert s.compute_not_available_duration(latency) == duration


def test_disabled_strategy_records_nothing_and_avoids_last_broker() -> None:
    clock = FakeClock()
    tolerance = LatencyFaultToleranceImpl(clock)
    s = MQFaultStrategy(tolerance)
    assert not s.is_send_latency_fault_enable()
    s.update_fault_item("broker-a", 5000, True)
    assert tolerance.get_fault_item_table() == {}
    info = publish_info(["broker-a", "broker-b"])
    for _ in range(50):
        assert s.select_one_message_queue(info, "broker-a").broker_name == "broker-b"
    # round robin without a last broker: consecutive picks walk the list
    first = s.select_one_message_queue(info, None)
    second = s.select_one_message_queue(info, None)
    queues = info.message_queue_list
    assert queues.index(second) == (queues.index(first) + 1) % len(queues)


def test_failure_isolates_broker_for_600_seconds() -> None:
    clock = FakeClock()
    s = strategy(clock)
    s.update_fault_item("broker-a", 12, True)  # a failed send counts as 30000 ms
    tolerance = s.get_latency_fault_tolerance()
    item = tolerance.get_fault_item_table()["broker-a"]
    assert item.get_current_latency() == 12
    assert item.get_start_timestamp() == clock.now + 600000
    assert not tolerance.is_available("broker-a")
    clock.now += 599999
    assert not tolerance.is_available("broker-a")
    clock.now += 1
    assert tolerance.is_available("broker-a")
    assert tolerance.is_available("unknown-broker")


def test_slow_send_isolates_by_latency_and_fast_send_clears() -> None:
    clock = FakeClock()
    s = strategy(clock)
    s.update_fault_item("broker-a", 600, False)
    assert not s.get_latency_fault_tolerance().is_available("broker-a")
    clock.now += 30000
    assert s.get_latency_fault_tolerance().is_available("broker-a")
    s.update_fault_item("broker-a", 2500, False)
    assert s.get_latency_fault_tolerance().get_fault_item_table()["broker-a"].get_start_timestamp() == \
        clock.now + 120000
    s.update_fault_item("broker-a", 10, False)
    assert s.get_latency_fault_tolerance().is_available("broker-a")


def test_selection_skips_isolated_broker() -> None:
    clock = FakeClock()
    s = strategy(clock)
    info = publish_info(["broker-a", "broker-b"])
    s.update_fault_item("broker-a", 0, True)
    picked = {s.select_one_message_queue(info, None).broker_name for _ in range(100)}
    assert picked == {"broker-b"}
    clock.now += 600000
    picked = {s.select_one_message_queue(info, None).broker_name for _ in range(100)}
    assert picked == {"broker-a", "broker-b"}


def test_all_isolated_picks_least_bad_without_touching_the_route() -> None:
    clock = FakeClock()
    s = strategy(clock)
    info = publish_info(["broker-a", "broker-b"], queues_per_broker=2)
    snapshot = [(q.broker_name, q.queue_id) for q in info.message_queue_list]
    s.update_fault_item("broker-a", 3000, False)   # 180 s
    s.update_fault_item("broker-b", 15000, False)  # 600 s, higher latency
    for _ in range(20):
        mq = s.select_one_message_queue(info, None)
        assert mq.broker_name == "broker-a"  # half = 1: always the best item
        assert 0 <= mq.queue_id < 2
    assert [(q.broker_name, q.queue_id) for q in info.message_queue_list] == snapshot


def test_least_bad_broker_unknown_to_route_is_forgotten() -> None:
    clock = FakeClock()
    s = strategy(clock)
    info = publish_info(["broker-a"])
    s.update_fault_item("broker-a", 0, True)
    s.update_fault_item("broker-gone", 0, False)
    s.update_fault_item("broker-gone", 20000, False)
    tolerance = s.get_latency_fault_tolerance()
    # both unavailable: the lower latency (broker-a, 0 ms) is the least bad
    assert tolerance.pick_one_at_least() == "broker-a"
    clock.now += 600000  # both available again at the same time
    s.update_fault_item("broker-a", 20000, True)
    s.update_fault_item("broker-gone", 1, True)
    assert tolerance.pick_one_at_least() == "broker-gone"
    mq = s.select_one_message_queue(info, None)
    assert mq.broker_name == "broker-a"  # fallback: plain round robin
    assert "broker-gone" not in tolerance.get_fault_item_table()


def test_pick_one_at_least_order_and_half() -> None:
    clock = FakeClock()
    tolerance = LatencyFaultToleranceImpl(clock)
    assert tolerance.pick_one_at_least() is None
    tolerance.update_fault_item("late", 10, 50000)        # unavailable
    tolerance.update_fault_item("slow", 900, 0)           # available, slow
    tolerance.update_fault_item("fast", 5, 0)             # available, fast
    tolerance.update_fault_item("fast-later", 5, -1)      # available, same latency, earlier start
    items = sorted(tolerance.get_fault_item_table().values(), key=lambda i: i.get_name())
    ordered = [i.get_name() for i in sorted(items, key=functools.cmp_to_key(FaultItem.compare_to))]
    assert ordered == ["fast-later", "fast", "slow", "late"]
    picks = {tolerance.pick_one_at_least() for _ in range(50)}
    assert picks == {"fast-later", "fast"}  # only the better half


class _FixedIndex:
    def __init__(self, value: int) -> None:
        self.value = value

    def increment_and_get(self) -> int:
        return self.value


def test_index_overflow_wraps_like_java() -> None:
    clock = FakeClock()
    s = strategy(clock)
    info = publish_info(["broker-a", "broker-b"], queues_per_broker=3)
    info.send_which_queue = _FixedIndex(0x7FFFFFFF)
    s.update_fault_item("broker-a", 0, True)
    # Java: pos(INT_MAX) = 1 (broker-a); index++ wraps to Integer.MIN_VALUE: Math.abs is negative, pos 0
    # (broker-a); MIN+1 -> 2147483647 % 6 = 1; MIN+2 -> 2147483646 % 6 = 0; MIN+3 -> 2147483645 % 6 = 5 (broker-b)
    mq = s.select_one_message_queue(info, None)
    assert (mq.broker_name, mq.queue_id) == ("broker-b", 2)
