"""Fixtures of the message trace and namespace tests (``embedded_cluster`` and ``wait_until`` come from the
parent conftests).

``closing(client)``: registers a started producer or consumer to be shut down after the test (in reverse order)
and returns it.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator, List

import pytest


@pytest.fixture
def closing() -> Iterator[Callable[[Any], Any]]:
    clients: List[Any] = []

    def register(client: Any) -> Any:
        clients.append(client)
        return client

    yield register
    for client in reversed(clients):
        client.shutdown()
