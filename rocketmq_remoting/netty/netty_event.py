"""Connection events (Java ``org.apache.rocketmq.remoting.netty.NettyEvent`` and ``NettyEventType``)."""
from __future__ import annotations

import enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rocketmq_remoting.netty.channel import Channel

__all__ = ["NettyEvent", "NettyEventType"]


class NettyEventType(enum.Enum):
    """Java ``NettyEventType``."""

    CONNECT = "CONNECT"
    CLOSE = "CLOSE"
    IDLE = "IDLE"
    EXCEPTION = "EXCEPTION"


class NettyEvent:
    """One connection event queued for the channel event listener."""

    __slots__ = ("_type", "_remote_addr", "_channel")

    def __init__(self, type_: NettyEventType, remote_addr: str, channel: "Channel") -> None:
        self._type = type_
        self._remote_addr = remote_addr
        self._channel = channel

    def get_type(self) -> NettyEventType:
        return self._type

    def get_remote_addr(self) -> str:
        return self._remote_addr

    def get_channel(self) -> "Channel":
        return self._channel

    def __repr__(self) -> str:
        return "NettyEvent [type=%s, remoteAddr=%s, channel=%s]" % (self._type.name, self._remote_addr, self._channel)
