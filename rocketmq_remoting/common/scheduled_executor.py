"""A single-thread scheduled executor (the part of Java's ``ScheduledExecutorService`` RocketMQ uses).

``Executors.newSingleThreadScheduledExecutor(new ThreadFactoryImpl("MQClientFactoryScheduledThread"))`` becomes
``ScheduledExecutor("MQClientFactoryScheduledThread")``. Delays and periods are in milliseconds. Unlike Java, a
task that raises is logged and keeps its schedule (every RocketMQ task catches its own exceptions anyway).
"""
from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from typing import Any, Callable, List, Optional, Tuple

__all__ = ["ScheduledExecutor"]

log = logging.getLogger(__name__)

_FIXED_RATE, _FIXED_DELAY, _ONCE = 0, 1, 2


class ScheduledExecutor:
    """Runs delayed and periodic tasks on one named daemon thread, started with the first task."""

    def __init__(self, thread_name: str, join_timeout_seconds: float = 5.0) -> None:
        self._thread_name = thread_name
        self._join_timeout = join_timeout_seconds
        # heap of (next run monotonic seconds, sequence, kind, period seconds, task)
        self._queue: List[Tuple[float, int, int, float, Callable[[], Any]]] = []
        self._seq = itertools.count()
        self._cond = threading.Condition()
        self._shutdown = False
        self._thread: Optional[threading.Thread] = None

    def schedule(self, task: Callable[[], Any], delay_millis: int) -> None:
        """Run ``task`` once after ``delay_millis``."""
        self._add(task, delay_millis, 0, _ONCE)

    def schedule_at_fixed_rate(self, task: Callable[[], Any], initial_delay_millis: int, period_millis: int) -> None:
        """Java ``scheduleAtFixedRate``: runs start ``period_millis`` apart (late runs are not bunched up)."""
        self._add(task, initial_delay_millis, period_millis, _FIXED_RATE)

    def schedule_with_fixed_delay(self, task: Callable[[], Any], initial_delay_millis: int, delay_millis: int) -> None:
        """Java ``scheduleWithFixedDelay``: ``delay_millis`` between the end of a run and the next start."""
        self._add(task, initial_delay_millis, delay_millis, _FIXED_DELAY)

    def _add(self, task: Callable[[], Any], delay_millis: int, period_millis: int, kind: int) -> None:
        if delay_millis < 0 or (kind != _ONCE and period_millis <= 0):
            raise ValueError("need delay >= 0 and period > 0, got %s, %s" % (delay_millis, period_millis))
        with self._cond:
            if self._shutdown:
                raise RuntimeError("the scheduled executor %s is shut down" % self._thread_name)
            heapq.heappush(self._queue, (time.monotonic() + delay_millis / 1000.0, next(self._seq), kind,
                                         period_millis / 1000.0, task))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self._thread_name, daemon=True)
                self._thread.start()
            self._cond.notify()

    def shutdown(self) -> None:
        """Drop pending tasks and wait for the thread (a running task finishes first)."""
        with self._cond:
            self._shutdown = True
            self._queue.clear()
            self._cond.notify()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(self._join_timeout)
            if thread.is_alive():
                log.warning("scheduled executor %s: a task is still running after %.1f s",
                            self._thread_name, self._join_timeout)

    def is_shutdown(self) -> bool:
        return self._shutdown

    def _run(self) -> None:
        while True:
            with self._cond:
                while True:
                    if self._shutdown:
                        return
                    if self._queue:
                        wait = self._queue[0][0] - time.monotonic()
                        if wait <= 0:
                            due, seq, kind, period, task = heapq.heappop(self._queue)
                            break
                        self._cond.wait(wait)
                    else:
                        self._cond.wait()
            try:
                task()
            except Exception:
                log.error("scheduled task %r failed", task, exc_info=True)
            if kind == _ONCE:
                continue
            with self._cond:
                if self._shutdown:
                    return
                now = time.monotonic()
                nxt = max(due + period, now) if kind == _FIXED_RATE else now + period
                heapq.heappush(self._queue, (nxt, seq, kind, period, task))
