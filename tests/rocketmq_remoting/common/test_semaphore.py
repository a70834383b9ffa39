"""The request-permit semaphore: threading.Semaphore's behaviour with Java's availablePermits; a permit given back
at most once (SemaphoreReleaseOnlyOnce) and an async request's callback run at most once (ResponseFuture)."""
from __future__ import annotations

import gc
import threading
import time

import pytest

from rocketmq_remoting.common.semaphore import Semaphore
from rocketmq_remoting.common.semaphore_release_only_once import SemaphoreReleaseOnlyOnce
from rocketmq_remoting.invoke_callback import InvokeCallback
from rocketmq_remoting.netty.response_future import ResponseFuture


def test_permits_are_counted():
    semaphore = Semaphore(2)
    assert semaphore.acquire() and semaphore.acquire(True, 1.0)
    assert semaphore.available_permits() == 0
    assert not semaphore.acquire(False)
    assert not semaphore.acquire(True, 0)
    semaphore.release()
    assert semaphore.available_permits() == 1
    assert semaphore.acquire(False)


def test_acquire_gives_up_after_its_timeout():
    semaphore = Semaphore(0)
    begin = time.monotonic()
    assert not semaphore.acquire(True, 0.05)
    assert time.monotonic() - begin >= 0.05
    assert semaphore.available_permits() == 0


def test_release_wakes_waiting_threads_each_with_one_permit(wait_until):
    semaphore = Semaphore(0)
    got = []
    threads = [threading.Thread(target=lambda: got.append(semaphore.acquire(True, 10))) for _ in range(3)]
    for t in threads:
        t.start()
    wait_until(lambda: semaphore._waiters == 3, 5, "the three threads to wait")
    semaphore.release(2)
    semaphore.release()
    for t in threads:
        t.join(10)
    assert got == [True, True, True]
    assert semaphore.available_permits() == 0


def test_try_acquire_takes_several_permits_at_once(wait_until):
    semaphore = Semaphore(5)
    assert semaphore.try_acquire(3, 0) and semaphore.available_permits() == 2
    assert not semaphore.try_acquire(3, 0.05)  # 2 left: gives up after its timeout, takes none
    assert semaphore.available_permits() == 2
    got = []
    waiter = threading.Thread(target=lambda: got.append(semaphore.try_acquire(4, 10)))
    waiter.start()
    wait_until(lambda: semaphore._multi_waiters == 1, message="the waiter")
    semaphore.release(1)  # 3: still not enough
    assert waiter.is_alive() and semaphore.available_permits() == 3
    semaphore.release(1)
    waiter.join(10)
    assert got == [True] and semaphore.available_permits() == 0


def test_reduce_permits_may_go_below_zero():
    semaphore = Semaphore(2)
    semaphore.reduce_permits(3)
    assert semaphore.available_permits() == -1 and not semaphore.try_acquire(1, 0)
    semaphore.release(2)
    assert semaphore.try_acquire(1, 0)
    with pytest.raises(ValueError):
        semaphore.reduce_permits(-1)


def test_negative_initial_value_is_refused():
    with pytest.raises(ValueError):
        Semaphore(-1)


def _race(calls: int, fn) -> None:
    """``fn`` from ``calls`` threads at once (released together by a barrier)."""
    barrier = threading.Barrier(calls)

    def run() -> None:
        barrier.wait()
        fn()

    threads = [threading.Thread(target=run) for _ in range(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_release_only_once_gives_the_permit_back_once_under_a_race():
    semaphore = Semaphore(1)
    for _ in range(20):
        assert semaphore.acquire(False)
        once = SemaphoreReleaseOnlyOnce(semaphore)
        _race(8, once.release)
        assert semaphore.available_permits() == 1
    SemaphoreReleaseOnlyOnce(None).release()  # nothing to give back: no error


def test_a_callback_runs_once_however_many_threads_complete_the_future():
    runs = []

    class Callback(InvokeCallback):
        def operation_complete(self, response_future):
            runs.append(response_future)

    futures = [ResponseFuture(None, n, 1000, Callback(), SemaphoreReleaseOnlyOnce(None)) for n in range(20)]
    for future in futures:
        _race(8, future.execute_invoke_callback)
    assert [sum(run is future for run in runs) for future in futures] == [1] * 20


def test_the_permit_once_flag_is_not_tracked_by_the_garbage_collector():
    # a lock would be one more object for each of the collector's passes (a producer keeps thousands in flight)
    assert not gc.is_tracked(SemaphoreReleaseOnlyOnce(Semaphore(1))._once)
