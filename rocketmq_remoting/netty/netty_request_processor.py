"""Request handler interface (Java ``org.apache.rocketmq.remoting.netty.NettyRequestProcessor``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext
    from rocketmq_remoting.protocol.remoting_command import RemotingCommand

__all__ = ["NettyRequestProcessor"]


class NettyRequestProcessor:
    """Handles the requests of the codes it is registered for, on the executor it was registered with.

    :meth:`process_request` returns the response, or None to send nothing now; a processor that answers later
    (long polling) keeps ``ctx`` and calls ``ctx.write_response(response)``. Opaque, response flag and the
    request's serialize type are filled in for it, and nothing is sent for one-way requests. An exception becomes
    a ``SYSTEM_ERROR`` response whose remark describes it.
    """

    def process_request(self, ctx: "ChannelHandlerContext",
                        request: "RemotingCommand") -> Optional["RemotingCommand"]:
        raise NotImplementedError

    def reject_request(self) -> bool:
        """True to answer ``SYSTEM_BUSY`` ("[REJECTREQUEST]...") without processing (flow control)."""
        return False
