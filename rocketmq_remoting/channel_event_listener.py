"""Connection life-cycle listener (Java ``org.apache.rocketmq.remoting.ChannelEventListener``, 5.3.3 with
``onChannelActive``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rocketmq_remoting.netty.channel import Channel

__all__ = ["ChannelEventListener"]


class ChannelEventListener:
    """Receives connection events on the remoting's ``NettyEventExecutor`` thread, never on an I/O thread."""

    def on_channel_connect(self, remote_addr: str, channel: "Channel") -> None:
        raise NotImplementedError

    def on_channel_close(self, remote_addr: str, channel: "Channel") -> None:
        raise NotImplementedError

    def on_channel_exception(self, remote_addr: str, channel: "Channel") -> None:
        raise NotImplementedError

    def on_channel_idle(self, remote_addr: str, channel: "Channel") -> None:
        raise NotImplementedError

    def on_channel_active(self, remote_addr: str, channel: "Channel") -> None:
        """5.3.3: a client connection is established (after its CONNECT event); servers never fire it."""
        raise NotImplementedError
