"""Java ``org.apache.rocketmq.common.message.MessageType`` (used by send hooks and traces)."""
from __future__ import annotations

import enum

__all__ = ["MessageType"]


class MessageType(enum.Enum):
    """Kind of a sent message; member names are Java's."""

    Normal_Msg = 0
    Trans_Msg_Half = 1
    Trans_msg_Commit = 2
    Delay_Msg = 3
