"""Java 5.3.3 ``org.apache.rocketmq.remoting.rpc.RpcClientUtils``."""
from __future__ import annotations

from typing import Any, Optional

from rocketmq_common.rpc.rpc_request import RpcRequest
from rocketmq_common.rpc.rpc_response import RpcResponse
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["RpcClientUtils"]


class RpcClientUtils:
    """Conversions between RPC requests/responses and remoting commands."""

    @staticmethod
    def create_command_for_rpc_request(rpc_request: RpcRequest) -> RemotingCommand:
        """Java ``createCommandForRpcRequest``."""
        cmd = RemotingCommand.create_request_command(rpc_request.get_code(), rpc_request.get_header())
        cmd.set_body(RpcClientUtils.encode_body(rpc_request.get_body()))
        return cmd

    @staticmethod
    def create_command_for_rpc_response(rpc_response: RpcResponse) -> RemotingCommand:
        """Java ``createCommandForRpcResponse``: the code, the header, the exception's message as the remark."""
        exception = rpc_response.get_exception()
        cmd = RemotingCommand.create_response_command(rpc_response.get_code(),
                                                      "" if exception is None else str(exception))
        cmd.write_custom_header(rpc_response.get_header())
        cmd.set_body(RpcClientUtils.encode_body(rpc_response.get_body()))
        return cmd

    @staticmethod
    def encode_body(body: Any) -> Optional[bytes]:
        """Java ``encodeBody``: bytes as they are, a RemotingSerializable as its JSON; TypeError for another
        type (pass bytes or a RemotingSerializable)."""
        if body is None:
            return None
        if isinstance(body, (bytes, bytearray, memoryview)):
            return bytes(body)
        if isinstance(body, RemotingSerializable):
            return body.encode()
        raise TypeError("Unsupported body type %s: pass bytes or a RemotingSerializable" % type(body).__name__)
