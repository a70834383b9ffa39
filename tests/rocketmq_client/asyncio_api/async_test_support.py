"""Helpers of the asyncio client tests (imported by module name; the test directory is on sys.path): unique
client names, a deadline-bounded wait for a condition on the loop, the broker's consume offsets."""
from __future__ import annotations

import asyncio
import itertools
import time
from typing import Any, Callable, Dict

from rocketmq_broker.embedded_cluster import EmbeddedCluster

_names = itertools.count()

__all__ = ["unique", "client_settings", "eventually", "consumer_offsets"]


def unique(prefix: str) -> str:
    """``prefix`` with a number no other name of this test run has."""
    return "%s_%d" % (prefix, next(_names))


def client_settings(cluster: EmbeddedCluster, **settings: Any) -> Dict[str, Any]:
    """Keyword settings of a client of ``cluster`` with an instance of its own (short intervals)."""
    return dict({"namesrv_addr": cluster.namesrv_addr, "instance_name": unique("async"),
                 "heartbeat_broker_interval": 1000, "poll_name_server_interval": 1000}, **settings)


async def eventually(predicate: Callable[[], Any], timeout: float = 15.0, what: str = "condition") -> Any:
    """Re-check ``predicate`` every 20 ms (yielding the loop) until it returns a truthy value; fail at the
    deadline."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError("timed out after %.1f s waiting for %s" % (timeout, what))
        await asyncio.sleep(0.02)


def consumer_offsets(cluster: EmbeddedCluster, group: str, topic: str) -> Dict[int, int]:
    """The consume offsets the broker holds for ``group`` on ``topic`` by queue id."""
    manager = cluster.broker_controller.get_consumer_offset_manager()
    return dict(manager.query_offset_table(group, topic) or {})
