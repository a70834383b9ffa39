"""Argument dispatch for the overloaded Java ``send`` / ``request`` methods of the producers.

Java overloads ``send`` by parameter types; Python has one ``send(msg, *args)``. :func:`parse_send_args` recognises
each Java form by the type of its first argument after the message, so Java calls port line by line::

    send(msg)                              send(msg, timeout)
    send(msg, callback)                    send(msg, callback, timeout)
    send(msg, mq)                          send(msg, mq, timeout)
    send(msg, mq, callback)                send(msg, mq, callback, timeout)
    send(msg, selector, arg)               send(msg, selector, arg, timeout)
    send(msg, selector, arg, callback)     send(msg, selector, arg, callback, timeout)

A callback is any object with ``on_success`` and ``on_exception`` (SendCallback / RequestCallback); a selector is
a :class:`MessageQueueSelector`, any object with ``select(mqs, msg, arg)``, or a plain function of
``(mqs, msg, arg)`` (a Java lambda); a timeout is a number of milliseconds.
"""
from __future__ import annotations

import numbers
from typing import Any, Callable, NamedTuple, Optional, Sequence, Tuple

from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["SendArgs", "parse_send_args", "is_callback", "as_selector", "DEFAULT", "QUEUE", "SELECT"]

#: kinds of send
DEFAULT, QUEUE, SELECT = "default", "queue", "select"


class SendArgs(NamedTuple):
    """The parsed Java overload: ``kind`` is DEFAULT, QUEUE (``mq`` set) or SELECT (``selector``, ``arg`` set)."""

    kind: str
    mq: Optional[MessageQueue]
    selector: Any
    arg: Any
    callback: Any
    timeout: Optional[int]


def is_callback(value: Any) -> bool:
    """A SendCallback / RequestCallback (duck-typed: ``on_success`` and ``on_exception``)."""
    return hasattr(value, "on_success") and hasattr(value, "on_exception")


def _is_timeout(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _is_selector(value: Any) -> bool:
    return callable(getattr(value, "select", None)) or (callable(value) and not is_callback(value))


class _FunctionSelector:
    """A plain ``(mqs, msg, arg) -> MessageQueue`` function used as a MessageQueueSelector."""

    __slots__ = ("_fn",)

    def __init__(self, fn: Callable[..., MessageQueue]) -> None:
        self._fn = fn

    def select(self, mqs: Any, msg: Any, arg: Any) -> MessageQueue:
        return self._fn(mqs, msg, arg)


def as_selector(selector: Any) -> Any:
    """``selector`` itself when it has ``select``, else the function wrapped as a selector."""
    return selector if callable(getattr(selector, "select", None)) else _FunctionSelector(selector)


#: the form of ``send(msg)``: every call without arguments after the message returns it
_NO_ARGS = SendArgs(DEFAULT, None, None, None, None, None)
#: a SendArgs from a tuple of its fields, in C (``SendArgs(...)`` runs a generated ``__new__`` in Python)
_new_send_args = tuple.__new__


def parse_send_args(method: str, args: Sequence[Any], allow_selector: bool = True,
                    allow_callback: bool = True, allow_timeout: bool = True) -> SendArgs:
    """Recognise the Java overload of ``method(msg, *args)``; raise TypeError naming the accepted forms.

    Every send passes here, so the two commonest forms are told first: ``(msg)`` returns one shared result and
    ``(msg, callback)`` is recognised with one test (an object that is a callback and a selector is taken as the
    callback, the one form of one argument it can complete); the tail after the queue or the selector's
    argument (``[callback][, timeout]``) is read in place."""
    if not args:
        return _NO_ARGS
    first = args[0]
    if len(args) == 1 and allow_callback and is_callback(first):
        return _new_send_args(SendArgs, (DEFAULT, None, None, None, first, None))  # type: ignore[no-any-return]
    try:
        if isinstance(first, MessageQueue):
            callback, timeout = _tail(args, 1, allow_callback, allow_timeout)
            return SendArgs(QUEUE, first, None, None, callback, timeout)
        if allow_selector and _is_selector(first):
            if len(args) < 2:
                raise TypeError("a selector needs its argument")
            callback, timeout = _tail(args, 2, allow_callback, allow_timeout)
            return SendArgs(SELECT, None, as_selector(first), args[1], callback, timeout)
        callback, timeout = _tail(args, 0, allow_callback, allow_timeout)
        return SendArgs(DEFAULT, None, None, None, callback, timeout)
    except TypeError as e:
        raise TypeError("unsupported arguments for %s(msg, %s): %s; the Java forms are (msg[, callback][, timeout]), "
                        "(msg, mq[, callback][, timeout])%s" % (
                            method, ", ".join(type(a).__name__ for a in args), e,
                            ", (msg, selector, arg[, callback][, timeout])" if allow_selector else "")) from None


def _tail(args: Sequence[Any], start: int, allow_callback: bool, allow_timeout: bool) -> Tuple[Any, Optional[int]]:
    """The ``[callback][, timeout]`` of ``args[start:]``."""
    callback = None
    timeout = None
    n = len(args)
    i = start
    if i < n and is_callback(args[i]):
        if not allow_callback:
            raise TypeError("no callback in this form")
        callback = args[i]
        i += 1
    if i < n and _is_timeout(args[i]):
        if not allow_timeout:
            raise TypeError("no timeout in this form")
        timeout = args[i]
        i += 1
    if i < n:
        raise TypeError("unexpected %r" % (args[i],))
    return callback, timeout
