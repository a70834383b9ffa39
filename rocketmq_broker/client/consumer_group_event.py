"""Java ``org.apache.rocketmq.broker.client.ConsumerGroupEvent``."""
from __future__ import annotations

import enum

__all__ = ["ConsumerGroupEvent"]


class ConsumerGroupEvent(enum.Enum):
    """What happened to a consumer group."""

    #: some consumers of the group changed (members or subscriptions)
    CHANGE = "CHANGE"
    #: the group has no consumer left
    UNREGISTER = "UNREGISTER"
    #: a consumer of the group registered (sent a heartbeat)
    REGISTER = "REGISTER"
