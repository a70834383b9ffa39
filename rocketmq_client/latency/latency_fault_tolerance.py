"""Java ``org.apache.rocketmq.client.latency.LatencyFaultTolerance``."""
from __future__ import annotations

from typing import Generic, Optional, TypeVar

__all__ = ["LatencyFaultTolerance"]

T = TypeVar("T")


class LatencyFaultTolerance(Generic[T]):
    """Which brokers are isolated after slow or failed sends, and until when."""

    def update_fault_item(self, name: T, current_latency: int, not_available_duration: int) -> None:
        """Record the latency of the last send to ``name``; it is unavailable for ``not_available_duration`` ms."""
        raise NotImplementedError

    def is_available(self, name: T) -> bool:
        """True unless ``name`` is inside its isolation period."""
        raise NotImplementedError

    def remove(self, name: T) -> None:
        """Forget ``name``."""
        raise NotImplementedError

    def pick_one_at_least(self) -> Optional[T]:
        """A "least bad" entry when every broker is isolated (None when nothing is recorded)."""
        raise NotImplementedError
