"""One pending request (Java ``org.apache.rocketmq.remoting.netty.ResponseFuture``)."""
from __future__ import annotations

import time
from _thread import allocate_lock
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:
    from rocketmq_remoting.common.semaphore_release_only_once import SemaphoreReleaseOnlyOnce
    from rocketmq_remoting.invoke_callback import InvokeCallback
    from rocketmq_remoting.netty.channel import Channel
    from rocketmq_remoting.protocol.remoting_command import RemotingCommand

__all__ = ["ResponseFuture"]

_time = time.time
_monotonic = time.monotonic


class ResponseFuture:
    """Registered in the response table under the request's opaque until answered, failed or expired.

    A sync caller blocks in :meth:`wait_response` on a plain lock (the cheapest wake-up CPython offers, Java's
    ``CountDownLatch(1)``); an async request carries its :class:`InvokeCallback`, run at most once (Java's
    ``AtomicBoolean executeCallbackOnlyOnce``: its ``compareAndSet(false, true)`` is the non-blocking acquire of a
    lock never released), and the permit that :meth:`release` returns at most once. A sync caller that may be
    asked to take over reading its channel (see ``LeaderFollowerReader.await_response``) waits with
    :meth:`await_wakeup` instead, and is asked with :meth:`wake_waiter`.
    """

    __slots__ = ("_opaque", "_process_channel", "_timeout_millis", "_invoke_callback", "_begin_timestamp",
                 "_deadline", "_latch", "_once", "_execute_callback_only_once", "_response_command", "_send_request_ok",
                 "_cause", "_done")

    def __init__(self, channel: Optional["Channel"], opaque: int, timeout_millis: int,
                 invoke_callback: Optional["InvokeCallback"] = None,
                 once: Optional["SemaphoreReleaseOnlyOnce"] = None) -> None:
        self._opaque = opaque
        self._process_channel = channel
        self._timeout_millis = timeout_millis
        self._invoke_callback = invoke_callback
        self._begin_timestamp = int(_time() * 1000)
        self._deadline = _monotonic() + timeout_millis / 1000.0
        self._once = once
        self._response_command: Optional["RemotingCommand"] = None
        self._send_request_ok = True
        self._cause: Optional[BaseException] = None
        self._done = False
        if invoke_callback is None:
            self._latch: Optional[Any] = allocate_lock()  # Java's CountDownLatch(1), for a sync caller
            self._latch.acquire()
            self._execute_callback_only_once: Optional[Any] = None
        else:
            self._latch = None
            self._execute_callback_only_once = allocate_lock()

    def execute_invoke_callback(self) -> None:
        """Run the callback, once at most (later calls do nothing)."""
        callback = self._invoke_callback
        if callback is not None and self._execute_callback_only_once.acquire(False):  # type: ignore[union-attr]
            callback.operation_complete(self)

    def release(self) -> None:
        """Give back the async/one-way permit, once at most."""
        if self._once is not None:
            self._once.release()

    def is_timeout(self) -> bool:
        return _monotonic() > self._deadline

    def is_expired(self, grace_seconds: float, now: float) -> bool:
        """True once ``now`` (``time.monotonic()``) is ``grace_seconds`` past the deadline (the response-table scan
        uses Java's 1 s grace)."""
        return now >= self._deadline + grace_seconds

    def wait_response(self, timeout_millis: float) -> Optional["RemotingCommand"]:
        """Block until a response (or a failure) is put, at most ``timeout_millis``; the response or None."""
        latch = self._latch
        if latch is not None:
            if latch.acquire(True, max(0.0, timeout_millis / 1000.0)):
                latch.release()
        return self._response_command

    def put_response(self, response_command: Optional["RemotingCommand"]) -> None:
        """Set the outcome (None for a failure) and wake the waiter."""
        self._response_command = response_command
        self._done = True
        self.wake_waiter()

    def is_done(self) -> bool:
        """True once :meth:`put_response` was called."""
        return self._done

    def await_wakeup(self, timeout_seconds: float) -> None:
        """Block until :meth:`put_response` or :meth:`wake_waiter` is called (also when that happened before the
        last wake-up was consumed), at most ``timeout_seconds``."""
        self._latch.acquire(True, max(0.0, timeout_seconds))  # type: ignore[union-attr]

    def wake_waiter(self) -> None:
        """Wake the thread blocked in :meth:`wait_response` or :meth:`await_wakeup`."""
        latch = self._latch
        if latch is not None:
            try:
                latch.release()
            except RuntimeError:
                pass  # already released: the waiter is awake, or will not block

    def get_begin_timestamp(self) -> int:
        """Creation time in epoch milliseconds."""
        return self._begin_timestamp

    def is_send_request_ok(self) -> bool:
        return self._send_request_ok

    def set_send_request_ok(self, send_request_ok: bool) -> None:
        self._send_request_ok = send_request_ok

    def get_timeout_millis(self) -> int:
        return self._timeout_millis

    def get_invoke_callback(self) -> Optional["InvokeCallback"]:
        return self._invoke_callback

    def get_cause(self) -> Optional[BaseException]:
        return self._cause

    def set_cause(self, cause: Optional[BaseException]) -> None:
        self._cause = cause

    def get_response_command(self) -> Optional["RemotingCommand"]:
        return self._response_command

    def set_response_command(self, response_command: Optional["RemotingCommand"]) -> None:
        self._response_command = response_command

    def get_opaque(self) -> int:
        return self._opaque

    def get_process_channel(self) -> Optional["Channel"]:
        return self._process_channel

    def __repr__(self) -> str:
        return ("ResponseFuture [responseCommand=%s, sendRequestOK=%s, cause=%r, opaque=%s, processChannel=%s, "
                "timeoutMillis=%s, invokeCallback=%s, beginTimestamp=%s]" % (
                    self._response_command, self._send_request_ok, self._cause, self._opaque,
                    self._process_channel, self._timeout_millis, self._invoke_callback, self._begin_timestamp))
