"""Encoding commands into frames (Java ``org.apache.rocketmq.remoting.netty.NettyEncoder``).

The frame layout lives with the command (:meth:`RemotingCommand.encode`: length prefix, header-info word, header
in the command's serialize type, body), as Java's ``fastEncodeHeader`` does; the encoder is what channels call,
so that encode errors are raised to the writer before anything is sent.
"""
from __future__ import annotations

from rocketmq_remoting.protocol.remoting_command import RemotingCommand

__all__ = ["NettyEncoder"]


class NettyEncoder:
    """Java ``NettyEncoder``: ``encode(cmd)`` gives the whole frame as ``bytes``."""

    encode = staticmethod(RemotingCommand.encode)
