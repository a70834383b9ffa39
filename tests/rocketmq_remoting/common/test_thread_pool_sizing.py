"""ThreadPoolExecutor.set_core_pool_size / set_maximum_pool_size (Java's ThreadPoolExecutor setters, which
ConsumeMessageConcurrentlyService.updateCorePoolSize uses) on a plain pool with a bounded queue."""
from __future__ import annotations

import threading
from typing import List

import pytest

from waiting import wait_for
from rocketmq_remoting.common.thread_pool import RejectedExecutionException, ThreadPoolExecutor


def _blocking_tasks(pool: ThreadPoolExecutor, count: int, gate: threading.Event, started: List[str]) -> None:
    lock = threading.Lock()

    def task() -> None:
        with lock:
            started.append(threading.current_thread().name)
        gate.wait(10)

    for _ in range(count):
        pool.execute(task)


def test_maximum_pool_size_grows_and_shrinks_the_pool() -> None:
    pool = ThreadPoolExecutor(1, 2, 1, "MaxPoolTest_", keep_alive_time=30.0)
    gate = threading.Event()
    started: List[str] = []
    _blocking_tasks(pool, 3, gate, started)  # 1 core thread, 1 queued, 1 extra thread up to the maximum
    wait_for(lambda: len(started) == 2, 5, "core + one extra thread")
    with pytest.raises(RejectedExecutionException):
        pool.execute(lambda: None)
    pool.set_maximum_pool_size(3)
    pool.execute(gate.wait, 10)  # the queue is full: a third thread starts now that the maximum allows it
    assert pool.get_pool_size() == 3 and pool.get_maximum_pool_size() == 3
    gate.set()
    wait_for(lambda: len(started) == 3 and pool.get_queue_size() == 0, 5, "every task")
    pool.set_maximum_pool_size(1)  # idle threads above the maximum stop, without waiting for the keep-alive
    wait_for(lambda: pool.get_pool_size() == 1, 5, "the pool back to one thread")
    done = threading.Event()
    pool.execute(done.set)  # the remaining thread still serves
    assert done.wait(5)
    with pytest.raises(ValueError):
        pool.set_maximum_pool_size(0)
    pool.shutdown()
    assert pool.await_termination(5)


def test_core_pool_size_bounds_and_shrink_keeps_serving() -> None:
    pool = ThreadPoolExecutor(3, 3, None, "CoreShrinkTest_")
    done = threading.Semaphore(0)
    for _ in range(3):
        pool.execute(done.release)
    for _ in range(3):
        assert done.acquire(timeout=5)
    assert pool.get_pool_size() == 3
    pool.set_core_pool_size(1)
    wait_for(lambda: pool.get_pool_size() == 1, 5, "two idle threads to stop")
    for _ in range(20):  # the wake-ups of the shrink are used up: the last thread keeps serving
        pool.execute(done.release)
    for _ in range(20):
        assert done.acquire(timeout=5)
    assert pool.get_pool_size() == 1
    with pytest.raises(ValueError):
        pool.set_core_pool_size(-1)
    with pytest.raises(ValueError):
        pool.set_core_pool_size(4)  # above the maximum
    with pytest.raises(ValueError):
        pool.set_maximum_pool_size(0)
    pool.shutdown()
    assert pool.await_termination(5) and pool.is_terminated()
