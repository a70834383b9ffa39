"""Java ``org.apache.rocketmq.remoting.RemotingServer``: the server side of the remoting layer, as a
:class:`typing.Protocol`; :class:`~rocketmq_remoting.netty.netty_remoting_server.NettyRemotingServer` is the
implementation (construct that one, as Java does), and code that only needs a server is typed with this
interface, as Java's is.

Of 5.3.3's methods, ``newRemotingServer`` / ``removeRemotingServer`` (more listening ports sharing the
processors, 5.x) are not here: they are not ported."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Protocol

from rocketmq_remoting.remoting_service import RemotingService

if TYPE_CHECKING:
    from rocketmq_remoting.common.pair import Pair
    from rocketmq_remoting.invoke_callback import InvokeCallback
    from rocketmq_remoting.netty.channel import Channel
    from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
    from rocketmq_remoting.protocol.remoting_command import RemotingCommand

__all__ = ["RemotingServer"]


class RemotingServer(RemotingService, Protocol):
    """Java ``RemotingServer``."""

    def register_processor(self, request_code: int, processor: "NettyRequestProcessor",
                           executor: Optional[Any] = None) -> None:
        """Java ``registerProcessor``."""

    def register_default_processor(self, processor: "NettyRequestProcessor", executor: Optional[Any] = None) -> None:
        """Java ``registerDefaultProcessor``."""

    def local_listen_port(self) -> int:
        """Java ``localListenPort``."""

    def get_processor_pair(self, request_code: int) -> "Optional[Pair[NettyRequestProcessor, Any]]":
        """Java ``getProcessorPair``."""

    def get_default_processor_pair(self) -> "Optional[Pair[NettyRequestProcessor, Any]]":
        """Java ``getDefaultProcessorPair``."""

    def invoke_sync(self, channel: "Channel", request: "RemotingCommand", timeout_millis: int) -> "RemotingCommand":
        """Java ``invokeSync``."""

    def invoke_async(self, channel: "Channel", request: "RemotingCommand", timeout_millis: int,
                     invoke_callback: "Optional[InvokeCallback]") -> None:
        """Java ``invokeAsync``."""

    def invoke_oneway(self, channel: "Channel", request: "RemotingCommand", timeout_millis: int) -> None:
        """Java ``invokeOneway``."""
