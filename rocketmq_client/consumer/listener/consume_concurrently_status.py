"""Java ``org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus``."""
from __future__ import annotations

import enum

__all__ = ["ConsumeConcurrentlyStatus"]


class ConsumeConcurrentlyStatus(enum.Enum):
    """What a concurrent listener answers for a batch."""

    #: success consumption
    CONSUME_SUCCESS = 0
    #: failure consumption, later try to consume
    RECONSUME_LATER = 1
