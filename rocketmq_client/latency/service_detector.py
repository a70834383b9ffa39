"""Java 5.3.3 ``org.apache.rocketmq.client.latency.ServiceDetector``."""
from __future__ import annotations

__all__ = ["ServiceDetector"]


class ServiceDetector:
    """Java 5.3.3 ``ServiceDetector``: whether the remote service is normal again (the producer's asks a broker
    for a queue's max offset)."""

    def detect(self, endpoint: str, timeout_millis: int) -> bool:
        """True if the service at ``endpoint`` answered within ``timeout_millis``."""
        raise NotImplementedError
