"""Java 5.3.3 ``org.apache.rocketmq.remoting.rpc.RpcResponse``."""
from __future__ import annotations

from typing import Any, Optional

from rocketmq_common.rpc.rpc_exception import RpcException
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["RpcResponse"]


class RpcResponse:
    """The outcome of an RPC: the response code with the decoded header and body, or (``exception`` set, its
    error code as the code) the failure. Not a bean: the body is any object."""

    def __init__(self, code: int = 0, header: Optional[CommandCustomHeader] = None, body: Any = None,
                 exception: Optional[RpcException] = None) -> None:
        """``RpcResponse(code, header, body)``, or ``RpcResponse(exception=e)`` (Java ``RpcResponse(RpcException)``:
        the code is the exception's error code)."""
        self.code = exception.get_error_code() if exception is not None else code
        self.header = header
        self.body = body
        self.exception = exception

    def get_code(self) -> int:
        """Java ``getCode``."""
        return self.code

    def get_header(self) -> Optional[CommandCustomHeader]:
        """Java ``getHeader``."""
        return self.header

    def set_header(self, header: Optional[CommandCustomHeader]) -> None:
        """Java ``setHeader``."""
        self.header = header

    def get_body(self) -> Any:
        """Java ``getBody``."""
        return self.body

    def set_body(self, body: Any) -> None:
        """Java ``setBody``."""
        self.body = body

    def get_exception(self) -> Optional[RpcException]:
        """Java ``getException``."""
        return self.exception

    def set_exception(self, exception: Optional[RpcException]) -> None:
        """Java ``setException``."""
        self.exception = exception
