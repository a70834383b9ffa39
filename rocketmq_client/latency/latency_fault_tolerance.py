"""Java 5.3.3 ``org.apache.rocketmq.client.latency.LatencyFaultTolerance``."""
from __future__ import annotations

from typing import Generic, Optional, TypeVar

__all__ = ["LatencyFaultTolerance"]

T = TypeVar("T")


class LatencyFaultTolerance(Generic[T]):
    """Java 5.3.3 ``LatencyFaultTolerance``: which brokers are isolated after slow or failed sends and until when,
    which are unreachable until a detector finds them answering again."""

    def update_fault_item(self, name: T, current_latency: int, not_available_duration: int,
                          reachable: bool) -> None:
        """Record the latency of the last send to ``name``: it is unavailable for ``not_available_duration`` ms,
        and unreachable unless ``reachable``."""
        raise NotImplementedError

    def is_available(self, name: T) -> bool:
        """True unless ``name`` is inside its isolation period."""
        raise NotImplementedError

    def is_reachable(self, name: T) -> bool:
        """True unless ``name`` was marked unreachable and no detection found it answering since."""
        raise NotImplementedError

    def remove(self, name: T) -> None:
        """Forget ``name``."""
        raise NotImplementedError

    def pick_one_at_least(self) -> Optional[T]:
        """A random reachable entry when no broker is available (None when there is none)."""
        raise NotImplementedError

    def start_detector(self) -> None:
        """Start the thread that probes the recorded brokers (it probes only while the detector is enabled)."""
        raise NotImplementedError

    def shutdown(self) -> None:
        """End the detector thread."""
        raise NotImplementedError

    def detect_by_one_round(self) -> None:
        """Probe once each recorded broker whose detect interval passed, on the calling thread."""
        raise NotImplementedError

    def set_detect_timeout(self, detect_timeout: int) -> None:
        raise NotImplementedError

    def set_detect_interval(self, detect_interval: int) -> None:
        raise NotImplementedError

    def set_start_detector_enable(self, start_detector_enable: bool) -> None:
        raise NotImplementedError

    def is_start_detector_enable(self) -> bool:
        raise NotImplementedError
