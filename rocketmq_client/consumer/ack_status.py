"""Java ``org.apache.rocketmq.client.consumer.AckStatus`` (5.3.3)."""
from __future__ import annotations

import enum

__all__ = ["AckStatus"]


class AckStatus(enum.Enum):
    """Outcome of an ACK_MESSAGE or CHANGE_MESSAGE_INVISIBLETIME request."""

    #: ack success
    OK = 0
    #: the message (its pop check point) does not exist
    NO_EXIST = 1
