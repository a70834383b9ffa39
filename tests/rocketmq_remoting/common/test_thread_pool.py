"""The Java-style bounded ThreadPoolExecutor."""
from __future__ import annotations

import threading

import pytest

from rocketmq_remoting.common.thread_pool import (
    RejectedExecutionException, ThreadFactoryImpl, ThreadPoolExecutor, executor_submitter)


@pytest.fixture
def gate():
    event = threading.Event()
    yield event
    event.set()


def _stop(pool):
    pool.shutdown()
    assert pool.await_termination(5)


def test_threads_are_named_like_java_thread_factory_impl(gate):
    pool = ThreadPoolExecutor(2, 2, 10, "AsyncSenderExecutor_")
    names = []
    started = threading.Barrier(3)

    def task():
        names.append(threading.current_thread().name)
        started.wait(5)
        gate.wait(5)

    pool.execute(task)
    pool.execute(task)
    started.wait(5)
    assert sorted(names) == ["AsyncSenderExecutor_1", "AsyncSenderExecutor_2"]
    gate.set()
    _stop(pool)
    factory = ThreadFactoryImpl("X_")
    assert [factory.new_thread(lambda: None).name for _ in range(2)] == ["X_1", "X_2"]


def test_core_threads_then_queue_then_max_threads_then_rejection(gate):
    pool = ThreadPoolExecutor(1, 2, 2, "P_")
    running = threading.Semaphore(0)

    def task():
        running.release()
        gate.wait(5)

    pool.execute(task)                  # core thread
    assert running.acquire(timeout=5)
    pool.execute(task)                  # queued
    pool.execute(task)                  # queued (queue now full)
    assert pool.get_queue_size() == 2 and pool.get_pool_size() == 1
    pool.execute(task)                  # queue full: a second thread up to the maximum
    assert running.acquire(timeout=5)
    assert pool.get_pool_size() == 2 and pool.get_largest_pool_size() == 2
    with pytest.raises(RejectedExecutionException) as info:
        pool.execute(task)              # saturated
    assert "P_" in str(info.value)
    gate.set()
    for _ in range(2):
        assert running.acquire(timeout=5)
    _stop(pool)
    assert pool.is_terminated()


def test_submit_returns_futures_and_failing_tasks_do_not_kill_the_worker():
    pool = ThreadPoolExecutor(1, 1, None, "F_")

    def boom():
        raise ValueError("task failure")

    failed = pool.submit(boom)
    pool.execute(boom)
    ok = pool.submit(lambda a, b: a + b, 2, 3)
    assert ok.result(5) == 5
    with pytest.raises(ValueError):
        failed.result(5)
    assert pool.get_pool_size() == 1
    _stop(pool)


def test_shutdown_runs_queued_tasks_and_refuses_new_ones():
    pool = ThreadPoolExecutor(1, 1, None, "S_")
    results = []
    gate = threading.Event()
    pool.execute(gate.wait, 5)
    for i in range(5):
        pool.execute(results.append, i)
    pool.shutdown()
    with pytest.raises(RejectedExecutionException):
        pool.execute(results.append, 99)
    gate.set()
    assert pool.await_termination(5)
    assert results == [0, 1, 2, 3, 4]


def test_shutdown_now_drops_queued_tasks():
    pool = ThreadPoolExecutor(1, 1, None, "N_")
    gate = threading.Event()
    pool.execute(gate.wait, 5)
    pool.execute(print, "never")
    dropped = pool.shutdown_now()
    assert dropped == [print]
    gate.set()
    assert pool.await_termination(5)


def test_threads_above_core_stop_after_keep_alive(gate):
    pool = ThreadPoolExecutor(0, 2, 1, "K_", keep_alive_time=0.05)
    done = threading.Semaphore(0)
    pool.execute(done.release)
    assert done.acquire(timeout=5)
    deadline = threading.Event()
    for _ in range(200):
        if pool.get_pool_size() == 0:
            break
        deadline.wait(0.01)
    assert pool.get_pool_size() == 0
    _stop(pool)


def test_invalid_arguments_and_executor_submitter():
    with pytest.raises(ValueError):
        ThreadPoolExecutor(2, 1)
    with pytest.raises(ValueError):
        ThreadPoolExecutor(1, 1, 0)
    with pytest.raises(TypeError):
        executor_submitter(object())
    pool = ThreadPoolExecutor(1)
    assert executor_submitter(pool) == pool.execute
    _stop(pool)
