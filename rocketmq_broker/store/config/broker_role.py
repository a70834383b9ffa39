"""Java ``org.apache.rocketmq.store.config.BrokerRole``."""
from __future__ import annotations

import enum

__all__ = ["BrokerRole"]


class BrokerRole(enum.Enum):
    """Replication role of the broker's store (a slave refuses writes)."""

    ASYNC_MASTER = "ASYNC_MASTER"
    SYNC_MASTER = "SYNC_MASTER"
    SLAVE = "SLAVE"
