"""Java ``Executors.newSingleThreadScheduledExecutor(new ThreadFactoryImpl(name))``, the scheduled executor most of
RocketMQ uses: ``ScheduledExecutor("MQClientFactoryScheduledThread")`` is a
:class:`~rocketmq_remoting.common.scheduled_thread_pool_executor.ScheduledThreadPoolExecutor` of one thread named
exactly ``thread_name``, started with the first task, whose :meth:`~ScheduledExecutor.shutdown` also waits for a
running task (RocketMQ's services end their threads on ``shutdown()``).
"""
from __future__ import annotations

import logging
import threading
from typing import Any, Callable, Optional

from rocketmq_remoting.common.scheduled_thread_pool_executor import ScheduledThreadPoolExecutor
from rocketmq_remoting.common.thread_pool import ThreadFactoryImpl

__all__ = ["ScheduledExecutor"]

log = logging.getLogger(__name__)


class _NamedThreadFactory(ThreadFactoryImpl):
    """The one thread of a single-thread executor, named without a counter (kept to be joined)."""

    thread: Optional[threading.Thread] = None

    def new_thread(self, target: Callable[..., Any], *args: Any) -> threading.Thread:
        self.thread = threading.Thread(target=target, args=args, name=self._prefix, daemon=self._daemon)
        return self.thread


class ScheduledExecutor(ScheduledThreadPoolExecutor):
    """See the module docstring."""

    def __init__(self, thread_name: str, join_timeout_seconds: float = 5.0) -> None:
        self._named_thread_factory = _NamedThreadFactory(thread_name)
        super().__init__(1, self._named_thread_factory)
        self._join_timeout = join_timeout_seconds

    def shutdown(self) -> None:
        """Drop the pending tasks and wait up to ``join_timeout_seconds`` for the thread to end (a running task
        finishes first; Java's ``shutdown`` followed by ``awaitTermination``)."""
        super().shutdown()
        thread = self._named_thread_factory.thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(self._join_timeout)
            if thread.is_alive():
                log.warning("scheduled executor %s: a task is still running after %.1f s", thread.name,
                            self._join_timeout)
