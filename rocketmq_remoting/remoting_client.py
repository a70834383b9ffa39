"""Former home of :class:`~rocketmq_remoting.netty.netty_remoting_client.NettyRemotingClient` (Java's
``org.apache.rocketmq.remoting.netty.NettyRemotingClient``); ``RemotingClient`` stays as its alias."""
from __future__ import annotations

from rocketmq_remoting.netty.netty_remoting_client import ChannelWrapper, NettyRemotingClient

__all__ = ["ChannelWrapper", "RemotingClient"]

RemotingClient = NettyRemotingClient
