"""Java 5.3.3 ``org.apache.rocketmq.remoting.rpc.RpcClient``."""
from __future__ import annotations

from concurrent.futures import Future

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.rpc.rpc_request import RpcRequest
from rocketmq_common.rpc.rpc_response import RpcResponse

__all__ = ["RpcClient"]


class RpcClient:
    """Sends requests to the broker named by their header's ``bname`` (an interface in Java). A oneway request
    says so in its header (``oway``)."""

    def invoke(self, request: RpcRequest, timeout_ms: int) -> "Future[RpcResponse]":
        """Java ``invoke(RpcRequest, long)``: send to the broker of ``request``'s ``bname``."""
        raise NotImplementedError

    def invoke_mq(self, mq: MessageQueue, request: RpcRequest, timeout_ms: int) -> "Future[RpcResponse]":
        """Java ``invoke(MessageQueue, RpcRequest, long)``: send to the broker holding ``mq`` (for a logical
        queue, whose broker name is the mock one, the broker of its current leader)."""
        raise NotImplementedError
