"""StoreStatsService as Java's: per-topic put totals, the put time distribution and percentiles, TPS over sampled
windows, the runtime info's keys and formats, and its sampling thread."""
from __future__ import annotations

import threading
from typing import List

import pytest

from rocketmq_broker.store import store_stats_service as module
from rocketmq_broker.store.store_stats_service import StoreStatsService
from rocketmq_common.stats.long_adder import LongAdder

#: the keys of Java 4.9.7's StoreStatsService.getRuntimeInfo
JAVA_KEYS = {"bootTimestamp", "runtime", "putMessageEntireTimeMax", "putMessageTimesTotal", "putMessageFailedTimes",
             "putMessageSizeTotal", "putMessageDistributeTime", "putMessageAverageSize", "dispatchMaxBuffer",
             "getMessageEntireTimeMax", "putTps", "getFoundTps", "getMissTps", "getTotalTps", "getTransferedTps",
             "putLatency99", "putLatency999"}


@pytest.fixture
def clock(monkeypatch) -> List[int]:
    now = [1_000_000]
    monkeypatch.setattr(module, "_now_millis", lambda: now[0])
    return now


def test_long_adder_sums_the_adds_of_every_thread() -> None:
    adder = LongAdder()
    threads = [threading.Thread(target=lambda: [adder.add(2) for _ in range(10000)]) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    adder.increment()
    assert adder.sum() == adder.long_value() == int(adder) == 80001


def test_puts_are_counted_per_topic(clock) -> None:
    stats = StoreStatsService()
    info = stats.get_runtime_info()
    assert set(info) == JAVA_KEYS
    # Java divides by 1 when nothing was put, and shows the distribution of the last minute (none yet)
    assert (info["putMessageTimesTotal"], info["putMessageAverageSize"]) == ("1", "0.0")
    assert info["putMessageDistributeTime"] == "null"
    assert (info["putTps"], info["getTotalTps"], info["putLatency99"]) == ("  ", "0.0 0.0 0.0", "0.00")
    stats.get_single_put_message_topic_times_total("A").add(3)
    stats.get_single_put_message_topic_size_total("A").add(300)
    stats.get_single_put_message_topic_times_total("B").add(1)
    stats.get_single_put_message_topic_size_total("B").add(100)
    assert stats.get_single_put_message_topic_times_total("A") is stats.get_put_message_topic_times_total()["A"]
    assert (stats.get_put_message_times_total(), stats.get_put_message_size_total()) == (4, 400)
    stats.get_put_message_failed_times().add(1)
    info = stats.get_runtime_info()
    assert (info["putMessageTimesTotal"], info["putMessageSizeTotal"]) == ("4", "400")
    assert (info["putMessageAverageSize"], info["putMessageFailedTimes"]) == ("100.0", "1")


def test_put_times_go_into_the_distribution_and_the_percentiles(clock) -> None:
    stats = StoreStatsService()
    for value in [0] + [3] * 98 + [15, 10000]:
        stats.set_put_message_entire_time_max(value)
    stats.set_get_message_entire_time_max(7)
    stats.set_get_message_entire_time_max(2)
    assert (stats.get_put_message_entire_time_max(), stats.get_get_message_entire_time_max()) == (10000, 7)
    # the minute's figures are shown once the minute is over
    clock[0] += 61_000
    stats.print_tps()
    assert stats.get_runtime_info()["putMessageDistributeTime"] == (
        "[<=0ms]:1 [0~10ms]:98 [10~50ms]:1 [50~100ms]:0 [100~200ms]:0 [200~500ms]:0 [500ms~1s]:0 [1~2s]:0 [2~3s]:0 "
        "[3~4s]:0 [4~5s]:0 [5~10s]:0 [10s~]:1 ")
    # 100 puts: the 99th is in the 2-3 ms bucket (1 + 98 put times of at most 3 ms): 2 + 1 * 98/98
    assert stats.find_put_message_entire_time_px(0.99) == pytest.approx(3.0)
    # the 99.9th, the 100th of 101 puts, is the 15 ms one: in the 14-15 ms bucket, at its upper end
    assert stats.find_put_message_entire_time_px(0.999) == pytest.approx(15.0)
    assert stats.get_runtime_info()["putLatency99"] == "3.00"
    # a new minute starts empty; the median of two 150 ms puts is halfway through the 140-150 ms bucket
    stats.set_put_message_entire_time_max(150)
    stats.set_put_message_entire_time_max(150)
    clock[0] += 61_000
    stats.print_tps()
    assert "[10~50ms]:0 [50~100ms]:0 [100~200ms]:2 " in stats.get_runtime_info()["putMessageDistributeTime"]
    assert stats.find_put_message_entire_time_px(0.5) == pytest.approx(145.0)


def test_tps_over_the_last_10_seconds_minute_and_10_minutes(clock) -> None:
    stats = StoreStatsService()
    for _ in range(61):
        stats.sampling()
        stats.get_single_put_message_topic_times_total("T").add(5)
        stats.get_get_message_times_total_found().add(2)
        stats.get_get_message_times_total_miss().add(1)
        stats.get_get_message_transfered_msg_count().add(4)
        clock[0] += 1000
    # 61 samples a second apart: the 10 s and 1 min windows, not yet the 10 min one (Java leaves it empty)
    assert stats.get_put_tps() == "5.0 5.0 "
    assert stats.get_put_tps(10) == "5.0" and stats.get_put_tps(600) == ""
    assert stats.get_get_found_tps() == "2.0 2.0 "
    assert stats.get_get_miss_tps() == "1.0 1.0 "
    assert stats.get_get_total_tps() == "3.0 3.0 0.0"
    assert stats.get_get_transfered_tps() == "4.0 4.0 "
    info = stats.get_runtime_info()
    assert (info["putTps"], info["getTotalTps"]) == ("5.0 5.0 ", "3.0 3.0 0.0")
    for _ in range(700):  # the samples of the last 10 minutes are kept
        stats.sampling()
        clock[0] += 1000
    assert len(stats.put_times_list) == 601 and stats.get_put_tps(600) == "0.0"
    assert "\tputTps: 0.0 0.0 0.0\r\n" in str(stats)


def test_the_service_samples_every_second_until_shutdown(wait_until) -> None:
    stats = StoreStatsService()
    stats.start()
    try:
        wait_until(lambda: len(stats.put_times_list) >= 2, 10, "two samples")
    finally:
        stats.shutdown()
    assert not any(t.name == "StoreStatsService" and t.is_alive() for t in threading.enumerate())
