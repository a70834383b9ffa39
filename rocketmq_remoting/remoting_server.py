"""Former home of :class:`~rocketmq_remoting.netty.netty_remoting_server.NettyRemotingServer` (Java's
``org.apache.rocketmq.remoting.netty.NettyRemotingServer``); ``RemotingServer`` stays as its alias."""
from __future__ import annotations

from rocketmq_remoting.netty.netty_remoting_server import NettyRemotingServer

__all__ = ["RemotingServer"]

RemotingServer = NettyRemotingServer
