"""Java 5.3.3 ``org.apache.rocketmq.remoting.rpc.RpcResponse``."""
from __future__ import annotations

from typing import Any, Optional

from rocketmq_common.rpc.rpc_exception import RpcException
from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["RpcResponse"]


class RpcResponse(Bean):
    """The outcome of an RPC: the response code with the decoded header and body, or (``exception`` set, its
    error code as the code) the failure."""

    code = Prop(int, 0)
    header = Prop(CommandCustomHeader)
    body = Prop(object)
    exception = Prop(RpcException)

    def __init__(self, code: int = 0, header: Optional[CommandCustomHeader] = None, body: Any = None,
                 exception: Optional[RpcException] = None) -> None:
        """``RpcResponse(code, header, body)``, or ``RpcResponse(exception=e)`` (Java ``RpcResponse(RpcException)``:
        the code is the exception's error code)."""
        super().__init__(code=exception.get_error_code() if exception is not None else code, header=header,
                         body=body, exception=exception)
