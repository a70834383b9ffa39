"""Processor that may answer later (Java ``org.apache.rocketmq.remoting.netty.AsyncNettyRequestProcessor``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor

if TYPE_CHECKING:
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext
    from rocketmq_remoting.netty.remoting_response_callback import RemotingResponseCallback
    from rocketmq_remoting.protocol.remoting_command import RemotingCommand

__all__ = ["AsyncNettyRequestProcessor"]


class AsyncNettyRequestProcessor(NettyRequestProcessor):
    """The remoting layer calls :meth:`async_process_request` for these processors; override it to answer
    through ``response_callback.callback(response)`` whenever the response is ready (from any thread)."""

    def async_process_request(self, ctx: "ChannelHandlerContext", request: "RemotingCommand",
                              response_callback: "RemotingResponseCallback") -> None:
        response_callback.callback(self.process_request(ctx, request))
