"""Java ``java.util.concurrent.ScheduledThreadPoolExecutor``: ``core_pool_size`` threads (named by a
:class:`ThreadFactoryImpl`, started one per scheduled task until the core size is reached, like Java) running
delayed and periodic tasks from one shared time-ordered queue. Delays and periods are in milliseconds.

``schedule(task, delay_millis)`` runs ``task()`` once after the delay; ``schedule_at_fixed_rate`` starts runs a
period apart (a late run is not followed by a burst of catch-up runs), ``schedule_with_fixed_delay`` waits the delay
between the end of a run and the next start. A pool thread scheduling a task without delay (a pull task
rescheduling itself as its last step) wakes no other thread: it takes the task itself when its current one returns,
unless another thread is free first; this saves a thread hand-off per pull. After :meth:`shutdown` new tasks are
refused with :class:`RejectedExecutionException` and the delayed and periodic ones are dropped (Java with
``executeExistingDelayedTasksAfterShutdownPolicy=false``); running tasks finish, then the threads end
(:meth:`await_termination` waits for that). Unlike Java, a task that raises is logged and a periodic one keeps its
schedule (a RocketMQ task that stopped silently would stall its service).

:class:`~rocketmq_remoting.common.scheduled_executor.ScheduledExecutor` is the single-thread form
(``Executors.newSingleThreadScheduledExecutor``).
"""
from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from typing import Any, Callable, List, Optional, Set, Tuple

from rocketmq_remoting.common.thread_pool import RejectedExecutionException, ThreadFactoryImpl

__all__ = ["ScheduledThreadPoolExecutor"]

log = logging.getLogger(__name__)

_ONCE, _FIXED_RATE, _FIXED_DELAY = 0, 1, 2


class ScheduledThreadPoolExecutor:
    """See the module docstring."""

    def __init__(self, core_pool_size: int, thread_factory: ThreadFactoryImpl) -> None:
        if core_pool_size <= 0:
            raise ValueError("core_pool_size must be positive, got %s" % core_pool_size)
        self._core_pool_size = core_pool_size
        self._thread_factory = thread_factory
        # heap of (due monotonic seconds, sequence, kind, period seconds, task)
        self._queue: List[Tuple[float, int, int, float, Callable[[], Any]]] = []
        self._seq = itertools.count()
        self._cond = threading.Condition()
        self._workers: Set[threading.Thread] = set()
        self._shutdown = False

    def schedule(self, task: Callable[[], Any], delay_millis: float) -> None:
        """Java ``schedule(task, delay, MILLISECONDS)``."""
        self._add(task, delay_millis, 0, _ONCE)

    def schedule_at_fixed_rate(self, task: Callable[[], Any], initial_delay_millis: float,
                               period_millis: float) -> None:
        """Java ``scheduleAtFixedRate``: runs start ``period_millis`` apart."""
        self._add(task, initial_delay_millis, period_millis, _FIXED_RATE)

    def schedule_with_fixed_delay(self, task: Callable[[], Any], initial_delay_millis: float,
                                  delay_millis: float) -> None:
        """Java ``scheduleWithFixedDelay``: ``delay_millis`` between the end of a run and the next start."""
        self._add(task, initial_delay_millis, delay_millis, _FIXED_DELAY)

    def execute(self, task: Callable[[], Any]) -> None:
        """Java ``execute``: ``schedule(task, 0)``."""
        self._add(task, 0, 0, _ONCE)

    def _add(self, task: Callable[[], Any], delay_millis: float, period_millis: float, kind: int) -> None:
        if delay_millis < 0 or (kind != _ONCE and period_millis <= 0):
            raise ValueError("need delay >= 0 and period > 0 (ms), got %s, %s" % (delay_millis, period_millis))
        due = time.monotonic() + delay_millis / 1000.0
        with self._cond:
            if self._shutdown:
                raise RejectedExecutionException("Task %r rejected: the executor is shut down" % (task,))
            heapq.heappush(self._queue, (due, next(self._seq), kind, period_millis / 1000.0, task))
            if delay_millis == 0 and threading.current_thread() in self._workers:
                return  # a task rescheduling itself: this thread takes it next, unless an idle one is woken
            if len(self._workers) < self._core_pool_size:
                thread = self._thread_factory.new_thread(self._run_worker)
                thread.daemon = True
                self._workers.add(thread)
                thread.start()
            else:
                self._cond.notify()

    def _run_worker(self) -> None:
        cond = self._cond
        queue = self._queue
        try:
            while True:
                with cond:
                    while True:
                        if self._shutdown:
                            return
                        if queue:
                            now = time.monotonic()
                            wait = queue[0][0] - now
                            if wait <= 0:
                                due, seq, kind, period, task = heapq.heappop(queue)
                                if queue and queue[0][0] <= now:
                                    cond.notify()  # another due task is waiting for a thread
                                break
                            cond.wait(wait)
                        else:
                            cond.wait()
                try:
                    task()
                except BaseException:  # noqa: B902 - a task must never kill its worker
                    log.exception("scheduled task %r raised in %s", task, threading.current_thread().name)
                if kind != _ONCE:
                    with cond:
                        if self._shutdown:
                            return
                        now = time.monotonic()
                        heapq.heappush(queue, (max(due + period, now) if kind == _FIXED_RATE else now + period,
                                               seq, kind, period, task))
                task = None  # type: ignore[assignment]
        finally:
            with cond:
                self._workers.discard(threading.current_thread())
                cond.notify_all()

    def shutdown(self) -> None:
        """Java ``shutdown`` (see the module docstring). Does not wait."""
        with self._cond:
            self._shutdown = True
            self._queue.clear()
            self._cond.notify_all()

    def await_termination(self, timeout: Optional[float] = None) -> bool:
        """Wait up to ``timeout`` seconds (None: forever) for the threads to end after :meth:`shutdown`; True when
        none is left. A pool thread calling this does not wait for itself."""
        deadline = None if timeout is None else time.monotonic() + timeout
        current = threading.current_thread()
        with self._cond:
            while True:
                others = [t for t in self._workers if t is not current]
                if not others:
                    return True
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return False
                self._cond.wait(remaining)

    def is_shutdown(self) -> bool:
        return self._shutdown

    def get_pool_size(self) -> int:
        """Java ``getPoolSize``: threads alive."""
        return len(self._workers)

    def get_core_pool_size(self) -> int:
        return self._core_pool_size

    def get_queue_size(self) -> int:
        """Delayed and periodic tasks waiting (Java ``getQueue().size()``)."""
        return len(self._queue)

    def __repr__(self) -> str:
        return "ScheduledThreadPoolExecutor[%s, pool size = %d, queued tasks = %d, core = %d]" % (
            "Shutting down" if self._shutdown else "Running", len(self._workers), len(self._queue),
            self._core_pool_size)
