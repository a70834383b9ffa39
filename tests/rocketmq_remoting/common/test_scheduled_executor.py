"""ScheduledExecutor: one-shot, fixed-rate and fixed-delay tasks on one named thread."""
import threading
import time

import pytest

from rocketmq_remoting.common.scheduled_executor import ScheduledExecutor


changed = threading.Condition()


def _record(runs, value):
    with changed:
        runs.append(value)
        changed.notify_all()


def test_tasks_run_in_due_order_on_the_named_thread():
    ex = ScheduledExecutor("TestScheduledThread")
    seen = []
    done = threading.Event()
    ex.schedule(lambda: (seen.append(("late", threading.current_thread().name)), done.set()), 60)
    ex.schedule(lambda: seen.append(("early", threading.current_thread().name)), 0)
    assert done.wait(5)
    assert seen == [("early", "TestScheduledThread"), ("late", "TestScheduledThread")]
    ex.shutdown()


def test_fixed_rate_and_fixed_delay_repeat_and_survive_errors():
    ex = ScheduledExecutor("TestScheduledThread")
    rate, delay = [], []

    def failing():
        _record(rate, time.monotonic())
        raise RuntimeError("logged, schedule kept")

    start = time.monotonic()
    ex.schedule_at_fixed_rate(failing, 0, 20)
    ex.schedule_with_fixed_delay(lambda: _record(delay, 1), 0, 20)
    with changed:
        assert changed.wait_for(lambda: len(rate) >= 4 and len(delay) >= 4, timeout=5)
    ex.shutdown()
    # a run never starts before it is due: the 4th is due 3 periods after the schedule call
    assert rate[3] - start >= 3 * 0.02 - 0.002


def test_shutdown_stops_the_thread_and_refuses_new_tasks():
    ex = ScheduledExecutor("TestScheduledShutdown")
    ex.schedule_at_fixed_rate(lambda: None, 0, 10)
    ex.shutdown()
    assert ex.is_shutdown()
    assert not any(t.name == "TestScheduledShutdown" for t in threading.enumerate())
    with pytest.raises(RuntimeError):
        ex.schedule(lambda: None, 0)


def test_bad_arguments():
    ex = ScheduledExecutor("TestScheduledArgs")
    with pytest.raises(ValueError):
        ex.schedule_at_fixed_rate(lambda: None, 0, 0)
    with pytest.raises(ValueError):
        ex.schedule(lambda: None, -1)
    ex.shutdown()
