"""Java ``org.apache.rocketmq.client.consumer.listener.ConsumeReturnType``."""
from __future__ import annotations

import enum

__all__ = ["ConsumeReturnType"]


class ConsumeReturnType(enum.Enum):
    """How a listener call ended (reported to consume hooks as ``ConsumeContextType``)."""

    #: consume return success
    SUCCESS = 0
    #: consume timeout, even if success
    TIME_OUT = 1
    #: consume throw exception
    EXCEPTION = 2
    #: consume return null
    RETURNNULL = 3
    #: consume return failed
    FAILED = 4
