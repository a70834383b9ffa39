"""Java's StatsItemSetTest and more: items counted from many threads, the first sampling cycle's figures, the
sample windows, removal by key part, and the scheduled thread ending on shutdown."""
from __future__ import annotations

import logging
import threading

import pytest

from rocketmq_common.stats.moment_stats_item_set import MomentStatsItemSet
from rocketmq_common.stats.rt_stats_item import RTStatsItem
from rocketmq_common.stats.stats_item import StatsItem
from rocketmq_common.stats.stats_item_set import StatsItemSet
from rocketmq_remoting.common.scheduled_executor import ScheduledExecutor

log = logging.getLogger(__name__)


@pytest.fixture
def scheduler():
    executor = ScheduledExecutor("TestStatsThread")
    yield executor
    executor.shutdown()


def _in_threads(count, action):
    threads = [threading.Thread(target=action) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)


def test_items_created_and_counted_from_many_threads(scheduler):
    stats = StatsItemSet("topicTest", scheduler, log)
    barrier = threading.Barrier(10)

    def add():
        barrier.wait(10)
        for _ in range(1000):
            stats.add_value("topicTest", 2, 1)

    _in_threads(10, add)
    item = stats.get_stats_item("topicTest")
    assert (item.get_value(), item.get_times()) == (20000, 10000)
    assert list(stats.stats_item_table) == ["topicTest"]


def test_moment_items_created_from_many_threads(scheduler):
    moments = MomentStatsItemSet("topicTest", scheduler, log)
    _in_threads(10, lambda: moments.set_value("test", 10))
    assert moments.get_and_create_stats_item("test").get_value() == 10
    assert list(moments.get_stats_item_table()) == ["test"]


def test_stats_of_first_statistics_cycle(scheduler):
    stats = StatsItemSet("tpsTest", scheduler, log)
    _in_threads(10, lambda: (stats.add_value("tpsTest", 2, 1), stats.add_rt_value("rtTest", 2, 1)))
    assert type(stats.get_stats_item("tpsTest")) is StatsItem
    assert isinstance(stats.get_stats_item("rtTest"), RTStatsItem)
    for key in ("tpsTest", "rtTest"):
        item = stats.get_stats_item(key)
        item.sampling_in_seconds()
        item.sampling_in_minutes()
        item.sampling_in_hour()
        for snapshot in (stats.get_stats_data_in_minute(key), stats.get_stats_data_in_hour(key),
                         stats.get_stats_data_in_day(key)):
            assert (snapshot.sum, snapshot.times, snapshot.avgpt) == (20, 10, 2.0)
    # the first sample is a zero one a period earlier: 20 over about 10 s, 10 min, 1 h
    assert stats.get_stats_data_in_minute("tpsTest").tps == pytest.approx(2.0, rel=0.05)
    assert stats.get_stats_data_in_hour("tpsTest").tps == pytest.approx(20 / 600.0, rel=0.05)
    assert stats.get_stats_data_in_day("tpsTest").tps == pytest.approx(20 / 3600.0, rel=0.05)
    assert "AVGRT: 2.00" in stats.get_stats_item("rtTest").stat_print_detail(stats.get_stats_data_in_minute("rtTest"))


def test_unknown_key_has_empty_figures(scheduler):
    stats = StatsItemSet("x", scheduler, log)
    assert stats.get_stats_item("none") is None
    snapshot = stats.get_stats_data_in_minute("none")
    assert (snapshot.sum, snapshot.tps, snapshot.times, snapshot.avgpt) == (0, 0.0, 0, 0.0)


def test_minute_window_keeps_the_last_seven_samples(scheduler):
    item = StatsItemSet("x", scheduler, log).get_and_create_stats_item("k")
    for _ in range(10):
        item.add(5, 1)
        item.sampling_in_seconds()
    assert len(item.cs_list_minute) == 7
    # 6 intervals between the first and last of the kept samples, 5 added in each
    assert item.get_stats_data_in_minute().sum == 30
    for _ in range(30):
        item.sampling_in_hour()
    assert len(item.cs_list_day) == 25


def test_removal_by_prefix_infix_and_suffix(scheduler):
    stats = StatsItemSet("x", scheduler, log)
    for key in ("T@G", "T@H", "U@G", "0@T@G", "1@U@G", "T"):
        stats.add_value(key, 1, 1)
    stats.del_value_by_prefix_key("T", "@")
    assert sorted(stats.stats_item_table) == ["0@T@G", "1@U@G", "T", "U@G"]
    stats.del_value_by_infix_key("T", "@")
    assert sorted(stats.stats_item_table) == ["1@U@G", "T", "U@G"]
    stats.del_value_by_suffix_key("G", "@")
    stats.del_value("T")
    assert list(stats.stats_item_table) == []


def test_the_sets_thread_ends_on_shutdown(scheduler, wait_until):
    StatsItemSet("x", scheduler, log)
    MomentStatsItemSet("y", scheduler, log)
    assert any(t.name == "TestStatsThread" for t in threading.enumerate())
    scheduler.shutdown()
    wait_until(lambda: not any(t.name == "TestStatsThread" for t in threading.enumerate()),
               message="the stats thread ended")
