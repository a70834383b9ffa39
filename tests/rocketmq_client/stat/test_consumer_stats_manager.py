"""ConsumerStatsManager: lock-free per-thread counting (Java's LongAdder cells) loses nothing under concurrent
consume threads, and the minute / hour snapshots sum every thread's buckets."""
from __future__ import annotations

import threading

from rocketmq_client.stat.consumer_stats_manager import ConsumerStatsManager, StatsItemSet, _StatsItem


def test_concurrent_adds_are_all_counted() -> None:
    stats = ConsumerStatsManager()
    threads_count, per_thread = 8, 5000
    start = threading.Barrier(threads_count)

    def consume_thread() -> None:
        start.wait()
        for _ in range(per_thread):
            stats.inc_consume_ok_tps("G", "T", 2)
            stats.inc_consume_rt("G", "T", 3)

    threads = [threading.Thread(target=consume_thread) for _ in range(threads_count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    ok = stats.topic_and_group_consume_ok_tps.get_stats_data_in_minute("T@G")
    assert ok is not None and ok.get_sum() == 2 * threads_count * per_thread
    assert ok.get_times() == threads_count * per_thread
    rt = stats.topic_and_group_consume_rt.get_stats_data_in_hour("T@G")
    assert rt is not None and rt.get_avgpt() == 3.0
    status = stats.consume_status("G", "T")
    assert status.get_consume_rt() == 3.0 and status.get_consume_ok_tps() > 0
    assert status.get_consume_failed_msgs() == 0


def test_snapshot_windows_merge_order_and_expiry() -> None:
    item_set = StatsItemSet("PULL_RT")
    assert item_set.get_stats_data_in_minute("T@G") is None
    item_set.add_value("T@G", 7, 1)
    snapshot = item_set.get_stats_data_in_minute("T@G")
    assert snapshot is not None and (snapshot.get_sum(), snapshot.get_times()) == (7, 1)

    now = 1_000_000
    item = _StatsItem(now - 3600)

    def in_thread(*adds):
        thread = threading.Thread(target=lambda: [item.add(*a) for a in adds])
        thread.start()
        thread.join(10)

    item.add(now - 120, 1000, 1)  # two minutes ago: in the hour, not in the minute
    in_thread((now - 1, 5, 1), (now, 3, 1))  # a second thread: its finished second is merged in order
    in_thread((now - 200, 100, 1), (now, 2, 1))  # an older finished second merged after newer ones
    item.add(now, 10, 1)  # merges this thread's now-120 cell
    seconds = [b[0] for b in item.buckets]  # (now too when the second thread reused the first one's id)
    assert seconds == sorted(seconds) and {now - 200, now - 120, now - 1} <= set(seconds) <= {
        now - 200, now - 120, now - 1, now}
    minute = item.snapshot(now + 0.5, 60)
    assert (minute.get_sum(), minute.get_times()) == (5 + 3 + 2 + 10, 4)
    hour = item.snapshot(now + 0.5, 3600)
    assert (hour.get_sum(), hour.get_times()) == (1000 + 5 + 3 + 100 + 2 + 10, 6)
    assert hour.get_avgpt() == 1120 / 6
    item.add(now + 3601, 1, 1)  # an hour later every older bucket is dropped
    assert [b[0] for b in item.buckets] == []
    late = item.snapshot(now + 3601.5, 60)
    assert (late.get_sum(), late.get_times()) == (1, 1)  # the other threads' cells are outside the window
