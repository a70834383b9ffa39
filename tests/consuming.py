"""A push consumer's listener that collects message bodies, for tests of every package (``tests/`` is on
``sys.path`` through ``tests/conftest.py``)."""
from __future__ import annotations

import threading
from typing import Any, List

import pytest

from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus

__all__ = ["BodyCollector"]


class BodyCollector:
    """A concurrent listener keeping the body of every message it gets; :meth:`wait_for` waits until it has
    all of some bodies."""

    def __init__(self) -> None:
        self.bodies: List[bytes] = []
        self.cond = threading.Condition()

    def __call__(self, msgs: List[Any], context: Any) -> ConsumeConcurrentlyStatus:
        with self.cond:
            self.bodies.extend(m.get_body() for m in msgs)
            self.cond.notify_all()
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    def wait_for(self, expected: set, timeout: float = 20.0) -> None:
        with self.cond:
            if not self.cond.wait_for(lambda: expected <= set(self.bodies), timeout):
                pytest.fail("consumer got %r, expected %r" % (self.bodies, expected))
