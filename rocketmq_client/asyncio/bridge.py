"""What the asyncio clients share to await the threaded core: a callback resolving an ``asyncio.Future`` on its
loop, the set of futures still pending (failed at shutdown), and blocking calls run off the loop.

The core's asynchronous paths (Java's ``SendCallback`` / ``RequestCallback``) complete on its own threads; the
result is handed to the awaiting loop with ``call_soon_threadsafe``, so an awaited send holds no thread. A future
whose task was cancelled is simply left alone when the core reports later: the core still ends the call (response,
timeout), releasing its permit, and nothing else refers to the future.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
from typing import Any, Callable, Optional, Set

from rocketmq_client.exception import MQClientException
from rocketmq_client.producer.request_callback import RequestCallback
from rocketmq_client.producer.send_callback import SendCallback
from rocketmq_remoting.common.completable_future import CompletableFuture
from rocketmq_remoting.common.thread_pool import RejectedExecutionException, ThreadPoolExecutor

__all__ = ["LoopCallback", "PendingFutures", "run_in_thread", "run_on_executor", "run_on_loop", "client_closed",
           "shutdown_with_executor"]

log = logging.getLogger(__name__)

#: seconds a client's shutdown waits for the blocking call its executor runs (after the core client shut down,
#: which ends such calls: its connections are closed)
EXECUTOR_TERMINATION_TIMEOUT = 5.0

#: seconds between two checks, by a core thread waiting for a coroutine, that its loop is still open
_LOOP_CHECK_INTERVAL = 1.0


def _set_result(future: "asyncio.Future[Any]", value: Any) -> None:
    if not future.done():
        future.set_result(value)


def _set_exception(future: "asyncio.Future[Any]", exc: BaseException) -> None:
    if not future.done():
        future.set_exception(exc)


def _call_on_loop(loop: asyncio.AbstractEventLoop, fn: Callable[..., None], *args: Any) -> None:
    """``fn(*args)`` on ``loop``; dropped (logged) when the loop is closed: nobody awaits there any more."""
    try:
        loop.call_soon_threadsafe(fn, *args)
    except RuntimeError:
        log.debug("event loop closed, dropping the outcome of an asynchronous call", exc_info=True)


class LoopCallback(SendCallback, RequestCallback):
    """A SendCallback and RequestCallback completing ``future`` on its loop (whatever thread reports)."""

    __slots__ = ("_future", "_loop")

    def __init__(self, future: "asyncio.Future[Any]") -> None:
        self._future = future
        self._loop = future.get_loop()

    def on_success(self, result: Any) -> None:
        _call_on_loop(self._loop, _set_result, self._future, result)

    def on_exception(self, e: BaseException) -> None:
        _call_on_loop(self._loop, _set_exception, self._future, e)


class PendingFutures:
    """The asyncio futures a client has not completed yet: each leaves the set when done (result, exception or
    cancellation); :meth:`fail_all` fails the rest, on their own loops, when the client shuts down."""

    def __init__(self) -> None:
        self._futures: Set["asyncio.Future[Any]"] = set()

    def new_future(self) -> "asyncio.Future[Any]":
        """A future of the running loop, tracked until done."""
        future = asyncio.get_running_loop().create_future()
        self._futures.add(future)
        future.add_done_callback(self._futures.discard)
        return future

    def __len__(self) -> int:
        return len(self._futures)

    def fail_all(self, exc_factory: Callable[[], BaseException]) -> None:
        """Fail every pending future with a new exception of ``exc_factory``."""
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        for future in list(self._futures):
            loop = future.get_loop()
            if loop is running:
                _set_exception(future, exc_factory())
            else:
                _call_on_loop(loop, _set_exception, future, exc_factory())


def client_closed(what: str) -> MQClientException:
    """The exception of an await still pending when its client shuts down."""
    return MQClientException("%s: the client was shut down while this call was pending" % what, None)


async def run_in_thread(name: str, fn: Callable[..., Any], *args: Any) -> Any:
    """Run the blocking ``fn(*args)`` (a start or shutdown) in a new thread named ``name`` and await its result;
    the thread has ended when this returns. A thread of its own, so that a lifecycle call never queues behind the
    client's polls or the application's use of the default executor."""
    done: "concurrent.futures.Future[Any]" = CompletableFuture()

    def run() -> None:
        if not done.set_running_or_notify_cancel():
            return
        try:
            done.set_result(fn(*args))
        except BaseException as e:  # handed to the awaiting task
            done.set_exception(e)

    thread = threading.Thread(target=run, name=name, daemon=True)
    thread.start()
    result = await asyncio.wrap_future(done)
    thread.join()  # its last instruction was handing the result over
    return result


def shutdown_with_executor(core_shutdown: Callable[[], None], executor: ThreadPoolExecutor) -> None:
    """A client's blocking shutdown: drop the calls its executor has not started (their awaits were failed),
    shut the core client down, then wait for the executor's threads to end."""
    executor.shutdown_now()
    core_shutdown()
    if not executor.await_termination(EXECUTOR_TERMINATION_TIMEOUT):
        log.warning("%r still runs a call %.0f s after the shutdown", executor, EXECUTOR_TERMINATION_TIMEOUT)


async def run_on_executor(pending: PendingFutures, executor: ThreadPoolExecutor, what: str,
                          fn: Callable[..., Any], *args: Any) -> Any:
    """Await the blocking ``fn(*args)`` run on ``executor`` (a client's own bounded pool), tracked in ``pending``
    so that shutdown fails the await; a call not started yet when its await is cancelled never starts."""
    future = pending.new_future()
    callback = LoopCallback(future)

    def run() -> None:
        if future.cancelled():
            return
        try:
            result = fn(*args)
        except Exception as e:
            callback.on_exception(e)
        else:
            callback.on_success(result)

    try:
        executor.execute(run)
    except RejectedExecutionException as e:
        future.cancel()
        if executor.is_shutdown():
            raise client_closed(what) from e
        raise MQClientException("%s: %d calls already wait for a thread of %r" % (
            what, executor.get_queue_size(), executor), e) from e
    return await future


def run_on_loop(loop: Optional[asyncio.AbstractEventLoop], coroutine_function: Callable[..., Any], *args: Any,
                running: Optional[Set["concurrent.futures.Future[Any]"]] = None) -> Any:
    """Run ``coroutine_function(*args)`` on ``loop`` from a core thread (a consume or transaction check thread)
    and wait for its result; the call is kept in ``running`` (when given) while it runs. Raises MQClientException
    when the loop is closed, also while waiting (the coroutine would never run)."""
    if loop is None or loop.is_closed():
        raise MQClientException("the event loop of the asyncio client is closed", None)
    coroutine = coroutine_function(*args)
    try:
        future: "concurrent.futures.Future[Any]" = asyncio.run_coroutine_threadsafe(coroutine, loop)
    except RuntimeError as e:  # closed meanwhile
        coroutine.close()
        raise MQClientException("the event loop of the asyncio client is closed", e) from e
    if running is not None:
        running.add(future)
    try:
        while True:
            try:
                return future.result(_LOOP_CHECK_INTERVAL)
            except concurrent.futures.TimeoutError:
                if loop.is_closed():  # the coroutine never started, and never will
                    future.cancel()
                    coroutine.close()
                    raise MQClientException("the event loop of the asyncio client closed during the call", None)
    finally:
        if running is not None:
            running.discard(future)
