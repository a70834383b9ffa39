"""The condition wait of every test package (``tests/`` is on ``sys.path`` through ``tests/conftest.py``): for
state that has no event to wait on, re-check a predicate until it holds, and fail at a deadline."""
from __future__ import annotations

import threading
import time
from typing import Any, Callable

__all__ = ["wait_for"]


def wait_for(predicate: Callable[[], Any], timeout: float = 20.0, what: str = "condition",
             interval: float = 0.02) -> Any:
    """Re-check ``predicate`` every ``interval`` seconds until it returns a truthy value (returned); raise
    AssertionError naming ``what`` when ``timeout`` seconds pass first."""
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError("timed out after %.1f s waiting for %s" % (timeout, what))
        pause.wait(interval)
