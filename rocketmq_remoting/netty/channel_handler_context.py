"""What a request processor gets for one request (the role of Netty's ``ChannelHandlerContext``)."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional

from rocketmq_remoting.netty.remoting_response_callback import RemotingResponseCallback
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_remoting.netty.channel import Channel
    from rocketmq_remoting.netty.netty_remoting_abstract import NettyRemotingAbstract

__all__ = ["ChannelHandlerContext"]

log = logging.getLogger(__name__)


class ChannelHandlerContext(RemotingResponseCallback):
    """What a processor gets for one request (Netty ``ChannelHandlerContext`` role): ``channel()``, and the
    request's response writer, which is also the :class:`RemotingResponseCallback` handed to
    :class:`AsyncNettyRequestProcessor` processors.

    :meth:`write_response` may be called later and from any thread (long polling): it runs the after-RPC hooks,
    then - unless the request was one-way or ``response`` is None - gives the response the request's opaque,
    the response flag and the request's serialize type, and sends it. A failed write is logged: at INFO when the
    connection is closed (the client went away: not the server's error), else at ERROR.
    """

    __slots__ = ("_channel", "_request", "_remoting")

    def __init__(self, channel: Channel, request: RemotingCommand, remoting: "NettyRemotingAbstract") -> None:
        self._channel = channel
        self._request = request
        self._remoting = remoting

    def channel(self) -> Channel:
        return self._channel

    def get_request(self) -> RemotingCommand:
        return self._request

    def write_and_flush(self, cmd: RemotingCommand) -> None:
        """Send ``cmd`` as it is (no opaque or flag handling), like Netty's ``ctx.writeAndFlush``."""
        self._channel.write_and_flush(cmd)

    def write_response(self, response: Optional[RemotingCommand]) -> None:
        request = self._request
        remoting = self._remoting
        if remoting.rpc_hooks:
            remoting.do_after_rpc_hooks(self._channel.get_remote_addr(), request, response)
        if response is None or request.flag & 2:  # nothing to send, or a one-way request
            return
        response.opaque = request.opaque
        response.flag |= 1
        response.serialize_type = request.serialize_type
        try:
            self._channel.send_response(response.encode())
        except ConnectionError as e:  # the client went away before its response: its business, one INFO line
            log.info("process request over, but response failed: %s; request code %s, opaque %s", e, request.code,
                     request.opaque)
        except Exception as e:
            log.error("process request over, but response failed: %r; request %s; response %s", e, request,
                      response)

    callback = write_response

    def __repr__(self) -> str:
        return "ChannelHandlerContext [channel=%s, request code=%s, opaque=%s]" % (
            self._channel, self._request.code, self._request.opaque)
