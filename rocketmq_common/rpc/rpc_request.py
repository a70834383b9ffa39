"""Java 5.3.3 ``org.apache.rocketmq.remoting.rpc.RpcRequest``."""
from __future__ import annotations

from typing import Any

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["RpcRequest"]


class RpcRequest(Bean):
    """A request code with its header (whose ``bname`` names the target broker) and body (bytes or a
    RemotingSerializable, see :func:`RpcClientUtils.encode_body`)."""

    code = Prop(int, 0)
    header = Prop(RpcRequestHeader)
    body = Prop(object)

    def __init__(self, code: int, header: RpcRequestHeader, body: Any) -> None:
        super().__init__(code=code, header=header, body=body)
