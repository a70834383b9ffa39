"""Deferred response writer (Java ``org.apache.rocketmq.remoting.netty.RemotingResponseCallback``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from rocketmq_remoting.protocol.remoting_command import RemotingCommand

__all__ = ["RemotingResponseCallback"]


class RemotingResponseCallback:
    """``callback(response)`` sends the response of one request (None: nothing to send)."""

    def callback(self, response: Optional["RemotingCommand"]) -> None:
        raise NotImplementedError
