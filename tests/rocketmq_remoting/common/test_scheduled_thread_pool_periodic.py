"""ScheduledThreadPoolExecutor, the one scheduled executor: periodic tasks on a pool of threads, and
ScheduledExecutor as its single-thread form."""
import threading
import time

import pytest

from rocketmq_remoting.common.scheduled_executor import ScheduledExecutor
from rocketmq_remoting.common.scheduled_thread_pool_executor import ScheduledThreadPoolExecutor
from rocketmq_remoting.common.thread_pool import RejectedExecutionException, ThreadFactoryImpl

changed = threading.Condition()


def _record(runs, value):
    with changed:
        runs.append(value)
        changed.notify_all()


def test_periodic_tasks_without_initial_delay_keep_their_period():
    pool = ScheduledThreadPoolExecutor(2, ThreadFactoryImpl("TestPeriodic-"))
    rate, delay = [], []
    start = time.monotonic()
    pool.schedule_at_fixed_rate(lambda: _record(rate, time.monotonic()), 0, 30)
    pool.schedule_with_fixed_delay(lambda: _record(delay, time.monotonic()), 0, 30)
    with changed:
        assert changed.wait_for(lambda: len(rate) >= 3 and len(delay) >= 3, timeout=5)
    pool.shutdown()
    assert pool.await_termination(5)
    # the first run at once, the third not before two periods
    assert rate[2] - start >= 2 * 0.03 - 0.002
    assert delay[2] - delay[0] >= 2 * 0.03 - 0.002


def test_periodic_and_one_shot_tasks_share_the_pool_threads():
    pool = ScheduledThreadPoolExecutor(2, ThreadFactoryImpl("TestShared-"))
    names = []
    pool.schedule_with_fixed_delay(lambda: _record(names, threading.current_thread().name), 0, 10)
    for _ in range(3):
        pool.schedule(lambda: _record(names, threading.current_thread().name), 5)
    with changed:
        assert changed.wait_for(lambda: len(names) >= 6, timeout=5)
    assert set(names) <= {"TestShared-1", "TestShared-2"}
    assert pool.get_pool_size() <= 2
    pool.shutdown()
    assert pool.await_termination(5)
    assert pool.get_queue_size() == 0  # the periodic task is dropped, not rescheduled
    with pytest.raises(RejectedExecutionException):
        pool.schedule_at_fixed_rate(lambda: None, 0, 10)


def test_bad_arguments_are_refused_where_they_enter():
    pool = ScheduledThreadPoolExecutor(1, ThreadFactoryImpl("TestArgs-"))
    with pytest.raises(ValueError, match="delay >= 0"):
        pool.schedule(lambda: None, -1)
    with pytest.raises(ValueError, match="period > 0"):
        pool.schedule_with_fixed_delay(lambda: None, 0, 0)
    assert pool.get_pool_size() == 0
    pool.shutdown()


def test_scheduled_executor_is_the_single_thread_form():
    ex = ScheduledExecutor("TestSingleScheduled")
    assert isinstance(ex, ScheduledThreadPoolExecutor) and ex.get_core_pool_size() == 1
    names = []
    for _ in range(3):
        ex.schedule(lambda: _record(names, threading.current_thread().name), 0)
    with changed:
        assert changed.wait_for(lambda: len(names) == 3, timeout=5)
    assert names == ["TestSingleScheduled"] * 3
    ex.shutdown()  # waits for the thread
    assert not any(t.name == "TestSingleScheduled" for t in threading.enumerate())
