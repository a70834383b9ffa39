"""Address and exception helpers (Java ``org.apache.rocketmq.remoting.common.RemotingHelper``)."""
from __future__ import annotations

import traceback
from typing import TYPE_CHECKING, Any, Optional, Tuple

if TYPE_CHECKING:
    from rocketmq_remoting.netty.channel import Channel

__all__ = ["RemotingHelper"]


class RemotingHelper:
    """Static helpers shared by the remoting client and server."""

    ROCKETMQ_REMOTING = "RocketmqRemoting"
    DEFAULT_CHARSET = "UTF-8"

    @staticmethod
    def exception_simple_desc(e: Optional[BaseException]) -> str:
        """Java ``exceptionSimpleDesc``: ``"Type: message, function(file:line)"`` naming where ``e`` was raised."""
        if e is None:
            return ""
        text = "%s: %s" % (type(e).__name__, e) if str(e) else type(e).__name__
        frames = traceback.extract_tb(e.__traceback__) if e.__traceback__ is not None else None
        if frames:
            frame = frames[-1]
            text += ", %s(%s:%s)" % (frame.name, frame.filename.rsplit("/", 1)[-1], frame.lineno)
        return text

    @staticmethod
    def string2socket_address(addr: str) -> Tuple[str, int]:
        """Java ``string2SocketAddress``: ``"host:port"`` (split at the last colon) to ``(host, port)``."""
        split = addr.rfind(":") if addr else -1
        if split <= 0:
            raise ValueError("address %r is not host:port" % (addr,))
        host = addr[:split]
        if host.startswith("[") and host.endswith("]"):
            host = host[1:-1]
        try:
            port = int(addr[split + 1:])
        except ValueError:
            raise ValueError("address %r has a bad port" % (addr,)) from None
        if not 0 <= port <= 65535:
            raise ValueError("address %r has a port out of range" % (addr,))
        return host, port

    @staticmethod
    def parse_channel_remote_addr(channel: Optional["Channel"]) -> str:
        """Java ``parseChannelRemoteAddr``: the peer of ``channel`` as ``"ip:port"``, ``""`` for None."""
        if channel is None:
            return ""
        return channel.get_remote_addr()

    @staticmethod
    def parse_socket_address_addr(socket_address: Any) -> str:
        """Java ``parseSocketAddressAddr``: a socket address tuple as ``"ip:port"`` (IPv6 without brackets, like
        Java's ``InetSocketAddress.toString``), ``""`` for None."""
        if not socket_address:
            return ""
        if isinstance(socket_address, tuple):
            return "%s:%s" % (socket_address[0], socket_address[1])
        text = str(socket_address)
        return text[text.rfind("/") + 1:]
