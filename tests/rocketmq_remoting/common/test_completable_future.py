"""CompletableFuture, the light concurrent.futures.Future: the same observable behaviour as the base class (each
scenario runs on both and compares), with concurrent.futures.wait / as_completed, asyncio.wrap_future, waiting
threads and races; and the two objects it costs the garbage collector. Runs on any Python the package supports
(``PYTHONPATH=.:tests python3.8 -m pytest --noconftest tests/rocketmq_remoting/common/test_completable_future.py``)."""
from __future__ import annotations

import asyncio
import concurrent.futures
import gc
import logging
import threading
import time

import pytest

from rocketmq_remoting.common.completable_future import CompletableFuture
from waiting import wait_for

BOTH = [concurrent.futures.Future, CompletableFuture]


def _waiting(future: concurrent.futures.Future, threads: int = 1) -> bool:
    """True once ``threads`` threads wait on ``future``'s condition (the base's or the light one's)."""
    condition = future._cond if isinstance(future, CompletableFuture) else future._condition  # the light one's:
    return condition is not None and len(condition._waiters) >= threads  # made by the first waiting thread


def _observe(cls, scenario):
    """What ``scenario(future)`` returns and raises, the state names and the callbacks' calls, as comparable data."""
    calls = []
    future = cls()
    future.add_done_callback(lambda f: calls.append(("early", f is future)))
    try:
        outcome = ("returned", scenario(future))
    except BaseException as e:  # the scenario's own errors are part of the behaviour compared
        outcome = ("raised", type(e).__name__)
    future.add_done_callback(lambda f: calls.append(("late", f is future)))
    state = (future.done(), future.cancelled(), future.running())
    return outcome, state, calls, repr(future).split(" state=")[1]


SCENARIOS = {
    "result": lambda f: (f.set_running_or_notify_cancel(), f.set_result(7), f.result(), f.exception(0)),
    "result without running": lambda f: (f.set_result(None), f.result(0)),
    "exception": lambda f: (f.set_exception(KeyError("k")), f.exception(), f.result()),
    "set twice": lambda f: (f.set_result(1), f.set_result(2)),
    "exception after result": lambda f: (f.set_result(1), f.set_exception(ValueError())),
    "cancel pending": lambda f: (f.cancel(), f.cancel(), f.set_running_or_notify_cancel(), f.result(0)),
    "cancel then exception()": lambda f: (f.cancel(), f.exception(0)),
    "cancel running": lambda f: (f.set_running_or_notify_cancel(), f.cancel(), f.running()),
    "cancel finished": lambda f: (f.set_result(1), f.cancel()),
    "running twice": lambda f: (f.set_running_or_notify_cancel(), f.set_running_or_notify_cancel()),
    "set after cancel": lambda f: (f.cancel(), f.set_result(1)),
    "result times out": lambda f: f.result(0.01),
    "exception times out": lambda f: f.exception(0),
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_behaves_as_the_base_class(name):
    assert _observe(CompletableFuture, SCENARIOS[name]) == _observe(concurrent.futures.Future, SCENARIOS[name])


def test_is_a_concurrent_future_of_two_objects_for_the_collector_and_no_more_once_done():
    gc.collect()
    before = len(gc.get_objects())
    futures = [CompletableFuture() for _ in range(1000)]
    tracked = len(gc.get_objects()) - before - 1  # the list
    assert all(isinstance(f, concurrent.futures.Future) for f in futures)
    assert tracked <= 2 * len(futures)  # each future and (from Python 3.10, where locks are tracked) its lock
    assert futures[0]._cond is None and futures[0]._waiter_list is None and futures[0]._callbacks is None
    concurrent.futures.wait(futures, 0)  # holds each one's lock: makes no Condition
    assert futures[0]._cond is None and futures[0]._waiter_list == []
    for f in futures:
        f.set_result(None)
    assert futures[0]._waiter_list is None  # told, and let go: the future and its lock are left
    assert len(gc.get_objects()) - before - 1 <= 2 * len(futures)


def test_a_finished_future_keeps_the_lock_a_waiter_took():
    """concurrent.futures.wait releases what it acquired by reading ``_condition`` again: a thread that took the
    lock (or blocked on it) while the future finished must release that same lock, or a second waiter blocked on
    it would wait forever."""
    for finish in (lambda f: f.set_result(1), lambda f: f.complete_exceptionally(ValueError()),
                   lambda f: (f.cancel(), f.set_running_or_notify_cancel())):
        future = CompletableFuture()
        concurrent.futures.wait([future], 0)  # a waiter list and a Condition-free wait
        lock = future._condition
        finish(future)
        assert future._condition is lock and not lock.locked()


def test_wait_keeps_no_waiter_list_on_a_done_future():
    """What ``wait`` leaves behind: no list on the futures done before it, nor on those done while it waited."""
    done, later = CompletableFuture(), CompletableFuture()
    done.set_result(1)
    thread = threading.Thread(target=lambda: (wait_for(lambda: later._waiter_list, 10, "wait() waiting"),
                                              later.set_result(2)))
    thread.start()
    assert concurrent.futures.wait([done, later], 30).not_done == set()
    thread.join(10)
    assert done._waiter_list is None and later._waiter_list is None
    assert len(done._waiters) == 0  # stands for an empty list


def test_a_callback_that_raises_is_logged_and_the_others_still_run(caplog):
    runs = []
    future = CompletableFuture()
    future.add_done_callback(lambda f: 1 / 0)
    future.add_done_callback(runs.append)
    with caplog.at_level(logging.ERROR, logger="concurrent.futures"):
        future.set_result(1)
        future.add_done_callback(lambda f: 1 / 0)
    assert runs == [future]
    assert [r.exc_info[0] for r in caplog.records] == [ZeroDivisionError, ZeroDivisionError]


def test_a_waiting_result_wakes_with_the_value_set_by_another_thread():
    future = CompletableFuture()
    got = []
    waiters = [threading.Thread(target=lambda: got.append(future.result(30))) for _ in range(3)]
    for t in waiters:
        t.start()
    wait_for(lambda: _waiting(future, 3), 10, "three threads waiting on result()")
    threading.Thread(target=future.set_result, args=("v",)).start()
    for t in waiters:
        t.join(10)
    assert got == ["v", "v", "v"]


def test_result_with_a_timeout_waits_that_long_then_raises_timeout_error():
    future = CompletableFuture()
    begin = time.monotonic()
    with pytest.raises(concurrent.futures.TimeoutError):
        future.result(0.05)
    with pytest.raises(concurrent.futures.TimeoutError):
        future.exception(0.05)
    assert time.monotonic() - begin >= 0.1


def test_no_spurious_timeout_error_when_completed_within_the_timeout():
    # each future completed by another thread while (or just before) the caller waits with a generous timeout
    futures = [CompletableFuture() for _ in range(300)]

    def complete() -> None:
        for i, f in enumerate(futures):
            f.set_result(i) if i % 3 else f.set_exception(KeyError(i))

    thread = threading.Thread(target=complete)
    thread.start()
    assert [f.exception(30) is None and f.result(30) for f in futures[1::3]] == list(range(1, 300, 3))
    assert all(isinstance(f.exception(30), KeyError) for f in futures[::3])
    thread.join(10)


def test_cancel_wakes_a_waiting_thread_with_cancelled_error():
    future = CompletableFuture()
    raised = []

    def wait() -> None:
        try:
            future.result(30)
        except concurrent.futures.CancelledError as e:
            raised.append(e)

    waiter = threading.Thread(target=wait)
    waiter.start()
    wait_for(lambda: _waiting(future), 10, "a thread waiting on result()")
    assert future.cancel()
    waiter.join(10)
    assert len(raised) == 1 and not future.set_running_or_notify_cancel()


@pytest.mark.parametrize("return_when", [concurrent.futures.ALL_COMPLETED, concurrent.futures.FIRST_COMPLETED,
                                         concurrent.futures.FIRST_EXCEPTION])
def test_wait_with_light_and_base_futures_completed_by_threads(return_when):
    futures = [cls() for _ in range(50) for cls in BOTH]
    fail_at = 60 if return_when == concurrent.futures.FIRST_EXCEPTION else None

    def complete() -> None:
        wait_for(lambda: futures[-1]._waiter_list, 10, "wait() to install its waiter")  # a light future
        for i, f in enumerate(futures):
            assert f.set_running_or_notify_cancel()
            f.set_exception(OSError(i)) if i == fail_at else f.set_result(i)

    futures[0].set_result(-1)  # done before the wait: counted at once
    futures = futures[1:]
    thread = threading.Thread(target=complete)
    thread.start()
    done, not_done = concurrent.futures.wait(futures, 30, return_when)
    thread.join(10)
    assert done and all(f.done() for f in done) and done.isdisjoint(not_done)
    if return_when == concurrent.futures.ALL_COMPLETED:
        assert len(done) == len(futures) and not not_done
    if fail_at is not None:
        assert futures[fail_at] in done
    assert all(not f._waiters for f in futures)  # wait() removed its waiter from each


def test_as_completed_yields_each_once_and_times_out_on_the_pending():
    futures = [CompletableFuture() for _ in range(40)]
    futures[0].set_result(0)
    pending = CompletableFuture()
    threading.Thread(target=lambda: [f.set_result(i) for i, f in enumerate(futures) if i]).start()
    seen = []
    with pytest.raises(concurrent.futures.TimeoutError):
        for f in concurrent.futures.as_completed(futures + [pending], timeout=0.5):
            seen.append(f.result(0))
    assert sorted(seen) == list(range(40)) and not pending.done()
    assert all(not f._waiters for f in futures)


def test_asyncio_wrap_future_result_exception_and_cancel():
    async def main():
        ok, failed, cancelled = CompletableFuture(), CompletableFuture(), CompletableFuture()
        loop = asyncio.get_running_loop()
        threading.Thread(target=lambda: (ok.set_result("r"), failed.set_exception(KeyError("e")))).start()
        assert await asyncio.wrap_future(ok) == "r"
        with pytest.raises(KeyError):
            await asyncio.wrap_future(failed)
        wrapped = asyncio.wrap_future(cancelled, loop=loop)
        wrapped.cancel()
        with pytest.raises(asyncio.CancelledError):
            await wrapped
        return cancelled

    cancelled = asyncio.run(main())
    assert cancelled.cancelled() and not cancelled.set_running_or_notify_cancel()


def test_threads_racing_to_complete_and_cancel_one_future_leave_one_outcome():
    for _ in range(50):
        future = CompletableFuture()
        barrier = threading.Barrier(6)
        outcomes = []

        def complete(i: int) -> None:
            barrier.wait()
            try:
                if i % 3 == 0:
                    outcomes.append(("cancel", future.cancel()))
                elif future.set_running_or_notify_cancel():
                    future.set_result(i)
                    outcomes.append(("set", i))
            except (RuntimeError, concurrent.futures.InvalidStateError) as e:  # lost the race
                outcomes.append(("lost", type(e).__name__))

        threads = [threading.Thread(target=complete, args=(i,)) for i in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(10)
        assert future.done()
        won = [o for o in outcomes if o[0] == "set" or o == ("cancel", True)]
        if future.cancelled():
            assert all(o[0] == "cancel" for o in won)
        else:
            assert won == [("set", future.result(0))]


def test_complete_finishes_once_and_marks_a_cancelled_future_notified():
    ok, failed, cancelled = CompletableFuture(), CompletableFuture(), CompletableFuture()
    assert ok.complete(1) and not ok.complete(2) and not ok.complete_exceptionally(KeyError())
    assert failed.complete_exceptionally(KeyError("k")) and not failed.complete(1)
    assert (ok.result(0), type(failed.exception(0))) == (1, KeyError)
    waiter = threading.Thread(target=concurrent.futures.wait, args=([cancelled], 30))
    waiter.start()
    wait_for(lambda: cancelled._waiter_list, 10, "wait() to install its waiter")
    assert cancelled.cancel() and not cancelled.complete(1)
    waiter.join(10)  # wait() counts a cancelled future done only once notified
    assert not waiter.is_alive() and cancelled.cancelled() and cancelled._state == "CANCELLED_AND_NOTIFIED"


def test_threads_waiting_for_overlapping_sets_while_the_futures_finish():
    """Light and plain futures finishing (a finished light one drops its waiter list) while four threads wait for
    overlapping sets of them, and as_completed for all: every waiter returns with all done."""
    futures = [cls() for _ in range(100) for cls in BOTH]
    returned = []

    def wait(start: int) -> None:
        done, not_done = concurrent.futures.wait(futures[start::2] + futures[:start], 30)
        returned.append(not not_done and all(f.done() for f in done))

    def collect() -> None:
        returned.append(len(list(concurrent.futures.as_completed(futures, 30))) == len(futures))

    threads = [threading.Thread(target=wait, args=(i,)) for i in range(4)] + [threading.Thread(target=collect)]
    for t in threads:
        t.start()
    for i, f in enumerate(futures):
        f.set_result(i)
    for t in threads:
        t.join(30)
    assert returned == [True] * 5
    assert all(not f._waiters for f in futures)
