"""A bounded thread pool with Java ``ThreadPoolExecutor`` semantics, and Java's ``ThreadFactoryImpl`` naming.

``ThreadPoolExecutor(core_pool_size, maximum_pool_size, queue_capacity, thread_name_prefix)`` behaves like
``java.util.concurrent.ThreadPoolExecutor`` over a ``LinkedBlockingQueue(queue_capacity)``:

1. while fewer than ``core_pool_size`` threads exist, every task starts a new thread (threads are created lazily,
   on demand);
2. otherwise the task is queued, as long as the queue holds fewer than ``queue_capacity`` tasks
   (``None``: unbounded);
3. when the queue is full, a new thread is started up to ``maximum_pool_size``; threads above the core size stop
   after ``keep_alive_time`` seconds without work;
4. when the queue is full and ``maximum_pool_size`` threads run, :meth:`~ThreadPoolExecutor.execute` raises
   :class:`RejectedExecutionException` (Java's ``AbortPolicy``), as it does after :meth:`~ThreadPoolExecutor.shutdown`.

Threads are named like Java's ``ThreadFactoryImpl``: the prefix followed by a counter starting at 1, so the prefix
carries its own separator, as in Java (``ThreadPoolExecutor(4, 4, 50000, "AsyncSenderExecutor_")`` names
``AsyncSenderExecutor_1``, ``AsyncSenderExecutor_2``...). Threads are daemon threads by default, so a pool that
was never shut down cannot keep the interpreter alive; :meth:`~ThreadPoolExecutor.shutdown` plus
:meth:`~ThreadPoolExecutor.await_termination` end them cleanly.

:meth:`~ThreadPoolExecutor.set_core_pool_size` and :meth:`~ThreadPoolExecutor.set_maximum_pool_size` resize a
running pool like Java's setters (idle threads above the new size stop; growing the core starts threads for the
queued tasks).

A task that raises is logged (with its traceback) and the thread carries on.
:meth:`~ThreadPoolExecutor.execute` is the cheap path (no future); :meth:`~ThreadPoolExecutor.submit` returns a
:class:`~rocketmq_remoting.common.completable_future.CompletableFuture` (a light ``concurrent.futures.Future``).
"""
from __future__ import annotations

import concurrent.futures
import itertools
import logging
import queue
import threading
import time
from typing import Any, Callable, List, Optional, Set, Tuple

from rocketmq_remoting.common.completable_future import CompletableFuture

__all__ = ["ThreadPoolExecutor", "ThreadFactoryImpl", "RejectedExecutionException", "executor_submitter"]

log = logging.getLogger(__name__)

_Task = Tuple[Callable[..., Any], Tuple[Any, ...]]


class RejectedExecutionException(RuntimeError):
    """A task was refused: the pool is saturated or shut down (Java ``RejectedExecutionException``)."""


class ThreadFactoryImpl:
    """Java ``ThreadFactoryImpl``: threads named ``prefix + n`` with ``n`` counting from 1; daemon threads by
    default (Java's are not), so that a script that ends without ``shutdown()`` exits."""

    def __init__(self, thread_name_prefix: str, daemon: bool = True) -> None:
        self._prefix = thread_name_prefix
        self._daemon = daemon
        self._index = itertools.count(1)

    def new_thread(self, target: Callable[..., Any], *args: Any) -> threading.Thread:
        """A new (not started) thread running ``target(*args)``."""
        return threading.Thread(target=target, args=args, name="%s%d" % (self._prefix, next(self._index)),
                                daemon=self._daemon)


class ThreadPoolExecutor:
    """See the module docstring."""

    def __init__(self, core_pool_size: int, maximum_pool_size: Optional[int] = None,
                 queue_capacity: Optional[int] = None, thread_name_prefix: str = "pool-thread-",
                 keep_alive_time: float = 60.0, daemon: bool = True) -> None:
        maximum = core_pool_size if maximum_pool_size is None else maximum_pool_size
        if core_pool_size < 0 or maximum <= 0 or maximum < core_pool_size:
            raise ValueError("need 0 <= core_pool_size <= maximum_pool_size and maximum_pool_size > 0, got %s, %s"
                             % (core_pool_size, maximum))
        if queue_capacity is not None and queue_capacity <= 0:
            raise ValueError("queue_capacity must be positive or None (unbounded), got %s" % queue_capacity)
        if keep_alive_time < 0:
            raise ValueError("keep_alive_time must not be negative, got %s" % keep_alive_time)
        self._core_pool_size = core_pool_size
        self._maximum_pool_size = maximum
        self._queue_capacity = queue_capacity
        self._keep_alive_time = keep_alive_time
        self._thread_factory = ThreadFactoryImpl(thread_name_prefix, daemon)
        self._thread_name_prefix = thread_name_prefix
        self._work_queue: "queue.SimpleQueue[Optional[_Task]]" = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._workers: Set[threading.Thread] = set()
        self._largest_pool_size = 0
        self._shutdown = False

    # ------------------------------------------------------------------ submission

    def execute(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)`` on a pool thread; raises :class:`RejectedExecutionException` when saturated."""
        task = (fn, args)
        with self._lock:
            if self._shutdown:
                raise RejectedExecutionException("Task %r rejected from %r: shut down" % (fn, self))
            if len(self._workers) < self._core_pool_size:
                self._add_worker(task)
                return
            capacity = self._queue_capacity
            if capacity is None or self._work_queue.qsize() < capacity:
                self._work_queue.put(task)
                if not self._workers:
                    self._add_worker(None)
                return
            if len(self._workers) < self._maximum_pool_size:
                self._add_worker(task)
                return
        raise RejectedExecutionException("Task %r rejected from %r" % (fn, self))

    def submit(self, fn: Callable[..., Any], *args: Any) -> "concurrent.futures.Future[Any]":
        """Like :meth:`execute`, returning a :class:`concurrent.futures.Future` of the result."""
        future: "concurrent.futures.Future[Any]" = CompletableFuture()
        self.execute(_run_into_future, future, fn, args)
        return future

    def _add_worker(self, first_task: Optional[_Task]) -> None:
        # caller holds self._lock
        thread = self._thread_factory.new_thread(self._run_worker, first_task)
        self._workers.add(thread)
        if len(self._workers) > self._largest_pool_size:
            self._largest_pool_size = len(self._workers)
        thread.start()

    # ------------------------------------------------------------------ workers

    def _run_worker(self, task: Optional[_Task]) -> None:
        get = self._work_queue.get
        try:
            while True:
                if task is None:
                    task = self._next_task(get)
                    if task is None:
                        return
                fn, args = task
                task = None
                try:
                    fn(*args)
                except BaseException:  # noqa: B902 - a task must never kill its worker
                    log.exception("task %r raised in %s", fn, threading.current_thread().name)
        finally:
            with self._lock:
                self._workers.discard(threading.current_thread())

    def _next_task(self, get: Callable[..., Optional[_Task]]) -> Optional[_Task]:
        """The next task; None tells the worker to stop (shutdown, keep-alive expiry, or the pool shrunk by
        :meth:`set_core_pool_size` / :meth:`set_maximum_pool_size`, which wake idle workers with a None)."""
        while True:
            if len(self._workers) <= self._core_pool_size:
                task = get()
            else:
                try:
                    task = get(True, self._keep_alive_time)
                except queue.Empty:
                    with self._lock:
                        if len(self._workers) > self._core_pool_size:
                            self._workers.discard(threading.current_thread())
                            return None
                    continue
            if task is not None:
                return task
            with self._lock:
                if self._shutdown or len(self._workers) > self._core_pool_size:
                    self._workers.discard(threading.current_thread())
                    return None
            # a wake-up for a shrink another worker already answered: keep serving

    # ------------------------------------------------------------------ life cycle

    def shutdown(self) -> None:
        """Java ``shutdown``: refuse new tasks; queued tasks still run, then the threads stop. Does not wait."""
        with self._lock:
            if self._shutdown:
                return
            self._shutdown = True
            for _ in range(len(self._workers)):
                self._work_queue.put(None)

    def shutdown_now(self) -> List[Callable[..., Any]]:
        """Java ``shutdownNow``: refuse new tasks, drop the queued ones (returned) and stop the threads once their
        running task ends. Does not wait."""
        dropped: List[Callable[..., Any]] = []
        with self._lock:
            self._shutdown = True
            while True:
                try:
                    task = self._work_queue.get_nowait()
                except queue.Empty:
                    break
                if task is not None:
                    dropped.append(task[0])
            for _ in range(len(self._workers)):
                self._work_queue.put(None)
        return dropped

    def await_termination(self, timeout: Optional[float] = None) -> bool:
        """Wait up to ``timeout`` seconds (None: forever) for every thread to end after a shutdown; True when none
        is left. A pool thread calling this does not wait for itself."""
        deadline = None if timeout is None else time.monotonic() + timeout
        current = threading.current_thread()
        while True:
            with self._lock:
                workers = [t for t in self._workers if t is not current]
            if not workers:
                return True
            for thread in workers:
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return False
                thread.join(remaining)

    def is_shutdown(self) -> bool:
        return self._shutdown

    def is_terminated(self) -> bool:
        with self._lock:
            return self._shutdown and not self._workers

    # ------------------------------------------------------------------ sizing (Java setters)

    def set_core_pool_size(self, core_pool_size: int) -> None:
        """Java ``setCorePoolSize``: growing starts threads for the queued tasks at once (Java ``prestart`` of
        as many as needed), shrinking stops idle threads above the new size when they next wait; ValueError
        (Java IllegalArgumentException) when negative or above the maximum pool size."""
        if core_pool_size < 0 or core_pool_size > self._maximum_pool_size:
            raise ValueError("core pool size %d out of [0, %d]" % (core_pool_size, self._maximum_pool_size))
        with self._lock:
            delta = core_pool_size - self._core_pool_size
            self._core_pool_size = core_pool_size
            if self._shutdown:
                return
            excess = len(self._workers) - core_pool_size
            if excess > 0:
                for _ in range(excess):
                    self._work_queue.put(None)
            elif delta > 0:
                for _ in range(min(delta, self._work_queue.qsize())):
                    self._add_worker(None)

    def set_maximum_pool_size(self, maximum_pool_size: int) -> None:
        """Java ``setMaximumPoolSize``: threads above the new maximum stop when they next wait; ValueError (Java
        IllegalArgumentException) when not positive or below the core pool size."""
        if maximum_pool_size <= 0 or maximum_pool_size < self._core_pool_size:
            raise ValueError("maximum pool size %d must be positive and >= the core pool size %d"
                             % (maximum_pool_size, self._core_pool_size))
        with self._lock:
            self._maximum_pool_size = maximum_pool_size
            if self._shutdown:
                return
            for _ in range(len(self._workers) - maximum_pool_size):
                self._work_queue.put(None)

    # ------------------------------------------------------------------ monitoring (Java getters)

    def get_core_pool_size(self) -> int:
        return self._core_pool_size

    def get_maximum_pool_size(self) -> int:
        return self._maximum_pool_size

    def get_pool_size(self) -> int:
        return len(self._workers)

    def get_largest_pool_size(self) -> int:
        return self._largest_pool_size

    def get_queue_size(self) -> int:
        """Queued tasks (Java ``getQueue().size()``)."""
        return self._work_queue.qsize()

    def get_queue_capacity(self) -> Optional[int]:
        return self._queue_capacity

    def __repr__(self) -> str:
        state = "Shutting down" if self._shutdown else "Running"
        return "ThreadPoolExecutor[%s, %s, pool size = %d, queued tasks = %d, core = %d, max = %d, capacity = %s]" % (
            self._thread_name_prefix, state, len(self._workers), self._work_queue.qsize(), self._core_pool_size,
            self._maximum_pool_size, self._queue_capacity)


def _run_into_future(future: "concurrent.futures.Future[Any]", fn: Callable[..., Any],
                     args: Tuple[Any, ...]) -> None:
    if not future.set_running_or_notify_cancel():
        return
    try:
        result = fn(*args)
    except BaseException as e:  # noqa: B902 - handed to the future's owner
        future.set_exception(e)
    else:
        future.set_result(result)


def executor_submitter(executor: Any) -> Callable[..., Any]:
    """The cheapest "run ``fn(*args)`` on this executor" entry point: :meth:`ThreadPoolExecutor.execute`, or
    ``submit`` for any :class:`concurrent.futures.Executor`. Both raise a :class:`RuntimeError` subclass when
    the executor refuses the task. Each async send asks, so this pool's own class is told first."""
    if isinstance(executor, ThreadPoolExecutor):
        return executor.execute
    execute = getattr(executor, "execute", None)
    if callable(execute):
        return execute
    submit = getattr(executor, "submit", None)
    if callable(submit):
        return submit
    raise TypeError("%r is not an executor (no execute() or submit())" % (executor,))
