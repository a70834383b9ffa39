"""Java 5.3.3 ``org.apache.rocketmq.remoting.rpc.RpcRequest``."""
from __future__ import annotations

from typing import Any

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader

__all__ = ["RpcRequest"]


class RpcRequest:
    """A request code with its header (whose ``bname`` names the target broker) and body (bytes or a
    RemotingSerializable, see :func:`RpcClientUtils.encode_body`). Not a bean: the body is any object."""

    def __init__(self, code: int, header: RpcRequestHeader, body: Any) -> None:
        self.code = code
        self.header = header
        self.body = body

    def get_header(self) -> RpcRequestHeader:
        """Java ``getHeader``."""
        return self.header

    def get_body(self) -> Any:
        """Java ``getBody``."""
        return self.body

    def get_code(self) -> int:
        """Java ``getCode``."""
        return self.code
