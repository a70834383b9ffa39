"""Connection events (Java ``org.apache.rocketmq.remoting.netty.NettyEvent`` and ``NettyEventType``)."""
from __future__ import annotations

import enum
from typing import Optional

from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.netty.channel import Channel

__all__ = ["NettyEvent", "NettyEventType"]


class NettyEventType(enum.Enum):
    """Java ``NettyEventType`` (5.3.3: ACTIVE, a client connection established)."""

    CONNECT = "CONNECT"
    CLOSE = "CLOSE"
    IDLE = "IDLE"
    EXCEPTION = "EXCEPTION"
    ACTIVE = "ACTIVE"


class NettyEvent(Bean):
    """One connection event queued for the channel event listener."""

    type = Prop(NettyEventType, required=True)
    remote_addr = Prop(str, required=True)
    channel = Prop(Channel, required=True)

    def get_type(self) -> NettyEventType: return self.type
    def set_type(self, type: Optional[NettyEventType]) -> None: self.type = type
    def get_remote_addr(self) -> str: return self.remote_addr
    def set_remote_addr(self, remote_addr: Optional[str]) -> None: self.remote_addr = remote_addr
    def get_channel(self) -> Channel: return self.channel
    def set_channel(self, channel: Optional[Channel]) -> None: self.channel = channel

    def __init__(self, type_: NettyEventType, remote_addr: str, channel: Channel) -> None:
        self.type = type_
        self.remote_addr = remote_addr
        self.channel = channel

    def __repr__(self) -> str:
        return "NettyEvent [type=%s, remoteAddr=%s, channel=%s]" % (self.type.name, self.remote_addr, self.channel)
