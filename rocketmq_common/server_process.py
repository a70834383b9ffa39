"""What the server commands (``python -m rocketmq_namesrv`` / ``rocketmq_broker``) share besides logging: the stop
signals and one-line start-up errors.

Java's ``NamesrvStartup`` and ``BrokerStartup`` register a ``ShutdownHookThread`` (``org.apache.rocketmq.srvutil``)
that shuts the controller down when the JVM is told to stop; here SIGINT (Ctrl-C) and SIGTERM set an event the
command's main thread waits on, and the command shuts its controller down when it is set.
"""
from __future__ import annotations

import contextlib
import errno
import signal
import threading
from typing import Any, Iterator, List, Tuple

__all__ = ["describe_os_error", "describe_start_failure", "stop_signals"]


@contextlib.contextmanager
def stop_signals() -> Iterator[threading.Event]:
    """An event that SIGINT and SIGTERM set while the block runs; the previous handlers come back when it ends.
    Outside the main thread (where Python cannot install handlers) the event is only set by the caller."""
    stop = threading.Event()
    previous: List[Tuple[int, Any]] = []
    if threading.current_thread() is threading.main_thread():
        for signum in (signal.SIGINT, signal.SIGTERM):
            previous.append((signum, signal.signal(signum, lambda *_: stop.set())))
    try:
        yield stop
    finally:
        for installed, handler in previous:
            signal.signal(installed, handler)


def describe_os_error(e: Exception) -> str:
    """An error in one line; an ``OSError`` as its reason and the file it names (``Not a directory: /x/store``)."""
    if isinstance(e, OSError):
        reason = e.strerror or str(e)
        return "%s: %s" % (reason, e.filename) if e.filename else reason
    return str(e)


def describe_start_failure(e: Exception, listen_port: int) -> str:
    """Why a server's start failed, in one line: a taken listen port said as such, else :func:`describe_os_error`."""
    if isinstance(e, OSError) and e.errno == errno.EADDRINUSE:
        return "the listen port %d is already in use" % listen_port
    return describe_os_error(e)
