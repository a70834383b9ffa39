"""Java ``org.apache.rocketmq.common.ServiceState``."""
from __future__ import annotations

import enum

__all__ = ["ServiceState"]


class ServiceState(enum.Enum):
    """Life-cycle state of a client, producer, consumer or server."""

    #: created, not started
    CREATE_JUST = 0
    #: running
    RUNNING = 1
    #: shut down
    SHUTDOWN_ALREADY = 2
    #: start failed
    START_FAILED = 3
