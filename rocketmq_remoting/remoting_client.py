"""Java ``org.apache.rocketmq.remoting.RemotingClient``: the client side of the remoting layer, as a
:class:`typing.Protocol`; :class:`~rocketmq_remoting.netty.netty_remoting_client.NettyRemotingClient` is the
implementation (construct that one, as Java constructs ``new NettyRemotingClient(...)``), and code that only sends
through a client is typed with this interface, as Java's is.

Of 5.3.3's methods, ``getAvailableNameSrvList`` is not here: the client's scan of reachable name servers (5.x's
``availableNamesrvAddrMap``) is not ported."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, List, Optional, Protocol

from rocketmq_remoting.remoting_service import RemotingService

if TYPE_CHECKING:
    import concurrent.futures

    from rocketmq_remoting.invoke_callback import InvokeCallback
    from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
    from rocketmq_remoting.protocol.remoting_command import RemotingCommand

__all__ = ["RemotingClient"]


class RemotingClient(RemotingService, Protocol):
    """Java ``RemotingClient``: ``addr`` None means a name server (the one chosen from the address list)."""

    def update_name_server_address_list(self, addrs: List[str]) -> None:
        """Java ``updateNameServerAddressList``."""

    def get_name_server_address_list(self) -> Optional[List[str]]:
        """Java ``getNameServerAddressList``."""

    def invoke_sync(self, addr: Optional[str], request: "RemotingCommand", timeout_millis: int) -> "RemotingCommand":
        """Java ``invokeSync``."""

    def invoke_async(self, addr: Optional[str], request: "RemotingCommand", timeout_millis: int,
                     invoke_callback: "Optional[InvokeCallback]") -> None:
        """Java ``invokeAsync``."""

    def invoke_oneway(self, addr: Optional[str], request: "RemotingCommand", timeout_millis: int) -> None:
        """Java ``invokeOneway``."""

    def invoke(self, addr: Optional[str], request: "RemotingCommand",
               timeout_millis: int) -> "concurrent.futures.Future[RemotingCommand]":
        """Java 5.3.3 ``invoke``: ``invokeAsync`` as a future of the response."""

    def register_processor(self, request_code: int, processor: "NettyRequestProcessor",
                           executor: Optional[Any] = None) -> None:
        """Java ``registerProcessor``."""

    def set_callback_executor(self, callback_executor: Any) -> None:
        """Java ``setCallbackExecutor``."""

    def is_channel_writable(self, addr: str) -> bool:
        """Java ``isChannelWritable``."""

    def is_address_reachable(self, addr: Optional[str]) -> bool:
        """Java 5.3.3 ``isAddressReachable``."""

    def close_channels(self, addr_list: List[str]) -> None:
        """Java 5.3.3 ``closeChannels``."""
