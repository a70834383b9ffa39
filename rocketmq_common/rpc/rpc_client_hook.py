"""Java 5.3.3 ``org.apache.rocketmq.remoting.rpc.RpcClientHook``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.rpc_request import RpcRequest
from rocketmq_common.rpc.rpc_response import RpcResponse

__all__ = ["RpcClientHook"]


class RpcClientHook:
    """A hook of :class:`~rocketmq_common.rpc.rpc_client_impl.RpcClientImpl` (abstract in Java): a response
    returned by :meth:`before_request` answers the request without sending it."""

    def before_request(self, rpc_request: RpcRequest) -> Optional[RpcResponse]:
        """Java ``beforeRequest``: None to send the request, or the response to answer with."""
        raise NotImplementedError

    def after_response(self, rpc_response: RpcResponse) -> Optional[RpcResponse]:
        """Java ``afterResponse``."""
        raise NotImplementedError
