"""Java ``org.apache.rocketmq.client.producer.selector.SelectMessageQueueByHash``."""
from __future__ import annotations

from typing import Any, List

from rocketmq_client.producer.message_queue_selector import MessageQueueSelector
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.util_all import UtilAll

__all__ = ["SelectMessageQueueByHash", "java_hash_code"]

_INT_MIN = -(1 << 31)
_INT_MAX = (1 << 31) - 1


def _to_int32(value: int) -> int:
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value & 0x80000000 else value


def java_hash_code(arg: Any) -> int:
    """Java ``arg.hashCode()`` for the usual selector arguments: ``String.hashCode`` for str,
    ``Boolean.hashCode`` for bool, ``Integer.hashCode`` (the value) for ints in the 32-bit range and
    ``Long.hashCode`` beyond; an object with a ``hash_code()`` method answers itself; anything else uses
    Python's ``hash`` folded to 32 bits."""
    if isinstance(arg, str):
        return UtilAll.string_hash_code(arg)
    if isinstance(arg, bool):
        return 1231 if arg else 1237
    if isinstance(arg, int):
        if _INT_MIN <= arg <= _INT_MAX:
            return arg
        value = arg & 0xFFFFFFFFFFFFFFFF
        return _to_int32(value ^ (value >> 32))
    hash_code = getattr(arg, "hash_code", None)
    if callable(hash_code):
        return _to_int32(hash_code())
    return _to_int32(hash(arg))


class SelectMessageQueueByHash(MessageQueueSelector):
    """``mqs[abs(arg.hashCode() % len(mqs))]`` (Java's truncating remainder): the same ``arg`` always selects the
    same queue, across Java and Python producers."""

    def select(self, mqs: List[MessageQueue], msg: Message, arg: Any) -> MessageQueue:
        return mqs[abs(java_hash_code(arg)) % len(mqs)]
