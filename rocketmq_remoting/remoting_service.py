"""Java ``org.apache.rocketmq.remoting.RemotingService``: what a remoting client and server both are, as a
:class:`typing.Protocol` (the Netty classes satisfy it structurally, without inheriting).

Of 5.3.3's methods, ``setRequestPipeline`` is not here: the request pipeline (5.x's ``RequestPipeline``, run
before each processor) is not ported."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Protocol

if TYPE_CHECKING:
    from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["RemotingService"]


class RemotingService(Protocol):
    """Java ``RemotingService``."""

    def start(self) -> None:
        """Java ``start``."""

    def shutdown(self) -> None:
        """Java ``shutdown``."""

    def register_rpc_hook(self, rpc_hook: "Optional[RPCHook]") -> None:
        """Java ``registerRPCHook``."""

    def clear_rpc_hook(self) -> None:
        """Java ``clearRPCHook``: remove all RPC hooks."""
