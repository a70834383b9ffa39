"""ServiceThread (start/stop/wakeup/wait_for_running, no sleeps) and ThreadFactoryImpl naming."""
from __future__ import annotations

import threading
import time
from typing import List

from rocketmq_common.service_state import ServiceState
from rocketmq_common.service_thread import ServiceThread
from rocketmq_common.thread_factory_impl import ThreadFactoryImpl

DEADLINE = 10.0


class LoopService(ServiceThread):
    """Counts loop rounds; each round waits up to a minute unless woken up."""

    def __init__(self) -> None:
        super().__init__()
        self.rounds = 0
        self.round_done = threading.Condition()
        self.wait_ends = 0
        self.thread_names: List[str] = []

    def get_service_name(self) -> str:
        return "LoopService"

    def run(self) -> None:
        self.thread_names.append(threading.current_thread().name)
        while not self.is_stopped():
            self.wait_for_running(60000)
            with self.round_done:
                self.rounds += 1
                self.round_done.notify_all()

    def on_wait_end(self) -> None:
        self.wait_ends += 1

    def wait_rounds(self, n: int) -> bool:
        with self.round_done:
            return self.round_done.wait_for(lambda: self.rounds >= n, DEADLINE)


def test_wakeup_runs_a_round_and_shutdown_ends_the_thread_quickly() -> None:
    service = LoopService()
    service.start()
    try:
        service.wakeup()
        assert service.wait_rounds(1)
        service.wakeup()
        assert service.wait_rounds(2)
    finally:
        begin = time.monotonic()
        service.shutdown()
    assert time.monotonic() - begin < DEADLINE
    assert service.is_stopped()
    assert service._thread is not None and not service._thread.is_alive()
    assert service.thread_names == ["LoopService"]
    assert service.wait_ends >= 2


def test_start_twice_is_ignored_and_restart_after_shutdown_works() -> None:
    service = LoopService()
    service.start()
    first = service._thread
    service.start()
    assert service._thread is first
    service.shutdown()
    service.shutdown()
    assert not first.is_alive()
    service.start()
    try:
        assert service._thread is not first and not service.is_stopped()
        service.wakeup()
        assert service.wait_rounds(1)
    finally:
        service.shutdown()
    assert not service._thread.is_alive()


def test_wakeup_before_wait_returns_immediately() -> None:
    service = LoopService()
    service.wakeup()
    begin = time.monotonic()
    service.wait_for_running(60000)
    assert time.monotonic() - begin < DEADLINE
    assert service.wait_ends == 1
    begin = time.monotonic()
    service.wait_for_running(30)           # not notified any more: waits the interval
    assert 0.02 <= time.monotonic() - begin < DEADLINE
    assert service.wait_ends == 2


def test_wakeup_from_another_thread_ends_a_wait() -> None:
    service = LoopService()
    waker = threading.Thread(target=service.wakeup)
    timer = threading.Timer(0.05, waker.start)
    timer.start()
    begin = time.monotonic()
    service.wait_for_running(60000)
    assert time.monotonic() - begin < DEADLINE
    timer.join()
    waker.join()


def test_make_stop_and_stop_only_after_start() -> None:
    service = LoopService()
    service.make_stop()
    service.stop()
    assert not service.is_stopped()
    service.start()
    try:
        service.make_stop()
        assert service.is_stopped()
        service.stop()                      # wakes the loop, which then sees stopped and ends
        service._thread.join(DEADLINE)
        assert not service._thread.is_alive()
    finally:
        service.shutdown()


def test_daemon_flag_and_join_time() -> None:
    release = threading.Event()

    class Stubborn(ServiceThread):
        def get_service_name(self) -> str:
            return "Stubborn"

        def run(self) -> None:
            release.wait(DEADLINE)

        def get_jointime(self) -> int:
            return 50

    service = Stubborn()
    assert not service.is_daemon() and ServiceThread.JOIN_TIME == 90000
    service.start()
    begin = time.monotonic()
    service.shutdown(interrupt=True)
    assert time.monotonic() - begin < DEADLINE
    assert service._thread.is_alive()          # join gave up after get_jointime() ms
    release.set()
    service._thread.join(DEADLINE)

    release.clear()
    daemon = Stubborn()
    daemon.set_daemon(True)
    daemon.start()
    assert daemon.is_daemon() and daemon._thread.daemon
    daemon.shutdown()                           # daemon threads are not joined
    assert daemon._thread.is_alive()
    release.set()
    daemon._thread.join(DEADLINE)


def test_thread_factory_names_start_at_one() -> None:
    factory = ThreadFactoryImpl("AsyncSenderExecutor_")
    ran = threading.Event()
    first = factory.new_thread(ran.set)
    second = factory.new_thread(lambda: None)
    assert (first.name, second.name) == ("AsyncSenderExecutor_1", "AsyncSenderExecutor_2")
    assert first.daemon  # daemon by default (Java: not), so that a script can exit
    first.start()
    assert ran.wait(DEADLINE)
    first.join(DEADLINE)
    assert ThreadFactoryImpl("D_", True).new_thread(lambda: None).daemon


def test_service_state_members() -> None:
    assert [s.name for s in ServiceState] == ["CREATE_JUST", "RUNNING", "SHUTDOWN_ALREADY", "START_FAILED"]
