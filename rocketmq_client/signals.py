"""Keep a consumer process running until it is told to stop (no Java counterpart: a Java consumer's ``main``
returns after ``start()`` and its non-daemon threads keep the JVM running; here client threads are daemon threads,
so a script whose main code ends, exits).

::

    consumer.start()
    wait_for_signal()   # returns on SIGINT (Ctrl-C) or SIGTERM; the atexit hook then shuts the consumer down

A crash of the main code still ends the process (a supervisor restarts it), and a stop signal ends it through
the same ``atexit`` path as a normal end, so offsets are persisted and the client unregisters.
"""
from __future__ import annotations

import signal
import threading
import time
from typing import Any, Iterable, List, Optional, Tuple

__all__ = ["wait_for_signal"]

_DEFAULT_SIGNALS = tuple(s for s in (getattr(signal, "SIGINT", None), getattr(signal, "SIGTERM", None)) if s)


def wait_for_signal(signals: Iterable[int] = _DEFAULT_SIGNALS, timeout: Optional[float] = None) -> Optional[int]:
    """Block the main thread until one of ``signals`` arrives (default SIGINT and SIGTERM) and return its number;
    None when ``timeout`` seconds passed first. The previous handlers are restored before returning. Call it
    from the main thread (Python runs signal handlers there only)."""
    received: List[int] = []
    arrived = threading.Event()

    def handler(signum: int, frame: Any) -> None:
        received.append(signum)
        arrived.set()

    previous: List[Tuple[int, Any]] = []
    try:
        for signum in signals:
            previous.append((signum, signal.signal(signum, handler)))
        deadline = None if timeout is None else time.monotonic() + timeout
        # waits of at most a second: on Windows an untimed wait is not woken by a signal
        while not arrived.wait(1.0 if deadline is None else max(0.0, min(1.0, deadline - time.monotonic()))):
            if deadline is not None and time.monotonic() >= deadline:
                return None
    finally:
        for signum, old in previous:
            signal.signal(signum, old)
    return received[0]
