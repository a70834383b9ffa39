"""Java ``org.apache.rocketmq.store.PutMessageStatus``."""
from __future__ import annotations

import enum

__all__ = ["PutMessageStatus"]


class PutMessageStatus(enum.Enum):
    """Outcome of a put (the send processor maps it to a response code)."""

    PUT_OK = 0
    FLUSH_DISK_TIMEOUT = 1
    FLUSH_SLAVE_TIMEOUT = 2
    SLAVE_NOT_AVAILABLE = 3
    SERVICE_NOT_AVAILABLE = 4
    CREATE_MAPEDFILE_FAILED = 5
    MESSAGE_ILLEGAL = 6
    PROPERTIES_SIZE_EXCEEDED = 7
    OS_PAGECACHE_BUSY = 8
    UNKNOWN_ERROR = 9
    LMQ_CONSUME_QUEUE_NUM_EXCEEDED = 10
    # 5.3.3's timer outcomes (HookUtils.handleScheduleMessage)
    WHEEL_TIMER_FLOW_CONTROL = 11
    WHEEL_TIMER_MSG_ILLEGAL = 12
    WHEEL_TIMER_NOT_ENABLE = 13
