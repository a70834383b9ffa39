"""Java ``org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyStatus``."""
from __future__ import annotations

import enum

__all__ = ["ConsumeOrderlyStatus"]


class ConsumeOrderlyStatus(enum.Enum):
    """What an orderly listener answers for a batch."""

    #: success consumption
    SUCCESS = 0
    #: rollback consumption (only for binlog consumption; deprecated in Java)
    ROLLBACK = 1
    #: commit offset (only for binlog consumption; deprecated in Java)
    COMMIT = 2
    #: suspend the current queue a moment
    SUSPEND_CURRENT_QUEUE_A_MOMENT = 3
