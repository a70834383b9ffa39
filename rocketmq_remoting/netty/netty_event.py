"""Connection events (Java ``org.apache.rocketmq.remoting.netty.NettyEvent`` and ``NettyEventType``)."""
from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from rocketmq_remoting.common.bean import Prop, TypedBean
from rocketmq_remoting.netty.channel import Channel

__all__ = ["NettyEvent", "NettyEventType"]


class NettyEventType(enum.Enum):
    """Java ``NettyEventType`` (5.3.3: ACTIVE, a client connection established)."""

    CONNECT = "CONNECT"
    CLOSE = "CLOSE"
    IDLE = "IDLE"
    EXCEPTION = "EXCEPTION"
    ACTIVE = "ACTIVE"


class NettyEvent(TypedBean):
    """One connection event queued for the channel event listener."""

    type = Prop(NettyEventType, required=True)
    remote_addr = Prop(str, required=True)
    channel = Prop(Channel, required=True)

    # generated accessors (python -m rocketmq_remoting.common.bean_typing): do not edit
    if TYPE_CHECKING:
        def get_type(self) -> NettyEventType: ...
        def set_type(self, type: NettyEventType) -> None: ...
        def get_remote_addr(self) -> str: ...
        def set_remote_addr(self, remote_addr: str) -> None: ...
        def get_channel(self) -> Channel: ...
        def set_channel(self, channel: Channel) -> None: ...
    # end of generated accessors

    def __init__(self, type_: NettyEventType, remote_addr: str, channel: Channel) -> None:
        self.type = type_
        self.remote_addr = remote_addr
        self.channel = channel

    def __repr__(self) -> str:
        return "NettyEvent [type=%s, remoteAddr=%s, channel=%s]" % (self.type.name, self.remote_addr, self.channel)
