"""server_process: the stop signals of the server commands and their one-line errors."""
from __future__ import annotations

import errno
import os
import signal
import threading

from rocketmq_common.server_process import describe_os_error, describe_start_failure, stop_signals


def test_sigterm_and_sigint_set_the_event_and_the_previous_handlers_come_back():
    before = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    for signum in (signal.SIGTERM, signal.SIGINT):
        with stop_signals() as stop:
            assert not stop.is_set()
            os.kill(os.getpid(), signum)
            assert stop.wait(10)
        assert {s: signal.getsignal(s) for s in before} == before


def test_outside_the_main_thread_nothing_is_installed():
    before = signal.getsignal(signal.SIGTERM)
    seen = []

    def run():
        with stop_signals() as stop:
            seen.append((stop.is_set(), signal.getsignal(signal.SIGTERM)))

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(10)
    assert seen == [(False, before)]


def test_errors_in_one_line():
    assert describe_os_error(NotADirectoryError(errno.ENOTDIR, "Not a directory", "/x/store")) == (
        "Not a directory: /x/store")
    assert describe_os_error(OSError(errno.EACCES, "Permission denied")) == "Permission denied"
    assert describe_os_error(ValueError("bad port")) == "bad port"


def test_a_taken_port_is_said_as_such():
    taken = OSError(errno.EADDRINUSE, "Address already in use")
    assert describe_start_failure(taken, 9876) == "the listen port 9876 is already in use"
    assert describe_start_failure(OSError(errno.EACCES, "Permission denied"), 80) == "Permission denied"
    assert describe_start_failure(RuntimeError("no store"), 10911) == "no store"
