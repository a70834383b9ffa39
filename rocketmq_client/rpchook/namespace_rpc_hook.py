"""Java 5.3.3 ``org.apache.rocketmq.client.rpchook.NamespaceRpcHook``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from rocketmq_common.mix_all import MixAll
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.rpc_hook import RPCHook

if TYPE_CHECKING:
    from rocketmq_client.client_config import ClientConfig

__all__ = ["NamespaceRpcHook"]


class NamespaceRpcHook(RPCHook):
    """Java 5.3.3 ``NamespaceRpcHook``: while ``ClientConfig.namespace_v2`` is set, every request carries the
    extFields ``nsd=true`` and ``ns=<namespace_v2>`` (a 5.x proxy or broker resolves the namespace of the
    resources from them, instead of the ``namespace%`` prefix of ``namespace``)."""

    def __init__(self, client_config: "ClientConfig") -> None:
        self.client_config = client_config

    def do_before_request(self, remote_addr: Optional[str], request: RemotingCommand) -> None:
        namespace_v2 = self.client_config.get_namespace_v2()
        if namespace_v2:
            request.add_ext_field(MixAll.RPC_REQUEST_HEADER_NAMESPACED_FIELD, "true")
            request.add_ext_field(MixAll.RPC_REQUEST_HEADER_NAMESPACE_FIELD, namespace_v2)

    def do_after_response(self, remote_addr: Optional[str], request: RemotingCommand,
                          response: Optional[RemotingCommand]) -> None:
        """Nothing to do."""
