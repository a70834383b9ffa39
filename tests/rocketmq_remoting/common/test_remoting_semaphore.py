"""The request-permit semaphore: threading.Semaphore's behaviour with Java's availablePermits."""
from __future__ import annotations

import threading
import time

import pytest

from rocketmq_remoting.common.semaphore import Semaphore


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


def test_negative_initial_value_is_refused():
    with pytest.raises(ValueError):
        Semaphore(-1)
