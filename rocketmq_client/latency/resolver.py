"""Java 5.3.3 ``org.apache.rocketmq.client.latency.Resolver``."""
from __future__ import annotations

from typing import Optional

__all__ = ["Resolver"]


class Resolver:
    """Java 5.3.3 ``Resolver``: the address of a broker name for the latency detector (the producer resolves the
    master it publishes to); None when the broker is gone, and its fault item is dropped."""

    def resolve(self, name: str) -> Optional[str]:
        raise NotImplementedError
