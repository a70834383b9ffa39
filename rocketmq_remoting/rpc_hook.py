"""Request/response interceptor (Java ``org.apache.rocketmq.remoting.RPCHook``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from rocketmq_remoting.protocol.remoting_command import RemotingCommand

__all__ = ["RPCHook"]


class RPCHook:
    """Called around every request a client sends and every request a server processes.

    ``do_before_request`` runs before the request is encoded, so it may add extFields (ACL signing does);
    ``do_after_response`` sees the response (None when there is none, e.g. one-way requests on a server).
    """

    def do_before_request(self, remote_addr: Optional[str], request: "RemotingCommand") -> None:
        raise NotImplementedError

    def do_after_response(self, remote_addr: Optional[str], request: "RemotingCommand",
                          response: Optional["RemotingCommand"]) -> None:
        raise NotImplementedError
