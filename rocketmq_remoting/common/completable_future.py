"""A :class:`concurrent.futures.Future` of two objects: the project's ``java.util.concurrent.CompletableFuture``.

Every asynchronous result the client hands out is one of these (``DefaultMQProducer.send_async``, the pools'
``submit``, ``FutureUtils``). A plain ``concurrent.futures.Future`` brings ten more objects the cyclic garbage collector
tracks (a Condition, its RLock and deque and five bound methods, two lists); 20,000 sends in flight made the
collector's full collections a third of the client's CPU (benchmarks/README.md, "The lighter Future"). This one
holds a plain lock; the Condition on that lock is made when a thread first waits in ``result``/``exception``,
the waiter list when ``concurrent.futures.wait`` or ``as_completed`` first waits for it while it is pending (and
dropped once it is done: nobody is told of it again), the done-callback list when the first callback is added.
The lock is one per future, not one for the process: ``wait`` takes its futures' ``_condition`` in the order of
their ids, which orders the locks of this class and of plain futures together (two threads waiting for overlapping
sets cannot deadlock) only when each future has its own. It is still a ``concurrent.futures.Future`` to callers, to
those functions and to ``asyncio.wrap_future``, with the same semantics (Python 3.8-3.13).
"""
from __future__ import annotations

import concurrent.futures
import threading
from _thread import allocate_lock
from concurrent.futures._base import (CANCELLED, CANCELLED_AND_NOTIFIED, FINISHED, LOGGER, PENDING, RUNNING,
                                      _STATE_TO_DESCRIPTION_MAP)
from typing import Any, Callable, List, Optional

__all__ = ["CompletableFuture"]

_CANCELLED_STATES = frozenset((CANCELLED, CANCELLED_AND_NOTIFIED))
_DONE_STATES = frozenset((CANCELLED, CANCELLED_AND_NOTIFIED, FINISHED))
#: the states whose waiters were told (a CANCELLED future's are, by set_running_or_notify_cancel or complete)
_NOTIFIED_STATES = frozenset((CANCELLED_AND_NOTIFIED, FINISHED))


class _NoWaiters:
    """The ``_waiters`` of a done future: ``wait`` and ``as_completed`` add their waiter to every future they are
    given, also to those already done, and remove it after; a done future tells nobody again, so it keeps none."""

    __slots__ = ()

    def append(self, waiter: Any) -> None:
        pass

    def remove(self, waiter: Any) -> None:
        pass

    def __len__(self) -> int:
        return 0


_NO_WAITERS = _NoWaiters()


class CompletableFuture(concurrent.futures.Future):
    """See the module docstring. ``_condition`` (what ``concurrent.futures.wait`` and ``as_completed`` hold while
    they look at the state and add or remove their waiter) is the future's plain lock, which guards the state; the
    base class's ``_waiters`` is a property: the waiter list, made on first use. Nothing runs under the lock that
    could take it again (it is not reentrant): callbacks and ``repr`` run outside it."""

    __slots__ = ("_condition", "_state", "_result", "_exception", "_cond", "_waiter_list", "_callbacks")

    def __init__(self) -> None:  # not the base's: its Condition and lists are what this class saves
        self._condition = allocate_lock()  # type: ignore[assignment]  # they only acquire and release it
        self._state = PENDING
        self._result: Any = None
        self._exception: Optional[BaseException] = None
        self._cond: Optional[threading.Condition] = None
        self._waiter_list: Optional[List[Any]] = None
        self._callbacks: Optional[List[Callable[[Any], Any]]] = None

    @property
    def _waiters(self) -> List[Any]:  # type: ignore[override]  # made on first use
        """The waiters of ``concurrent.futures.wait`` / ``as_completed``; they add and remove theirs holding
        ``_condition``. A done future has none (see ``_NoWaiters``)."""
        waiters = self._waiter_list
        if waiters is None:
            if self._state in _NOTIFIED_STATES:
                return _NO_WAITERS  # type: ignore[return-value]  # a list to them
            waiters = self._waiter_list = []
        return waiters

    def _invoke_callbacks(self) -> None:
        for callback in self._callbacks or ():
            try:
                callback(self)
            except Exception:
                LOGGER.exception("exception calling callback for %r", self)

    def __repr__(self) -> str:
        state, exception = self._state, self._exception
        if state == FINISHED:
            return "<%s at %#x state=%s %s %s>" % (
                self.__class__.__name__, id(self), _STATE_TO_DESCRIPTION_MAP[state],
                "raised" if exception else "returned",
                exception.__class__.__name__ if exception else self._result.__class__.__name__)
        return "<%s at %#x state=%s>" % (self.__class__.__name__, id(self), _STATE_TO_DESCRIPTION_MAP[state])

    def cancel(self) -> bool:
        with self._condition:
            state = self._state
            if state == RUNNING or state == FINISHED:
                return False
            if state in _CANCELLED_STATES:
                return True
            self._state = CANCELLED
            if self._cond is not None:
                self._cond.notify_all()
        self._invoke_callbacks()
        return True

    def cancelled(self) -> bool:
        return self._state in _CANCELLED_STATES

    def running(self) -> bool:
        return self._state == RUNNING

    def done(self) -> bool:
        return self._state in _DONE_STATES

    def add_done_callback(self, fn: Callable[[Any], Any]) -> None:
        with self._condition:
            if self._state not in _DONE_STATES:
                if self._callbacks is None:
                    self._callbacks = [fn]
                else:
                    self._callbacks.append(fn)
                return
        try:
            fn(self)
        except Exception:
            LOGGER.exception("exception calling callback for %r", self)

    def result(self, timeout: Optional[float] = None) -> Any:
        try:
            if self._state != FINISHED:
                self._wait(timeout)
            if self._exception is not None:
                raise self._exception
            return self._result
        finally:
            self = None  # type: ignore[assignment]  # as the base: no cycle through the raised exception's frame

    def exception(self, timeout: Optional[float] = None) -> Optional[BaseException]:
        if self._state != FINISHED:
            self._wait(timeout)
        return self._exception

    def _wait(self, timeout: Optional[float]) -> None:
        """Return once finished; raise CancelledError or TimeoutError as the base's ``result`` does. The first
        thread that waits makes the Condition on the lock."""
        with self._condition:
            state = self._state
            if state not in _DONE_STATES:
                if self._cond is None:
                    self._cond = threading.Condition(self._condition)  # type: ignore[arg-type]  # a plain lock
                self._cond.wait(timeout)
                state = self._state
        if state in _CANCELLED_STATES:
            raise concurrent.futures.CancelledError()
        if state != FINISHED:
            raise concurrent.futures.TimeoutError()

    def set_running_or_notify_cancel(self) -> bool:
        with self._condition:
            state = self._state
            if state == PENDING:
                self._state = RUNNING
                return True
            if state == CANCELLED:
                self._notify_cancelled()
                return False
        LOGGER.critical("Future %s in unexpected state: %s", id(self), state)
        raise RuntimeError("Future in unexpected state")

    def _notify_cancelled(self) -> None:
        """Holding the lock: a cancelled future's waiters learn of it."""
        self._state = CANCELLED_AND_NOTIFIED
        for waiter in self._waiter_list or ():
            waiter.add_cancelled(self)
        self._let_go()

    def _let_go(self) -> None:
        """Holding the lock, the future done and its waiters told: drop what only a pending future needs (its
        Condition and waiter list: the collector walks each future a caller keeps). The lock stays:
        ``concurrent.futures.wait`` reads ``_condition`` again to release what it acquired, so a thread that took
        the lock while the future finished must find the same lock (a lock is no object the collector walks)."""
        self._waiter_list = None
        self._cond = None

    def set_result(self, result: Any) -> None:
        self._finish(result, None, False, True)

    def set_exception(self, exception: Optional[BaseException]) -> None:
        self._finish(None, exception, True, True)

    def complete(self, value: Any) -> bool:
        """Java ``complete``: finish with ``value`` unless already done; True if this call finished it. A
        cancelled future is marked notified (as by :meth:`set_running_or_notify_cancel`), so that
        ``concurrent.futures.wait`` counts it done: the producer's side of the future in one call."""
        return self._finish(value, None, False, False)

    def complete_exceptionally(self, ex: BaseException) -> bool:
        """Java ``completeExceptionally``: as :meth:`complete`, failed with ``ex``."""
        return self._finish(None, ex, True, False)

    def _finish(self, result: Any, exception: Optional[BaseException], failed: bool, strict: bool) -> bool:
        with self._condition:
            state = self._state
            if state == PENDING or state == RUNNING:
                self._result = result
                self._exception = exception
                self._state = FINISHED
                waiters = self._waiter_list
                if waiters is not None:
                    for waiter in waiters:
                        waiter.add_exception(self) if failed else waiter.add_result(self)
                if self._cond is not None:
                    self._cond.notify_all()
                self._let_go()
            elif state == CANCELLED and not strict:
                self._notify_cancelled()
        if state == PENDING or state == RUNNING:
            if self._callbacks is not None:
                self._invoke_callbacks()
            return True
        if strict:
            raise concurrent.futures.InvalidStateError("{}: {!r}".format(state, self))
        return False
