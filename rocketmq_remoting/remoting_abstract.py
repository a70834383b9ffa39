"""Former home of :class:`~rocketmq_remoting.netty.netty_remoting_abstract.NettyRemotingAbstract` (Java's
``org.apache.rocketmq.remoting.netty.NettyRemotingAbstract``); ``RemotingAbstract`` stays as its alias."""
from __future__ import annotations

from rocketmq_remoting.netty.netty_remoting_abstract import NettyEventExecutor, NettyRemotingAbstract

__all__ = ["NettyEventExecutor", "RemotingAbstract"]

RemotingAbstract = NettyRemotingAbstract
